import type { Dialect, MigrationDb } from '../schema';

/**
 * The outbox worker's lease and the reply address of a message:
 * - lease_token: which worker holds a claimed row (set with locked_until); a worker whose lease expired
 *   cannot overwrite the outcome written by the worker that took the row over.
 * - reply_to: where a reply goes (the client's address on the firm's notification of a consultation).
 * - updated_at: when the row last changed state (the admin mail log shows it).
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('mail_outbox').addColumn('lease_token', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('updated_at', 'text').execute();
    await db.schema.createIndex('mail_outbox_consultation').on('mail_outbox').column('consultation_id').execute();
  };
}
