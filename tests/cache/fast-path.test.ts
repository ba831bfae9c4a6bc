/**
 * Cached answers before Fastify (decision 0020): a cached page or public list answered from
 * memory carries exactly the status, headers and bytes Fastify's own path gives for it (every security
 * header, the page's CSP, ETag, encoding), for identity, brotli and gzip, HEAD and If-None-Match, over
 * HTTP and behind an HTTPS proxy; a write is seen on the next request; and a second instance on the same
 * data sees it within CONTENT_VERSION_POLL_MS without reading the database on every request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../helpers/server';
import { until } from '../helpers/mail-sink';

let s: TestServer;
let cookie: string;
// A folder of our own: the second instance below starts on the same data (the same PostgreSQL database).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-fast-'));
beforeAll(async () => {
  s = await startServer({ pages: true, dataDir, env: { TRUST_PROXY: 'on' } });
  cookie = await s.login();
});
afterAll(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers Node's HTTP server adds or that differ per answer by nature. */
// x-request-id differs per request by design (decision 0053; tests/api/service-ops.test.ts checks it on both paths).
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

function overHttp(address: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.url}${address}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (!PER_ANSWER.has(k) && v !== undefined) h[k] = String(v);
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request through Fastify's own path (inject skips the HTTP server, so the fast path too). */
async function throughFastify(address: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> {
  const res = await s.app.inject({ method, url: address, headers });
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (!PER_ANSWER.has(k) && v !== undefined) h[k] = String(v);
  return { status: res.statusCode, headers: h, body: res.rawPayload };
}

describe('answers from memory', () => {
  const addresses = ['/', '/blog', '/faqs?utm_source=newsletter', '/api/faqs/getallfaqs', '/api/blog/getblogs'];

  beforeAll(async () => {
    await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Is the first meeting free?', answer: 'Yes, the first half hour is.' } });
    // Rendered (or built) once: the next requests are hits.
    for (const a of addresses) await overHttp(a, {});
  });

  it('are the same status, headers and bytes as Fastify gives, for every encoding, HEAD and 304', async () => {
    const before = s.fastPath!.served;
    let compared = 0;
    for (const path of addresses) {
      const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }, { 'x-forwarded-proto': 'https' }];
      for (const headers of variants) {
        for (const method of ['GET', 'HEAD'] as const) {
          const fast = await overHttp(path, headers, method);
          const slow = await throughFastify(path, headers, method);
          expect(fast.status, path).toBe(200);
          expect(fast.headers['x-cache'], path).toBe('HIT');
          expect(fast.headers, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(slow.headers);
          // inject does not strip a HEAD answer's body the way Node's HTTP server does.
          if (method === 'GET') expect(fast.body.equals(slow.body), `${method} ${path}`).toBe(true);
          else expect(fast.body.length).toBe(0);
          compared++;
        }
      }
      const etag = (await overHttp(path, {})).headers.etag!;
      const fast304 = await overHttp(path, { 'if-none-match': etag });
      const slow304 = await throughFastify(path, { 'if-none-match': etag });
      expect(fast304.status).toBe(304);
      expect(slow304.status).toBe(304);
      expect(fast304.body.length).toBe(0);
      // Fastify adds a content-length of 0 to its 304; otherwise the same.
      const { 'content-length': _omitted, ...slowRest } = slow304.headers;
      expect(fast304.headers).toEqual(slowRest);
    }
    // Every one of those real HTTP requests (plus the ETag reads) was answered before Fastify.
    expect(s.fastPath!.served - before).toBe(compared + addresses.length * 2);
  });

  it('carry every security header, the policy of their kind and HSTS behind an HTTPS proxy only', async () => {
    const page = await overHttp('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['strict-transport-security']).toBeUndefined();
    for (const path of ['/', '/api/blog/getblogs']) {
      const a = await overHttp(path, { 'x-forwarded-proto': 'http, https' });
      expect(a.headers['x-cache']).toBe('HIT');
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['x-frame-options']).toBe('DENY');
      expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(a.headers['permissions-policy']).toContain('camera=()');
      expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(a.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(a.headers['x-powered-by']).toBeUndefined();
    }
    const json = await overHttp('/api/faqs/getallfaqs', {});
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(json.body.toString('utf8')).faq.some((f: { question: string }) => f.question === 'Is the first meeting free?')).toBe(true);
  });

  it('are dropped by a write: the next request shows it (list call and page)', async () => {
    const list = async () => JSON.parse((await overHttp('/api/faqs/getallfaqs', {})).body.toString('utf8')).faq as Array<{ faqs_id: number; question: string }>;
    const row = (await list()).find((f) => f.question === 'Is the first meeting free?')!;
    expect((await overHttp('/faqs', {})).headers['x-cache']).toBe('HIT');
    const upd = await call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: row.faqs_id, question: 'Is the first meeting without charge?', answer: 'Yes.' } });
    expect(upd.status).toBe(200);
    expect((await list()).map((f) => f.question)).toContain('Is the first meeting without charge?');
    const page = await overHttp('/faqs', {});
    expect(page.headers['x-cache']).toBe('MISS');
    expect(page.body.toString('utf8')).toContain('Is the first meeting without charge?');
  });

  it('leave writes, admin screens and unknown addresses to Fastify', async () => {
    const before = s.fastPath!.served;
    expect((await overHttp('/admin-login', {})).headers['x-cache']).toBeUndefined();
    expect((await overHttp('/api/faqs/getallfaqs', {}, 'POST')).status).toBe(404);
    expect((await overHttp('/api/nothing-here', {})).status).toBe(404);
    expect(s.fastPath!.served).toBe(before);
  });
});

describe('a second instance on the same data', () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await startServer({ pages: true, dataDir, env: { CONTENT_VERSION_POLL_MS: '100' } });
  });
  afterAll(() => b?.close());

  it('shows another instance’s write within its poll interval (list call and cached page)', async () => {
    const question = 'Do you take cases outside the city?';
    const faqs = async () => (await call(b.url, '/api/faqs/getallfaqs')).body.faq as Array<{ question: string }>;
    expect((await faqs()).some((f) => f.question === question)).toBe(false);
    await fetch(`${b.url}/faqs`).then((r) => r.text());
    expect((await fetch(`${b.url}/faqs`)).headers.get('x-cache')).toBe('HIT');

    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question, answer: 'Yes, across the state.' } });
    expect(add.status).toBe(200);
    const t0 = Date.now();
    await until(faqs, (list) => list.some((f) => f.question === question), 5000, 'the other instance lists the new FAQ');
    await until(() => fetch(`${b.url}/faqs`).then((r) => r.text()), (html) => html.includes(question), 5000, 'the other instance’s page shows it');
    // Within the poll interval (100 ms) plus scheduling slack on a busy machine.
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});
