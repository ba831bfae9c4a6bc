import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Form, Pagination, Table, type TableProps } from 'react-bootstrap';
import { api } from '~/lib/api';
import { notify } from './notify';

export interface Column<R> {
  key: string;
  header: string;
  /** `index` counts from the first row of the list (paged lists included). */
  render(row: R, index: number): React.ReactNode;
  /** The cell's text for searches. */
  text?(row: R): string;
  /** The cell's class. */
  className?: string;
  style?: React.CSSProperties;
}

/** The management tables' look (content groups): bordered, hover, a light head, centred placeholders. */
export const MANAGEMENT_TABLE: TableProps = { bordered: true, hover: true, responsive: true, className: 'align-middle admin-table' };
/** The lists' look (consultations, mail, conflict list, data requests): compact and striped. */
export const LIST_TABLE: TableProps = { responsive: true, striped: true, bordered: true, hover: true, size: 'sm', className: 'align-middle' };

/**
 * Every admin table: a hidden caption, optional S.No first, the columns, optional row actions last, and
 * 'Loading...' or the empty text in place of rows (`asParagraph`: instead of the table, as the lists
 * show them). `first` numbers a later page of a paged list; `headerCell` and `rowProps` let the content
 * table sort by its headers and drag its rows.
 */
export interface DataTableProps<R> {
  caption: string;
  /** null while loading. */
  rows: R[] | null;
  columns: Column<R>[];
  rowKey(row: R): string | number;
  emptyText: React.ReactNode;
  loading?: boolean;
  numbered?: boolean;
  first?: number;
  actions?: { header?: string; render(row: R, sno: number, index: number): React.ReactNode };
  headerCell?(column: Column<R>): React.ReactNode;
  rowProps?(row: R, index: number): React.ComponentProps<'tr'> & Record<`data-${string}`, string | number>;
  table?: TableProps;
  headClass?: string;
  asParagraph?: boolean;
}

