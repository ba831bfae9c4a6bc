import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Alt text beside every image (decision 0024): for every image or media file field of every
 * content group, a `<field>_alt` text column, and per row `alt_flagged` (1 when the alt text was defaulted from
 * the title). Rows that already have an image get their title as alt text and are flagged for review.
 *
 * The list below is the declarations' image fields as they stood when this migration landed, written out so
 * that the migration never changes afterwards: a group or image field declared later adds its own columns in
 * its own migration (docs/adding-a-content-group.md).
 */
const IMAGE_FIELDS: readonly { table: string; title: string | null; field: string; fallback: string }[] = [
  { table: 'carousels', title: null, field: 'carousel_image', fallback: 'Carousel image' },
  { table: 'calendars', title: null, field: 'calendar_img', fallback: 'Calendar image' },
  { table: 'abouts', title: null, field: 'about_img', fallback: 'About image' },
  { table: 'case_categories', title: 'case_name', field: 'case_image', fallback: 'Case category image' },
  { table: 'blogs', title: 'title', field: 'blog_image', fallback: 'Blog image' },
  { table: 'events', title: 'event_title', field: 'event_image', fallback: 'Event image or video' },
  { table: 'partners', title: 'partner_name', field: 'partner_image', fallback: 'Partner logo' },
  { table: 'ads', title: null, field: 'ads_image', fallback: 'Ad image' },
  { table: 'gallery', title: 'title', field: 'gallery_image', fallback: 'Gallery item image' },
];

export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const { table, title, field, fallback } of IMAGE_FIELDS) {
      await db.schema.alterTable(table).addColumn(`${field}_alt`, 'text').execute();
      await db.schema
        .alterTable(table)
        .addColumn('alt_flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const value = title ? sql`coalesce(nullif(trim(${sql.ref(title)}), ''), ${fallback})` : sql`${fallback}`;
      await sql`update ${sql.table(table)} set ${sql.ref(`${field}_alt`)} = ${value}, ${sql.ref('alt_flagged')} = 1
        where ${sql.ref(field)} is not null and ${sql.ref(field)} <> ''`.execute(db);
    }
  };
}
