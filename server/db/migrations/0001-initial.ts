import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';
import { createTableV1, type ColumnV1 } from './helpers-v1';

export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    const now =
      dialect === 'postgres'
        ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
        : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
    // A time column that defaults to the moment the row is written.
    const stamp: ColumnV1 = ['text', (c) => c.notNull().defaultTo(now)];
    const table = (name: string, id: string, ...columns: Readonly<Record<string, ColumnV1>>[]) =>
      createTableV1(dialect, db, name, { id, columns });
    const stamped = (name: string, id: string, columns: Readonly<Record<string, ColumnV1>>) =>
      table(name, id, columns, { created_at: stamp, updated_at: stamp });
    const adminRef: ColumnV1 = ['integer', (c) => c.notNull().references('admins.admin_id').onDelete('cascade')];
    const categoryRef: ColumnV1 = ['integer', (c) => c.notNull().references('case_categories.case_category_id')];
    const emptyText: ColumnV1 = ['text', (c) => c.notNull().defaultTo('')];

    await table(
      'admins',
      'admin_id',
      {
        email: ['text', (c) => c.notNull().unique()],
        password_hash: 'text!',
        failed_logins: ['integer', (c) => c.notNull().defaultTo(0)],
      },
      { locked_until: 'text', password_changed_at: 'text', created_at: stamp },
    );

    await createTableV1(dialect, db, 'sessions', {
      columns: [
        { session_id: ['text', (c) => c.primaryKey()], admin_id: adminRef, created_at: 'text!', expires_at: 'text!' },
        { last_seen_at: 'text!', ip: 'text', user_agent: 'text' },
      ],
    });
    await db.schema.createIndex('sessions_admin').on('sessions').column('admin_id').execute();

    await createTableV1(dialect, db, 'settings', {
      columns: [
        {
          key: ['text', (c) => c.primaryKey()],
          value: 'text!',
          updated_at: stamp,
        },
      ],
    });

    await stamped('carousels', 'carousel_id', { carousel_image: 'text!' });
    await stamped('calendars', 'calendar_id', { calendar_img: 'text!' });
    await stamped('abouts', 'about_id', { about_img: 'text!' });
    await stamped('case_categories', 'case_category_id', { case_name: 'text!', case_image: 'text' });
    await stamped('cases', 'case_id', { case_title_name: 'text!', case_category_id: categoryRef });
    await db.schema.createIndex('cases_category').on('cases').column('case_category_id').execute();
    await stamped('case_details', 'case_details_id', {
      case_category_id: categoryRef,
      case_id: ['integer', (c) => c.notNull().references('cases.case_id')],
      case_content: 'text',
      case_file: 'text',
    });
    await db.schema.createIndex('case_details_case').on('case_details').column('case_id').execute();
    await stamped('blogs', 'blog_id', {
      title: 'text!',
      case_category_id: categoryRef,
      description: 'text',
      blog_image: 'text!',
      blog_file: 'text',
    });
    await stamped('events', 'event_id', {
      event_title: 'text!',
      event_description: 'text!',
      event_image: 'text!',
      event_start_date: 'text',
      event_start_time: 'text',
      event_end_date: 'text',
      event_end_time: 'text',
      event_address: 'text',
    });
    await table(
      'event_speakers',
      'speaker_id',
      {
        event_id: ['integer', (c) => c.notNull().references('events.event_id').onDelete('cascade')],
        position: 'integer!',
      },
      {
        speaker_name: emptyText,
        designation: emptyText,
        date: emptyText,
        from_time: emptyText,
        to_time: emptyText,
        image: emptyText,
      },
    );
    await db.schema.createIndex('event_speakers_event').on('event_speakers').column('event_id').execute();
    await stamped('client_reviews', 'client_review_id', { name: 'text!', profession: 'text!', message: 'text!' });
    await stamped('team_members', 'team_id', { name: 'text!', address: 'text!' });
    await stamped('faqs', 'faqs_id', { question: 'text!', answer: 'text!' });
    await stamped('partners', 'partner_id', { partner_name: 'text', partner_image: 'text' });
    await stamped('ads', 'ads_id', {
      ads_image: 'text!',
      ads_display: 'text!',
      start_date: 'text!',
      expiry_date: 'text!',
    });
    await stamped('gallery', 'gallery_id', { title: 'text!', gallery_image: 'text!' });
    await stamped('vacancies', 'vacancy_id', {
      vacancy_title: 'text!',
      name_of_employment: 'text!',
      number_of_vacancy: 'integer',
    });

    // Filled by the consultation issue: every booking, stored before it is answered.
    await stamped('consultations', 'consultation_id', {
      reference: ['text', (c) => c.notNull().unique()],
      name: 'text!',
      email: 'text!',
      contact_number: 'text!',
      legal_issue_summary: 'text!',
      requested_at: 'text!',
      document_path: 'text',
      document_name: 'text',
      document_type: 'text',
      status: ['text', (c) => c.notNull().defaultTo('new')],
    });
    await db.schema.createIndex('consultations_status').on('consultations').column('status').execute();

    // The durable outbox: a message is a row before any sending is tried.
    await table(
      'mail_outbox',
      'mail_id',
      { kind: 'text!', to_address: 'text!', subject: 'text!', text_body: 'text!', html_body: 'text' },
      {
        attachments: ['text', (c) => c.notNull().defaultTo('[]')],
        status: ['text', (c) => c.notNull().defaultTo('queued')],
      },
      {
        attempts: ['integer', (c) => c.notNull().defaultTo(0)],
        next_attempt_at: stamp,
      },
      { locked_until: 'text', last_error: 'text', message_id: 'text', consultation_id: 'integer' },
      { created_at: stamp, sent_at: 'text' },
    );
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

    await table('chat_messages', 'chat_id', {
      admin_id: adminRef,
      prompt: 'text!',
      response: 'text!',
      created_at: stamp,
    });
    await db.schema.createIndex('chat_messages_admin').on('chat_messages').column('admin_id').execute();
  };
}
