import { Button, Modal } from 'react-bootstrap';

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
    <Modal show={props.show} onHide={props.onCancel} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="confirm-modal-title" as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      {props.body ? <Modal.Body>{props.body}</Modal.Body> : null}
      <Modal.Footer>
        <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
