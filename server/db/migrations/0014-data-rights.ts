import type { Dialect, MigrationDb } from '../schema';

/**
 * Data rights under the DPDP Act (decision 0018): a visitor's request for a copy of their data or its erasure.
 * The address is kept only while the request is open; a completed erasure keeps its SHA-256 alone.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('data_requests')
      .addColumn('request_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('email_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'text')
      .addColumn('due_at', 'text')
      .addColumn('hold_reason', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('removed', 'integer')
      .execute();
    await db.schema.createIndex('data_requests_status').on('data_requests').columns(['status', 'due_at']).execute();
  };
}
