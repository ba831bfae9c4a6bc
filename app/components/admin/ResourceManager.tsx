import { ALT_FLAG, altColumn, altFileFields, altOf } from '@content/alt';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import type { Mode, ResourceDef } from '@content/kit';
import { format12h, isoToDmy } from '@content/rules/dates';
import { ConfirmModal } from './ConfirmModal';
import { ScrollCell, type Column } from './DataTable';
import { FieldControl, FileControl, FormError } from './fields';
import { FileView } from './FileView';
import { api } from '~/lib/api';
import {
  ContentTable,
  editableRow,
  HistoryModal,
  openPreview,
  ScheduleModal,
  useContentList,
  useUnsavedPrompt,
  type ContentList,
} from './lifecycle';
import { notify } from './notify';
import { checkRecordRule36, rule36FieldText } from '@content/rules/rule36';
import { Rule36Findings } from './rule36-panel';
import {
  buildBody,
  deleteResource,
  emptyValues,
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
  // --- lifecycle (decision 0015): the table reads the server's paged admin list (drafts and trash included) ---
  const list = useContentList(def);
  const { rows, loading, reload } = list;
  const [history, setHistory] = useState<Row | null>(null);
  const [scheduling, setScheduling] = useState<Row | null>(null);
  const [dirty, setDirty] = useState(false);
  const [dependents, setDependents] = useState<string | null>(null);
  useUnsavedPrompt(dirty);
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
  // Rule 36 (decision 0019): the shared checker runs as the administrator types; a reason overrides.
  const [overrideReason, setOverrideReason] = useState('');
  const findings = useMemo(() => checkRecordRule36(def, values), [def, values]);
  useEffect(() => {
    if (list.error) notify.error(list.error);
  }, [list.error]);

  const reset = useCallback(() => {
    setMode('add');
    setEditing(null);
    setValues(emptyValues(def));
    setFiles({});
    setRemovals({});
    setError(null);
    setDirty(false);
    setOverrideReason('');
    setFormVersion((v) => v + 1);
  }, [def]);

  const startEdit = useCallback(
    (stored: Row, vals?: FormValues) => {
      // A row with unpublished changes opens with them (they are what the next Publish makes live).
      const row = editableRow(stored);
      setMode('update');
      setEditing(row);
      setDirty(false);
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
      /** Save draft / Publish (decision 0015); without it the spec's Add / Update. */
      status?: 'draft' | 'published';
    } = {},
  ) => {
    const filled = { def, mode, values, files, removals, editing };
    const message = validateForm(filled) ?? opts.extraCheck?.() ?? null;
    if (message) return fail(message);
    setBusy(true);
    setError(null);
    try {
      const reason = findings.length > 0 ? overrideReason.trim() : '';
      const extra = { ...opts.extra, ...(reason ? { override_reason: reason } : {}), ...(opts.status ? { status: opts.status } : {}) };
      const body = buildBody(filled, extra);
      if ('form' in body) opts.extendForm?.(body.form);
      const res = await saveResource(def, mode, body);
      if (res.status === 401) return;
      if (!res.ok) return fail(res.body.message || (mode === 'add' ? 'Add failed.' : 'Edit failed.'));
      notify.success(
        opts.status === 'draft'
          ? 'Draft saved. It is not on the site until you publish it.'
          : res.body.message || (mode === 'add' ? `${def.label} added successfully` : `${def.label} updated successfully`),
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
      list.setRows((rs) => rs.filter((r) => r[def.id] !== id));
      if (editing && editing[def.id] === id) reset();
      await reload();
    } catch {
      notify.error('Delete failed.');
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  /** Before the delete confirmation: what it would do to rows of other groups (a category's cases). */
  const askDelete = (row: Row | null) => {
    setToDelete(row);
    setDependents(null);
    if (!row) return;
    void api<{ dependents?: { title: string; count: number }[] }>(`/api/content/${def.key}/${Number(row[def.id])}/dependents`).then((res) => {
      const deps = res.ok ? (res.body.dependents ?? []) : [];
      if (deps.length) {
        setDependents(
          `It still has ${deps.map((d) => `${d.count} ${d.title}`).join(' and ')}. It cannot be deleted until those are deleted or moved to another ${def.label.toLowerCase()}; nothing will be changed.`,
        );
      }
    });
  };

  return {
    def,
    rows,
    loading,
    list,
    history,
    setHistory,
    scheduling,
    setScheduling,
    dependents,
    dirty,
    setDirty,
    mode,
    editing,
    values,
    setValue: (name: string, v: string) => {
      setDirty(true);
      setValues((old) => ({ ...old, [name]: v }));
    },
    setValues: (v: React.SetStateAction<FormValues>) => {
      setDirty(true);
      setValues(v);
    },
    files,
    setFile: (name: string, f: File | null) => {
      setDirty(true);
      setFiles((old) => ({ ...old, [name]: f }));
    },
    removals,
    setRemoval: (name: string, r: boolean) => {
      setDirty(true);
      setRemovals((old) => ({ ...old, [name]: r }));
    },
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
    askDelete,
    deleting,
    confirmDelete,
    cancelDelete: () => setToDelete(null),
    rule36: { findings, reason: overrideReason, setReason: setOverrideReason },
  };
}

export type ResourcePage = ReturnType<typeof useResourcePage>;

/**
 * Submit (Add, or Update in edit mode) and Cancel in edit mode, as the spec has them; beside them the
 * lifecycle's Save draft, Publish, Preview, Schedule and History. `submit` is the page's own submit (pages
 * with extra parts, like event speakers, pass theirs).
 */
export function FormButtons({ page, submit }: { page: ResourcePage; submit?: (status: 'draft' | 'published') => void }) {
  const send = submit ?? ((status: 'draft' | 'published') => void page.submit({ status }));
  const row = page.editing;
  const isDraft = !!row && (row.status === 'draft' || !!row.pending_draft);
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button type="submit" variant="dark" disabled={page.busy}>
        {page.busy ? 'Saving...' : page.mode === 'update' ? 'Update' : 'Add'}
      </Button>
      <Button type="button" variant="outline-dark" disabled={page.busy} onClick={() => send('draft')}>
        Save draft
      </Button>
      {page.mode === 'update' && row ? (
        <>
          {isDraft || page.dirty ? (
            <Button type="button" variant="success" disabled={page.busy} onClick={() => send('published')}>
              Publish
            </Button>
          ) : null}
          <Button type="button" variant="outline-secondary" disabled={page.busy || page.dirty} title={page.dirty ? 'Save a draft first' : undefined} onClick={() => void openPreview(page.def, row)}>
            Preview
          </Button>
          <Button type="button" variant="outline-secondary" onClick={() => page.setScheduling(row)}>
            Schedule
          </Button>
          <Button type="button" variant="outline-secondary" onClick={() => page.setHistory(row)}>
            History
          </Button>
          <Button type="button" variant="outline-secondary" onClick={page.reset}>
            Cancel
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** History and Schedule dialogs of a management page. */
export function LifecycleDialogs({ page }: { page: ResourcePage }) {
  const after = () => {
    page.reset();
    void page.reload();
  };
  return (
    <>
      <HistoryModal def={page.def} row={page.history} onClose={() => page.setHistory(null)} onRestored={after} />
      <ScheduleModal def={page.def} row={page.scheduling} onClose={() => page.setScheduling(null)} onSaved={after} />
    </>
  );
}

/** The management table of a page on the server's list (search, sort, state, trash, order). */
export function PageTable({
  page,
  columns,
  caption,
  rowLabel,
  onEdit,
}: {
  page: ResourcePage;
  columns: Column<Row>[];
  caption: string;
  rowLabel(row: Row, sno: number): string;
  onEdit?(row: Row): void;
}) {
  return (
    <ContentTable
      list={page.list as ContentList}
      caption={caption}
      columns={columns}
      rowLabel={rowLabel}
      onEdit={onEdit ?? ((r) => page.startEdit(r))}
      onDelete={(r) => page.askDelete(r)}
      onHistory={(r) => page.setHistory(r)}
      emptyText={page.def.admin.empty}
    />
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
      body={page.dependents ?? 'It leaves the site at once and goes to the trash, where you can restore it (files included) for 30 days.'}
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
  const hasAlt = altFileFields(def).includes(name);
  return {
    key: name,
    header: f.label,
    render: (row, i) => (
      <>
        <FileView path={row[name] as string | null} alt={hasAlt ? altOf(row, name, `${f.label} ${i + 1}`) : `${f.label} ${i + 1}`} />
        {hasAlt && row[name] && Number(row[ALT_FLAG] ?? 0) === 1 ? (
          <span className="badge text-bg-warning d-block mt-1" title="The alt text was taken from the title">
            Alt text needed
          </span>
        ) : null}
      </>
    ),
  };
}

/** The alt text input of an image field (decision 0024); undefined for documents. */
export function altProps(
  def: ResourceDef,
  name: string,
  values: Record<string, string>,
  editing: Row | null,
  mode: 'add' | 'update',
  onChange: (v: string) => void,
): { value: string; onChange(v: string): void; placeholder?: string } | undefined {
  if (!altFileFields(def).includes(name)) return undefined;
  const flagged = mode === 'update' && !!editing && Number(editing[ALT_FLAG] ?? 0) === 1;
  const current = flagged ? editing?.[altColumn(name)] : null;
  return {
    value: values[altColumn(name)] ?? '',
    onChange,
    placeholder: typeof current === 'string' && current ? `Taken from the title: ${current}` : undefined,
  };
}

/** A declared field of the page's form, bound to the page's values. */
export function PageField({ page, name, ...rest }: { page: ResourcePage; name: string } & Partial<Parameters<typeof FieldControl>[0]>) {
  return (
    <FieldControl
      id={`admin-${page.def.key}-${name}`}
      field={page.def.fields[name]!}
      value={page.values[name] ?? ''}
      onChange={(v) => page.setValue(name, v)}
      editorKey={page.formVersion}
      {...rest}
    />
  );
}

/** A declared file of the page's form: picker, stored file, removal (unless not `removable`) and alt text. */
export function PageFile({ page, name, removable = true }: { page: ResourcePage; name: string; removable?: boolean }) {
  const { def } = page;
  return (
    <FileControl
      id={`admin-${def.key}-${name}`}
      def={def.files[name]!}
      file={page.files[name] ?? null}
      onFile={(file) => page.setFile(name, file)}
      stored={page.mode === 'update' ? (page.editing?.[name] as string | null) : null}
      removed={!!page.removals[name]}
      onRemove={removable ? (r) => page.setRemoval(name, r) : undefined}
      inputKey={page.formVersion}
      alt={altProps(def, name, page.values, page.editing, page.mode, (v) => page.setValue(altColumn(name), v))}
    />
  );
}

/**
 * The skeleton of every management page: the title, the add/edit card around the page's controls (then
 * the Rule 36 findings, the error and the buttons), the table, and the delete, history and schedule
 * dialogs. Special pages (events, case details) pass their own controls, columns, edit, reset and submit.
 */
export function ResourcePageLayout({
  formRef,
  ...props
}: {
  page: ResourcePage;
  formRef: React.RefObject<HTMLFormElement | null>;
  children: React.ReactNode;
  columns: Column<Row>[];
  rowLabel(row: Row, sno: number): string;
  caption?: string;
  onEdit?(row: Row): void;
  /** The page's own reset (clearing its extra parts too). */
  reset?(): void;
  /** The page's own submit; without it the declaration's. */
  submit?(status?: 'draft' | 'published'): void;
}) {
  const { def } = props.page;
  const page = props.reset ? { ...props.page, reset: props.reset } : props.page;
  const submit = props.submit ?? ((status?: 'draft' | 'published') => void page.submit({ status }));
  return (
    <>
      <h1 className="h3 mb-3">{def.admin.title}</h1>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">{page.mode === 'update' ? `Edit ${def.label.toLowerCase()}` : `Add ${def.label.toLowerCase()}`}</h2>
          <Form
            ref={formRef}
            noValidate
            aria-label={`${def.admin.title} form`}
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            {props.children}
            <Rule36Panel page={page} />
            <FormError message={page.error} />
            <FormButtons page={page} submit={props.submit} />
          </Form>
        </Card.Body>
      </Card>
      <PageTable page={page} columns={props.columns} caption={props.caption ?? `${def.admin.title} list`} rowLabel={props.rowLabel} onEdit={props.onEdit} />
      <DeleteConfirm page={page} />
      <LifecycleDialogs page={page} />
    </>
  );
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

  return (
    <ResourcePageLayout page={page} formRef={formRef} columns={columns} rowLabel={(_r, sno) => `${def.label.toLowerCase()} ${sno}`}>
      {Object.keys(def.fields).map((name) => (
        <PageField key={name} page={page} name={name} options={options[name]} />
      ))}
      {Object.keys(def.files).map((name) => (
        <PageFile key={name} page={page} name={name} />
      ))}
    </ResourcePageLayout>
  );
}
