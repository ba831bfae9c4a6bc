import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * WhatsApp updates, opt-in (decisions 0072, 0073): the number a client asked to be updated at, a channel
 * on the outbox (email or whatsapp: one durable queue, one log), the Cloud API's message id and its last
 * delivery status, the numbers that answered STOP, and the webhook's status events.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('consultations').addColumn('whatsapp_to', 'text').execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
      .execute();
    await db.schema.alterTable('mail_outbox').addColumn('external_id', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('external_status', 'text').execute();
    await db.schema.createIndex('mail_outbox_external_id').on('mail_outbox').column('external_id').execute();
    await createTableV1(dialect, db, 'whatsapp_optouts', {
      columns: [{ phone: ['text', (c) => c.primaryKey()], created_at: 'text!' }],
    });
    await createTableV1(dialect, db, 'whatsapp_events', {
      id: 'event_id',
      columns: [
        {
          external_id: 'text',
          phone: 'text!',
          kind: 'text!',
          status: 'text!',
          occurred_at: 'text',
          received_at: 'text!',
        },
      ],
    });
    await db.schema.createIndex('whatsapp_events_external_id').on('whatsapp_events').column('external_id').execute();
  };
}
