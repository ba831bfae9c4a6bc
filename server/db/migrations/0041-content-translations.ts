import type { Dialect, MigrationDb } from '../schema';

/**
 * Translations of content rows (decision 0076): one row per group row and locale, with its own state
 * (draft or published), the live translated fields, a pending draft over a published translation, and
 * the hash of the English text it was made from (a later English change makes it outdated).
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('content_translations')
      .addColumn('translation_id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('pending_draft', 'text')
      .addColumn('source_hash', 'text', (c) => c.notNull())
      .addColumn('machine', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createIndex('content_translations_row_locale')
      .unique()
      .on('content_translations')
      .columns(['resource', 'record_id', 'locale'])
      .execute();
  };
}
