import { Button, type ButtonProps } from 'react-bootstrap';

/** A small button of a table row; `label` is its accessible name, naming the row too ("Edit Asha Menon"). */
export function RowButton({ label, ...button }: { label: string } & Omit<ButtonProps, 'size' | 'aria-label'>) {
  return <Button size="sm" aria-label={label} {...button} />;
}

/** A row's Edit and Delete, named with the row's `name` ("Delete the redirect from /old-page"). */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  return (
    <>
      <RowButton variant="outline-primary" className="me-1" label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </RowButton>
      <RowButton variant="outline-danger" label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </RowButton>
    </>
  );
}
