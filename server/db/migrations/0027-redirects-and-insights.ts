import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

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
  return async (db: MigrationDb): Promise<void> => {
    // from_key: the address compared, decoded, without a trailing slash (server/redirects/paths.ts); to_key: the
    // compared form of a target on this site, null for an absolute URL elsewhere.
    await createTableV1(dialect, db, 'redirects', {
      id: 'redirect_id',
      columns: [
        { from_path: 'text!', from_key: ['text', (c) => c.notNull().unique()], to_target: 'text!', to_key: 'text' },
        { status_code: 'integer!', kind: 'text!', note: 'text', created_at: 'text!', updated_at: 'text!' },
      ],
    });
    await db.schema.createIndex('redirects_to_key').on('redirects').column('to_key').execute();

    await createTableV1(dialect, db, 'public_paths', {
      columns: [{ resource: 'text!', record_id: 'integer!', path: 'text!' }],
      primaryKey: ['public_paths_pk', ['resource', 'record_id']],
    });

    await createTableV1(dialect, db, 'not_found_daily', {
      columns: [
        { day: 'text!', path: 'text!', hits: 'integer!', bot_hits: 'integer!', last_seen: 'text!', referrer: 'text' },
      ],
      primaryKey: ['not_found_daily_pk', ['day', 'path']],
    });

    await createTableV1(dialect, db, 'insight_visitors', {
      columns: [{ day: 'text!', visitor: 'text!', landing: 'text!', seen_at: 'text!' }],
      primaryKey: ['insight_visitors_pk', ['day', 'visitor']],
    });
    await db.schema.createIndex('insight_visitors_seen').on('insight_visitors').column('seen_at').execute();

    await createTableV1(dialect, db, 'insight_daily', {
      columns: [{ day: 'text!', kind: 'text!', key: 'text!', views: 'integer!', visits: 'integer!' }],
      primaryKey: ['insight_daily_pk', ['day', 'kind', 'key']],
    });
  };
}
