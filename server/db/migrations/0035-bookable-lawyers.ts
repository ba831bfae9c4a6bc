import type { Dialect, MigrationDb } from '../schema';
import { createTableV1, type ColumnV1 } from './helpers-v1';

/**
 * Bookable lawyers and routing (decision 0067):
 * - lawyers: the booking side of a lawyer, a group of its own beside the legal-team profiles (offices,
 *   practice areas as case-category ids, weekly hours per office, video, work email, on/off, the
 *   private calendar feed's token);
 * - lawyer_slot_seats: one row per live booking of a lawyer; the primary key (lawyer_id, slot_start) is
 *   what keeps a lawyer from ever being booked twice at one time, whatever the number of writers;
 * - consultations gain the assigned lawyer, the office, the mode, the practice area and the video room;
 * - lawyer_feed_events: what each lawyer's calendar feed shows of a consultation, with its SEQUENCE.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    const lawyer: ColumnV1 = ['integer', (c) => c.notNull().references('lawyers.lawyer_id').onDelete('cascade')];
    const booking = (unique: boolean): ColumnV1 => [
      'integer',
      (c) =>
        (unique ? c.notNull().unique() : c.notNull()).references('consultations.consultation_id').onDelete('cascade'),
    ];
    const defaultTo = <K extends 'integer' | 'text'>(kind: K, value: number | string): ColumnV1 => [
      kind,
      (c) => c.notNull().defaultTo(value),
    ];
    await createTableV1(dialect, db, 'lawyers', {
      id: 'lawyer_id',
      columns: [
        { name: 'text!', work_email: 'text!', active: defaultTo('integer', 1), video: defaultTo('integer', 0) },
        { offices: defaultTo('text', '[]'), practice_areas: defaultTo('text', '[]'), hours: defaultTo('text', '{}') },
        { feed_token: ['text', (c) => c.unique()], created_at: 'text!', updated_at: 'text!' },
      ],
    });

    await createTableV1(dialect, db, 'lawyer_slot_seats', {
      columns: [{ lawyer_id: lawyer, slot_start: 'text!', consultation_id: booking(true), created_at: 'text!' }],
      primaryKey: ['lawyer_slot_seats_pk', ['lawyer_id', 'slot_start']],
    });

    for (const col of ['office', 'mode', 'video_room']) {
      await db.schema.alterTable('consultations').addColumn(col, 'text').execute();
    }
    for (const col of ['lawyer_id', 'practice_area_id']) {
      await db.schema.alterTable('consultations').addColumn(col, 'integer').execute();
    }
    await db.schema
      .createIndex('consultations_lawyer_slot')
      .on('consultations')
      .columns(['lawyer_id', 'slot_start'])
      .execute();

    await createTableV1(dialect, db, 'lawyer_feed_events', {
      columns: [
        {
          lawyer_id: lawyer,
          consultation_id: booking(false),
          sequence: 'integer!',
          status: 'text!',
          changed_at: 'text!',
        },
      ],
      primaryKey: ['lawyer_feed_events_pk', ['lawyer_id', 'consultation_id']],
    });
  };
}
