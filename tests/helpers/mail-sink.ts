import { createServer } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { signedInServer, type TestServer } from './server';

/** A message as received by the test SMTP server and parsed back. */
export interface Received {
  envelopeTo: string[];
  raw: Buffer;
  parsed: Email;
}

export interface Sink {
  port: number;
  url: string;
  messages: Received[];
  /** Waits until at least n messages arrived (polls with a deadline). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for an SMTP server that starts later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Polls a condition until it holds or the deadline passes. */
export async function until<T>(
  fn: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A real SMTP server on 127.0.0.1 (port 0 = random) that keeps every message it accepts.
 * `rejectRcpt` answers 550 for the recipients it names.
 */
export async function startSink(
  opts: { port?: number; rejectRcpt?: (address: string) => boolean } = {},
): Promise<Sink> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 60 * 1024 * 1024,
    onRcptTo(address, _session, cb) {
      if (opts.rejectRcpt?.(address.address)) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (parsed) => {
            messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            cb();
          },
          (err: Error) => cb(err),
        );
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (n, timeoutMs = 15_000) =>
      until(
        () => messages,
        (m) => m.length >= n,
        timeoutMs,
        `${n} messages`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Attachment bytes as a Buffer. */
export function bytesOf(a: { content: ArrayBuffer | Uint8Array | string }): Buffer {
  return typeof a.content === 'string'
    ? Buffer.from(a.content)
    : Buffer.from(a.content instanceof Uint8Array ? a.content : new Uint8Array(a.content));
}

/** Test environment: a fast worker and no rate limit. */
export const FAST_MAIL_ENV = {
  MAIL_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '100',
  MAIL_RETRY_MAX_MS: '400',
  CONSULTATION_RATE_LIMIT: '0',
  FIRM_INBOX: 'inbox@firm.test',
  MAIL_FROM: 'no-reply@firm.test',
};

/**
 * A test file's server that mails through a real SMTP sink (FAST_MAIL_ENV and `env`), signed in; awaited at
 * the file's top level. The sink closes after the file, after the server.
 */
export async function mailServer(env: Record<string, string> = {}, opts: { pages?: boolean; socket?: boolean } = {}): Promise<{ sink: Sink; s: TestServer; cookie: string }> {
  const sink = await startSink();
  afterAll(() => sink.close());
  return { sink, ...(await signedInServer({ ...opts, env: { ...FAST_MAIL_ENV, SMTP_URL: sink.url, ...env } })) };
}

/** The intake tests' server: mailServer that sweeps only when the test says (once an hour). */
export const intakeServer = (opts: { pages?: boolean; socket?: boolean } = {}) => mailServer({ INTAKE_SWEEP_MS: '3600000' }, opts);

/** The Book Consultation form's fields, the consent ticked (pass `consent: null` to leave it out). */
export function consultationForm(
  over: Record<string, string | Blob | null> = {},
  doc?: Blob & { name: string },
): FormData {
  const future = new Date(Date.now() + 3 * 24 * 3600_000);
  future.setMinutes(30, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T${pad(future.getHours())}:${pad(future.getMinutes())}`;
  const fields: Record<string, string | Blob | null> = {
    name: 'Asha Menon',
    contactNumber: '+91 98470 12345',
    email: 'asha@client.test',
    LegalIssueSummary: 'Boundary dispute with a neighbour over a shared wall; I need advice on next steps.',
    datetime: local,
    consent: 'true',
    ...over,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, v);
  if (doc) form.append('document', doc, doc.name);
  return form;
}
