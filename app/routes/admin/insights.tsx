import type { ChartConfiguration } from 'chart.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { ChartCanvas } from '~/components/admin/chart';
import { notify } from '~/components/admin/notify';
import { api } from '~/lib/api';
import type { InsightsRanked as Ranked, InsightsSummary as Summary } from '../../../content/admin-views';

export function meta() {
  return [{ title: 'Insights | Admin' }];
}

const BLUE = '#0d6efd';
const TEAL = '#198754';

/** The ranked bar charts, in the order the page shows them. */
const RANKED_CHARTS: { title: string; list: Exclude<keyof Summary, 'from' | 'to' | 'totals' | 'days'>; unit: string; color?: string }[] = [
  { title: 'Top pages', list: 'pages', unit: 'Page views' },
  { title: 'Consultation requests by landing page', list: 'requests', unit: 'Requests', color: TEAL },
  { title: 'Referrers', list: 'referrers', unit: 'Visits' },
  { title: 'Campaigns', list: 'campaigns', unit: 'Visits' },
  { title: 'Devices', list: 'devices', unit: 'Visits' },
  { title: 'Languages', list: 'languages', unit: 'Visits' },
  { title: 'Landing pages', list: 'landings', unit: 'Visits' },
];

function barConfig(items: Ranked[], label: string, color: string): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: { labels: items.map((i) => i.key), datasets: [{ label, data: items.map((i) => i.count), backgroundColor: color }] },
    options: { indexAxis: 'y', maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

/** A ranked list as a chart with its figures in a table beneath (readable without the chart). */
function RankedChart(props: { title: string; items: Ranked[]; unit: string; color?: string }) {
  const config = useMemo(() => barConfig(props.items, props.unit, props.color ?? BLUE), [props.items, props.unit, props.color]);
  return (
    <Card className="h-100">
      <Card.Body>
        <h2 className="h6">{props.title}</h2>
        {props.items.length ? (
          <>
            <ChartCanvas config={config} label={props.title} height={Math.max(120, props.items.length * 26 + 40)} />
            <Table size="sm" className="mt-2 mb-0 small" aria-label={`${props.title}: figures`}>
              <tbody>
                {props.items.map((i) => (
                  <tr key={i.key}>
                    <td className="text-break">{i.key}</td>
                    <td className="text-end">{i.count}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        ) : (
          <p className="text-muted small mb-0">Nothing counted in this range.</p>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * Insights (decision 0058): what the site's cookieless counting saw in a date range: visits over time, top
 * pages, referrers, campaigns, consultation requests by landing page, devices and languages, with the figures
 * as CSV. Nothing here identifies a visitor.
 */
export default function InsightsPage() {
  // The first range is the server's (the last 30 days of the firm's calendar, Asia/Kolkata): the browser's
  // own date can be another day (before 05:30 in India it is still yesterday in UTC).
  const [to, setTo] = useState('');
  const [from, setFrom] = useState('');
  const [data, setData] = useState<Summary | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (f: string, t: string) => {
    setLoading(true);
    const range = f && t ? `?${new URLSearchParams({ from: f, to: t })}` : '';
    const r = await api<Summary>(`/insights/summary${range}`);
    setLoading(false);
    if (r.ok) {
      setData(r.body);
      setFrom(r.body.from);
      setTo(r.body.to);
    } else notify.error(r.body.message || 'Failed to load the figures');
  }, []);
  useEffect(() => {
    void load('', '');
  }, [load]);

  const visits = useMemo<ChartConfiguration<'line'> | null>(
    () =>
      data && {
        type: 'line',
        data: {
          labels: data.days.map((d) => d.day),
          datasets: [
            { label: 'Page views', data: data.days.map((d) => d.views), borderColor: BLUE, backgroundColor: BLUE, tension: 0.2 },
            { label: 'Visitors', data: data.days.map((d) => d.visitors), borderColor: TEAL, backgroundColor: TEAL, tension: 0.2 },
          ],
        },
        options: { maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
      },
    [data],
  );

  return (
    <>
      <h1 className="h3 mb-3">Insights</h1>
      <p className="text-muted">
        Counted without cookies and without keeping anything that identifies a visitor: page views, visitors per day (recognised for that day
        only), where visits came from, campaigns, devices, languages, and which pages consultation requests started from. Visitors who ask
        browsers not to be tracked, and bots, are not counted.
      </p>
      <Form
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          void load(from, to);
        }}
      >
        <Form.Group controlId="insights-from">
          <Form.Label className="small mb-0">From</Form.Label>
          <Form.Control type="date" size="sm" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
        </Form.Group>
        <Form.Group controlId="insights-to">
          <Form.Label className="small mb-0">To</Form.Label>
          <Form.Control type="date" size="sm" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
        </Form.Group>
        <Button type="submit" size="sm" disabled={loading}>
          Show
        </Button>
        <a className="btn btn-outline-secondary btn-sm" href={`/api/insights/export?${new URLSearchParams({ from, to })}`} download>
          Download CSV
        </a>
      </Form>
      {data ? (
        <>
          <Row className="g-3 mb-3" aria-label="Totals">
            {[
              ['Page views', data.totals.views],
              ['Visitors', data.totals.visitors],
              ['Consultation requests', data.totals.requests],
            ].map(([label, n]) => (
              <Col sm={4} key={label}>
                <Card>
                  <Card.Body>
                    <div className="small text-muted">{label}</div>
                    <div className="h4 mb-0">{n}</div>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
          <Card className="mb-3">
            <Card.Body>
              <h2 className="h6">Visits over time</h2>
              {visits ? <ChartCanvas config={visits} label={`Page views and visitors per day, ${data.from} to ${data.to}`} /> : null}
            </Card.Body>
          </Card>
          <Row className="g-3">
            {RANKED_CHARTS.map((c) => (
              <Col lg={6} key={c.title}>
                <RankedChart title={c.title} items={data[c.list]} unit={c.unit} color={c.color} />
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </>
  );
}
