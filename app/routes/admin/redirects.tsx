import { useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { PagedTable, usePagedRows, type Column } from '~/components/admin/DataTable';
import { FilePicker, TextField } from '~/components/admin/fields';
import { notify, sendAction, sendAndReload } from '~/components/admin/notify';
import { EMPTY_REDIRECT, useRedirectDialog } from '~/components/admin/redirect-dialog';
import { EditDeleteButtons } from '~/components/admin/row-buttons';

export function meta() {
  return [{ title: 'Redirects | Admin' }];
}

interface Redirect {
  redirect_id: number;
  from_path: string;
  to_target: string;
  status_code: 301 | 302;
  kind: 'auto' | 'manual';
  note: string | null;
  updated_at: string;
}

const COLUMNS: Column<Redirect>[] = [
  { key: 'from', header: 'Old address', render: (r) => <code>{r.from_path}</code> },
  { key: 'to', header: 'Leads to', render: (r) => <code>{r.to_target}</code> },
  { key: 'status', header: 'Kind', render: (r) => (r.status_code === 301 ? '301 moved for good' : '302 for now') },
  {
    key: 'source',
    header: 'Made by',
    render: (r) => (r.kind === 'auto' ? <Badge bg="secondary">a rename</Badge> : <Badge bg="primary">an administrator</Badge>),
  },
  { key: 'note', header: 'Note', render: (r) => r.note ?? '' },
];

/**
 * Redirects (decision 0057): renamed items' old addresses (written by the renames themselves) and the
 * administrator's own, with a CSV import for moving from an old site. Every refused line is listed.
 */
export default function RedirectsPage() {
  const list = usePagedRows<Redirect>('/redirects', 'redirects', 'Failed to load the redirects');
  const { load } = list;
  const { open, dialog } = useRedirectDialog(load);
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ line: number; message: string }[]>([]);

  async function remove(r: Redirect) {
    if (!window.confirm(`Delete the redirect from ${r.from_path}? That address will answer “not found” again.`)) return;
    await sendAndReload('/redirects/delete', { redirect_id: r.redirect_id }, { success: 'Redirect deleted', failure: 'Delete failed' }, load);
  }

  async function importCsv(text: string) {
    if (!text.trim()) {
      notify.error('Paste the CSV text or choose a file.');
      return;
    }
    setBusy(true);
    const r = await sendAction<{ imported: number; errors: { line: number; message: string }[] }>('/redirects/import', { csv: text }, { success: 'Imported', failure: 'Import failed' });
    setBusy(false);
    if (r?.ok) {
      setRefused(r.body.errors ?? []);
      if (!(r.body.errors ?? []).length) setCsv('');
      await load();
    }
  }

  return (
    <>
      <h1 className="h3 mb-3">Redirects</h1>
      <p className="text-muted">
        An old address answers with a redirect to its new one. Renaming an event adds one here by itself (every older address of it leads
        straight to the current one); add your own for pages of an old website. A redirect that would go round in a loop is refused.
      </p>
      <Card className="mb-3">
        <Card.Body>
          <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
            <Button onClick={() => open({ ...EMPTY_REDIRECT })}>Add redirect</Button>
            <Form.Control aria-label="Search the redirects" placeholder="Search" size="sm" style={{ maxWidth: 240 }} value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
          </div>
          <PagedTable list={list} caption="Redirects" pagesLabel="Redirect pages" rowKey={(r) => r.redirect_id} columns={COLUMNS}
            emptyText="No redirects yet." noMatch="No redirects match the search."
            actions={{
              render: (r) => (
                <EditDeleteButtons
                  name={`the redirect from ${r.from_path}`}
                  onEdit={() => open({ redirect_id: r.redirect_id, from: r.from_path, to: r.to_target, status_code: r.status_code, note: r.note ?? '' })}
                  onDelete={() => void remove(r)}
                />
              ),
            }}
          />
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">Import from an old site</h2>
          <p className="small text-muted mb-2">
            One redirect a line: old address, new address, and optionally 301 or 302 (301 when left out). A header line is skipped. Example:{' '}
            <code>https://old-site.example/family-law/,/our-case,301</code>
          </p>
          <FilePicker id="redirects-csv-file" className="mb-2" label="Choose a CSV file" accept=".csv,text/csv,text/plain" disabled={busy} onFile={(f) => void f.text().then(setCsv)} />
          <TextField id="redirects-csv" label="…or paste it here" rows={5} value={csv} onChange={setCsv} />
          <Button disabled={busy} onClick={() => void importCsv(csv)}>
            Import
          </Button>
          {refused.length ? (
            <Alert variant="warning" className="mt-3 mb-0" role="status">
              <p className="mb-1">These lines were not imported:</p>
              <ul className="mb-0" aria-label="Refused lines">
                {refused.map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </Card.Body>
      </Card>
      {dialog}
    </>
  );
}
