import type { ReactNode } from 'react';

/**
 * A labelled field of a public form: its label, the control (`children`, whose id is `id`, with anything
 * that goes with it), and an optional help line (`${id}-help`, for the control's aria-describedby).
 * `labelClass`: the label's classes ('visually-hidden' where the field's context names it).
 */
export function Field({
  id,
  label,
  help,
  className = 'col-md-6',
  labelClass = 'form-label',
  children,
}: {
  id: string;
  label: string;
  help?: string;
  className?: string;
  labelClass?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {help ? (
        <p id={`${id}-help`} className="form-text mb-0">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A public form's submit button in its own box (`className`: the box's classes; `wide`: the button fills it). */
export function SubmitBox({ label, className, wide = false }: { label: string; className: string; wide?: boolean }) {
  return (
    <div className={className}>
      <button type="submit" className={wide ? 'btn btn-primary w-100' : 'btn btn-primary'}>
        {label}
      </button>
    </div>
  );
}
