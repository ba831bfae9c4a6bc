import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import type { Mode, ResourceDef } from '@content/kit';
import { format12h, isoToDmy } from '@content/rules/dates';
import { ConfirmModal } from './ConfirmModal';
import { DataTable, ScrollCell, type Column } from './DataTable';
import { FieldControl, FileControl, FormError } from './fields';
import { FileView } from './FileView';
import { notify } from './notify';
import { checkRecordRule36, rule36FieldText } from '@content/rules/rule36';
import { Rule36Findings } from './rule36-panel';
import {
  buildBody,
  deleteResource,
  emptyValues,
  loadList,
  loadOptions,
  refText,
  saveResource,
  validateForm,
  valuesFromRow,
  type FormFiles,
  type FormRemovals,
  type FormValues,
  type Option,
  type Row,
} from './resource-form';

/** State and actions shared by every management page: list, add/edit form, delete confirmation. */
/** `formRef` is the page's form element: editing a row scrolls to it and focuses its first control. */
export function useResourcePage(def: ResourceDef, formRef: React.RefObject<HTMLFormElement | null>) {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [mode, setMode] = useState<Mode>('add');
  const [editing, setEditing] = useState<Row | null>(null);
  const [values, setValues] = useState<FormValues>(() => emptyValues(def));
  const [files, setFiles] = useState<FormFiles>({});
  const [removals, setRemovals] = useState<FormRemovals>({});
  const [formVersion, setFormVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Rule 36 (issue 16): the shared checker runs as the administrator types; a reason overrides.
  const [overrideReason, setOverrideReason] = useState('');
  const findings = useMemo(() => checkRecordRule36(def, values), [def, values]);
  const reload = useCallback(async () => {
    const res = await loadList(def);
    setRows(res.rows);
    setLoading(false);
    if (res.error) notify.error(res.error);
  }, [def]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const reset = useCallback(() => {
    setMode('add');
    setEditing(null);
    setValues(emptyValues(def));
    setFiles({});
    setRemovals({});
    setError(null);
    setOverrideReason('');
    setFormVersion((v) => v + 1);
  }, [def]);

  const startEdit = useCallback(
    (row: Row, vals?: FormValues) => {
      setMode('update');
      setEditing(row);
      setValues(vals ?? valuesFromRow(def, row));
      setFiles({});
      setRemovals({});
      setError(null);
      setFormVersion((v) => v + 1);
      formRef.current?.scrollIntoView({ block: 'start' });
      // Keyboard users land on the form they are about to edit.
      requestAnimationFrame(() =>
        formRef.current
          ?.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea,[contenteditable=true]')
          ?.focus(),
      );
    },
    [def, formRef],
  );

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  /** Validates with the declaration, sends, and returns to add mode on success. */
  const submit = async (
    opts: {
      extraCheck?: () => string | null;
      extra?: Record<string, string>;
      extendForm?: (form: FormData) => void;
    } = {},
  ) => {
    const message = validateForm(def, mode, values, files, removals, editing) ?? opts.extraCheck?.() ?? null;
    if (message) return fail(message);
    setBusy(true);
    setError(null);
    try {
      const reason = findings.length > 0 ? overrideReason.trim() : '';
      const extra = reason ? { ...opts.extra, override_reason: reason } : opts.extra;
      const body = buildBody(def, mode, values, files, removals, editing, extra);
      if ('form' in body) opts.extendForm?.(body.form);
      const res = await saveResource(def, mode, body);
      if (res.status === 401) return;
      if (!res.ok) return fail(res.body.message || (mode === 'add' ? 'Add failed.' : 'Edit failed.'));
      notify.success(
        res.body.message || (mode === 'add' ? `${def.label} added successfully` : `${def.label} updated successfully`),
      );
      reset();
      await reload();
    } catch {
      fail(mode === 'add' ? 'Add failed.' : 'Edit failed.');
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const res = await deleteResource(def, toDelete);
      if (res.status === 401) return;
      if (!res.ok) {
        notify.error(res.body.message || 'Delete failed.');
        return;
      }
      notify.success(res.body.message || `${def.label} deleted successfully`);
      const id = toDelete[def.id];
      setRows((rs) => rs.filter((r) => r[def.id] !== id));
      if (editing && editing[def.id] === id) reset();
    } catch {
      notify.error('Delete failed.');
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return {
    def,
    rows,
    loading,
    mode,
    editing,
    values,
    setValue: (name: string, v: string) => setValues((old) => ({ ...old, [name]: v })),
    setValues,
    files,
    setFile: (name: string, f: File | null) => setFiles((old) => ({ ...old, [name]: f })),
    removals,
    setRemoval: (name: string, r: boolean) => setRemovals((old) => ({ ...old, [name]: r })),
    formVersion,
    error,
    setError: fail,
    busy,
    setBusy,
    reset,
    reload,
    startEdit,
    submit,
    toDelete,
    askDelete: setToDelete,
    deleting,
    confirmDelete,
    cancelDelete: () => setToDelete(null),
    rule36: { findings, reason: overrideReason, setReason: setOverrideReason },
  };
}

export type ResourcePage = ReturnType<typeof useResourcePage>;

/** Submit (Add, or Update in edit mode) and Cancel in edit mode. */
export function FormButtons({ page }: { page: ResourcePage }) {
  return (
    <div className="d-flex gap-2">
      <Button type="submit" variant="dark" disabled={page.busy}>
        {page.busy ? 'Saving...' : page.mode === 'update' ? 'Update' : 'Add'}
      </Button>
      {page.mode === 'update' ? (
        <Button type="button" variant="outline-secondary" onClick={page.reset}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

/** The Rule 36 findings of the form's text, marked in place, with the override reason field. */
export function Rule36Panel({ page }: { page: ResourcePage }) {
  const { def, values } = page;
  return (
    <Rule36Findings
      idPrefix={`admin-${def.key}-rule36`}
      findings={page.rule36.findings}
      text={(f) => rule36FieldText(def, f.field ?? '', values[f.field ?? ''] ?? '')}
      label={(field) => def.fields[field]?.label ?? field}
      reason={page.rule36.reason}
      onReason={page.rule36.setReason}
    />
  );
}

export function DeleteConfirm({ page }: { page: ResourcePage }) {
  return (
    <ConfirmModal
      show={!!page.toDelete}
      title={`Delete this ${page.def.label.toLowerCase()}?`}
      body="This cannot be undone."
      confirmLabel="Yes, Delete"
      busy={page.deleting}
      onConfirm={() => void page.confirmDelete()}
      onCancel={page.cancelDelete}
    />
  );
}

/** A declared field's table cell. */
export function fieldColumn(def: ResourceDef, name: string, options?: Option[]): Column<Row> {
  const f = def.fields[name]!;
  const text = (row: Row): string => {
    const v = row[name];
    if (f.type === 'ref') return refText(def, name, row, options);
    if (v === null || v === undefined) return '';
    if (f.type === 'date' || f.type === 'dmy') return isoToDmy(String(v));
    if (f.type === 'time') return format12h(String(v));
    if (f.type === 'html') return String(v).replace(/<[^>]*>/g, ' ');
    return String(v);
  };
  return {
    key: name,
    header: f.label,
    text,
    render: (row, i) => {
      if (f.type === 'html') return <ScrollCell label={`${f.label} ${i + 1}`} html={String(row[name] ?? '')} />;
      if (f.type === 'longtext') return <ScrollCell label={`${f.label} ${i + 1}`}>{text(row)}</ScrollCell>;
      return text(row);
    },
  };
}

export function fileColumn(def: ResourceDef, name: string): Column<Row> {
  const f = def.files[name]!;
  return {
    key: name,
    header: f.label,
    render: (row, i) => <FileView path={row[name] as string | null} alt={`${f.label} ${i + 1}`} />,
  };
}

/** The generic management page of a content group: form on top, numbered table below. */
export function ResourceManager({ def }: { def: ResourceDef }) {
  const formRef = useRef<HTMLFormElement>(null);
  const page = useResourcePage(def, formRef);
  const [options, setOptions] = useState<Record<string, Option[]>>({});

  useEffect(() => {
    let live = true;
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.type !== 'ref') continue;
      void loadOptions(f.ref).then(({ options: opts, error }) => {
        if (!live) return;
        setOptions((o) => ({ ...o, [name]: opts }));
        if (error) notify.error(error);
      });
    }
    return () => {
      live = false;
    };
  }, [def]);

  const columns = useMemo<Column<Row>[]>(
    () => [
      ...Object.entries(def.fields)
        .filter(([, f]) => f.column)
        .map(([n]) => fieldColumn(def, n, options[n])),
      ...Object.entries(def.files)
        .filter(([, f]) => f.column)
        .map(([n]) => fileColumn(def, n)),
    ],
    [def, options],
  );

  const idp = `admin-${def.key}`;
  return (
    <>
      <h1 className="h3 mb-3">{def.admin.title}</h1>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">
            {page.mode === 'update' ? `Edit ${def.label.toLowerCase()}` : `Add ${def.label.toLowerCase()}`}
          </h2>
          <Form
            ref={formRef}
            noValidate
            aria-label={`${def.admin.title} form`}
            onSubmit={(e) => {
              e.preventDefault();
              void page.submit();
            }}
          >
            {Object.entries(def.fields).map(([name, f]) => (
              <FieldControl
                key={name}
                id={`${idp}-${name}`}
                field={f}
                value={page.values[name] ?? ''}
                onChange={(v) => page.setValue(name, v)}
                options={options[name]}
                editorKey={page.formVersion}
              />
            ))}
            {Object.entries(def.files).map(([name, f]) => (
              <FileControl
                key={name}
                id={`${idp}-${name}`}
                def={f}
                file={page.files[name] ?? null}
                onFile={(file) => page.setFile(name, file)}
                stored={page.mode === 'update' ? (page.editing?.[name] as string | null) : null}
                removed={!!page.removals[name]}
                onRemove={(r) => page.setRemoval(name, r)}
                inputKey={page.formVersion}
              />
            ))}
            <Rule36Panel page={page} />
            <FormError message={page.error} />
            <FormButtons page={page} />
          </Form>
        </Card.Body>
      </Card>
      <DataTable<Row>
        caption={`${def.admin.title} list`}
        rows={page.rows}
        loading={page.loading}
        columns={columns}
        rowKey={(r) => String(r[def.id])}
        rowLabel={(_r, sno) => `${def.label.toLowerCase()} ${sno}`}
        onEdit={(r) => page.startEdit(r)}
        onDelete={(r) => page.askDelete(r)}
        emptyText={def.admin.empty}
      />
      <DeleteConfirm page={page} />
    </>
  );
}
