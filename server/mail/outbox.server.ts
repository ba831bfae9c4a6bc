import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { nowIso } from '../db/index';
import type { Database, MailOutboxTable } from '../database';
import { matchesAny } from '../content/lifecycle/admin-list';
import { currentRequestId } from '../ops/request-id';

export type MailKind = 'consultation-firm' | 'consultation-client' | 'consultation-reminder' | 'data-request' | 'admin';
import { MAIL_STATUSES, type MailStatus } from '../../content/admin-views';

export { MAIL_STATUSES, type MailStatus };

/** An attachment as kept in the outbox row: a stored private file, or small inline text (the .ics). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Stored relative path ('private/…'). */
  path?: string;
  /** Inline UTF-8 content. */
  content?: string;
}

/** How a message goes (decision 0073): by mail, or as a WhatsApp template message (its body the API call's JSON). */
export type Channel = 'email' | 'whatsapp';

export interface NewMessage {
  kind: MailKind;
  /** Default email. */
  channel?: Channel;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: OutboxAttachment[];
  consultationId?: number | null;
}

export interface OutboxRow {
  mail_id: number;
  kind: MailKind;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: OutboxAttachment[];
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  message_id: string;
  consultation_id: number | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string | null;
  channel: Channel;
  /** The Cloud API's message id, and the last delivery status its webhook reported (WhatsApp rows). */
  external_id: string | null;
  external_status: string | null;
}

/** A row as the mail log lists it: without the message's bodies. */
export type OutboxEntry = Omit<OutboxRow, 'text_body' | 'html_body'>;
const ENTRY_COLUMNS = [
  'mail_id',
  'kind',
  'to_address',
  'reply_to',
  'subject',
  'attachments',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'last_error',
  'message_id',
  'consultation_id',
  'created_at',
  'sent_at',
  'updated_at',
  'channel',
  'external_id',
  'external_status',
] as const satisfies readonly (keyof OutboxEntry)[];

/** The mail log's search (recipient or subject, literally) and status filter. */
export interface LogFilter {
  q?: string;
  status?: MailStatus;
}

/** A row claimed by one worker: only the holder of the token may record its outcome. */
export interface Claimed extends OutboxRow {
  token: string;
}

/**
 * A claim whose outcome is unknown: the lease was asked for (and may have been written) but the answer
 * never came back, the database having gone away. The holder of `token` releases it once it can.
 */
export class ClaimInDoubt extends Error {
  constructor(
    readonly mailId: number,
    readonly token: string,
    cause: unknown,
  ) {
    super(`mail outbox: the claim of message ${mailId} is in doubt`, { cause });
  }
}

type Db = Kysely<Database> | Transaction<Database>;

const DUE: MailStatus[] = ['queued', 'retrying'];

/** A stored message as read: every column, or the mail log's (ENTRY_COLUMNS). */
type StoredMail = Pick<Selectable<MailOutboxTable>, 'mail_id' | 'attempts' | 'consultation_id' | 'channel' | 'attachments'> &
  Partial<Selectable<MailOutboxTable>>;

/** A stored message as the outbox answers it: numbers as numbers, the channel, the attachments parsed. */
function toRow(r: StoredMail): OutboxRow {
  let attachments: OutboxAttachment[] = [];
  try {
    const parsed: unknown = JSON.parse(String(r.attachments ?? '[]'));
    if (Array.isArray(parsed)) attachments = parsed as OutboxAttachment[];
  } catch {
    attachments = [];
  }
  // The kind and status columns hold only the values this module writes (MailKind, MailStatus).
  return {
    ...r,
    mail_id: Number(r.mail_id),
    attempts: Number(r.attempts),
    consultation_id: r.consultation_id == null ? null : Number(r.consultation_id),
    channel: r.channel === 'whatsapp' ? 'whatsapp' : 'email',
    attachments,
  } as OutboxRow;
}

/**
 * The durable outbox: every outgoing message is a row before any sending is tried. Rows are claimed
 * with a lease (locked_until + lease_token) so that two workers, or a worker and its successor after a
 * restart, never send the same row at the same time; the Message-ID is fixed when the row is written,
 * so a message re-sent after a crash between "accepted by the SMTP server" and "marked sent" is
 * recognisably the same message.
 */
export class Outbox {
  constructor(
    private readonly db: Kysely<Database>,
    /** Domain part of generated Message-IDs. */
    private readonly idDomain: string,
  ) {}

