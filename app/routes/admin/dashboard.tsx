import { useEffect, useState } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { navFor } from '~/components/admin/nav';
import { useRole } from '~/components/admin/role';
import { notify } from '~/components/admin/notify';
import { WorkList } from '~/components/admin/WorkList';
import { api } from '~/lib/api';

export function meta() {
  return [{ title: 'Dashboard | Admin' }];
}

/** A card per section, each showing its item count (GET /api/admin/counts) and opening the section. */
export default function Dashboard() {
  const role = useRole();
  const [counts, setCounts] = useState<Record<string, number> | null>(null);

  useEffect(() => {
    let live = true;
    api<{ counts?: Record<string, number> }>('/api/admin/counts')
      .then((res) => {
        if (!live) return;
        if (res.ok) setCounts(res.body.counts ?? {});
        else if (res.status !== 401) notify.error(res.body.message || 'Error fetching counts');
      })
      .catch(() => live && notify.error('Error fetching counts'));
    return () => {
      live = false;
    };
  }, []);

  // The sections this role may use (decision 0040).
  const cards = navFor(role).filter((i) => i.path !== 'dashboard');
  return (
    <>
      <h1 className="h3 mb-4">Dash Board</h1>
      <WorkList />
      <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
        {cards.map((item) => {
          const n = item.countKey && counts ? counts[item.countKey] : undefined;
          return (
            <Col key={item.path}>
              <Card
                as={Link}
                to={`/admin-side-bar/${item.path}`}
                className="admin-dashboard-card"
                data-testid={`card-${item.path}`}
              >
                <Card.Body>
                  <h2 className="h5 mb-1">{item.label}</h2>
                  {typeof n === 'number' ? (
                    <p className="mb-0 text-body-secondary" data-testid="card-count">
                      {item.countKey === 'newConsultations' ? `${n} new` : `${n} ${n === 1 ? 'item' : 'items'}`}
                    </p>
                  ) : (
                    <p className="mb-0 text-body-secondary">Open</p>
                  )}
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
