/**
 * The content lifecycle in the admin (decision 0015): the server-paged table (search, sort, state filter,
 * trash, order by drag or move up / move down), the form's Save draft / Publish / Preview / Schedule /
 * History, and the unsaved-changes prompt. Generic over every group's declaration.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Form, Pagination, Table } from 'react-bootstrap';
import { ConfirmModal, Dialog } from './ConfirmModal';
import { TextField } from './fields';
import { useBlocker, useSearchParams } from 'react-router';
import type { ResourceDef } from '@content/kit';
import { api } from '~/lib/api';
import { DataTable, type Column } from './DataTable';
import { EditIcon, TrashIcon } from './icons';
import { FileView } from './FileView';
import { notify } from './notify';
import { openSignedPreview } from './signed-preview';
import type { Row } from './resource-form';
import {
  languageName,
  STATE_TEXT,
  stateBadge,
  TranslationEditor,
  hasTranslatableText,
  type TranslationState,
} from './translation-editor';
import { DEFAULT_LOCALE, LOCALES } from '@content/locales';
import { titleFieldOf } from '@content/alt';
import { objectOf, type Json, type JsonObject } from '@content/json';

export type ListState = 'all' | 'published' | 'draft' | 'scheduled' | 'trash';
const STATE_LABELS: Record<ListState, string> = {
  all: 'All',
  published: 'Published',
  draft: 'Drafts',
  scheduled: 'Scheduled',
  trash: 'Trash',
};
const isListState = (v: string | null): v is ListState => !!v && v in STATE_LABELS;

/** The languages content is translated into (every locale but English), as the translation column and filter list them. */
const TRANSLATED = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
const TRANSLATION_STATES: TranslationState[] = ['missing', 'draft', 'published', 'outdated'];
/** The translation filter's values (decision 0078): '' (any) or `<locale>:<state>`, as listContent takes them. */
const TRANSLATION_FILTERS = TRANSLATED.flatMap((l) => TRANSLATION_STATES.map((st) => `${l}:${st}`));
export const ADMIN_PER_PAGE = 50;

const base = (def: ResourceDef) => `/api/content/${def.key}`;

