import type { Dialect, MigrationDb } from '../schema';

/**
 * The request id of the call that wrote an audit entry or queued a message (decision 0053): the same id the
 * answer carried in `X-Request-Id` and every log line of that request, so one visitor's booking can be
 * followed from the request to its mails across instances.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('audit_log').addColumn('request_id', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('request_id', 'text').execute();
  };
}
