import { useRef, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { DraftDialog } from '~/components/admin/ConfirmModal';
import { PagedTable, usePagedRows, type Column } from '~/components/admin/DataTable';
import { FilePicker, TextField } from '~/components/admin/fields';
import { sendAction, sendAndReload } from '~/components/admin/notify';
import { EditDeleteButtons } from '~/components/admin/row-buttons';

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
  const list = usePagedRows<Party>('/conflict-parties/getall', 'parties', 'Failed to load the list');
  const { load } = list;

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
    await sendAndReload('/conflict-parties/delete', { party_id: p.party_id }, { success: 'Party deleted', failure: 'Delete failed' }, load);
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
            <FilePicker id="csv-file" label="Import CSV (columns: name, kind, email, phone, note)" accept=".csv,text/csv" inputRef={fileRef} disabled={busy} onFile={(f) => void importCsv(f)} />
            <Form.Control
              aria-label="Search the list"
              placeholder="Search"
              size="sm"
              style={{ maxWidth: 240 }}
              value={list.search}
              onChange={(e) => list.setSearch(e.target.value)}
            />
          </div>
          <PagedTable list={list} caption="Clients and adverse parties" pagesLabel="Conflict list pages" rowKey={(p) => p.party_id} columns={COLUMNS}
            emptyText="No parties yet." noMatch="No parties match the search."
            actions={{ render: (p) => <EditDeleteButtons name={p.name} onEdit={() => setEditing({ ...p })} onDelete={() => void remove(p)} /> }}
          />
        </Card.Body>
      </Card>
      <DraftDialog draft={editing} title={editing?.party_id ? 'Edit party' : 'Add party'} busy={busy} onClose={() => setEditing(null)} onSave={() => void save()}>
        {(editing) => (
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
        )}
      </DraftDialog>
    </>
  );
}
