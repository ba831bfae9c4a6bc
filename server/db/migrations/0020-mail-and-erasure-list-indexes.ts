import type { Kysely } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Indexes for the two admin lists paged on the server after the conflict list (decision 0030):
 * - `mail_outbox (status, mail_id)`: the mail log of one status (the failed messages), newest first, reads
 *   just that page and counts by this index alone; `mail_outbox (status, next_attempt_at)` stays for the
 *   worker, and the unfiltered log walks the primary key.
 * - `data_requests (kind, request_id, status)`: the erasure requests newest first (the screen's default, all
 *   confirmed ones, or one status) read in index order and stop at the page, and their count is a scan of
 *   this index alone, without the access requests or a sort (checked with EXPLAIN on SQLite and PostgreSQL).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.createIndex('mail_outbox_status_id').on('mail_outbox').columns(['status', 'mail_id']).execute();
    await db.schema.createIndex('data_requests_kind_id_status').on('data_requests').columns(['kind', 'request_id', 'status']).execute();
  };
}