/** Local date and time, short ("24/11/2026, 09:00"). */
export function showTime(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * The server-side list of one group: query state, rows of the current page, totals per state. The page's
 * address may set the first state and translation filter (`?status=published&translation=ml:missing`, the
 * dashboard's work list links there).
 */
export function useContentList(def: ResourceDef) {
  const ordered = !!def.ordered;
  const [search] = useSearchParams();
  const [q, setQ] = useState('');
  const [state, setState] = useState<ListState>(() => {
    const v = search.get('status');
    return isListState(v) ? v : 'all';
  });
  const [translation, setTranslation] = useState<string>(() => {
    const v = search.get('translation') ?? '';
    return hasTranslatableText(def) && TRANSLATION_FILTERS.includes(v) ? v : '';
  });
  const [sort, setSort] = useState<string>(ordered ? 'position' : def.id);
  const [dir, setDir] = useState<'asc' | 'desc'>(ordered ? 'asc' : def.order);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Partial<Record<ListState, number>>>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    const params = new URLSearchParams({
      status: state,
      sort,
      dir,
      page: String(page),
      perPage: String(ADMIN_PER_PAGE),
    });
    if (q.trim()) params.set('q', q.trim());
    if (translation) params.set('translation', translation);
    try {
      const res = await api<{ rows?: Row[]; total?: number; counts?: Partial<Record<ListState, number>> }>(
        `${base(def)}?${params.toString()}`,
      );
      if (mine !== seq.current) return;
      if (!res.ok) {
        if (res.status !== 401) setError(res.body.message ?? 'The list could not be loaded.');
        return;
      }
      setRows(Array.isArray(res.body.rows) ? res.body.rows : []);
      setTotal(Number(res.body.total ?? 0));
      setCounts(res.body.counts ?? {});
      setError(null);
    } catch {
      if (mine === seq.current) setError('The list could not be loaded.');
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [def, q, state, sort, dir, page, translation]);

  useEffect(() => {
    const t = setTimeout(() => void reload(), 0);
    return () => clearTimeout(t);
  }, [reload]);

  return {
    def,
    ordered,
    q,
    setQ: (v: string) => {
      setQ(v);
      setPage(1);
    },
    state,
    setState: (v: ListState) => {
      setState(v);
      setPage(1);
    },
    translation,
    setTranslation: (v: string) => {
      setTranslation(v);
      setPage(1);
    },
    sort,
    dir,
    sortBy: (column: string) => {
      if (sort === column) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
      else {
        setSort(column);
        setDir('asc');
      }
      setPage(1);
    },
    page,
    setPage,
    rows,
    setRows,
    total,
    counts,
    loading,
    error,
    reload,
  };
}

export type ContentList = ReturnType<typeof useContentList>;

/** Where a row stands: published, draft, pending draft, scheduled, going off the site. */
export function StatusCell({ row }: { row: Row }) {
  const parts: React.ReactNode[] = [];
  if (row.deleted_at)
    parts.push(
      <Badge key="t" bg="secondary">
        In trash since {showTime(row.deleted_at)}
      </Badge>,
    );
  else if (row.status === 'draft')
    parts.push(
      <Badge key="d" bg="warning" text="dark">
        Draft
      </Badge>,
    );
  else
    parts.push(
      <Badge key="p" bg="success">
        Published
      </Badge>,
    );
  if (row.pending_draft && !row.deleted_at)
    parts.push(
      <Badge key="pd" bg="info" text="dark">
        Unpublished changes
      </Badge>,
    );
  if (row.publish_at)
    parts.push(
      <span key="pa" className="small d-block">
        Goes live {showTime(row.publish_at)}
      </span>,
    );
  if (row.unpublish_at)
    parts.push(
      <span key="ua" className="small d-block">
        Goes off the site {showTime(row.unpublish_at)}
      </span>,
    );
  return <div className="d-flex flex-column gap-1 align-items-start">{parts}</div>;
}

/**
 * A row's translation state per language (decision 0078), each a compact button that opens its editor:
 * 'ML: published', 'HI: missing' (read as "Translate faq 1 into Malayalam: ML: published").
 */
export function TranslationsCell({
  row,
  label,
  onTranslate,
}: {
  row: Row;
  label: string;
  onTranslate(locale: string): void;
}) {
  const states = (row.translations ?? {}) as Partial<Record<string, TranslationState>>;
  return (
    <div className="d-flex flex-wrap gap-1">
      {TRANSLATED.map((l) => {
        const st = states[l] ?? 'missing';
        const b = stateBadge(st);
        return (
          <button
            key={l}
            type="button"
            className={`badge border-0 text-bg-${b.bg} admin-translate`}
            title={`Translate into ${languageName(l)} (${STATE_TEXT[st]})`}
            aria-label={`Translate ${label} into ${languageName(l)}: ${l.toUpperCase()}: ${STATE_TEXT[st]}`}
            onClick={() => onTranslate(l)}
          >
            {l.toUpperCase()}: {STATE_TEXT[st]}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The management table on the server's list: search, state filter, sortable headers, 50 a page, and for
 * ordered groups drag-and-drop plus Move up / Move down buttons. In the trash: Restore and Delete forever.
 */
export function ContentTable(props: {
  list: ContentList;
  caption: string;
  columns: Column<Row>[];
  rowLabel(row: Row, sno: number): string;
  onEdit(row: Row): void;
  onDelete(row: Row): void;
  onHistory(row: Row): void;
  emptyText: string;
}) {
  const { list, columns } = props;
  const def = list.def;
  const trash = list.state === 'trash';
  const canOrder = list.ordered && !trash && list.sort === 'position' && list.dir === 'asc' && !list.q.trim();
  const [dragging, setDragging] = useState<number | null>(null);
  const [purging, setPurging] = useState<Row | null>(null);
  const [announce, setAnnounce] = useState('');
  const [translating, setTranslating] = useState<{ id: number; locale: string; title: string } | null>(null);
  // Groups with text to translate show each row's state per language, and filter by it (decision 0078).
  const translatable = hasTranslatableText(def) && TRANSLATED.length > 0;
  const titleOf = (row: Row, sno: number): string => {
    const field = titleFieldOf(def);
    const text = field ? String(row[field] ?? '').trim() : '';
    return text || props.rowLabel(row, sno);
  };
  const id = (r: Row) => Number(r[def.id]);
  const first = (list.page - 1) * ADMIN_PER_PAGE;
  const pages = Math.max(1, Math.ceil(list.total / ADMIN_PER_PAGE));

  const saveOrder = async (next: Row[], moved: Row, sno: number) => {
    list.setRows(next);
    const res = await api(`${base(def)}/reorder`, { method: 'POST', json: { ids: next.map(id) } });
    if (!res.ok) {
      if (res.status !== 401) notify.error(res.body.message || 'The order could not be saved.');
    } else {
      setAnnounce(`${props.rowLabel(moved, sno)} moved to position ${sno}.`);
    }
    await list.reload();
  };
  const move = (index: number, by: -1 | 1, focusAfter: boolean) => {
    const target = index + by;
    if (target < 0 || target >= list.rows.length) return;
    const next = [...list.rows];
    const [row] = next.splice(index, 1);
    next.splice(target, 0, row!);
    void saveOrder(next, row!, first + target + 1).then(() => {
      if (!focusAfter) return;
      const label = by < 0 ? 'Move up' : 'Move down';
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`[data-row-id="${id(row!)}"] [data-move="${label}"]:not([disabled])`)
          ?.focus(),
      );
    });
  };

  const act = async (path: string, method: 'POST' | 'DELETE', ok: string) => {
    const res = await fetch(path, { method, credentials: 'same-origin', headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    if (!res.ok) notify.error(body.message || 'That did not work.');
    else notify.success(body.message || ok);
    await list.reload();
  };

  const sortHeader = (key: string, header: string) => {
    const active = list.sort === key;
    const label = `${header}${active ? (list.dir === 'asc' ? ', sorted ascending' : ', sorted descending') : ''}`;
    return (
      <th scope="col" key={key} aria-sort={active ? (list.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          className="btn btn-link p-0 text-reset fw-semibold text-decoration-none"
          onClick={() => list.sortBy(key)}
          aria-label={`Sort by ${label}`}
        >
          {header} {active ? (list.dir === 'asc' ? '▲' : '▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Form.Label htmlFor={`table-search-${def.key}`} className="mb-0">
          Search
        </Form.Label>
        <Form.Control
          id={`table-search-${def.key}`}
          type="search"
          value={list.q}
          onChange={(e) => list.setQ(e.target.value)}
          style={{ maxWidth: 280 }}
        />
        <ToolbarSelect
          id={`table-state-${def.key}`}
          label="Show"
          value={list.state}
          onChange={(v) => list.setState(v as ListState)}
          maxWidth={220}
        >
          {(Object.keys(STATE_LABELS) as ListState[]).map((st) => (
            <option key={st} value={st}>
              {STATE_LABELS[st]}
              {list.counts[st] !== undefined ? ` (${list.counts[st]})` : ''}
            </option>
          ))}
        </ToolbarSelect>
        {translatable && !trash ? (
          <>
            <ToolbarSelect
              id={`table-translation-${def.key}`}
              label="Translation"
              value={list.translation}
              onChange={list.setTranslation}
              maxWidth={240}
            >
              <option value="">Any</option>
              {TRANSLATED.map((l) => (
                <optgroup key={l} label={languageName(l)}>
                  {TRANSLATION_STATES.map((st) => (
                    <option key={st} value={`${l}:${st}`}>
                      {languageName(l)}: {STATE_TEXT[st]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </ToolbarSelect>
          </>
        ) : null}
        <span className="text-body-secondary small" aria-live="polite">
          {list.total} {list.total === 1 ? 'row' : 'rows'}
        </span>
        {canOrder && list.rows.length > 1 ? (
          <span className="small text-body-secondary">
            Drag a row, or use Move up and Move down, to change the order on the site.
          </span>
        ) : null}
      </div>
      <div className="visually-hidden" aria-live="polite">
        {announce}
      </div>
      {list.error ? <p className="text-danger">{list.error}</p> : null}
      <DataTable
        caption={props.caption}
        rows={list.rows}
        loading={list.loading}
        columns={[
          ...columns,
          { key: 'status', header: 'State', render: (row) => <StatusCell row={row} /> },
          ...(translatable && !trash
            ? [
                {
                  key: 'translations',
                  header: 'Translations',
                  render: (row: Row, index: number) => (
                    <TranslationsCell
                      row={row}
                      label={props.rowLabel(row, index + 1)}
                      onTranslate={(locale) => setTranslating({ id: id(row), locale, title: titleOf(row, index + 1) })}
                    />
                  ),
                },
              ]
            : []),
        ]}
        rowKey={id}
        numbered
        first={first}
        headClass="table-light"
        emptyText={
          list.q.trim()
            ? 'No rows match the search.'
            : trash
              ? 'The trash is empty.'
              : list.translation
                ? 'No rows with that translation state.'
                : list.state === 'all'
                  ? props.emptyText
                  : 'No rows in this state.'
        }
        headerCell={(c) =>
          c.key in def.fields || c.key in def.files || c.key === 'status' ? sortHeader(c.key, c.header) : undefined
        }
        rowProps={(row, i) => ({
          'data-row-id': id(row),
          draggable: canOrder,
          className: dragging === i ? 'opacity-50' : undefined,
          onDragStart: canOrder ? () => setDragging(i) : undefined,
          onDragOver: canOrder ? (e) => e.preventDefault() : undefined,
          onDragEnd: () => setDragging(null),
          onDrop: canOrder
            ? (e) => {
                e.preventDefault();
                if (dragging === null || dragging === i) return;
                const next = [...list.rows];
                const [moved] = next.splice(dragging, 1);
                next.splice(i, 0, moved!);
                setDragging(null);
                void saveOrder(next, moved!, first + i + 1);
              }
            : undefined,
        })}
        actions={{
          render: (row, sno, i) => {
            const name = props.rowLabel(row, sno);
            if (trash)
              return (
                <RowActions
                  row={name}
                  actions={[
                    {
                      name: 'Restore',
                      variant: 'outline-success',
                      onClick: () => void act(`${base(def)}/${id(row)}/restore`, 'POST', 'Restored'),
                    },
                    { name: 'Delete forever', variant: 'outline-danger', onClick: () => setPurging(row) },
                  ]}
                />
              );
            const moves: RowAction[] = [
              { name: 'Move up', show: '↑', move: true, disabled: i === 0, onClick: () => move(i, -1, true) },
              {
                name: 'Move down',
                show: '↓',
                move: true,
                disabled: i === list.rows.length - 1,
                onClick: () => move(i, 1, true),
              },
            ];
            return (
              <RowActions
                row={name}
                tips
                actions={[
                  ...(canOrder ? moves : []),
                  { name: 'History', label: 'History of', onClick: () => props.onHistory(row) },
                  { name: 'Edit', show: <EditIcon />, variant: 'outline-primary', onClick: () => props.onEdit(row) },
                  {
                    name: 'Delete',
                    show: <TrashIcon />,
                    variant: 'outline-danger',
                    onClick: () => props.onDelete(row),
                  },
                ]}
              />
            );
          },
        }}
      />
      {pages > 1 ? (
        <nav aria-label="Table pages">
          <Pagination className="flex-wrap">
            <Pagination.Prev
              disabled={list.page === 1}
              onClick={() => list.setPage(list.page - 1)}
              aria-label="Previous page"
            />
            {Array.from({ length: pages }, (_, k) => k + 1)
              .filter((n) => n === 1 || n === pages || Math.abs(n - list.page) <= 2)
              .map((n) => (
                <Pagination.Item
                  key={n}
                  active={n === list.page}
                  onClick={() => list.setPage(n)}
                  aria-label={`Page ${n}`}
                >
                  {n}
                </Pagination.Item>
              ))}
            <Pagination.Next
              disabled={list.page === pages}
              onClick={() => list.setPage(list.page + 1)}
              aria-label="Next page"
            />
          </Pagination>
        </nav>
      ) : null}
      {translatable ? (
        <TranslationEditor
          def={def}
          target={translating}
          onClose={() => setTranslating(null)}
          onChanged={() => void list.reload()}
        />
      ) : null}
      <ConfirmModal
        show={!!purging}
        title="Delete forever?"
        body={`This removes the ${def.label.toLowerCase()}, its files and its history. It cannot be undone.`}
        confirmLabel="Yes, delete forever"
        onConfirm={() => {
          const row = purging!;
          setPurging(null);
          void act(`${base(def)}/${id(row)}`, 'DELETE', 'Deleted forever');
        }}
        onCancel={() => setPurging(null)}
      />
    </div>
  );
}

/** A select of the table's toolbar with its label before it. */
function ToolbarSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  maxWidth: number;
  children: React.ReactNode;
}) {
  return (
    <>
      <Form.Label htmlFor={props.id} className="mb-0 ms-2">
        {props.label}
      </Form.Label>
      <Form.Select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        style={{ maxWidth: props.maxWidth }}
      >
        {props.children}
      </Form.Select>
    </>
  );
}

/**
 * One button of a content row: it shows `show` (a sign or an icon) or else `name`, and `label` (else `name`)
 * with the row's name is its accessible name ("Edit Gamma question?", "History of Gamma question?"). Move up
 * and Move down (`move`) are found again after a move, to keep the focus on them.
 */
interface RowAction {
  name: string;
  label?: string;
  show?: React.ReactNode;
  variant?: string;
  move?: boolean;
  disabled?: boolean;
  onClick(): void;
}

/**
 * A content row's buttons in a line (outline-secondary unless told; a small gap after Move up, a wider one
 * after the others); with `tips` each has its name as a tooltip.
 */
function RowActions({ row, actions, tips }: { row: string; actions: RowAction[]; tips?: boolean }) {
  return (
    <>
      {actions.map((a, k) => (
        <Button
          key={a.name}
          variant={a.variant ?? 'outline-secondary'}
          size="sm"
          className={k === actions.length - 1 ? undefined : a.name === 'Move up' ? 'me-1' : 'me-2'}
          data-move={a.move ? a.name : undefined}
          disabled={a.disabled}
          onClick={a.onClick}
          aria-label={`${a.label ?? a.name} ${row}`}
          title={tips ? a.name : undefined}
        >
          {a.show ?? a.name}
        </Button>
      ))}
    </>
  );
}

/** A value of a revision as the comparison shows it: rich text as text, files as thumbnails. */
function RevisionValue({ def, field, value }: { def: ResourceDef; field: string; value: Json | undefined }) {
  if (field in def.files) {
    if (typeof value !== 'string' || !value) return <span className="text-body-secondary">—</span>;
    return <RevisionFile path={value} label={def.files[field]!.label} />;
  }
  if (field === 'speakers' && Array.isArray(value)) {
    return (
      <ul className="mb-0 ps-3">
        {value.map((s, i) => {
          const sp = objectOf(s) ?? {};
          return (
            <li key={i}>
              {[
                sp.speaker_name,
                sp.designation,
                sp.date,
                sp.from_time && `${String(sp.from_time)}–${String(sp.to_time ?? '')}`,
              ]
                .filter(Boolean)
                .join(', ')}
            </li>
          );
        })}
      </ul>
    );
  }
  if (value === null || value === undefined || value === '') return <span className="text-body-secondary">—</span>;
  const f = def.fields[field];
  const text =
    f?.type === 'html'
      ? String(value)
          .replace(/<[^>]*>/g, ' ')
          .replace(/&nbsp;/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : String(value);
  return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
}

/** A file of an older version: still public, or kept privately since it was replaced. */
function RevisionFile({ path, label }: { path: string; label: string }) {
  const [retired, setRetired] = useState(false);
  return retired ? (
    <FileView path={`private/retired/${path}`} alt={`${label} (earlier version)`} />
  ) : (
    <span onErrorCapture={() => setRetired(true)}>
      <FileView path={path} alt={label} />
    </span>
  );
}

const ACTION_LABELS: Record<string, string> = {
  original: 'As it was before history was kept',
  create: 'Added',
  'create draft': 'Added as a draft',
  update: 'Saved',
  draft: 'Draft saved',
  publish: 'Published',
  unpublish: 'Taken off the site',
  restore: 'Earlier version restored',
  trash: 'Moved to the trash',
  'restore from trash': 'Restored from the trash',
};

interface Revision {
  revision_id: number;
  action: string;
  admin_email: string | null;
  created_at: string;
  changed: string[];
  snapshot: JsonObject;
}

/** History: every revision, who and when, the fields it changed side by side, and "Restore this version". */
export function HistoryModal({
  def,
  row,
  onClose,
  onRestored,
}: {
  def: ResourceDef;
  row: Row | null;
  onClose(): void;
  onRestored(): void;
}) {
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const rowId = row ? Number(row[def.id]) : null;
  useEffect(() => {
    setRevisions(null);
    setOpen(null);
    if (rowId === null) return;
    void api<{ revisions?: Revision[] }>(`${base(def)}/${rowId}/revisions`).then((res) => {
      if (res.ok) setRevisions(res.body.revisions ?? []);
      else notify.error(res.body.message || 'History could not be loaded.');
    });
  }, [def, rowId]);
  const labels: Record<string, string> = useMemo(
    () => ({
      ...Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, f.label])),
      ...Object.fromEntries(Object.entries(def.files).map(([k, f]) => [k, f.label])),
      speakers: 'Speakers',
    }),
    [def],
  );
  const restore = async (rev: Revision) => {
    setBusy(true);
    try {
      const res = await api(`${base(def)}/${rowId}/revisions/${rev.revision_id}/restore`, { method: 'POST', json: {} });
      if (!res.ok) notify.error(res.body.message || 'The version could not be restored.');
      else {
        notify.success('Version restored');
        onRestored();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog show={!!row} onHide={onClose} size="lg" scrollable title="History" titleId="history-title">
      {!revisions ? (
        <p>Loading...</p>
      ) : revisions.length === 0 ? (
        <p>No history yet.</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {revisions.map((rev, i) => {
            const before = revisions[i + 1]?.snapshot ?? null;
            const fields = rev.changed.length ? rev.changed : [];
            return (
              <li key={rev.revision_id} className="border-bottom py-2">
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <strong>{ACTION_LABELS[rev.action] ?? rev.action}</strong>
                  <span className="text-body-secondary small">
                    {showTime(rev.created_at)}
                    {rev.admin_email ? ` by ${rev.admin_email}` : ''}
                  </span>
                  {fields.length ? (
                    <span className="small">Changed: {fields.map((f) => labels[f] ?? f).join(', ')}</span>
                  ) : null}
                  <span className="ms-auto d-flex gap-2">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => setOpen(open === rev.revision_id ? null : rev.revision_id)}
                      aria-expanded={open === rev.revision_id}
                    >
                      {open === rev.revision_id ? 'Hide changes' : 'Compare'}
                    </Button>
                    {i > 0 ? (
                      <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void restore(rev)}>
                        Restore this version
                      </Button>
                    ) : null}
                  </span>
                </div>
                {open === rev.revision_id ? (
                  <Table size="sm" bordered className="mt-2 mb-0">
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Before</th>
                        <th scope="col">This version</th>
                      </tr>
                    </thead>
                    <tbody>
                      {(fields.length ? fields : Object.keys(rev.snapshot)).map((f) => (
                        <tr key={f}>
                          <th scope="row">{labels[f] ?? f}</th>
                          <td>{before ? <RevisionValue def={def} field={f} value={before[f]} /> : '—'}</td>
                          <td>
                            <RevisionValue def={def} field={f} value={rev.snapshot[f]} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}

/** ISO → the value of a datetime-local input (local time). */
function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Schedule: when the row goes live and when it goes off the site (either may be empty). */
export function ScheduleModal({
  def,
  row,
  onClose,
  onSaved,
}: {
  def: ResourceDef;
  row: Row | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [publishAt, setPublishAt] = useState('');
  const [unpublishAt, setUnpublishAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPublishAt(toLocalInput(row?.publish_at));
    setUnpublishAt(toLocalInput(row?.unpublish_at));
    setError(null);
  }, [row]);
  const live = row?.status === 'published' && !row?.pending_draft;
  const save = async () => {
    const iso = (v: string) => (v ? new Date(v).toISOString() : null);
    const res = await api(`${base(def)}/${Number(row![def.id])}/schedule`, {
      method: 'POST',
      json: { publish_at: live ? undefined : iso(publishAt), unpublish_at: iso(unpublishAt) },
    });
    if (!res.ok) {
      setError(res.body.message || 'The schedule could not be saved.');
      return;
    }
    notify.success('Schedule saved');
    onSaved();
    onClose();
  };
  return (
    <Dialog
      show={!!row}
      onHide={onClose}
      title="Schedule"
      titleId="schedule-title"
      footer={
        <>
          <Button variant="dark" onClick={() => void save()}>
            Save schedule
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {live ? (
        <p className="small">
          This {def.label.toLowerCase()} is on the site. Save a draft of changes to schedule when they go live.
        </p>
      ) : (
        <TextField
          id="schedule-publish-at"
          label="Goes live at"
          type="datetime-local"
          value={publishAt}
          onChange={setPublishAt}
        />
      )}
      <TextField
        id="schedule-unpublish-at"
        className=""
        label="Goes off the site at"
        type="datetime-local"
        value={unpublishAt}
        onChange={setUnpublishAt}
      />
      <p className="small text-body-secondary mt-2 mb-0">
        Leave a time empty to clear it. Times take effect within a minute.
      </p>
      {error ? (
        <p className="text-danger mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

/** Opens the signed preview of a row in a new tab. */
export function openPreview(def: ResourceDef, row: Row): Promise<void> {
  return openSignedPreview(`${base(def)}/${Number(row[def.id])}/preview`);
}

/** The draft-aware content of a row for the form: a pending draft's values in place of the live ones. */
export function editableRow(row: Row): Row {
  const draft = row.pending_draft;
  return draft && typeof draft === 'object' ? { ...row, ...(draft as Row) } : row;
}

/** Asks before leaving a form with unsaved changes (another admin page, or closing the tab). */
export function useUnsavedPrompt(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('You have unsaved changes. Leave this page and lose them?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}
