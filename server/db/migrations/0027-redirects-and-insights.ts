import type { Dialect, MigrationDb } from '../schema';

/**
 * Redirects and privacy-first insights (decisions 0057–0059):
 * - redirects: one row per old address (`from_key` unique), to a path or an absolute URL, 301 or 302, written
 *   by a rename (`auto`) or by the administrator (`manual`); chains are collapsed when written, so every
 *   target is a final address;
 * - public_paths: the last live address of each row whose page has its own address (a rename is seen by
 *   comparing with it);
 * - not_found_daily: missing paths counted per path and day (people and bots apart), a bounded aggregate;
 * - insight_visitors: today's visitors as a salted hash (the salt lives in memory only and changes daily)
 *   with the page they landed on; rows older than 24 hours are deleted;
 * - insight_daily: the daily aggregates (page views per path, visits by referrer, campaign, device, language,
 *   landing page, consultation requests by landing page), kept for the retention of the settings.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('redirects')
      .addColumn('redirect_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('from_path', 'text', (c) => c.notNull())
      // The address compared: decoded, without a trailing slash (server/redirects/paths.ts).
      .addColumn('from_key', 'text', (c) => c.notNull().unique())
      .addColumn('to_target', 'text', (c) => c.notNull())
      // The compared form of a target on this site; null for an absolute URL elsewhere.
      .addColumn('to_key', 'text')
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('redirects_to_key').on('redirects').column('to_key').execute();

    await db.schema
      .createTable('public_paths')
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('public_paths_pk', ['resource', 'record_id'])
      .execute();

    await db.schema
      .createTable('not_found_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('bot_hits', 'integer', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .addColumn('referrer', 'text')
      .addPrimaryKeyConstraint('not_found_daily_pk', ['day', 'path'])
      .execute();

    await db.schema
      .createTable('insight_visitors')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('landing', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_visitors_pk', ['day', 'visitor'])
      .execute();
    await db.schema.createIndex('insight_visitors_seen').on('insight_visitors').column('seen_at').execute();

    await db.schema
      .createTable('insight_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('visits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_daily_pk', ['day', 'kind', 'key'])
      .execute();
  };
}
