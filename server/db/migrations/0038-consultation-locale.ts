import type { Dialect, MigrationDb } from '../schema';

/**
 * The language a consultation request was made in (decision 0071): the client's mails and link pages use it,
 * the firm's mails stay English. Null for requests made without one (the spec's call), which read as English.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('consultations').addColumn('locale', 'text').execute();
  };
}
