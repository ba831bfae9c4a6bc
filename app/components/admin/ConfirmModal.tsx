import { useId } from 'react';
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
