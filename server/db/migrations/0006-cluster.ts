import type { Dialect, MigrationDb } from '../schema';

/**
 * State shared by several server instances on one database (decision 0007):
 * - content_version: one row whose version is bumped in the same transaction as every content or
 *   settings write; each instance compares it with the version it last saw before serving a cached
 *   page or cached settings, and drops its caches when it moved.
 * - rate_limits: request counters of the rate-limited calls (sign-in, consultation form, assistant),
 *   one row per route and client, with the end of its window in epoch milliseconds.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('content_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('content_version').values({ id: 1, version: 0 }).execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();
  };
}
