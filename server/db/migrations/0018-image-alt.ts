import { sql, type Kysely } from 'kysely';
import { ALT_FLAG, altColumn, altFileFields, defaultAlt, titleFieldOf } from '../../../content/alt';
import { resources } from '../../../content/resources/index';
import type { Dialect } from '../index';

/**
 * Alt text beside every image (issue 14 item 8, decision 0024): for every image or media file field of every
 * content group, a `<field>_alt` text column, and per row `alt_flagged` (1 when the alt text was defaulted from
 * the title). Rows that already have an image get their title as alt text and are flagged for review.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const r of resources) {
      const fields = altFileFields(r);
      if (!fields.length) continue;
      for (const field of fields) await db.schema.alterTable(r.table).addColumn(altColumn(field), 'text').execute();
      await db.schema
        .alterTable(r.table)
        .addColumn(ALT_FLAG, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const title = titleFieldOf(r);
      for (const field of fields) {
        // The default is the row's title; a row without one gets the group's name and the field's label.
        const fallback = defaultAlt(r, field, {});
        const value = title
          ? sql`coalesce(nullif(trim(${sql.ref(title)}), ''), ${fallback})`
          : sql`${fallback}`;
        await sql`update ${sql.table(r.table)} set ${sql.ref(altColumn(field))} = ${value}, ${sql.ref(ALT_FLAG)} = 1
          where ${sql.ref(field)} is not null and ${sql.ref(field)} <> ''`.execute(db);
      }
    }
  };
}
