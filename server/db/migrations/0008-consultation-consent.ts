import type { Dialect, MigrationDb } from '../schema';

/**
 * The consent of the Book Consultation form (decision 0011): when the visitor confirmed that submitting the
 * form does not create a lawyer–client relationship, as an ISO time like every stored time. Nullable:
 * requests stored before the consent existed have none (the inbox shows 'No consent recorded').
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('consultations').addColumn('consent_at', 'text').execute();
  };
}
