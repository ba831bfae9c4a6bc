import type { Dialect, MigrationDb } from '../schema';

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
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('lawyers')
      .addColumn('lawyer_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('work_email', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('video', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('offices', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('practice_areas', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('hours', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('feed_token', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lawyer_slot_seats')
      .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.lawyer_id').onDelete('cascade'))
      .addColumn('slot_start', 'text', (c) => c.notNull())
      .addColumn('consultation_id', 'integer', (c) =>
        c.notNull().unique().references('consultations.consultation_id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lawyer_slot_seats_pk', ['lawyer_id', 'slot_start'])
      .execute();

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

    await db.schema
      .createTable('lawyer_feed_events')
      .addColumn('lawyer_id', 'integer', (c) => c.notNull().references('lawyers.lawyer_id').onDelete('cascade'))
      .addColumn('consultation_id', 'integer', (c) =>
        c.notNull().references('consultations.consultation_id').onDelete('cascade'),
      )
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lawyer_feed_events_pk', ['lawyer_id', 'consultation_id'])
      .execute();
  };
}
