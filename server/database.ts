/**
 * The typed database: one `Database` interface for every table. The content groups' tables are
 * compiled from their declarations (`content/resources/*.ts`); the other tables are declared here.
 * A feature with tables of its own declares them in one interface in its own `tables.ts` and joins
 * it here (`Database = … & IntakeTables`). This module composes features, so it lives above
 * `server/db/` (the store and the migrations), which depends on no feature (decision 0037).
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { FieldValue, ListDef, ResourceDef } from '../content/kit';
import type { event } from '../content/resources/event';
import type { Declared } from '../content/resources/index';
import type { ComplianceTables } from './compliance/tables';
import type { ConsultationIntakeColumns, IntakeTables } from './consultations/tables';
import type { ConsultationChannelColumns, OutboxChannelColumns, WhatsappTables } from './whatsapp/tables';
import type { LifecycleColumns, LifecycleTables } from './content/tables';
import type { PurgeTables } from './cdn/tables';
import type { InsightTables, RedirectTables } from './redirects/tables';
import type { AccountSecurityTables } from './auth/tables';
import type { TranslationTables } from './translations/tables';
import { openStore as openDbStore, type Store as DbStore, type StoreOptions } from './db/index';

/** A column the database fills when an insert leaves it out (a default). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The Kysely table type of one content group, from its declaration. */
export type ContentTable<R extends ResourceDef> = { [K in R['id']]: Generated<number> } & {
  -readonly [K in keyof R['fields']]: FieldValue<R['fields'][K]> | null;
} & { -readonly [K in keyof R['files']]: string | null } & {
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
} & { [K in keyof LifecycleColumns]: K extends 'status' ? Defaulted<LifecycleColumns[K]> : LifecycleColumns[K] } & AltColumns<R>;

/** The image (and media) file fields of a group: each has alt text beside it (content/alt.ts, decision 0024). */
type AltFileKeys<R extends ResourceDef> = {
  [K in keyof R['files']]: R['files'][K] extends { kind: 'image' | 'media' } ? K : never;
}[keyof R['files']] &
  string;
type AltColumns<R extends ResourceDef> = [AltFileKeys<R>] extends [never]
  ? unknown
  : { [K in AltFileKeys<R> as `${K}_alt`]: string | null } & { alt_flagged: Defaulted<number> };

/** Every content group's table, keyed by table name. */
export type ContentTables = { [R in Declared as R['table']]: ContentTable<R> };

/** The table of a nested list (kit `lists`): its own id, the parent row, the position, the declared fields. */
export type ListTable<L extends ListDef, Id extends string> = { [K in Id]: Generated<number> } & { [K in L['parent']]: number } & {
  position: number;
} & { -readonly [K in keyof L['fields']]: Defaulted<string> } & (L['image'] extends { column: infer C extends string }
    ? { [K in C]: Defaulted<string> }
    : unknown);

/** Event speakers, as content/resources/event.ts declares them. */
export type EventSpeakersTable = ListTable<(typeof event)['lists']['speakers'], 'speaker_id'>;

export interface AdminsTable {
  admin_id: Generated<number>;
  email: string;
  password_hash: string;
  failed_logins: Defaulted<number>;
  locked_until: string | null;
  password_changed_at: string | null;
  created_at: Defaulted<string>;
  invited_by: string | null;
  /** admin, editor or intake (decision 0040). */
  role: Defaulted<string>;
}

export interface SessionsTable {
  session_id: string;
  admin_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AdminTokensTable {
  token_hash: string;
  admin_id: number;
  purpose: string;
  created_at: Defaulted<string>;
  expires_at: string;
  used_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Defaulted<string>;
}

export interface ConsultationsTable extends ConsultationIntakeColumns, ConsultationChannelColumns {
  consultation_id: Generated<number>;
  reference: string;
  name: string;
  email: string;
  contact_number: string;
  legal_issue_summary: string;
  requested_at: string;
  document_path: string | null;
  document_name: string | null;
  document_type: string | null;
  status: Defaulted<string>;
  /** ISO time of the consent; null when the request carried none (the spec's client, older requests). */
  consent_at: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
}

export interface MailOutboxTable extends OutboxChannelColumns {
  mail_id: Generated<number>;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON list of attachments. */
  attachments: Defaulted<string>;
  status: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: Defaulted<string>;
  locked_until: string | null;
  lease_token: string | null;
  last_error: string | null;
  message_id: string | null;
  consultation_id: number | null;
  created_at: Defaulted<string>;
  sent_at: string | null;
  updated_at: string | null;
  /** X-Request-Id of the call that queued it (migration 0029). */
  request_id: string | null;
}

export interface ChatMessagesTable {
  chat_id: Generated<number>;
  admin_id: number;
  prompt: string;
  response: string;
  created_at: Defaulted<string>;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  admin_id: number | null;
  admin_email: string;
  action: string;
  target: string;
  record_id: string | null;
  summary: Defaulted<string>;
  /** JSON beside the summary (a Rule 36 override's reason and findings; migration 0015). */
  detail: string | null;
  ip: string | null;
  created_at: Defaulted<string>;
  /** X-Request-Id of the write (migration 0029). */
  request_id: string | null;
}

export interface ImageMetaTable {
  path: string;
  width: number;
  height: number;
  /** Comma-separated widths of the WebP variants ('480,960' or ''). */
  widths: Defaulted<string>;
  created_at: Defaulted<string>;
}

export interface ContentVersionTable {
  id: number;
  version: Defaulted<number>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds (bigint column: PostgreSQL returns it as a string). */
  reset_at: ColumnType<number | string, number, number>;
}

/** The tables that are not content groups. */
export interface CoreTables {
  event_speakers: EventSpeakersTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  admin_tokens: AdminTokensTable;
  settings: SettingsTable;
  consultations: ConsultationsTable;
  mail_outbox: MailOutboxTable;
  chat_messages: ChatMessagesTable;
  audit_log: AuditLogTable;
  image_meta: ImageMetaTable;
  content_version: ContentVersionTable;
  rate_limits: RateLimitsTable;
}

/** Every table of the product. */
export type Database = ContentTables & CoreTables & ComplianceTables & LifecycleTables & IntakeTables & RedirectTables & InsightTables & PurgeTables & AccountSecurityTables & WhatsappTables & TranslationTables;

export type Db = Kysely<Database>;
/** A connection or an open transaction: what a function that may run inside either takes. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** The store of the product's database. */
export type Store = DbStore<Database>;

/** Opens the product's database (SQLite file or PostgreSQL), typed with every table. */
export function openStore(opts: StoreOptions): Store {
  return openDbStore<Database>(opts);
}
