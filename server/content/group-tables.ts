/**
 * The one place a content group's table is reached by the name its declaration gives (decision 0102).
 *
 * `Database` (server/database.ts) types every declared group's table, so code that names its group
 * (`db.selectFrom(about.table)`) is typed column by column. Code written once for every group (the content
 * service, its lifecycle, translations, redirects) holds a `ResourceDef` whose `table` is only a string, and
 * a group may be registered at run time (tests/content/content-group-kit.test.ts), so no static type names
 * its table. Such code reads the group's table through `groupTables(db)`: the same connection or
 * transaction, with every other table still typed as `Database` says, plus any table by name whose row is
 * the columns a content migration makes (text, a whole number or null). It is Kysely's `withTables`, not a
 * cast. Rows read there are `StoredRow`s; the content service's reads give the caller the declaration's
 * row type (`ReadRowOf<R>`) in one place, `declared()` in service.ts.
 */
import type { Kysely } from 'kysely';
import type { ColumnValue } from '../../content/kit';
import type { Database } from '../database';

/** A stored row of a group's table (or of a nested list's table) read by column name. */
export interface StoredRow {
  [column: string]: ColumnValue;
}

/** Any table by name, with a stored row's columns: a group's or a nested list's (named by its declaration). */
export interface GroupTables {
  [table: string]: StoredRow;
}

/** A connection or transaction viewed with the group tables beside the typed ones. */
export type GroupDb = ReturnType<typeof groupTables>;

/**
 * The same connection (a transaction stays that transaction) with the group tables by name. Start
 * transactions and call typed helpers on the `Database` handle itself; take this view for the query only.
 */
export function groupTables(db: Kysely<Database>) {
  return db.withTables<GroupTables>();
}
