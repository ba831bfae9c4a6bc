import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldDef, FileFieldDef } from '@content/kit';
import { FileView, isVideoPath } from './FileView';
import type { Option } from './resource-form';

/**
 * The rich-text editor (tiptap and ProseMirror) is its own chunk, loaded when a form with an HTML field
 * opens: the server never renders admin forms, so it no longer loads the editor at start (decision 0021).
 */
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** One declared field as a labelled form control, chosen by its type. */
export function FieldControl(props: {
  id: string;
  field: FieldDef;
  value: string;
  onChange(value: string): void;
  /** Options of a ref field. */
  options?: Option[];
  /** Remount key of a rich-text editor (changes when the form is loaded or reset). */
  editorKey?: string | number;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const { id, field: f, value, onChange } = props;
  const labelId = `${id}-label`;
  const label = (
    <Form.Label htmlFor={f.type === 'html' ? undefined : id} id={labelId}>
      {f.label}
    </Form.Label>
  );
  /** What every control of a plain value shares. */
  const common = {
    id,
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onChange(e.target.value),
    disabled: props.disabled,
    isInvalid: props.invalid,
  };
  let control: React.ReactNode;
  switch (f.type) {
    case 'longtext':
      control = <Form.Control as="textarea" rows={4} maxLength={f.max} placeholder={f.help} {...common} />;
      break;
    case 'html':
      control = (
        <Suspense fallback={<div className="form-control text-muted" aria-busy="true">Loading the editor…</div>}>
          <RichTextEditor key={props.editorKey} id={id} labelId={labelId} initial={value} onChange={onChange} />
        </Suspense>
      );
      break;
    case 'int':
      control = <Form.Control type="number" inputMode="numeric" min={0} step={1} placeholder={f.help} {...common} />;
      break;
    case 'ref':
    case 'enum': {
      const opts: Option[] =
        f.type === 'enum' ? (f.values ?? []).map((v) => ({ value: v, label: v })) : (props.options ?? []);
      control = (
        <Form.Select {...common}>
          <option value="">Select {f.label}</option>
          {opts.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      );
      break;
    }
    case 'date':
    case 'dmy':
    case 'time':
      control = <Form.Control type={f.type === 'time' ? 'time' : 'date'} {...common} />;
      break;
    default:
      control = <Form.Control type="text" maxLength={f.max} placeholder={f.help} {...common} />;
  }
  return (
    <Form.Group className="mb-3">
      {label}
      {control}
    </Form.Group>
  );
}

/** A picker limited to the declaration's accepted types, with a preview of the new or the stored file. */
export function FileControl(props: {
  id: string;
  def: FileFieldDef;
  file: File | null;
  onFile(file: File | null): void;
  /** The stored path while editing a row. */
  stored?: string | null;
  removed?: boolean;
  onRemove?(removed: boolean): void;
  /** Remount key that clears the native input. */
  inputKey?: string | number;
  label?: string;
  /** Alt text beside an image field (decision 0024): required when a new file is chosen. */
  alt?: { value: string; onChange(v: string): void; placeholder?: string };
}) {
  const { id, def, file } = props;
  const url = useMemo(() => (file ? URL.createObjectURL(file) : ''), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const label = props.label ?? def.label;
  let preview: React.ReactNode = null;
  if (file) {
    if (file.type.startsWith('image/'))
      preview = <img src={url} alt={`Preview of the chosen ${label.toLowerCase()}`} className="admin-preview" />;
    else if (file.type.startsWith('video/') || isVideoPath(file.name))
      preview = (
        <video
          src={url}
          controls
          className="admin-preview"
          aria-label={`Preview of the chosen ${label.toLowerCase()}`}
        />
      );
    else preview = <span className="small">Chosen: {file.name}</span>;
  } else if (props.stored && !props.removed) {
    preview = (
      <span className="d-inline-flex align-items-center gap-2">
        <span className="small">Current:</span>
        <FileView path={props.stored} alt={`Current ${label.toLowerCase()}`} height={80} />
      </span>
    );
  }
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        key={props.inputKey}
        id={id}
        type="file"
        accept={def.accept}
        onChange={(e) => props.onFile((e.target as HTMLInputElement).files?.[0] ?? null)}
      />
      {preview ? <div className="mt-2">{preview}</div> : null}
      {props.alt ? (
        <div className="mt-2">
          <Form.Label htmlFor={`${id}-alt`} className="small mb-1">
            Alt text{file ? ' (required)' : ''}
          </Form.Label>
          <Form.Control
            id={`${id}-alt`}
            type="text"
            maxLength={300}
            required={!!file}
            value={props.alt.value}
            placeholder={props.alt.placeholder ?? 'Describe the image for visitors who cannot see it'}
            onChange={(e) => props.alt?.onChange(e.target.value)}
          />
        </div>
      ) : null}
      {props.stored && !file && props.onRemove ? (
        <Form.Check
          className="mt-1"
          id={`${id}-remove`}
          type="checkbox"
          label={`Remove the current ${label.toLowerCase()}`}
          checked={!!props.removed}
          onChange={(e) => props.onRemove?.(e.target.checked)}
        />
      ) : null}
    </Form.Group>
  );
}

/** The form's last error, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      aria-live="assertive"
      className={message ? 'alert alert-danger py-2' : ''}
      data-testid="form-error"
    >
      {message}
    </div>
  );
}

/**
 * A labelled text control (input, or a textarea with `rows`): the one piece behind the admin's hand-made
 * forms (settings, sign-in, password, mail, conflict list). Other input attributes pass through.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  rows,
  help,
  invalid,
  className = 'mb-3',
  ...input
}: {
  id: string;
  label: React.ReactNode;
  value: string;
  onChange(value: string): void;
  /** A textarea of this many rows. */
  rows?: number;
  /** A hint under the control, tied to it by aria-describedby. */
  help?: React.ReactNode;
  /** Shown (and the control marked invalid) when set. */
  invalid?: string | null;
  /** The group's class (its spacing). */
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children' | 'size'>) {
  const helpId = help ? `${id}-help` : undefined;
  return (
    <Form.Group className={className || undefined} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        {...(rows ? { as: 'textarea' as const, rows } : { type: input.type ?? 'text' })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={helpId}
        isInvalid={!!invalid}
      />
      {invalid ? <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback> : null}
      {help ? (
        <Form.Text id={helpId} className="text-body-secondary">
          {help}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

/**
 * A compact select that narrows a list or a view (the first option, value '', shows all). Named by `label`
 * (aria-label), or with `id` by a visible label beside it.
 */
export function FilterSelect(props: {
  label: string;
  id?: string;
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<readonly [value: string | number, text: string]>;
}) {
  const select = (
    <Form.Select
      id={props.id}
      size="sm"
      style={{ width: 'auto' }}
      aria-label={props.id ? undefined : props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {props.options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Form.Select>
  );
  if (!props.id) return select;
  return (
    <>
      <Form.Label htmlFor={props.id} className="mb-0">
        {props.label}
      </Form.Label>
      {select}
    </>
  );
}

/** A small labelled file picker (the CSV imports): `onFile` gets the chosen file. */
export function FilePicker({
  id,
  label,
  accept,
  disabled,
  onFile,
  inputRef,
  className,
}: {
  id: string;
  label: React.ReactNode;
  accept: string;
  disabled?: boolean;
  onFile(file: File): void;
  inputRef?: React.Ref<HTMLInputElement>;
  className?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        ref={inputRef}
        type="file"
        accept={accept}
        size="sm"
        disabled={disabled}
        onChange={(e) => {
          const f = (e.target as HTMLInputElement).files?.[0];
          if (f) onFile(f);
        }}
      />
    </Form.Group>
  );
}
