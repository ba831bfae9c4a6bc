import type { Dialect, MigrationDb } from '../schema';

/**
 * WhatsApp updates, opt-in (decisions 0072, 0073): the number a client asked to be updated at, a channel
 * on the outbox (email or whatsapp: one durable queue, one log), the Cloud API's message id and its last
 * delivery status, the numbers that answered STOP, and the webhook's status events.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('consultations').addColumn('whatsapp_to', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('channel', 'text', (c) => c.notNull().defaultTo('email')).execute();
    await db.schema.alterTable('mail_outbox').addColumn('external_id', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('external_status', 'text').execute();
    await db.schema.createIndex('mail_outbox_external_id').on('mail_outbox').column('external_id').execute();
    await db.schema
      .createTable('whatsapp_optouts')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('whatsapp_events')
      .addColumn('event_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('external_id', 'text')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('whatsapp_events_external_id').on('whatsapp_events').column('external_id').execute();
  };
}
