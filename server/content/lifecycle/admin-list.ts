/**
 * The admin list of one group (decision 0015): paging, search over the text fields, sorting by a shown
 * column and a state filter, with every state's count in one pass (decision 0030).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ResourceDef } from '../../../content/kit';
import { AppError } from '../../lib/errors';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { groupTables } from '../group-tables';

export type ListStatus = 'published' | 'draft' | 'scheduled' | 'trash' | 'all';
export const LIST_STATUSES = [
  'published',
  'draft',
  'scheduled',
  'trash',
  'all',
] as const satisfies readonly ListStatus[];

export const ADMIN_PAGE_SIZE = 50;

export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  status?: ListStatus;
  page?: number;
  perPage?: number;
  /** Only the rows this condition on the group's table keeps (the translation filter, decision 0078). */
  only?: RawBuilder<boolean>;
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive search of `q` (lower-cased) in any of the columns (SQLite and PostgreSQL alike). */
export function matchesAny(columns: readonly string[], q: string) {
  const pattern = `%${escapeLike(q)}%`;
  return sql<boolean>`(${sql.join(
    columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export function sortable(r: ResourceDef): string[] {
  return [
    r.id,
    ...Object.entries(r.fields)
      .filter(([, f]) => f.column)
      .map(([n]) => n),
    ...Object.keys(r.files),
    'status',
    'position',
    'publish_at',
    'unpublish_at',
    'deleted_at',
    'created_at',
    'updated_at',
  ];
}

export async function list(
  core: LifecycleCore,
  r: ResourceDef,
  query: ListQuery,
): Promise<{ rows: Row[]; total: number; page: number; perPage: number; counts: Record<ListStatus, number> }> {
  const status = query.status ?? 'all';
  const perPage = query.perPage ?? ADMIN_PAGE_SIZE;
  const page = query.page ?? 1;
  const sort = query.sort ?? (r.ordered ? 'position' : r.id);
  if (!sortable(r).includes(sort)) throw new AppError(400, 'This list cannot be sorted by that column.');
  const dir = query.dir ?? (r.ordered || sort !== r.id ? 'asc' : r.order);
  const text = Object.entries(r.fields)
    .filter(([, f]) => f.type === 'text' || f.type === 'longtext' || f.type === 'html')
    .map(([n]) => n);
  const q = query.q?.trim().toLowerCase() ?? '';
  const t = r.table;
  const conds = (st: ListStatus): RawBuilder<boolean>[] => {
    const out: RawBuilder<boolean>[] = [];
    out.push(
      st === 'trash'
        ? sql<boolean>`${sql.ref(`${t}.deleted_at`)} is not null`
        : sql<boolean>`${sql.ref(`${t}.deleted_at`)} is null`,
    );
    if (st === 'published') out.push(sql<boolean>`${sql.ref(`${t}.status`)} = 'published'`);
    if (st === 'draft')
      out.push(sql<boolean>`(${sql.ref(`${t}.status`)} = 'draft' or ${sql.ref(`${t}.pending_draft`)} is not null)`);
    if (st === 'scheduled')
      out.push(
        sql<boolean>`(${sql.ref(`${t}.publish_at`)} is not null or ${sql.ref(`${t}.unpublish_at`)} is not null)`,
      );
    if (q && text.length) {
      out.push(
        matchesAny(
          text.map((n) => `${t}.${n}`),
          q,
        ),
      );
    }
    if (query.only) out.push(query.only);
    return out;
  };
  // Every state's count in one pass over the table (five counting queries before: decision 0030).
  const countsQuery = groupTables(core.db)
    .selectFrom(t)
    .select(
      LIST_STATUSES.map((st) =>
        sql<number | string>`count(case when ${sql.join(conds(st), sql` and `)} then 1 end)`.as(st),
      ),
    );
  let iq = groupTables(core.db).selectFrom(t).select(`${t}.${r.id}`);
  for (const c of conds(status)) iq = iq.where(c);
  const idsQuery = iq
    .orderBy(sql`${sql.ref(`${t}.${sort}`)} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')}`)
    .orderBy(`${t}.${r.id}`, dir === 'desc' ? 'desc' : 'asc')
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [idRows, counted] = await Promise.all([idsQuery.execute(), countsQuery.executeTakeFirstOrThrow()]);
  const ids = idRows.map((x) => Number(x[r.id]));
  const rows = await core.content.readRows(core.db, r, ids);
  const byId = new Map(rows.map((x) => [Number(x[r.id]), x]));
  const countsBy = Object.fromEntries(LIST_STATUSES.map((st) => [st, Number(counted[st])])) as Record<
    ListStatus,
    number
  >;
  return {
    rows: ids.map((id) => byId.get(id)).filter((x): x is Row => !!x),
    total: countsBy[status],
    page,
    perPage,
    counts: countsBy,
  };
}