  /** Writes a message row (inside the caller's transaction when given one). */
  async enqueue(msg: NewMessage, db: Db = this.db): Promise<{ mailId: number; messageId: string }> {
    const now = nowIso();
    const messageId = `<${randomUUID()}@${this.idDomain}>`;
    const row = await db
      .insertInto('mail_outbox')
      .values({
        kind: msg.kind,
        channel: msg.channel ?? 'email',
        to_address: msg.to,
        reply_to: msg.replyTo ?? null,
        subject: msg.subject,
        text_body: msg.text,
        html_body: msg.html ?? null,
        attachments: JSON.stringify(msg.attachments ?? []),
        status: 'queued',
        attempts: 0,
        next_attempt_at: now,
        message_id: messageId,
        consultation_id: msg.consultationId ?? null,
        created_at: now,
        updated_at: now,
        // The request that queued it (decision 0053): its X-Request-Id, also in that request's log lines.
        request_id: currentRequestId(),
      })
      .returning('mail_id')
      .executeTakeFirstOrThrow();
    return { mailId: Number(row.mail_id), messageId };
  }

  /** Claims the oldest due row not leased by anyone, or returns null. Counts the attempt. */
  async claimNext(leaseMs: number): Promise<Claimed | null> {
    for (let tries = 0; tries < 5; tries++) {
      const now = nowIso();
      const candidate = await this.db
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('status', 'in', DUE)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .orderBy('mail_id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const token = randomBytes(12).toString('hex');
      try {
        const res = await this.db
          .updateTable('mail_outbox')
          .set((eb) => ({
            locked_until: new Date(Date.now() + leaseMs).toISOString(),
            lease_token: token,
            attempts: eb('attempts', '+', 1),
            updated_at: now,
          }))
          .where('mail_id', '=', candidate.mail_id)
          .where('status', 'in', DUE)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) continue; // another worker was faster
        const row = await this.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('mail_id', '=', candidate.mail_id)
          .executeTakeFirstOrThrow();
        return { ...toRow(row), token };
      } catch (err) {
        // The claim may have been written without its answer arriving (decision 0060).
        throw new ClaimInDoubt(candidate.mail_id, token, err);
      }
    }
    return null;
  }

  /**
   * Gives back a lease this worker holds without having sent the message (decision 0060): the row is due
   * again at once and the claim's attempt is not counted. Nothing happens when the lease is not (or no
   * longer) this token's.
   */
  async release(mailId: number, token: string): Promise<boolean> {
    const res = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ locked_until: null, lease_token: null, attempts: eb('attempts', '-', 1), updated_at: nowIso() }))
      .where('mail_id', '=', mailId)
      .where('lease_token', '=', token)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async finish(c: Claimed, values: Updateable<MailOutboxTable>): Promise<boolean> {
    const res = await this.db
      .updateTable('mail_outbox')
      .set({ ...values, locked_until: null, lease_token: null, updated_at: nowIso() })
      .where('mail_id', '=', c.mail_id)
      .where('lease_token', '=', c.token)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  markSent(c: Claimed): Promise<boolean> {
    return this.finish(c, { status: 'sent', sent_at: nowIso(), last_error: null });
  }

  markRetry(c: Claimed, error: string, nextAttemptAt: Date): Promise<boolean> {
    return this.finish(c, {
      status: 'retrying',
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt.toISOString(),
    });
  }

  markFailed(c: Claimed, error: string): Promise<boolean> {
    return this.finish(c, { status: 'failed', last_error: error.slice(0, 1000) });
  }

  /** Puts a failed (or waiting) message back in the queue, due now, with a fresh backoff. */
  async retry(mailId: number): Promise<OutboxRow | null> {
    const now = nowIso();
    const res = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'queued', attempts: 0, next_attempt_at: now, updated_at: now })
      .where('mail_id', '=', mailId)
      .where('status', 'in', ['failed', 'retrying'])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    return this.get(mailId);
  }

  async get(mailId: number): Promise<OutboxRow | null> {
    const row = await this.db.selectFrom('mail_outbox').selectAll().where('mail_id', '=', mailId).executeTakeFirst();
    return row ? toRow(row) : null;
  }

  /** Newest first, for the mail log: every column but the bodies (the log never shows them). */
  async list(limit = 200, filter: LogFilter = {}): Promise<OutboxEntry[]> {
    const rows = await this.logRows(filter).select(ENTRY_COLUMNS).orderBy('mail_id', 'desc').limit(limit).execute();
    return rows.map((r) => toRow(r) as OutboxEntry);
  }

  /**
   * One page of the mail log, newest first, and how many messages match: only the page's rows are read
   * (their attachments included), by `mail_outbox (status, mail_id)` when a status is asked for.
   */
  async page(page: number, size: number, filter: LogFilter = {}): Promise<{ rows: OutboxEntry[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.logRows(filter).select(ENTRY_COLUMNS).orderBy('mail_id', 'desc').limit(size).offset((page - 1) * size).execute(),
      this.logRows(filter).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toRow(r) as OutboxEntry), total: Number(count.n) };
  }

  private logRows({ q, status }: LogFilter) {
    let where = this.db.selectFrom('mail_outbox');
    if (status) where = where.where('status', '=', status);
    if (q) where = where.where(matchesAny(['to_address', 'subject'], q.toLowerCase()));
    return where;
  }
}
