import { useMemo, useState } from 'react';
import { Button, Form, Pagination, Table } from 'react-bootstrap';
import { EditIcon, TrashIcon } from './icons';

export const PAGE_SIZE = 20;

export interface Column<R> {
  key: string;
  header: string;
  render(row: R, index: number): React.ReactNode;
  /** Text used by the search box. */
  text?(row: R): string;
}

/**
 * The management table: S.No first, the declared columns, then the edit and delete icons. Past 20 rows
 * it gains a search box and pagination.
 */
export function DataTable<R>(props: {
  caption: string;
  rows: R[];
  columns: Column<R>[];
  rowKey(row: R): string | number;
  /** Name of a row for the icons' accessible labels. */
  rowLabel(row: R, sno: number): string;
  onEdit(row: R): void;
  onDelete(row: R): void;
  emptyText: string;
  loading?: boolean;
  extraActions?(row: R, sno: number): React.ReactNode;
}) {
  const { rows, columns } = props;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const large = rows.length > PAGE_SIZE;

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const numbered = rows.map((row, i) => ({ row, sno: i + 1 }));
    if (!large || !q) return numbered;
    return numbered.filter(({ row, sno }) =>
      [String(sno), ...columns.map((c) => (c.text ? c.text(row) : ''))].join(' ').toLowerCase().includes(q),
    );
  }, [rows, columns, query, large]);

  const pages = large ? Math.max(1, Math.ceil(filtered.length / PAGE_SIZE)) : 1;
  const current = Math.min(page, pages);
  const visible = large ? filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) : filtered;

  return (
    <div>
      {large ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <Form.Label htmlFor="admin-table-search" className="mb-0">
            Search
          </Form.Label>
          <Form.Control
            id="admin-table-search"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            style={{ maxWidth: 320 }}
          />
          <span className="text-body-secondary small" aria-live="polite">
            {filtered.length} of {rows.length} rows
          </span>
        </div>
      ) : null}
      <div className="table-responsive">
        <Table bordered hover className="align-middle admin-table">
          <caption className="visually-hidden">{props.caption}</caption>
          <thead className="table-light">
            <tr>
              <th scope="col">S.No</th>
              {columns.map((c) => (
                <th scope="col" key={c.key}>
                  {c.header}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {props.loading && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="text-center">
                  Loading...
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="text-center">
                  {rows.length === 0 ? props.emptyText : 'No rows match the search.'}
                </td>
              </tr>
            ) : (
              visible.map(({ row, sno }) => (
                <tr key={props.rowKey(row)}>
                  <td>{sno}</td>
                  {columns.map((c) => (
                    <td key={c.key}>{c.render(row, sno - 1)}</td>
                  ))}
                  <td className="text-nowrap">
                    {props.extraActions?.(row, sno)}
                    <Button
                      variant="outline-primary"
                      size="sm"
                      className="me-2"
                      onClick={() => props.onEdit(row)}
                      aria-label={`Edit ${props.rowLabel(row, sno)}`}
                      title="Edit"
                    >
                      <EditIcon />
                    </Button>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => props.onDelete(row)}
                      aria-label={`Delete ${props.rowLabel(row, sno)}`}
                      title="Delete"
                    >
                      <TrashIcon />
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      {large && pages > 1 ? (
        <nav aria-label="Table pages">
          <Pagination className="flex-wrap">
            <Pagination.Prev disabled={current === 1} onClick={() => setPage(current - 1)} aria-label="Previous page" />
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <Pagination.Item key={n} active={n === current} onClick={() => setPage(n)} aria-label={`Page ${n}`}>
                {n}
              </Pagination.Item>
            ))}
            <Pagination.Next disabled={current === pages} onClick={() => setPage(current + 1)} aria-label="Next page" />
          </Pagination>
        </nav>
      ) : null}
    </div>
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
