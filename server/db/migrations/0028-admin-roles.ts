import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/**
 * Staff roles (decision 0040): admin, editor or intake. Every account that existed before is an
 * administrator, as the spec's single role was.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .alterTable('admins')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo(sql`'admin'`))
      .execute();
  };
}
