import type { Dialect, MigrationDb } from '../schema';

/**
 * The English text a translation was made from (decision 0078): JSON of the translatable fields as they were
 * when the translation was saved or confirmed, so the translation editor can show what changed in English
 * since. Null for translations saved before, whose editor shows the English text as it is now.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('content_translations').addColumn('source_fields', 'text').execute();
  };
}
