import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPgDatabase, startServer, type PgDatabase, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV, startSink, until, type Sink } from '../helpers/mail-sink';

/**
 * Two server instances on one PostgreSQL database (decision 0007): what one writes, the other serves (at once
 * with CONTENT_VERSION_POLL_MS=0, within the interval otherwise: decision 0020; no stale cached page or
 * settings), rate limits are counted together, and the mail outbox sends every queued message exactly
 * once while both workers run.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('two instances on one PostgreSQL database (skipped without TEST_DATABASE_URL)', () => {
  let db: PgDatabase;
  let sink: Sink;
  let a: TestServer;
  let b: TestServer;
  let cookieA: string;
  let cookieB: string;

  beforeAll(async () => {
    db = await createPgDatabase(pgUrl!);
    sink = await startSink();
    const env = { ...FAST_MAIL_ENV, DATABASE_URL: db.url, SMTP_URL: sink.url, TRUST_PROXY: 'on' };
    // The first instance migrates the fresh database; the second starts on the migrated one.
    // a polls the shared content version every 100 ms; b reads it before every cached answer.
    a = await startServer({ env: { ...env, CONTENT_VERSION_POLL_MS: '100' }, pages: true });
    b = await startServer({ env: { ...env, CONTENT_VERSION_POLL_MS: '0' }, pages: true });
    cookieA = await a.login();
    cookieB = await b.login();
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await sink?.close();
    await db?.drop();
  });

  it('a FAQ added through one instance is on the other instance’s cached page at once (b) or within the interval (a)', async () => {
    const first = await fetch(`${b.url}/faqs`);
    expect(first.status).toBe(200);
    await first.text();
    const cached = await fetch(`${b.url}/faqs`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(await cached.text()).not.toContain('Is parking available at the office?');

    const add = await call(a.url, '/api/faqs/addFaqs', {
      cookie: cookieA,
      json: { question: 'Is parking available at the office?', answer: 'Yes, behind the building.' },
    });
    expect(add.status).toBe(200);

    const after = await fetch(`${b.url}/faqs`);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('Is parking available at the office?');

    // And a delete through the other instance, seen on the first one's cached page.
    const list = await call(b.url, '/api/faqs/getallfaqs');
    const row = (list.body.faq as Array<{ faqs_id: number; question: string }>).find((f) => f.question.startsWith('Is parking'));
    expect(row).toBeDefined();
    await fetch(`${a.url}/faqs`).then((r) => r.text());
    expect((await fetch(`${a.url}/faqs`)).headers.get('x-cache')).toBe('HIT');
    const del = await call(b.url, '/api/faqs/deletefaq', { cookie: cookieB, json: { faqs_id: row!.faqs_id } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const t0 = Date.now();
    await until(
      () => fetch(`${a.url}/faqs`).then((r) => r.text()),
      (html) => !html.includes('Is parking available at the office?'),
      5000,
      'the polling instance drops the deleted FAQ',
    );
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('site settings changed through one instance are served by the other at once (API and pages)', async () => {
    const before = (await call(b.url, '/api/settings/getsettings')).body.settings;
    await fetch(`${b.url}/contact`).then((r) => r.text());
    const updated = { ...before, firmName: 'Northgate Cluster Law' };
    const put = await call(a.url, '/api/settings/updatesettings', { cookie: cookieA, json: updated });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(b.url, '/api/settings/getsettings')).body.settings.firmName).toBe('Northgate Cluster Law');
    expect(await fetch(`${b.url}/contact`).then((r) => r.text())).toContain('Northgate Cluster Law');

    // And back through b: the polling instance serves it within its interval.
    await fetch(`${a.url}/contact`).then((r) => r.text());
    const back = await call(b.url, '/api/settings/updatesettings', { cookie: cookieB, json: { ...before, firmName: 'Southgate Cluster Law' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await until(async () => (await call(a.url, '/api/settings/getsettings')).body.settings.firmName, (n) => n === 'Southgate Cluster Law', 5000, 'settings on a');
    await until(() => fetch(`${a.url}/contact`).then((r) => r.text()), (html) => html.includes('Southgate Cluster Law'), 5000, 'contact page on a');
  });

  it('counts sign-in attempts of one client on both instances together', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const target = i % 2 === 0 ? a : b;
      const r = await call(target.url, '/api/admin/adminlogin', { json: { email: 'nobody@test.example', password: 'wrong password!' }, headers });
      statuses.push(r.status);
    }
    // The sign-in limit is 10 a minute per client: spread over two instances, the 11th is refused.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('sends 20 queued messages exactly once while both workers run', async () => {
    const before = sink.messages.length;
    const sends = Array.from({ length: 20 }, (_, i) => {
      const form = new FormData();
      form.append('to', `client${i}@client.test`);
      form.append('subject', `Cluster message ${i}`);
      form.append('text', `Message number ${i}.`);
      const [target, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB];
      return call(target.url, '/api/mail/sendmail', { cookie, form });
    });
    for (const r of await Promise.all(sends)) expect(r.status, JSON.stringify(r.body)).toBe(200);

    await sink.waitFor(before + 20, 30_000);
    const rows = await until(
      async () => (await call(a.url, '/api/mail/outbox', { cookie: cookieA })).body.messages as Array<{ status: string; attempts: number; subject: string }>,
      (m) => m.filter((x) => x.subject.startsWith('Cluster message')).length === 20 && m.every((x) => x.status === 'sent'),
      15_000,
      'all 20 marked sent',
    );
    // Both workers keep polling: give a duplicate every chance to show up.
    await new Promise((r) => setTimeout(r, 500));
    const received = sink.messages.slice(before);
    expect(received).toHaveLength(20);
    const subjects = received.map((m) => m.parsed.subject).sort();
    expect(new Set(subjects).size).toBe(20);
    expect(new Set(received.map((m) => m.parsed.messageId)).size).toBe(20);
    for (const r of rows.filter((x) => x.subject.startsWith('Cluster message'))) expect(r.attempts).toBe(1);
  });
  it('a redirect saved on one instance is answered by the other (decision 0057), and a deleted one stops there too', async () => {
    // The address was missing on both (each cached its 404 page).
    for (const x of [a, b]) {
      expect((await fetch(`${x.url}/old-firm/team.html`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${x.url}/old-firm/team.html`, { redirect: 'manual' })).headers.get('x-cache')).toBe('HIT');
    }
    const saved = await call(a.url, '/api/redirects/save', { cookie: cookieA, json: { from: '/old-firm/team.html', to: '/our-legal-team' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // b reads the shared version before every answer: at once.
    const onB = await fetch(`${b.url}/old-firm/team.html`, { redirect: 'manual' });
    expect(onB.status).toBe(301);
    expect(onB.headers.get('location')).toBe('/our-legal-team');
    // Deleted through b: a (polling every 100 ms) answers 404 again within the interval.
    expect((await fetch(`${a.url}/old-firm/team.html`, { redirect: 'manual' })).status).toBe(301);
    const del = await call(b.url, '/api/redirects/delete', { cookie: cookieB, json: { redirect_id: saved.body.redirect.redirect_id } });
    expect(del.status).toBe(200);
    await until(
      () => fetch(`${a.url}/old-firm/team.html`, { redirect: 'manual' }).then((r) => r.status),
      (status) => status === 404,
      5000,
      'the deleted redirect gone on the other instance',
    );
  });
});
