import type { Kysely } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Indexes for the admin tables at scale (decision 0030):
 * - `consultations (status, consultation_id)` replaces `consultations (status)`: the inbox's page of one
 *   status, newest first, reads just that page's entries (SQLite's old index held the row id implicitly;
 *   PostgreSQL's did not, so it read and sorted every request of the status), and the count per status
 *   stays a scan of this index alone.
 * - `conflict_parties (name)`: the conflict list in name order without sorting the whole table.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.createIndex('consultations_status_id').on('consultations').columns(['status', 'consultation_id']).execute();
    await db.schema.dropIndex('consultations_status').execute();
    await db.schema.createIndex('conflict_parties_name').on('conflict_parties').column('name').execute();
  };
}
