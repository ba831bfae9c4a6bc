import type { Dialect, MigrationDb } from '../schema';
import { createTableV1, type ColumnV1 } from './helpers-v1';

/**
 * Intake (decision 0017), bookings and the confirmation flow:
 * - consultations gain the booked slot, the opposing party, the decision note, the conflict found, the
 *   version of the privacy notice consented to, when the reminder was queued and when it was confirmed;
 * - consultation_slot_seats: one row per taken place of a slot; the primary key (slot_start, seat) with
 *   seat ≤ capacity is what keeps a slot from ever holding more bookings than its capacity, whatever
 *   the number of processes writing at once;
 * - signed_link_uses: the nonce of every signed link that was used (a link works once);
 * - conflict_parties: the firm's clients and adverse parties for the conflict check.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    for (const col of [
      'slot_start',
      'opposing_party',
      'decision_note',
      'conflict',
      'consent_version',
      'reminder_queued_at',
      'confirmed_at',
    ]) {
      await db.schema.alterTable('consultations').addColumn(col, 'text').execute();
    }
    await db.schema.createIndex('consultations_email').on('consultations').column('email').execute();
    await db.schema
      .createIndex('consultations_status_requested')
      .on('consultations')
      .columns(['status', 'requested_at'])
      .execute();

    const booking: ColumnV1 = [
      'integer',
      (c) => c.notNull().unique().references('consultations.consultation_id').onDelete('cascade'),
    ];
    await createTableV1(dialect, db, 'consultation_slot_seats', {
      columns: [{ slot_start: 'text!', seat: 'integer!', consultation_id: booking, created_at: 'text!' }],
      primaryKey: ['consultation_slot_seats_pk', ['slot_start', 'seat']],
    });

    await createTableV1(dialect, db, 'signed_link_uses', {
      columns: [{ nonce: ['text', (c) => c.primaryKey()], purpose: 'text!', used_at: 'text!', expires_at: 'text!' }],
    });

    await createTableV1(dialect, db, 'conflict_parties', {
      id: 'party_id',
      columns: [
        { name: 'text!', kind: 'text!', email: 'text', phone: 'text', note: 'text' },
        { created_at: 'text!', updated_at: 'text!' },
      ],
    });
  };
}
