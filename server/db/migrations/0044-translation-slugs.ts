import type { Dialect, MigrationDb } from '../schema';

/**
 * A translation's own slug (decision 0082): the row's address in that locale (an event's `/ml/events/{slug}`),
 * null where the English one is used; the slug of a pending draft beside it. Looked up by locale and slug.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('content_translations').addColumn('slug', 'text').execute();
    await db.schema.alterTable('content_translations').addColumn('pending_slug', 'text').execute();
    await db.schema.createIndex('content_translations_slug').on('content_translations').columns(['resource', 'locale', 'slug']).execute();
  };
}
