import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PurgeQueue } from '../../server/cdn/purge-queue';
import { openStore } from '../../server/database';
import { call, startServer, type TestServer } from '../helpers/server';
import { until } from '../helpers/mail-sink';

/**
 * CDN purges (decision 0048): a content change sends exactly the surrogate keys it touched, through the
 * durable queue, to the generic endpoint or Cloudflare's or Fastly's purge API. Each provider is stood in
 * for by a local HTTP server that answers 500 first: the purge is retried and delivered.
 */
interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Provider {
  url: string;
  port: number;
  got: Received[];
  /** Answers 500 to the next n requests. */
  fail(n: number): void;
  close(): Promise<void>;
}

async function startProvider(opts: { port?: number; delayMs?: number } = {}): Promise<Provider> {
  const got: Received[] = [];
  let failing = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        got.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (failing > 0) {
          failing--;
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false,"errors":[{"message":"internal"}]}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"status":"ok","result":{"id":"p1"}}');
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    got,
    fail: (n) => (failing = n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const FAST = { CDN_PURGE_POLL_MS: '50', CDN_PURGE_RETRY_BASE_MS: '30', CDN_PURGE_RETRY_MAX_MS: '200' };
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function server(env: Record<string, string>, dataDir?: string): Promise<{ s: TestServer; cookie: string }> {
  const s = await startServer({ env: { ...FAST, ...env }, ...(dataDir ? { dataDir } : {}) });
  cleanup.push(() => s.close());
  return { s, cookie: await s.login() };
}

async function addFaq(s: TestServer, cookie: string, question: string): Promise<number> {
  const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question, answer: 'An answer.' } });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  return Number((add.body.faq as { faqs_id: number }).faqs_id);
}

/** Waits until the provider accepted n calls (it may have refused some before). */
async function delivered(p: Provider, n: number): Promise<Received[]> {
  await until(
    () => p.got.length,
    (count) => count >= n,
    5000,
    `${n} purge calls`,
  );
  return p.got;
}

describe('generic purge endpoint (CDN_PURGE_URL)', () => {
  it('a change sends exactly its keys as JSON with the bearer token; a 500 is retried, then delivered', async () => {
    const p = await startProvider();
    cleanup.push(() => p.close());
    const { s, cookie } = await server({ CDN_PURGE_URL: `${p.url}/purge`, CDN_PURGE_TOKEN: 'generic-secret' });
    p.fail(1);
    const id = await addFaq(s, cookie, 'Where do I park?');
    const got = await delivered(p, 2);
    expect(got[0]!.headers['authorization']).toBe('Bearer generic-secret');
    // The refused call and its retry carry the same keys; nothing else was sent.
    for (const r of got.slice(0, 2)) {
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/purge');
      expect(r.headers['content-type']).toBe('application/json');
      expect(JSON.parse(r.body)).toEqual({ keys: ['faqs', `faqs:${id}`].sort() });
    }
    await until(() => s.purges!.pending(), (rows) => rows.length === 0, 5000, 'the queue empties');

    // A settings change purges the chrome of every page: `settings`, nothing else.
    const settings = (await call(s.url, '/api/settings/getsettings')).body.settings;
    const put = await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...settings, firmName: 'Purged & Co' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await delivered(p, 3);
    expect(JSON.parse(after[2]!.body)).toEqual({ keys: ['settings'] });

    // A lifecycle step on one row (unpublish) names that row too.
    const un = await call(s.url, `/api/content/faqs/${id}/unpublish`, { cookie, method: 'POST', json: {} });
    expect(un.status, JSON.stringify(un.body)).toBe(200);
    const last = await delivered(p, 4);
    expect(JSON.parse(last[3]!.body)).toEqual({ keys: ['faqs', `faqs:${id}`].sort() });
  });

  it('keys queued while the endpoint is down survive a restart and are delivered by the next process', async () => {
    const probe = await startProvider();
    const port = probe.port;
    await probe.close(); // nothing listens there now: every call fails
    // One data folder for both processes (on PostgreSQL: one database for both, as a restart has).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-purge-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const { s, cookie } = await server({ CDN_PURGE_URL: `http://127.0.0.1:${port}/purge` }, dataDir);
    const id = await addFaq(s, cookie, 'Is the office open on Saturdays?');
    await until(() => s.purges!.pending(), (rows) => rows.length === 1 && rows[0]!.attempts >= 2, 5000, 'failed attempts');
    const [row] = await s.purges!.pending();
    expect(row!.status).toBe('retrying');
    expect(row!.last_error).toMatch(/fetch failed|ECONNREFUSED/);
    await s.app.close();

    const p = await startProvider({ port });
    cleanup.push(() => p.close());
    const again = await startServer({ env: { ...FAST, CDN_PURGE_URL: `http://127.0.0.1:${port}/purge` }, dataDir });
    cleanup.push(() => again.close());
    const got = await delivered(p, 1);
    expect(JSON.parse(got[0]!.body)).toEqual({ keys: ['faqs', `faqs:${id}`].sort() });
    await until(() => again.purges!.pending(), (rows) => rows.length === 0, 5000, 'the queue empties');
  });

  it('two instances draining one queue send every row once', async () => {
    const p = await startProvider({ delayMs: 30 });
    cleanup.push(() => p.close());
    const { s } = await server({ CDN_PURGE_URL: `${p.url}/purge`, CDN_PURGE_POLL_MS: '3600000' });
    const cfg = s.services.config.cdn.purge!;
    const log = { error: () => undefined, warn: () => undefined };
    // A second connection to the same database, as a second instance has.
    const other = openStore({ dataDir: s.dataDir, databaseUrl: s.services.config.databaseUrl });
    cleanup.push(() => other.close());
    const a = new PurgeQueue(s.services.store.db, cfg, log);
    const b = new PurgeQueue(other.db, cfg, log);
    const now = new Date().toISOString();
    const keys = Array.from({ length: 120 }, (_, i) => `faqs:${i + 1}`);
    for (const k of keys) {
      await s.services.store.db.insertInto('cdn_purges').values({ keys: k, status: 'queued', attempts: 0, next_attempt_at: now, created_at: now }).execute();
    }
    await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
    const sent = p.got.flatMap((r) => (JSON.parse(r.body) as { keys: string[] }).keys);
    expect(sent.sort()).toEqual([...keys].sort());
    expect(a.sent + b.sent).toBe(p.got.length);
    expect(await a.pending()).toEqual([]);
  });
});

