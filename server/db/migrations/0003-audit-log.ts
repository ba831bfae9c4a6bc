import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/** Every administrator write: who, what, which record, when, from which address. */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('audit_log')
      .addColumn('audit_id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('admin_id', 'integer')
      .addColumn('admin_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text')
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`''`))
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  };
}
