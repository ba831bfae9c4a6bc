import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Services } from '../services';
import type { ParsedBody } from '../files/multipart';
import { AppError } from '../lib/errors';
import type { NewMessage, OutboxAttachment, OutboxRow, Outbox } from './outbox.server';
import { adminMessage } from './templates.server';

export const MAX_MAIL_FILES = 10;
/** Total size of an administrator's attachments: most mail servers refuse messages above ~25 MB. */
export const MAX_MAIL_TOTAL = 25 * 1024 * 1024;

const emailSchema = z.email();
const str = (v: unknown) =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim();

/** A display name for a client's file: no folders, no control characters, bounded. */
export function displayName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/**
 * Mail (decision 0105): the outbox and its worker, and what the mail routes and the features call. Every
 * message goes through the outbox; mail knows no feature (consultations queue their own messages here).
 */
export class MailService {
  constructor(
    private readonly services: Services,
    readonly outbox: Outbox,
    /** Tells the worker a message is waiting. */
    private readonly kick: () => void,
  ) {}

  /** Where the firm's mail goes (FIRM_INBOX, else the settings' email). */
  async firmInboxAddress(): Promise<string> {
    return this.services.config.firmInbox ?? (await this.services.settings.get()).email;
  }

  /** Tells the outbox worker a message is waiting. */
  kickWorker(): void {
    this.kick();
  }

  /** An administrator's message with up to ten attachments, queued in the outbox. */
  async queueAdminMail(body: ParsedBody): Promise<{ mailId: number }> {
    const to = str(body.fields.to);
    const subject = str(body.fields.subject);
    const text = typeof body.fields.text === 'string' ? body.fields.text.trim() : '';
    const unknown = body.files.find((f) => f.field !== 'documents');
    if (unknown) throw new AppError(400, 'Please attach files as "documents".');
    if (body.files.length > MAX_MAIL_FILES) throw new AppError(400, 'You can upload up to 10 files.');
    if (!to || !subject || !text) throw new AppError(400, 'Email, subject and message are required.');
    const recipients = to
      .split(/[,;]/)
      .map((r) => r.trim())
      .filter(Boolean);
    if (
      recipients.length === 0 ||
      recipients.length > 20 ||
      recipients.some((r) => r.length > 254 || !emailSchema.safeParse(r).success)
    ) {
      throw new AppError(400, 'Please enter a valid email address.');
    }
    if (subject.length > 300) throw new AppError(400, 'The subject is too long (at most 300 characters).');
    if (text.length > 100_000) throw new AppError(400, 'The message is too long.');

    const files = this.services.files;
    let total = 0;
    for (const f of body.files) total += (await stat(f.tmp)).size;
    if (total > MAX_MAIL_TOTAL)
      throw new AppError(
        413,
        `The attachments are too large together. The limit is ${MAX_MAIL_TOTAL / 1024 / 1024} MB.`,
      );

    const settings = await this.services.settings.get();
    const stored: OutboxAttachment[] = [];
    try {
      for (const [i, f] of body.files.entries()) {
        const { fileTypeFromFile } = await import('file-type');
        const type = await fileTypeFromFile(f.tmp);
        const ext =
          type?.ext && /^[a-z0-9]{1,8}$/.test(type.ext)
            ? type.ext
            : path
                .extname(f.filename)
                .slice(1)
                .toLowerCase()
                .replace(/[^a-z0-9]/g, '')
                .slice(0, 8) || 'bin';
        const rel = `private/mail/${randomBytes(16).toString('hex')}.${ext}`;
        await files.put(f.tmp, rel);
        stored.push({
          filename: displayName(f.filename, `attachment-${i + 1}.${ext}`),
          contentType: type?.mime ?? 'application/octet-stream',
          path: rel,
        });
      }
      const msg = adminMessage(subject, text, settings);
      const { mailId } = await this.outbox.enqueue({
        kind: 'admin',
        to: recipients.join(', '),
        replyTo: settings.email,
        ...msg,
        attachments: stored,
      });
      this.kick();
      return { mailId };
    } catch (err) {
      await Promise.all(stored.map((a) => (a.path ? files.remove(a.path).catch(() => undefined) : undefined)));
      throw err;
    }
  }

  /** A message the site itself sends (an administrator's sign-in link): queued in the outbox, worker woken. */
  async queueMessage(msg: NewMessage): Promise<{ mailId: number }> {
    const { mailId } = await this.outbox.enqueue(msg);
    this.kick();
    return { mailId };
  }

  /** Queues a failed (or waiting) message again, due now. Null when it is sent, leased or unknown. */
  async retryMessage(mailId: number): Promise<OutboxRow | null> {
    const row = await this.outbox.retry(mailId);
    if (row) this.kick();
    return row;
  }

  /** Waits (briefly) for a queued message to be sent or to fail once; returns the row as it then stands. */
  async waitForOutcome(mailId: number, timeoutMs: number): Promise<OutboxRow | null> {
    const deadline = Date.now() + timeoutMs;
    let row = await this.outbox.get(mailId);
    while (row && row.status === 'queued' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      row = await this.outbox.get(mailId);
    }
    return row;
  }
}
