import { useState, type ReactElement } from 'react';
import { Form } from 'react-bootstrap';
import { DraftDialog } from '~/components/admin/ConfirmModal';
import { TextField } from '~/components/admin/fields';
import { sendAction } from '~/components/admin/notify';

export interface RedirectDraft {
  redirect_id?: number;
  from: string;
  to: string;
  status_code: 301 | 302;
  note: string;
}

export const EMPTY_REDIRECT: RedirectDraft = { from: '', to: '', status_code: 301, note: '' };

/**
 * Add or edit one redirect (decision 0057): from an old path (or an old site's URL) to a path or a full URL,
 * 301 or 302. The server's answer says when a chain was collapsed, or why a loop was refused.
 */
export function RedirectDialog(props: { draft: RedirectDraft | null; onClose(): void; onSaved(): void }) {
  const [busy, setBusy] = useState(false);
  // The parent gives each opening its own key, so the form starts from its draft; the dialog shows while the
  // parent holds a draft (Cancel, the close button and a save clear it).
  const [edit, setEdit] = useState<RedirectDraft | null>(props.draft);
  async function save() {
    if (!edit) return;
    setBusy(true);
    const r = await sendAction('/redirects/save', edit, { success: 'Redirect saved', failure: 'Save failed' });
    setBusy(false);
    if (r?.ok) props.onSaved();
  }
  return (
    <DraftDialog draft={props.draft ? edit : null} title={edit?.redirect_id ? 'Edit redirect' : 'Add redirect'} busy={busy} onClose={props.onClose} onSave={() => void save()}>
      {(edit) => (
        <>
          <TextField id="redirect-from" className="mb-2" label="Old address (a path such as /old-page, or the old site's URL)" required maxLength={500} value={edit.from} onChange={(v) => setEdit({ ...edit, from: v })} />
          <TextField id="redirect-to" className="mb-2" label="New address (a path such as /blog, or a full URL)" required maxLength={1000} value={edit.to} onChange={(v) => setEdit({ ...edit, to: v })} />
          <Form.Group className="mb-2" controlId="redirect-status">
            <Form.Label>Kind</Form.Label>
            <Form.Select value={edit.status_code} onChange={(e) => setEdit({ ...edit, status_code: e.target.value === '302' ? 302 : 301 })}>
              <option value={301}>301: moved for good (search engines move the page's standing)</option>
              <option value={302}>302: for now</option>
            </Form.Select>
          </Form.Group>
          <TextField id="redirect-note" label="Note (optional)" maxLength={300} value={edit.note} onChange={(v) => setEdit({ ...edit, note: v })} />
        </>
      )}
    </DraftDialog>
  );
}

/**
 * The dialog as a page uses it: `open(draft)` shows it with that draft (a fresh form each time), `dialog` is
 * the element to render, and `reload` runs after a save.
 */
export function useRedirectDialog(reload: () => Promise<void>): { open(draft: RedirectDraft): void; dialog: ReactElement } {
  const [draft, setDraft] = useState<RedirectDraft | null>(null);
  const [opened, setOpened] = useState(0);
  const open = (d: RedirectDraft) => {
    setOpened((n) => n + 1);
    setDraft(d);
  };
  const dialog = (
    <RedirectDialog
      key={opened}
      draft={draft}
      onClose={() => setDraft(null)}
      onSaved={() => {
        setDraft(null);
        void reload();
      }}
    />
  );
  return { open, dialog };
}
