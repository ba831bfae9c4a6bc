import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * The hash of each content row's English translatable text as it is now (decision 0106), beside its group's
 * table: the admin's translation filter and the dashboard's work list compare it with the translations'
 * `source_hash` in SQL. `shape` names the translatable fields the hash was taken over. Made empty: the hashes
 * are the live code's (a frozen migration cannot compute them), written by every content write and filled in
 * by the translation service for rows that have none yet.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'content_source_hashes', {
      columns: [{ resource: 'text!', record_id: 'integer!', hash: 'text!', shape: 'text!' }],
      primaryKey: ['content_source_hashes_pk', ['resource', 'record_id']],
    });
  };
}
