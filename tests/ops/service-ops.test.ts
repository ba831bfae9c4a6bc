/**
 * Running it as a service (decisions 0050, 0051, 0053): request ids in answers, log lines, audit entries
 * and outbox rows; readiness naming what is not ready; the refusal to start on a database migrated by a
 * newer version; Prometheus metrics on their own port or behind a token, cached answers included.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { StartRefused } from '../../server/db/index';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createPgDatabase, startServer, type TestServer } from '../helpers/server';
import { consultationForm } from '../helpers/mail-sink';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const metricsText = async (url: string, token?: string) => {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
};
/** The value of one sample line (`name{labels} value`), or 0 when absent. */
const sample = (text: string, line: string): number => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

/** Every sample named in `expected` has that value (one comparison, so a failure shows them all). */
const expectSamples = (text: string, expected: Record<string, number>): void => {
  expect(Object.fromEntries(Object.keys(expected).map((line) => [line, sample(text, line)]))).toEqual(expected);
};

const TOKEN = 'metrics-token-0123456789';
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((x) => x.close()));
});
const start = async (...args: Parameters<typeof startServer>) => {
  const s = await startServer(...args);
  servers.push(s);
  return s;
};

describe('request ids', () => {
  it('an incoming sane X-Request-Id is kept, a missing or unsafe one is replaced by a UUID, cached answers included', async () => {
    const s = await start();
    const mine = await fetch(`${s.url}/api/faqs/getallfaqs`, { headers: { 'x-request-id': 'edge-7f3a.1:2@lb' } });
    expect(mine.headers.get('x-request-id')).toBe('edge-7f3a.1:2@lb');
    const made = await fetch(`${s.url}/api/faqs/getallfaqs`);
    // The second call of a public list is a cached answer written before Fastify (decision 0020).
    expect(made.headers.get('x-cache')).toBe('HIT');
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    for (const bad of ['has space', 'x'.repeat(129), 'new\u00e9line', '<script>']) {
      const r = await fetch(`${s.url}/api/health`, { headers: { 'x-request-id': bad } });
      expect(r.headers.get('x-request-id'), bad).toMatch(UUID);
    }
    const a = await fetch(`${s.url}/api/health`);
    const b = await fetch(`${s.url}/api/health`);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('is written into the audit entry of a write, the outbox rows of a booking and the request log line', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString('utf8').split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-ops-'));
    const pg = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : null;
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'info',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const { app, services } = await buildApp(config, { logger: { level: 'info', stream: sink } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      config.publicUrl = url;
      const login = await call(url, '/api/admin/adminlogin', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

      const add = await call(url, '/api/faqs/addFaqs', { cookie, json: { question: 'Traced?', answer: 'Yes' }, headers: { 'x-request-id': 'admin-write-1' } });
      expect(add.status).toBe(200);
      expect(add.headers.get('x-request-id')).toBe('admin-write-1');
      const audit = await services.store.db.selectFrom('audit_log').selectAll().where('target', '=', 'faqs').execute();
      expect(audit.map((r) => r.request_id)).toEqual(['admin-write-1']);

      const booked = await call(url, '/api/mail/contact', { form: consultationForm(), headers: { 'x-request-id': 'visitor-booking-42' } });
      expect(booked.status).toBe(200);
      const mails = await services.store.db.selectFrom('mail_outbox').select(['kind', 'request_id']).orderBy('mail_id').execute();
      expect(mails.length).toBeGreaterThanOrEqual(2);
      for (const m of mails) expect(m, m.kind).toMatchObject({ request_id: 'visitor-booking-42' });

      await app.close();
      const mine = lines.filter((l) => l.reqId === 'visitor-booking-42');
      expect(mine.find((l) => l.msg === 'request')).toMatchObject({ route: '/api/mail/contact', method: 'POST', status: 200 });
      expect(typeof mine.find((l) => l.msg === 'request')?.ms).toBe('number');
      // Every line is JSON with pino's level and time.
      expect(lines.every((l) => typeof l.level === 'number' && typeof l.time === 'number')).toBe(true);
    } finally {
      await app.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('readiness', () => {
  it('answers 200 with each check when the database, the migrations and file storage are ready', async () => {
    const s = await start();
    const r = await call(s.url, '/api/ready');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ statusCode: 200, message: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming storage that takes no write and a migration not run, while /api/health stays 200', async () => {
    const s = await start();
    // A file where the probe's folder must go: the write fails even for root.
    mkdirSync(path.join(s.dataDir, 'private'), { recursive: true });
    writeFileSync(path.join(s.dataDir, 'private', '_ready'), 'in the way');
    if (process.env.TEST_DATABASE_URL) {
      // The bucket-less PostgreSQL pass keeps files in DATA_DIR too: the same check applies.
    }
    let r = await call(s.url, '/api/ready');
    expect(r.status).toBe(503);
    expect(r.body.checks.database).toBe('ok');
    expect(r.body.checks.storage).toBe('not writable');
    expect(r.body.message).toBe('not ready: storage not writable');
    // No path of the server in the public answer (the reason goes to the log).
    expect(JSON.stringify(r.body)).not.toContain(s.dataDir);
    rmSync(path.join(s.dataDir, 'private', '_ready'));
    expect((await call(s.url, '/api/ready')).status).toBe(200);

    await sql`delete from kysely_migration where name = '0029-request-ids'`.execute(s.services.store.db);
    r = await call(s.url, '/api/ready');
    expect(r.status).toBe(503);
    expect(r.body.checks).toEqual({ database: 'ok', migrations: 'pending: 0029-request-ids', storage: 'ok' });
    expect(r.body.message).toBe('not ready: migrations pending: 0029-request-ids');
    expect((await call(s.url, '/api/health')).status).toBe(200);
  });

  it('a database migrated by a newer version refuses the start with one line naming the unknown migration', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-ops-'));
    const s = await start({ dataDir });
    await sql`insert into kysely_migration (name, timestamp) values ('0999-from-a-newer-version', '2030-01-01T00:00:00.000Z')`.execute(s.services.store.db);
    await s.close();
    servers.splice(servers.indexOf(s), 1);
    const again = startServer({ dataDir });
    await expect(again).rejects.toBeInstanceOf(StartRefused);
    await expect(again).rejects.toThrow(
      'The database was migrated by a newer version of this site (unknown migration 0999-from-a-newer-version): run that version or newer, or restore a backup taken before the upgrade.',
    );
    if (!process.env.TEST_DATABASE_URL) {
      // The real server process: exit code 1 and that one line on stderr, no stack.
      const run = spawnSync(process.execPath, ['dist/server.js'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', DEMO_CONTENT: 'off', LOG_LEVEL: 'error' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^The database was migrated by a newer version of this site \(unknown migration 0999-from-a-newer-version\)/)]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('metrics', () => {
  it('neither METRICS_PORT nor METRICS_TOKEN: no metrics endpoint', async () => {
    const s = await start();
    expect(s.metrics).toBeUndefined();
    expect(s.routes.some((r) => r.url === '/metrics')).toBe(false);
    expect((await fetch(`${s.url}/metrics`)).status).not.toBe(200);
  });

  it('METRICS_TOKEN: /metrics on the main port answers only the Bearer token', async () => {
    const s = await start({ env: { METRICS_TOKEN: TOKEN } });
    expect((await metricsText(`${s.url}/metrics`)).status).toBe(401);
    expect((await metricsText(`${s.url}/metrics`, `${TOKEN}x`)).status).toBe(401);
    expect((await metricsText(`${s.url}/metrics`, TOKEN.slice(1))).status).toBe(401);
    const ok = await metricsText(`${s.url}/metrics`, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'http_request_duration_seconds',
      'lexfirm_page_cache_requests_total',
      'lexfirm_mail_outbox_depth',
      'lexfirm_mails_sent_total',
      'lexfirm_mails_failed_total',
      'lexfirm_scheduled_publishes_total',
      'lexfirm_consultations_received_total',
      'lexfirm_database_up',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(ok.text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(ok.text, 'lexfirm_database_up')).toBe(1);
    if (process.env.TEST_DATABASE_URL) {
      expect(ok.text).toContain('# TYPE lexfirm_db_pool_connections gauge');
      expect(sample(ok.text, 'lexfirm_db_pool_max_connections')).toBe(10);
      expect(sample(ok.text, 'lexfirm_db_pool_connections')).toBeGreaterThanOrEqual(1);
    } else {
      expect(ok.text).not.toContain('lexfirm_db_pool_connections');
    }
  });

  it('METRICS_PORT: its own port; counts answers by route pattern (cached ones written before Fastify too), cache hits and misses, bookings and sent mail', async () => {
    const s = await start({ pages: true, env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
    expect(s.metricsPort).toBeGreaterThan(0);
    const murl = `http://127.0.0.1:${s.metricsPort}/metrics`;
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${s.metricsPort}/other`)).status).toBe(404);
    const served = s.fastPath!.served;

    for (let i = 0; i < 3; i++) expect((await fetch(`${s.url}/faqs`)).status).toBe(200);
    // A miss, a hit before Fastify, and a hit through Fastify (a query string is not in the fast path's key).
    for (const q of ['', '', '?x=0']) expect((await fetch(`${s.url}/api/faqs/getallfaqs${q}`)).status).toBe(200);
    await fetch(`${s.url}/api/nothing/here`);
    expect(s.fastPath!.served - served).toBe(3); // two page hits, one list hit
    const booked = await call(s.url, '/api/mail/contact', { form: consultationForm() });
    expect(booked.status).toBe(200);
    // The outbox worker sends both messages (into DATA_DIR/outbox without SMTP_URL).
    let text = '';
    for (let i = 0; i < 100; i++) {
      text = (await metricsText(murl)).text;
      if (sample(text, 'lexfirm_mails_sent_total') >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const requests = (labels: string) => `http_request_duration_seconds_count{${labels}}`;
    const cache = (labels: string) => `lexfirm_page_cache_requests_total{${labels}}`;
    expectSamples(text, {
      lexfirm_mails_sent_total: 2,
      lexfirm_mails_failed_total: 0,
      lexfirm_consultations_received_total: 1,
      'lexfirm_mail_outbox_depth{status="queued"}': 0,
      [requests('route="page",method="GET",status_class="2xx"')]: 3,
      [requests('route="/api/faqs/getallfaqs",method="GET",status_class="2xx"')]: 3,
      [requests('route="unmatched",method="GET",status_class="4xx"')]: 1,
      [requests('route="/api/mail/contact",method="POST",status_class="2xx"')]: 1,
      // The main port's /metrics: a page there (the site's 404 page, cached like any page).
      [requests('route="page",method="GET",status_class="4xx"')]: 1,
      // /faqs once, and the 404 page once.
      [cache('cache="pages",result="miss"')]: 2,
      [cache('cache="pages",result="hit"')]: 2,
      [cache('cache="lists",result="hit"')]: 2,
      [cache('cache="lists",result="miss"')]: 1,
    });
    // No raw path or query string becomes a label.
    expect(text).not.toContain('x=0');
    expect(text).not.toContain('/api/nothing/here');
  });

  it('counts a scheduled publish', async () => {
    const s = await start({ env: { METRICS_TOKEN: TOKEN } });
    const cookie = await s.login();
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Later?', answer: 'Soon', status: 'draft' } });
    expect(add.status).toBe(200);
    const id = Number(add.body.faq.faqs_id);
    await s.services.store.db.updateTable('faqs').set({ publish_at: new Date(Date.now() - 1000).toISOString() }).where('faqs_id', '=', id).execute();
    await s.services.content.lifecycle.tick();
    const text = (await metricsText(`${s.url}/metrics`, TOKEN)).text;
    expect(sample(text, 'lexfirm_scheduled_publishes_total')).toBe(1);
  });
});
