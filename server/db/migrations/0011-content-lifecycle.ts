import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/** Every content group's table (content/resources): the lifecycle columns are added to each. */
export const CONTENT_TABLES = [
  ['carousels', 'carousel_id'],
  ['calendars', 'calendar_id'],
  ['abouts', 'about_id'],
  ['case_categories', 'case_category_id'],
  ['cases', 'case_id'],
  ['case_details', 'case_details_id'],
  ['blogs', 'blog_id'],
  ['events', 'event_id'],
  ['client_reviews', 'client_review_id'],
  ['team_members', 'team_id'],
  ['faqs', 'faqs_id'],
  ['partners', 'partner_id'],
  ['ads', 'ads_id'],
  ['gallery', 'gallery_id'],
  ['vacancies', 'vacancy_id'],
] as const;

/**
 * The content lifecycle (decision 0015), on every content table:
 * - status: 'published' (on the site) or 'draft' (only in the admin). Existing rows stay published.
 * - pending_draft: JSON of the next version of a published row, saved as a draft (the live row is untouched).
 * - deleted_at: set while the row is in the trash (off every public read; purged after the retention).
 * - publish_at / unpublish_at: ISO times the scheduler acts on.
 * - position: the order the firm set (existing rows keep their id order).
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    for (const [table, id] of CONTENT_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .execute();
      await db.schema.alterTable(table).addColumn('pending_draft', 'text').execute();
      await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('unpublish_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('position', 'integer').execute();
      await sql`update ${sql.table(table)} set position = ${sql.ref(id)}`.execute(db);
      await db.schema.createIndex(`${table}_visible`).on(table).columns(['status', 'deleted_at']).execute();
    }
  };
}
