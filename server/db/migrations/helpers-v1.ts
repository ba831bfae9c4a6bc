import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/**
 * A column as a migration writes it: `'text'` / `'integer'` (may be null), `'text!'` / `'integer!'` (not null),
 * or its SQL kind with Kysely's column builder for anything more (a default, a reference, unique).
 */
export type ColumnV1 =
  | 'text'
  | 'text!'
  | 'integer'
  | 'integer!'
  | readonly ['text' | 'integer' | 'bigint', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

const nullable = (c: ColumnDefinitionBuilder) => c;
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const SHORT = {
  text: ['text', nullable],
  'text!': ['text', notNull],
  integer: ['integer', nullable],
  'integer!': ['integer', notNull],
} as const;

export interface TableV1 {
  /** The auto-numbered id, the first column: serial on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
  id?: string;
  /** The columns in their order, in groups (one group a line keeps a long table readable). */
  columns: readonly Readonly<Record<string, ColumnV1>>[];
  /** A primary key over several columns: the constraint's name and its columns. */
  primaryKey?: readonly [string, readonly string[]];
}

/**
 * Creates a table as the migrations since the first have written them by hand (decision 0101): the id, the
 * columns in order, a composite primary key. Frozen: a landed migration keeps calling this version, and
 * tests/ops/migration-schema.test.ts holds every landed migration to the SQL it sent when it landed; a
 * different habit is a new `createTableV2`, never an edit here.
 */
export async function createTableV1(dialect: Dialect, db: MigrationDb, table: string, spec: TableV1): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema.createTable(table);
  if (spec.id) {
    t = t.addColumn(spec.id, dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  }
  for (const group of spec.columns) {
    for (const [name, column] of Object.entries(group)) {
      const [kind, build] = typeof column === 'string' ? SHORT[column] : column;
      t = t.addColumn(name, kind, build);
    }
  }
  if (spec.primaryKey) t = t.addPrimaryKeyConstraint(spec.primaryKey[0], [...spec.primaryKey[1]]);
  await t.execute();
}
