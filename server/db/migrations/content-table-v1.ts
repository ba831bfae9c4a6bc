import type { Dialect, MigrationDb } from '../schema';

/** A column of a content table as a migration writes it: its SQL kind and whether a row must have it. */
export interface ContentColumnV1 {
  kind: 'text' | 'integer';
  required?: boolean;
}

/**
 * Creates a content group's table as every group has it (decision 0075), for a group migration to call:
 * the id, the group's own columns, created_at / updated_at, the lifecycle's columns (drafts, trash, schedule,
 * order: decision 0015) and the index public reads use. Frozen: a migration that has landed keeps calling
 * this version, so changing a declaration (or this product's later habits) never changes an old migration;
 * a different shape is a new `content-table-v2.ts`. It takes the columns written out, never a declaration.
 */
export function createContentTableV1(
  dialect: Dialect,
  spec: { table: string; id: string; columns: Readonly<Record<string, ContentColumnV1>> },
) {
  return async (db: MigrationDb): Promise<void> => {
    let t = db.schema
      .createTable(spec.table)
      .addColumn(spec.id, dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
    for (const [name, col] of Object.entries(spec.columns)) t = t.addColumn(name, col.kind, (c) => (col.required ? c.notNull() : c));
    await t
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('pending_draft', 'text')
      .addColumn('deleted_at', 'text')
      .addColumn('publish_at', 'text')
      .addColumn('unpublish_at', 'text')
      .addColumn('position', 'integer')
      .execute();
    await db.schema.createIndex(`${spec.table}_visible`).on(spec.table).columns(['status', 'deleted_at']).execute();
  };
}
