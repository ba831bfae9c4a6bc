import type { Dialect, MigrationDb } from '../schema';
import { createTableV1 } from './helpers-v1';

/**
 * Data rights under the DPDP Act (decision 0018): a visitor's request for a copy of their data or its erasure.
 * The address is kept only while the request is open; a completed erasure keeps its SHA-256 alone.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await createTableV1(dialect, db, 'data_requests', {
      id: 'request_id',
      columns: [
        { kind: 'text!', email: 'text', email_hash: 'text!', status: 'text!' },
        { created_at: 'text!', verified_at: 'text', due_at: 'text', hold_reason: 'text' },
        { completed_at: 'text', removed: 'integer' },
      ],
    });
    await db.schema.createIndex('data_requests_status').on('data_requests').columns(['status', 'due_at']).execute();
  };
}
