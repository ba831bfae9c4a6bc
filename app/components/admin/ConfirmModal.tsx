import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

/**
 * An admin dialog: a level-2 title that names it, the body, the footer's buttons. With `onSubmit` the
 * dialog is a form (Enter submits; a submit button in the footer).
 */
export function Dialog(props: {
  show: boolean;
  onHide(): void;
  title: React.ReactNode;
  titleId?: string;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  scrollable?: boolean;
  onSubmit?(): void;
}) {
  const autoId = useId();
  const titleId = props.titleId ?? autoId;
  const content = (
    <>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      {props.children ? <Modal.Body>{props.children}</Modal.Body> : null}
      {props.footer ? <Modal.Footer>{props.footer}</Modal.Footer> : null}
    </>
  );
  const { onSubmit } = props;
  return (
    <Modal show={props.show} onHide={props.onHide} size={props.size} scrollable={props.scrollable} centered aria-labelledby={titleId}>
      {onSubmit ? (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {content}
        </Form>
      ) : (
        content
      )}
    </Modal>
  );
}

/** A form dialog's footer: Cancel (or `cancel`) and the submit button. */
export function DialogButtons(props: { cancel?: string; submit: string; variant?: string; busy?: boolean; onCancel(): void }) {
  return (
    <>
      <Button variant="outline-secondary" onClick={props.onCancel}>
        {props.cancel ?? 'Cancel'}
      </Button>
      <Button type="submit" variant={props.variant} disabled={props.busy}>
        {props.submit}
      </Button>
    </>
  );
}

/**
 * The add / edit dialog of a list's row: open while `draft` is set, its fields from `children(draft)`, then
 * Cancel and Save (disabled while `busy`); Enter saves.
 */
export function DraftDialog<D>(props: { draft: D | null; title: string; busy?: boolean; onClose(): void; onSave(): void; children(draft: D): React.ReactNode }) {
  const { draft } = props;
  return (
    <Dialog
      show={draft !== null}
      onHide={props.onClose}
      title={props.title}
      onSubmit={props.onSave}
      footer={<DialogButtons submit="Save" busy={props.busy} onCancel={props.onClose} />}
    >
      {draft !== null ? props.children(draft) : null}
    </Dialog>
  );
}

/** A yes/cancel confirmation (delete: 'Yes, Delete' / 'Cancel'; logout: 'Yes,Logout' / 'Cancel'). */
export function ConfirmModal(props: {
  show: boolean;
  title: string;
  body?: React.ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      show={props.show}
      onHide={props.onCancel}
      title={props.title}
      titleId="confirm-modal-title"
      footer={
        <>
          <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
            {props.confirmLabel}
          </Button>
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      {props.body}
    </Dialog>
  );
}

/**
 * A row waiting for a yes in a ConfirmModal (ConfirmRow): `ask(row)` opens the question, `cancel` closes it,
 * `run(send)` sends for the row (busy meanwhile), closes the question, and answers the row with what `send`
 * answered (null when no row waits).
 */
export function useConfirmRow<T>() {
  const [row, setRow] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async <A,>(send: (row: T) => Promise<A>): Promise<{ row: T; answer: A } | null> => {
    if (row === null) return null;
    setBusy(true);
    const answer = await send(row);
    setBusy(false);
    setRow(null);
    return { row, answer };
  };
  return { row, busy, ask: setRow, cancel: () => setRow(null), run };
}

/** The ConfirmModal of a useConfirmRow: shown while a row waits, with `text(row)` as its one paragraph. */
export function ConfirmRow<T>(props: {
  confirm: ReturnType<typeof useConfirmRow<T>>;
  title: string;
  text(row: T): string;
  confirmLabel: string;
  onConfirm(): void;
}) {
  const { row, busy, cancel } = props.confirm;
  return (
    <ConfirmModal
      show={row !== null}
      title={props.title}
      body={row !== null ? <p className="mb-0">{props.text(row)}</p> : null}
      confirmLabel={props.confirmLabel}
      busy={busy}
      onConfirm={props.onConfirm}
      onCancel={cancel}
    />
  );
}