export function DataTable<R>(props: DataTableProps<R>) {
  const { rows, columns, numbered, actions, first = 0 } = props;
  const placeholder = rows === null || (props.loading && rows.length === 0) ? 'Loading...' : rows.length === 0 ? props.emptyText : null;
  if (placeholder !== null && props.asParagraph) return <p>{placeholder}</p>;
  return (
    <Table {...(props.table ?? MANAGEMENT_TABLE)} aria-busy={props.loading || undefined}>
      <caption className="visually-hidden">{props.caption}</caption>
      <thead className={props.headClass}>
        <tr>
          {numbered ? <th scope="col">S.No</th> : null}
          {columns.map(
            (c) =>
              props.headerCell?.(c) ?? (
                <th scope="col" key={c.key}>
                  {c.header}
                </th>
              ),
          )}
          {actions ? <th scope="col">{actions.header ?? 'Actions'}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows === null || placeholder !== null ? (
          <tr>
            <td colSpan={columns.length + (numbered ? 1 : 0) + (actions ? 1 : 0)} className="text-center">
              {placeholder}
            </td>
          </tr>
        ) : (
          rows.map((row, i) => (
            <tr key={props.rowKey(row)} {...props.rowProps?.(row, i)}>
              {numbered ? <td>{first + i + 1}</td> : null}
              {columns.map((c) => (
                <td key={c.key} className={c.className} style={c.style}>
                  {c.render(row, first + i)}
                </td>
              ))}
              {actions ? <td className="text-nowrap">{actions.render(row, first + i + 1, i)}</td> : null}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

/** A description cell: at most 150 px high, scrolling, reachable by keyboard. */
export function ScrollCell({ children, html, label }: { children?: React.ReactNode; html?: string; label: string }) {
  return html !== undefined ? (
    <div
      className="admin-scroll-cell"
      tabIndex={0}
      role="group"
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : (
    <div className="admin-scroll-cell" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * The rows of a list page, loaded from `path` (the answer's `key`) when the page opens and by `load`
 * after each change; null until the first answer. A refused load toasts the server's message or `failure`.
 */
export function useListRows<R>(path: string, key: string, failure: string) {
  const [rows, setRows] = useState<R[] | null>(null);
  const load = useCallback(async () => {
    const r = await api<Record<string, R[] | undefined>>(path);
    if (r.ok) setRows(r.body[key] ?? []);
    else notify.error(r.body.message ?? failure);
  }, [path, key, failure]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, load };
}

/** A column that shows (and searches) a row's text. */
export function textColumn<R>(key: string, header: string, text: (row: R) => string): Column<R> {
  return { key, header, text, render: text };
}

/** A column of a row's name with a grey badge after it when `badge` names one ("you", "this browser"). */
export function markedColumn<R>(key: string, header: string, text: (row: R) => string, badge: (row: R) => string | false): Column<R> {
  return {
    key,
    header,
    render: (row) => {
      const mark = badge(row);
      return (
        <>
          {text(row)} {mark ? <Badge bg="secondary">{mark}</Badge> : null}
        </>
      );
    },
  };
}

/** Previous / "Page n of m" / Next under a paged table; nothing when there is one page. */
export function PageControls({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <Pagination aria-label={label}>
      <Pagination.Prev disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))} aria-label="Previous page" />
      <Pagination.Item active aria-current="page">{`Page ${page} of ${pages}`}</Pagination.Item>
      <Pagination.Next disabled={page >= pages} onClick={() => onPage(Math.min(pages, page + 1))} aria-label="Next page" />
    </Pagination>
  );
}

/**
 * One page of a server-paged list (`?page=&size=&q=` and the list's own filters, the answer's `key` and
 * `total`): reloads when the page, the search (after a short pause in typing) or a filter changes (both
 * from page 1), and by `load` after each change. Rows are null until the first answer.
 */
export function usePagedRows<R>(path: string, key: string, failure: string, size = 50) {
  const [rows, setRows] = useState<R[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [applied, setApplied] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const setFilter = useCallback((name: string, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setPage(1);
  }, []);
  // A changed search applies after a short pause in typing (or at once by applySearch), from page 1.
  const applySearch = useCallback(() => {
    setApplied(search.trim());
    setPage(1);
  }, [search]);
  useEffect(() => {
    if (search.trim() === applied) return;
    const t = setTimeout(applySearch, 250);
    return () => clearTimeout(t);
  }, [search, applied, applySearch]);
  // Only the latest request may fill the table: an older answer (a search typed on) arriving late is dropped.
  const latest = useRef<AbortController | null>(null);
  const load = useCallback(async () => {
    latest.current?.abort();
    const ctrl = new AbortController();
    latest.current = ctrl;
    const q = new URLSearchParams({ page: String(page), size: String(size) });
    if (applied) q.set('q', applied);
    for (const [name, value] of Object.entries(filters)) if (value) q.set(name, value);
    try {
      const r = await api<Record<string, R[] | number | undefined>>(`${path}?${q}`, { signal: ctrl.signal });
      if (ctrl.signal.aborted) return;
      if (r.ok) {
        const list = r.body[key];
        setRows(Array.isArray(list) ? list : []);
        setTotal(Number(r.body.total ?? 0));
      } else notify.error(r.body.message ?? failure);
    } catch {
      // A network failure is told; an aborted (superseded) request is not.
      if (!ctrl.signal.aborted) notify.error(failure);
    }
  }, [path, key, failure, page, size, applied, filters]);
  useEffect(() => {
    void load();
    return () => latest.current?.abort();
  }, [load]);
  const pages = Math.max(1, Math.ceil(total / size));
  return { rows, load, total, page, pages, setPage, search, setSearch: setSearchText, applySearch, query: applied, filters, setFilter, first: (page - 1) * size };
}

/**
 * A server-paged list (usePagedRows) as the list pages show it: the compact table, the empty text as a
 * paragraph (`noMatch` while a search or a filter is set), and Previous / Next under it (`pagesLabel`).
 */
export function PagedTable<R>({
  list,
  pagesLabel,
  noMatch,
  ...table
}: {
  list: ReturnType<typeof usePagedRows<R>>;
  pagesLabel: string;
  noMatch: string;
} & Omit<DataTableProps<R>, 'rows' | 'first'>) {
  const narrowed = list.search.trim() !== '' || Object.values(list.filters).some(Boolean);
  return (
    <>
      <DataTable table={LIST_TABLE} asParagraph {...table} emptyText={narrowed ? noMatch : table.emptyText} rows={list.rows} first={list.first} />
      <PageControls label={pagesLabel} page={list.page} pages={list.pages} onPage={list.setPage} />
    </>
  );
}

/**
 * The search box above a paged list (usePagedRows) and, with `status`, a labelled select of the statuses
 * the server filters by (the first option, value '', shows all).
 */
export function ListFilters({
  list,
  searchLabel,
  status,
}: {
  list: Pick<ReturnType<typeof usePagedRows>, 'search' | 'setSearch' | 'filters' | 'setFilter'>;
  searchLabel: string;
  status?: { id: string; options: ReadonlyArray<readonly [value: string, label: string]> };
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <Form.Control aria-label={searchLabel} placeholder="Search" size="sm" style={{ maxWidth: 240 }} value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      {status ? (
        <>
          <Form.Label htmlFor={status.id} className="mb-0 small">
            Status
          </Form.Label>
          <Form.Select id={status.id} size="sm" style={{ maxWidth: 160 }} value={list.filters.status ?? ''} onChange={(e) => list.setFilter('status', e.target.value)}>
            {status.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </>
      ) : null}
    </div>
  );
}
