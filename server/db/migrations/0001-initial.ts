import { sql, type CreateTableBuilder } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/** Primary key column that works on SQLite (INTEGER PRIMARY KEY AUTOINCREMENT) and PostgreSQL (serial). */
function pk(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    const id = pk(dialect);
    const now = dialect === 'postgres' ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
    const table = (name: string, idCol: string) =>
      db.schema
        .createTable(name)
        .addColumn(idCol, id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
    const stamps = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
      t
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now));

    await table('admins', 'admin_id')
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('password_changed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.admin_id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_admin').on('sessions').column('admin_id').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();

    await stamps(table('carousels', 'carousel_id').addColumn('carousel_image', 'text', (c) => c.notNull())).execute();
    await stamps(table('calendars', 'calendar_id').addColumn('calendar_img', 'text', (c) => c.notNull())).execute();
    await stamps(table('abouts', 'about_id').addColumn('about_img', 'text', (c) => c.notNull())).execute();
    await stamps(
      table('case_categories', 'case_category_id')
        .addColumn('case_name', 'text', (c) => c.notNull())
        .addColumn('case_image', 'text'),
    ).execute();
    await stamps(
      table('cases', 'case_id')
        .addColumn('case_title_name', 'text', (c) => c.notNull())
        .addColumn('case_category_id', 'integer', (c) => c.notNull().references('case_categories.case_category_id')),
    ).execute();
    await db.schema.createIndex('cases_category').on('cases').column('case_category_id').execute();
    await stamps(
      table('case_details', 'case_details_id')
        .addColumn('case_category_id', 'integer', (c) => c.notNull().references('case_categories.case_category_id'))
        .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.case_id'))
        .addColumn('case_content', 'text')
        .addColumn('case_file', 'text'),
    ).execute();
    await db.schema.createIndex('case_details_case').on('case_details').column('case_id').execute();
    await stamps(
      table('blogs', 'blog_id')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('case_category_id', 'integer', (c) => c.notNull().references('case_categories.case_category_id'))
        .addColumn('description', 'text')
        .addColumn('blog_image', 'text', (c) => c.notNull())
        .addColumn('blog_file', 'text'),
    ).execute();
    await stamps(
      table('events', 'event_id')
        .addColumn('event_title', 'text', (c) => c.notNull())
        .addColumn('event_description', 'text', (c) => c.notNull())
        .addColumn('event_image', 'text', (c) => c.notNull())
        .addColumn('event_start_date', 'text')
        .addColumn('event_start_time', 'text')
        .addColumn('event_end_date', 'text')
        .addColumn('event_end_time', 'text')
        .addColumn('event_address', 'text'),
    ).execute();
    await table('event_speakers', 'speaker_id')
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('speaker_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('designation', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('from_time', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('to_time', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('event_speakers_event').on('event_speakers').column('event_id').execute();
    await stamps(
      table('client_reviews', 'client_review_id')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('profession', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull()),
    ).execute();
    await stamps(
      table('team_members', 'team_id')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull()),
    ).execute();
    await stamps(
      table('faqs', 'faqs_id')
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull()),
    ).execute();
    await stamps(
      table('partners', 'partner_id').addColumn('partner_name', 'text').addColumn('partner_image', 'text'),
    ).execute();
    await stamps(
      table('ads', 'ads_id')
        .addColumn('ads_image', 'text', (c) => c.notNull())
        .addColumn('ads_display', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('expiry_date', 'text', (c) => c.notNull()),
    ).execute();
    await stamps(
      table('gallery', 'gallery_id')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('gallery_image', 'text', (c) => c.notNull()),
    ).execute();
    await stamps(
      table('vacancies', 'vacancy_id')
        .addColumn('vacancy_title', 'text', (c) => c.notNull())
        .addColumn('name_of_employment', 'text', (c) => c.notNull())
        .addColumn('number_of_vacancy', 'integer'),
    ).execute();

    // Filled by the consultation issue: every booking, stored before it is answered.
    await stamps(
      table('consultations', 'consultation_id')
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('contact_number', 'text', (c) => c.notNull())
        .addColumn('legal_issue_summary', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('document_path', 'text')
        .addColumn('document_name', 'text')
        .addColumn('document_type', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new')),
    ).execute();
    await db.schema.createIndex('consultations_status').on('consultations').column('status').execute();

    // The durable outbox: a message is a row before any sending is tried.
    await table('mail_outbox', 'mail_id')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('message_id', 'text')
      .addColumn('consultation_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

    await table('chat_messages', 'chat_id')
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.admin_id').onDelete('cascade'))
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex('chat_messages_admin').on('chat_messages').column('admin_id').execute();
  };
}
