import { useCallback, useEffect, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { DataTable, LIST_TABLE, type Column } from '~/components/admin/DataTable';
import { notify } from '~/components/admin/notify';
import { EMPTY_REDIRECT, useRedirectDialog } from '~/components/admin/redirect-dialog';
import { api } from '~/lib/api';

export function meta() {
  return [{ title: 'Not Found | Admin' }];
}

interface Missing {
  path: string;
  count: number;
  bot_count: number;
  last_seen: string;
  referrer: string | null;
}

const COLUMNS: Column<Missing>[] = [
  { key: 'path', header: 'Missing address', render: (r) => <code>{r.path}</code> },
  { key: 'count', header: 'Requests', render: (r) => r.count, className: 'text-end' },
  { key: 'bots', header: 'By bots', render: (r) => r.bot_count, className: 'text-end' },
  { key: 'last', header: 'Last seen', render: (r) => new Date(r.last_seen).toLocaleString() },
  { key: 'referrer', header: 'Linked from', render: (r) => r.referrer ?? '' },
];

/**
 * The not-found report (decision 0057): the most requested missing addresses of the last 30 days, requests by
 * people and by bots apart, with "Create redirect" on each row.
 */
export default function NotFoundPage() {
  const [rows, setRows] = useState<Missing[] | null>(null);
  const load = useCallback(async () => {
    const r = await api<{ paths: Missing[] }>('/not-found');
    if (r.ok) setRows(r.body.paths);
    else notify.error(r.body.message || 'Failed to load the report');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const { open, dialog } = useRedirectDialog(load);
  return (
    <>
      <h1 className="h3 mb-3">Not Found</h1>
      <p className="text-muted">
        Addresses of this site that visitors asked for in the last 30 days and that do not exist, the most asked first. Requests by search
        engines and other bots are counted apart. Create a redirect to send visitors of an address to the right page.
      </p>
      <Card>
        <Card.Body>
          <DataTable
            caption="Missing addresses of the last 30 days"
            rows={rows}
            asParagraph
            emptyText="No missing pages were asked for in the last 30 days."
            table={LIST_TABLE}
            rowKey={(r) => r.path}
            columns={COLUMNS}
            actions={{
              render: (r) => (
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Create a redirect from ${r.path}`}
                  onClick={() => open({ ...EMPTY_REDIRECT, from: r.path })}
                >
                  Create redirect
                </Button>
              ),
            }}
          />
        </Card.Body>
      </Card>
      {dialog}
    </>
  );
}
