import type { Dialect, MigrationDb } from '../schema';

/**
 * The CDN purge queue (decision 0048): the surrogate keys a content change touched, kept until the CDN's
 * purge API accepted them. Claimed with a lease (locked_until + lease_token) like the mail outbox, so several
 * instances never send one row twice; retried with backoff; a restart finds the rows still waiting.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('cdn_purges')
      .addColumn('purge_id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('keys', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('lease_token', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cdn_purges_due').on('cdn_purges').columns(['status', 'next_attempt_at']).execute();
  };
}
