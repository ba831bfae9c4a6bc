import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/database';
import { migrate } from '../../server/db/index';
import { Outbox } from '../../server/mail/outbox.server';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV, freePort, startSink, until, type Sink } from '../helpers/mail-sink';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function server(env: Record<string, string>, dataDir?: string): Promise<TestServer> {
  const s = await startServer({ socket: false, env: { ...FAST_MAIL_ENV, ...env }, dataDir });
  cleanups.push(() => s.close());
  return s;
}
async function sink(opts: Parameters<typeof startSink>[0] = {}): Promise<Sink> {
  const k = await startSink(opts);
  cleanups.push(() => k.close());
  return k;
}
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-mail-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}
async function outbox(s: TestServer, cookie: string) {
  return (await call(s.url, '/api/mail/outbox', { cookie })).body.messages as Array<{
    mail_id: number;
    status: string;
    attempts: number;
    last_error: string | null;
    to: string;
  }>;
}
function idsOf(k: Sink): string[] {
  return k.messages.map((m) => m.parsed.messageId!).sort();
}

describe('the outbox with the SMTP server down', () => {
  it('answers success, keeps the messages queued with their error, and delivers all of them once the server is up', async () => {
    const port = await freePort();
    const s = await server({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const cookie = await s.login();
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: `Client ${i}` }) });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      refs.push(r.body.reference);
    }
    const waiting = await until(
      () => outbox(s, cookie),
      (m) => m.length === 6 && m.every((x) => x.status === 'retrying' && x.attempts >= 1),
      10_000,
      'retrying rows',
    );
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const k = await sink({ port });
    const got = await k.waitFor(6, 20_000);
    await until(
      () => outbox(s, cookie),
      (m) => m.every((x) => x.status === 'sent'),
      10_000,
      'all sent',
    );
    for (const ref of refs) expect(got.filter((m) => m.parsed.subject?.includes(ref))).toHaveLength(2);
    // Nothing is sent twice.
    await new Promise((r) => setTimeout(r, 300));
    expect(k.messages).toHaveLength(6);
    expect(new Set(idsOf(k)).size).toBe(6);
  });
});

describe('a restart with queued mail', () => {
  it('delivers each queued message exactly once after the server comes back', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = await startServer({
      socket: false,
      env: { ...FAST_MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` },
      dataDir,
    });
    const cookie = await first.login();
    for (let i = 0; i < 2; i++) {
      expect(
        (await call(first.url, '/api/mail/contact', { form: consultationForm({ name: `Before restart ${i}` }) }))
          .status,
      ).toBe(200);
    }
    const queued = await until(
      () => outbox(first, cookie),
      (m) => m.length === 4 && m.every((x) => x.status !== 'queued'),
      10_000,
      'attempted rows',
    );
    expect(queued.every((x) => x.status === 'retrying')).toBe(true);
    await first.close();

    const k = await sink({ port });
    const second = await server({ SMTP_URL: `smtp://127.0.0.1:${port}` }, dataDir);
    const cookie2 = await second.login();
    await k.waitFor(4, 20_000);
    await until(
      () => outbox(second, cookie2),
      (m) => m.length === 4 && m.every((x) => x.status === 'sent'),
      10_000,
      'all sent',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(k.messages).toHaveLength(4);
    expect(new Set(idsOf(k)).size).toBe(4);
  });

  it('leaves a row leased by another worker alone until the lease runs out, and a stale holder cannot overwrite the outcome', async () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    cleanups.push(() => store.close());
    await migrate(store);
    const box = new Outbox(store.db, 'firm.test');
    const { mailId, messageId } = await box.enqueue({ kind: 'admin', to: 'x@client.test', subject: 's', text: 't' });
    expect(messageId).toMatch(/^<.+@firm\.test>$/);
    const a = await box.claimNext(150);
    expect(a?.mail_id).toBe(mailId);
    expect(await box.claimNext(150)).toBeNull(); // leased
    await new Promise((r) => setTimeout(r, 200));
    const b = await box.claimNext(60_000); // a's lease ran out (a crashed)
    expect(b?.mail_id).toBe(mailId);
    expect(b?.message_id).toBe(messageId); // the same message, recognisably
    expect(b?.attempts).toBe(2);
    expect(await box.markSent(a!)).toBe(false);
    expect(await box.markSent(b!)).toBe(true);
    expect((await box.get(mailId))?.status).toBe('sent');
    expect(await box.claimNext(60_000)).toBeNull();
  });
});

describe('permanent failures and retry from the mail log', () => {
  it('marks a refused message failed with the error, and sends it when the administrator retries', async () => {
    let refuse = true;
    const k = await sink({ rejectRcpt: (a) => refuse && a === 'blocked@client.test' });
    const s = await server({ SMTP_URL: k.url });
    const cookie = await s.login();
    const form = new FormData();
    form.append('to', 'blocked@client.test');
    form.append('subject', 'Your documents');
    form.append('text', 'Please find the papers.');
    const r = await call(s.url, '/api/mail/sendmail', { cookie, form });
    expect(r.status).toBe(502);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/^The mail server refused the message: .*550/);
    const failed = await until(
      () => outbox(s, cookie),
      (m) => m[0]?.status === 'failed',
      10_000,
      'failed row',
    );
    expect(failed[0]!.last_error).toMatch(/550|Mailbox unavailable/);
    expect(k.messages).toHaveLength(0);

    refuse = false;
    const retry = await call(s.url, '/api/mail/retry', { cookie, json: { mail_id: failed[0]!.mail_id } });
    expect(retry.status).toBe(200);
    await k.waitFor(1);
    await until(
      () => outbox(s, cookie),
      (m) => m[0]?.status === 'sent',
      10_000,
      'sent row',
    );
    const again = await call(s.url, '/api/mail/retry', { cookie, json: { mail_id: failed[0]!.mail_id } });
    expect(again.status).toBe(409);
    expect((await call(s.url, '/api/mail/retry', { json: { mail_id: failed[0]!.mail_id } })).status).toBe(401);
    expect((await call(s.url, '/api/mail/outbox')).status).toBe(401);
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and marks it sent', async () => {
    const s = await server({});
    const cookie = await s.login();
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: 'File Mode' }) });
    expect(r.status).toBe(200);
    const dir = path.join(s.dataDir, 'outbox');
    await until(
      () => outbox(s, cookie),
      (m) => m.length === 2 && m.every((x) => x.status === 'sent'),
      10_000,
      'sent rows',
    );
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const all = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(all).toContain(r.body.reference);
    expect(all).toMatch(/^To: inbox@firm\.test/m);
    expect(all).toMatch(/^Message-ID: <[0-9a-f-]{36}@firm\.test>/m);
  });
});
