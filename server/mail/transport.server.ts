import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type nodemailerModule from 'nodemailer';
import type { Transporter as TransporterOf } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { lazy } from '../lib/lazy';
import { isSafeRelPath, type FileStore } from '../files/store';
import type { OutboxRow } from './outbox.server';

/** The sender: an address with the firm's name, or MAIL_FROM as given when it already names one. */
export type MailFrom = string | Mail.Address;

const nodemailer = lazy<typeof nodemailerModule>('nodemailer');
type Transporter = ReturnType<typeof nodemailerModule.createTransport>;

/** Where a message goes: an SMTP server, or .eml files when no SMTP_URL is set. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file' | 'whatsapp';
  send(row: OutboxRow, from: MailFrom): Promise<void>;
  close(): void;
}

/** A failure that will not go away by retrying (a 5xx answer, a missing attachment). */
export class PermanentMailError extends Error {}

/** The nodemailer message of an outbox row; stored attachments are read from the file store. */
export async function toMailOptions(
  row: OutboxRow,
  from: MailFrom,
  files: Pick<FileStore, 'open'>,
): Promise<Mail.Options> {
  const attachments: Mail.Attachment[] = [];
  for (const a of row.attachments) {
    if (a.path) {
      if (!isSafeRelPath(a.path)) throw new PermanentMailError(`attachment ${a.filename}: bad stored path`);
      const file = await files.open(a.path);
      if (!file) {
        release({ attachments });
        throw new PermanentMailError(`attachment ${a.filename} is missing from the file store`);
      }
      attachments.push({ filename: a.filename, contentType: a.contentType, content: file.stream as Readable });
    } else {
      // base64 keeps the bytes exact (an .ics needs its CRLF line ends and 75-octet folding intact).
      attachments.push({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content ?? '', 'utf8'),
        contentTransferEncoding: 'base64',
      });
    }
  }
  return {
    from,
    to: row.to_address,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
    messageId: row.message_id,
    date: new Date(row.created_at),
    headers: { 'X-Outbox-Id': String(row.mail_id) },
    attachments,
  };
}

/** Closes attachment streams a failed send left unread (open files, bucket connections). */
function release(opts: Mail.Options): void {
  for (const a of opts.attachments ?? []) {
    const c = a.content as { destroy?: () => void } | undefined;
    if (c && typeof c === 'object' && typeof c.destroy === 'function') c.destroy();
  }
}

export function smtpTransport(url: string, files: Pick<FileStore, 'open'>): MailTransport {
  // Made on the first message: nodemailer is not loaded by a process that sends none.
  let made: Transporter | null = null;
  const transporter = () =>
    (made ??= nodemailer().createTransport(url, {
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as object));
  return {
    kind: 'smtp',
    async send(row, from) {
      const opts = await toMailOptions(row, from, files);
      try {
        await transporter().sendMail(opts);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new PermanentMailError((err as Error).message);
        }
        throw err;
      } finally {
        release(opts);
      }
    },
    close: () => made?.close(),
  };
}

/** Without SMTP_URL: each message becomes DATA_DIR/outbox/<id>.eml, written atomically (a rewrite replaces it). */
export function fileTransport(dataDir: string, files: Pick<FileStore, 'open'>): MailTransport {
  let made: TransporterOf<StreamTransport.SentMessageInfo> | null = null;
  const transporter = () =>
    (made ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  const dir = path.join(dataDir, 'outbox');
  return {
    kind: 'file',
    async send(row, from) {
      const opts = await toMailOptions(row, from, files);
      const info = await transporter()
        .sendMail(opts)
        .finally(() => release(opts));
      // `buffer: true`: the message comes back whole, never as a stream.
      if (!Buffer.isBuffer(info.message)) throw new Error('the file transport gave no message buffer');
      await mkdir(dir, { recursive: true });
      const name = `${String(row.mail_id).padStart(6, '0')}-${row.kind}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      const fh = await open(tmp, 'w');
      try {
        await fh.writeFile(info.message);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path.join(dir, name));
    },
    close: () => made?.close(),
  };
}

/** The outbox's transport: each row by its channel. */
export function channelTransport(email: MailTransport, whatsapp: MailTransport): MailTransport {
  return {
    kind: email.kind,
    send: (row, from) => (row.channel === 'whatsapp' ? whatsapp.send(row, from) : email.send(row, from)),
    close: () => {
      email.close();
      whatsapp.close();
    },
  };
}
