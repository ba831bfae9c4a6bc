import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * The CDN purge queue (decision 0048): the surrogate keys a content change touched, kept until the CDN's
 * purge API accepted them. Claimed with a lease (locked_until + lease_token) like the mail outbox, so several
 * instances never send one row twice; retried with backoff; a restart finds the rows still waiting.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'cdn_purges', {
      id: 'purge_id',
      columns: [
        {
          keys: 'text!',
          status: 'text!',
          attempts: ['integer', (c) => c.notNull().defaultTo(0)],
          next_attempt_at: 'text!',
        },
        { locked_until: 'text', lease_token: 'text', last_error: 'text', created_at: 'text!' },
      ],
    });
    await db.schema.createIndex('cdn_purges_due').on('cdn_purges').columns(['status', 'next_attempt_at']).execute();
  };
}
