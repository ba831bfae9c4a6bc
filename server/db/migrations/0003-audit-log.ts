import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/** Every administrator write: who, what, which record, when, from which address. */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'audit_log', {
      id: 'audit_id',
      columns: [
        { admin_id: 'integer', admin_email: 'text!', action: 'text!', target: 'text!', record_id: 'text' },
        { summary: ['text', (c) => c.notNull().defaultTo('')], ip: 'text' },
        { created_at: ['text', (c) => c.notNull().defaultTo(sql`''`)] },
      ],
    });
    await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  };
}
