import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { Dialog, DialogButtons } from '~/components/admin/ConfirmModal';
import { TextField } from '~/components/admin/fields';
import { formatAdminDay as day } from '@content/rules/dates';
import { ListFilters, PagedTable, usePagedRows, type Column } from '~/components/admin/DataTable';
import { sendAndReload } from '~/components/admin/notify';
import type { ErasureRequestRow } from '../../../content/admin-views';

export function meta() {
  return [{ title: 'Data Requests | Admin' }];
}

type ErasureRequest = ErasureRequestRow;

/** How each status of an erasure is named, in the Status column and its filter (a new status must be named here). */
const STATUS_LABEL: Record<ErasureRequest['status'], string> = { verified: 'due', held: 'on hold', done: 'erased' };
const STATUS_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', 'All'],
  ...Object.entries(STATUS_LABEL).map(([value, label]) => [value, label[0]!.toUpperCase() + label.slice(1)] as const),
];

const COLUMNS: Column<ErasureRequest>[] = [
  { key: 'email', header: 'Address', render: (r) => r.email ?? <span className="text-muted">erased</span> },
  { key: 'verified', header: 'Confirmed', render: (r) => day(r.verified_at) },
  { key: 'due', header: 'Due', render: (r) => (r.status === 'done' ? '' : day(r.due_at)) },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <>
        <Badge bg={r.status === 'done' ? 'secondary' : r.status === 'held' ? 'warning' : 'primary'}>
          {STATUS_LABEL[r.status]}
          {r.status === 'done' ? ` ${day(r.completed_at)}` : ''}
        </Badge>
        {r.hold_reason ? <div className="small">{r.hold_reason}</div> : null}
        {r.status === 'done' && r.removed !== null ? <div className="small text-muted">{r.removed} request(s) removed</div> : null}
      </>
    ),
  },
];

/**
 * Erasure requests under the DPDP Act (decision 0018): confirmed by the visitor through a mailed one-time link,
 * carried out automatically on the due date unless held with a reason (a live matter), or at once here.
 */
export default function DataRequestsPage() {
  const [holding, setHolding] = useState<ErasureRequest | null>(null);
  const [reason, setReason] = useState('');

  // Pages of 50, searched (the address) and filtered by status on the server (decision 0030).
  const list = usePagedRows<ErasureRequest>('/privacy/requests', 'requests', 'Failed to load the requests');
  const { load } = list;

  async function act(path: string, body: { request_id: number; reason?: string }) {
    await sendAndReload(path, body, { success: 'Saved', failure: 'Failed' }, load);
  }

  return (
    <>
      <h1 className="h3 mb-3">Data Requests</h1>
      <p className="text-muted">
        Visitors ask for erasure from the privacy policy page and confirm it by a link mailed to their address. Each
        confirmed request is carried out on its due date unless you hold it with a reason. A carried-out erasure keeps
        only a one-way hash of the address and the date.
      </p>
      <Card>
        <Card.Body>
          <ListFilters list={list} searchLabel="Search by address" status={{ id: 'request-status', options: STATUS_OPTIONS }} />
          <PagedTable list={list} caption="Erasure requests" pagesLabel="Erasure request pages" rowKey={(r) => r.request_id} columns={COLUMNS}
            emptyText="No erasure requests." noMatch="No requests match."
            actions={{
              render: (r) =>
                r.status === 'verified' ? (
                  <>
                    <Button size="sm" variant="outline-warning" className="me-1" onClick={() => (setReason(''), setHolding(r))}>
                      Hold
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        if (window.confirm(`Erase every request, document and mail of ${r.email ?? 'this address'} now?`))
                          void act('/privacy/requests/erase', { request_id: r.request_id });
                      }}
                    >
                      Erase now
                    </Button>
                  </>
                ) : r.status === 'held' ? (
                  <Button size="sm" variant="outline-primary" onClick={() => void act('/privacy/requests/release', { request_id: r.request_id })}>
                    Release hold
                  </Button>
                ) : null,
            }}
          />
        </Card.Body>
      </Card>
      <Dialog
        show={!!holding}
        onHide={() => setHolding(null)}
        title="Hold the erasure"
        onSubmit={() => {
          if (holding) void act('/privacy/requests/hold', { request_id: holding.request_id, reason });
          setHolding(null);
        }}
        footer={<DialogButtons submit="Hold" variant="warning" onCancel={() => setHolding(null)} />}
      >
        <TextField id="hold-reason" className="" label="Reason (for example a live matter)" rows={3} maxLength={500} required value={reason} onChange={setReason} />
      </Dialog>
    </>
  );
}
