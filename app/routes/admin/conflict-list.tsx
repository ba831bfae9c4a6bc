import { useRef, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { Dialog, DialogButtons } from '~/components/admin/ConfirmModal';
import { DataTable, PageControls, usePagedRows, type Column } from '~/components/admin/DataTable';
import { TextField } from '~/components/admin/fields';
import { sendAction } from '~/components/admin/notify';

export function meta() {
  return [{ title: 'Conflict List | Admin' }];
}

interface Party {
  party_id: number;
  name: string;
  kind: 'client' | 'adverse';
  email: string;
  phone: string;
  note: string;
}
const EMPTY: Omit<Party, 'party_id'> = { name: '', kind: 'client', email: '', phone: '', note: '' };

const COLUMNS: Column<Party>[] = [
  { key: 'name', header: 'Name', render: (p) => p.name },
  {
    key: 'kind',
    header: 'Kind',
    render: (p) => <Badge bg={p.kind === 'client' ? 'primary' : 'danger'}>{p.kind === 'client' ? 'client' : 'adverse party'}</Badge>,
  },
  { key: 'email', header: 'Email', render: (p) => p.email },
  { key: 'phone', header: 'Phone', render: (p) => p.phone },
  { key: 'note', header: 'Note', render: (p) => p.note },
];

/**
 * The firm's clients and adverse parties (decision 0017): every new consultation request is checked against
 * them (names tolerant of spelling variants and initials, email, phone). Add, edit, delete, CSV import.
 */
export default function ConflictListPage() {
  const [editing, setEditing] = useState<(Omit<Party, 'party_id'> & { party_id?: number }) | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  // Pages of 50, searched on the server: the list may hold thousands of parties (decision 0030).
  const { rows: parties, load, page, pages, setPage, search, setSearch, first } = usePagedRows<Party>('/conflict-parties/getall', 'parties', 'Failed to load the list');

  async function save() {
    if (!editing) return;
    setBusy(true);
    const r = await sendAction(editing.party_id ? '/conflict-parties/update' : '/conflict-parties/add', editing, { success: 'Saved', failure: 'Save failed' });
    setBusy(false);
    if (r?.ok) {
      setEditing(null);
      await load();
    }
  }

  async function remove(p: Party) {
    if (!window.confirm(`Delete “${p.name}” from the conflict list?`)) return;
    if ((await sendAction('/conflict-parties/delete', { party_id: p.party_id }, { success: 'Party deleted', failure: 'Delete failed' }))?.ok) await load();
  }

  async function importCsv(file: File) {
    setBusy(true);
    const r = await sendAction('/conflict-parties/import', { csv: await file.text() }, { success: 'Imported', failure: 'Import failed' });
    setBusy(false);
    if (fileRef.current) fileRef.current.value = '';
    if (r?.ok) await load();
  }

  return (
    <>
      <h1 className="h3 mb-3">Conflict List</h1>
      <p className="text-muted">
        Every new consultation request is compared with these clients and adverse parties and with past requests. A
        match (also a spelling variant or initials: “Jon Smyth” for “John Smith”, “R. K. Menon” for “Ravi Kumar
        Menon”) puts the request on conflict review in Consultations.
      </p>
      <Card>
        <Card.Body>
          <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
            <Button onClick={() => setEditing({ ...EMPTY })}>Add party</Button>
            <div>
              <Form.Label htmlFor="csv-file" className="small mb-0">
                Import CSV (columns: name, kind, email, phone, note)
              </Form.Label>
              <Form.Control
                id="csv-file"
                ref={fileRef}
                type="file"
                accept=".csv,text/csv"
                size="sm"
                disabled={busy}
                onChange={(e) => {
                  const f = (e.target as HTMLInputElement).files?.[0];
                  if (f) void importCsv(f);
                }}
              />
            </div>
            <Form.Control
              aria-label="Search the list"
              placeholder="Search"
              size="sm"
              style={{ maxWidth: 240 }}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <DataTable
            caption="Clients and adverse parties"
            rows={parties}
            first={first}
            asParagraph
            emptyText={search.trim() ? 'No parties match the search.' : 'No parties yet.'}
            table={{ responsive: true, striped: true, bordered: true, hover: true, size: 'sm' }}
            rowKey={(p) => p.party_id}
            columns={COLUMNS}
            actions={{
              render: (p) => (
                <>
                  <Button size="sm" variant="outline-primary" className="me-1" onClick={() => setEditing({ ...p })} aria-label={`Edit ${p.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => void remove(p)} aria-label={`Delete ${p.name}`}>
                    Delete
                  </Button>
                </>
              ),
            }}
          />
          <PageControls label="Conflict list pages" page={page} pages={pages} onPage={setPage} />
        </Card.Body>
      </Card>
      <Dialog
        show={!!editing}
        onHide={() => setEditing(null)}
        title={editing?.party_id ? 'Edit party' : 'Add party'}
        onSubmit={() => void save()}
        footer={<DialogButtons submit="Save" busy={busy} onCancel={() => setEditing(null)} />}
      >
        {editing ? (
          <>
            <TextField id="party-name" className="mb-2" label="Name" required maxLength={200} value={editing.name} onChange={(v) => setEditing({ ...editing, name: v })} />
            <Form.Group className="mb-2" controlId="party-kind">
              <Form.Label>Kind</Form.Label>
              <Form.Select value={editing.kind} onChange={(e) => setEditing({ ...editing, kind: e.target.value as Party['kind'] })}>
                <option value="client">Client</option>
                <option value="adverse">Adverse party</option>
              </Form.Select>
            </Form.Group>
            <TextField id="party-email" className="mb-2" label="Email (optional)" type="email" value={editing.email} onChange={(v) => setEditing({ ...editing, email: v })} />
            <TextField id="party-phone" className="mb-2" label="Phone (optional)" maxLength={40} value={editing.phone} onChange={(v) => setEditing({ ...editing, phone: v })} />
            <TextField id="party-note" className="" label="Note (optional)" rows={2} maxLength={500} value={editing.note} onChange={(v) => setEditing({ ...editing, note: v })} />
          </>
        ) : null}
      </Dialog>
    </>
  );
}
