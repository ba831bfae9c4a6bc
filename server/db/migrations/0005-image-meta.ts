import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/**
 * Dimensions of every stored public image and the widths of its WebP variants (decision 0005): public pages
 * give each <img> its width and height (no layout shift) and a srcset of the variants that exist.
 * Keyed by the original's stored path; `widths` is a comma-separated list ('480,960,1600' or '').
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('image_meta')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('widths', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`''`))
      .execute();
  };
}
