import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * Translations of content rows (decision 0076): one row per group row and locale, with its own state
 * (draft or published), the live translated fields, a pending draft over a published translation, and
 * the hash of the English text it was made from (a later English change makes it outdated).
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'content_translations', {
      id: 'translation_id',
      columns: [
        { resource: 'text!', record_id: 'integer!' },
        { locale: 'text!', status: 'text!', fields: 'text!', pending_draft: 'text', source_hash: 'text!' },
        { machine: ['integer', (c) => c.notNull().defaultTo(0)], created_at: 'text!', updated_at: 'text!' },
        { updated_by: 'text' },
      ],
    });
    await db.schema
      .createIndex('content_translations_row_locale')
      .unique()
      .on('content_translations')
      .columns(['resource', 'record_id', 'locale'])
      .execute();
  };
}
