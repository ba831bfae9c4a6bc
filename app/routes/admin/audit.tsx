import { Button, Form } from 'react-bootstrap';
import { DataTable, PageControls, usePagedRows, type Column } from '~/components/admin/DataTable';
import { formatAdminTime } from '@content/rules/dates';

/** The audit log's time: DD/MM/YYYY h:mm:ss AM in the viewer's time zone. */
const when = (iso: string) => formatAdminTime(iso, { seconds: true });

export function meta() {
  return [{ title: 'Audit Log | Admin' }];
}

interface Entry {
  audit_id: number;
  admin_email: string;
  action: string;
  target: string;
  record_id: string | null;
  summary: string;
  /** JSON beside the summary: a Rule 36 override's reason and findings (decision 0019). */
  detail?: string | null;
  ip: string | null;
  created_at: string;
}

const COLUMNS: Column<Entry>[] = [
  { key: 'when', header: 'When', className: 'text-nowrap', render: (e) => when(e.created_at) },
  { key: 'admin', header: 'Administrator', render: (e) => e.admin_email },
  { key: 'action', header: 'Action', render: (e) => e.action },
  { key: 'target', header: 'Section', render: (e) => e.target },
  { key: 'record', header: 'Record', render: (e) => e.record_id ?? '' },
  {
    key: 'summary',
    header: 'Summary',
    render: (e) => (
      <div className="admin-scroll-cell">
        {e.summary}
        <OverrideNote detail={e.detail} />
      </div>
    ),
  },
  { key: 'ip', header: 'Address', render: (e) => e.ip ?? '' },
];


/** Every administrator write, newest first: search (server-side) and pages of 50. */
export default function AuditPage() {
  const list = usePagedRows<Entry>('/audit/getauditlog', 'entries', 'Error fetching the audit log');
  return (
    <div>
      <h1 className="h3 mb-3">Audit Log</h1>
      <p className="text-body-secondary">
        Every change made in the admin: who, what, which record, when and from which address. Newest first.
      </p>
      <Form
        role="search"
        className="d-flex flex-wrap align-items-center gap-2 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          list.applySearch();
        }}
      >
        <Form.Label htmlFor="audit-search" className="mb-0">
          Search
        </Form.Label>
        <Form.Control
          id="audit-search"
          type="search"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          placeholder="Email, action, section, record, text or address"
          style={{ maxWidth: 360 }}
        />
        <Button type="submit" variant="outline-dark" size="sm">
          Search
        </Button>
        <span className="small text-body-secondary" aria-live="polite" data-testid="audit-total">
          {list.rows ? `${list.total} ${list.total === 1 ? 'entry' : 'entries'}` : ''}
        </span>
      </Form>
      <DataTable
        caption="Audit log"
        rows={list.rows}
        table={{ striped: true, bordered: true, responsive: true, className: 'admin-table align-middle' }}
        rowKey={(e) => e.audit_id}
        emptyText={list.query ? 'No entries match the search.' : 'No changes recorded yet.'}
        columns={COLUMNS}
      />
      <PageControls label="Audit log pages" page={list.page} pages={list.pages} onPage={list.setPage} />
    </div>
  );
}

/** A Rule 36 override kept with the entry: the written reason and the passages it let through. */
function OverrideNote({ detail }: { detail?: string | null }) {
  if (!detail) return null;
  let o: { reason?: unknown; findings?: unknown } | undefined;
  try {
    o = (JSON.parse(detail) as { rule36Override?: typeof o }).rule36Override;
  } catch {
    return null;
  }
  if (!o || typeof o.reason !== 'string' || !Array.isArray(o.findings)) return null;
  const passages = o.findings
    .map((f: unknown) => (f && typeof f === 'object' && 'excerpt' in f ? String((f as { excerpt: unknown }).excerpt) : ''))
    .filter(Boolean);
  return (
    <div className="small mt-1 text-body-secondary" data-testid="rule36-override">
      <strong>Rule 36 override:</strong> {o.reason}
      {passages.length ? <> (published despite: {passages.map((p) => `“${p}”`).join(', ')})</> : null}
    </div>
  );
}