/** What each call to a provider's purge API must carry: its path, these headers, and (if given) this JSON body. */
interface ExpectedCall {
  path: string;
  headers: Record<string, string>;
  json?: unknown;
}

/**
 * A provider's purge API: the provider (a local server that answers 500 once) gets a FAQ's change twice, the
 * refused POST and its retry, each as `expected(keys)` says with the change's keys; then the queue empties.
 */
async function purgedAfterOneRetry(
  env: Record<string, string>,
  question: string,
  expected: (keys: string[]) => ExpectedCall,
): Promise<void> {
  const p = await startProvider();
  cleanup.push(() => p.close());
  const { s, cookie } = await server({ CDN_PURGE_URL: p.url, ...env });
  p.fail(1);
  const id = await addFaq(s, cookie, question);
  const want = expected(['faqs', `faqs:${id}`].sort());
  const got = await delivered(p, 2);
  for (const r of got) {
    expect(r.method).toBe('POST');
    expect(r.path).toBe(want.path);
    for (const [name, value] of Object.entries(want.headers)) expect(r.headers[name], name).toBe(value);
    if ('json' in want) expect(JSON.parse(r.body)).toEqual(want.json);
  }
  await until(() => s.purges!.pending(), (rows) => rows.length === 0, 5000, 'the queue empties');
}

describe('Cloudflare (CDN_PURGE_PROVIDER=cloudflare)', () => {
  it('POST /client/v4/zones/{zone}/purge_cache with {"tags":[…]} and the bearer token; a 500 retried, then delivered', async () => {
    const env = { CDN_PURGE_PROVIDER: 'cloudflare', CDN_PURGE_TOKEN: 'cf-token', CDN_PURGE_ZONE: 'zone123' };
    await purgedAfterOneRetry(env, 'Do you take legal aid cases?', (keys) => ({
      path: '/client/v4/zones/zone123/purge_cache',
      headers: { authorization: 'Bearer cf-token' },
      json: { tags: keys },
    }));
  });
});

describe('Fastly (CDN_PURGE_PROVIDER=fastly)', () => {
  it('POST /service/{id}/purge with the keys in Surrogate-Key and Fastly-Key; a 500 retried, then delivered', async () => {
    await purgedAfterOneRetry(
      { CDN_PURGE_PROVIDER: 'fastly', CDN_PURGE_TOKEN: 'fastly-token', CDN_PURGE_SERVICE: 'svc42' },
      'Can I bring a friend to the consultation?',
      (keys) => ({
        path: '/service/svc42/purge',
        headers: { 'fastly-key': 'fastly-token', 'surrogate-key': keys.join(' ') },
      }),
    );
  });

  it('a provider without its credentials stops the server at start with one line', async () => {
    await expect(startServer({ env: { CDN_PURGE_PROVIDER: 'fastly', CDN_PURGE_TOKEN: 'x' } })).rejects.toThrow(
      'CDN_PURGE_TOKEN and CDN_PURGE_SERVICE are required when CDN_PURGE_PROVIDER=fastly',
    );
  });
});
