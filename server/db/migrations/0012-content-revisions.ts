import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * Revisions of content rows (decision 0015): one row per save, publish, restore; `snapshot` is
 * the JSON of the row's content after that save (fields, file paths, event speakers), `changed` the JSON
 * list of field names that differ from the revision before it.
 * Preview links (a partner can be sent one): only the SHA-256 of the random token is stored, with its expiry.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'content_revisions', {
      id: 'revision_id',
      columns: [
        { resource: 'text!', record_id: 'integer!', action: 'text!' },
        { snapshot: 'text!', changed: ['text', (c) => c.notNull().defaultTo('[]')], admin_email: 'text' },
        { created_at: 'text!' },
      ],
    });
    await db.schema
      .createIndex('content_revisions_record')
      .on('content_revisions')
      .columns(['resource', 'record_id', 'revision_id'])
      .execute();
    await createTableV1(dialect, db, 'preview_links', {
      columns: [
        { token_hash: ['text', (c) => c.primaryKey()], resource: 'text!', record_id: 'integer!' },
        { expires_at: 'text!', created_at: 'text!' },
      ],
    });
  };
}
