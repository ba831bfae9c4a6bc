import type { Dialect, MigrationDb } from '../schema';

/**
 * Revisions of content rows (decision 0015): one row per save, publish, restore; `snapshot` is
 * the JSON of the row's content after that save (fields, file paths, event speakers), `changed` the JSON
 * list of field names that differ from the revision before it.
 * Preview links (a partner can be sent one): only the SHA-256 of the random token is stored, with its expiry.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('content_revisions')
      .addColumn('revision_id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('changed', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('admin_email', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('content_revisions_record')
      .on('content_revisions')
      .columns(['resource', 'record_id', 'revision_id'])
      .execute();
    await db.schema
      .createTable('preview_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  };
}
