import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema';

/**
 * An erasure (and a data-access copy) finds a visitor's requests by `lower(email)` and their stored mail by
 * `lower(to_address)`, so that "Anita@Client.test" and "anita@client.test" are one person. The plain
 * `consultations (email)` index of migration 0013 cannot serve `lower(email)`, so every erasure read the
 * whole of both tables: with 10,000 requests and 20,000 mails, 500 erasures falling due at once held the
 * event loop for seconds. Expression indexes on both (SQLite and PostgreSQL alike) make each lookup an index
 * search.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.createIndex('consultations_email_lower').on('consultations').expression(sql`lower(email)`).execute();
    await db.schema.createIndex('mail_outbox_to_lower').on('mail_outbox').expression(sql`lower(to_address)`).execute();
  };
}
