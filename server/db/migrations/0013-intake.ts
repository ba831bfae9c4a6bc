import type { Dialect, MigrationDb } from '../schema';

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
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    for (const col of ['slot_start', 'opposing_party', 'decision_note', 'conflict', 'consent_version', 'reminder_queued_at', 'confirmed_at']) {
      await db.schema.alterTable('consultations').addColumn(col, 'text').execute();
    }
    await db.schema.createIndex('consultations_email').on('consultations').column('email').execute();
    await db.schema.createIndex('consultations_status_requested').on('consultations').columns(['status', 'requested_at']).execute();

    await db.schema
      .createTable('consultation_slot_seats')
      .addColumn('slot_start', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('consultation_id', 'integer', (c) => c.notNull().unique().references('consultations.consultation_id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('consultation_slot_seats_pk', ['slot_start', 'seat'])
      .execute();

    await db.schema
      .createTable('signed_link_uses')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('conflict_parties')
      .addColumn('party_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  };
}
