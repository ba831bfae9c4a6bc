import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';
import { pngBytes } from '../helpers/files';
import type { RegisteredRoute } from '../../server/app';
import { startServer, type TestServer } from '../helpers/server';
import { storedFiles } from '../helpers/api-helpers';
import { dynamic } from '../../server/db/schema';

/**
 * Property: whatever arrives at any API route (malformed JSON, wrong types, huge strings, odd ids,
 * hostile file names), the server never answers 5xx. Then a sweep generated from the registered routes
 * sends every route each kind of malformed body (broken multipart, broken JSON, wrong content types, huge
 * fields, unknown fields) with the session: no answer is 5xx, and no row and no file is left behind.
 */
let s: TestServer;
let cookie: string;
beforeAll(async () => {
  // The per-session write limit off: the fuzzer's signed-in writes should reach the handlers, not a 429.
  s = await startServer({
    env: { UPLOAD_MAX_IMAGE_MB: '1', UPLOAD_MAX_DOCUMENT_MB: '1', UPLOAD_MAX_VIDEO_MB: '1', ADMIN_WRITE_RATE_LIMIT: '0' },
  });
  cookie = await s.login();
});
afterAll(() => s.close());

const ODD = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u0000',
  '𝕏',
];

const oddValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ODD) },
  { weight: 2, arbitrary: fc.string({ maxLength: 50 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 5000, maxLength: 20000 }) },
);

const ID_NAMES = [
  'carousel_id',
  'calendar_id',
  'about_id',
  'case_category_id',
  'case_id',
  'case_details_id',
  'blog_id',
  'event_id',
  'client_review_id',
  'team_id',
  'faqs_id',
  'partner_id',
  'ads_id',
  'gallery_id',
  'vacancy_id',
  'speakers',
  'start_date',
  'expiry_date',
  'ads_display',
  'event_start_date',
  'event_start_time',
  'datetime',
  'email',
  'to',
  'prompt',
  'status',
  'number_of_vacancy',
];

function bodyFor(names: string[]) {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const jsonBody = fc.dictionary(name, oddValue, { maxKeys: 8 });
  return fc.oneof(
    jsonBody.map((b) => ({ kind: 'json' as const, text: JSON.stringify(b) })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'null',
        '"x"',
        '12',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      )
      .map((text) => ({ kind: 'json' as const, text })),
    fc
      .record({
        fields: jsonBody,
        fileField: name,
        fileName: fc.oneof(
          fc.constantFrom(
            '../../../etc/passwd',
            '..\\..\\win.ini',
            'a.png\u0000.exe',
            '<img src=x>.jpg',
            '.htaccess',
            'x'.repeat(300) + '.pdf',
            'ok.png',
          ),
          fc.string({ maxLength: 20 }),
        ),
        bytes: fc.uint8Array({ maxLength: 300 }),
      })
      .map((m) => ({ kind: 'multipart' as const, ...m })),
  );
}

/** Field names a route reads: its group's declared fields, files and id, plus names other routes read. */
function namesFor(route: { config?: unknown }): string[] {
  const key = (route.config as { resource?: string } | undefined)?.resource;
  const r = resources.find((x) => x.key === key);
  return r ? [r.id, ...Object.keys(r.fields), ...Object.keys(r.files), ...ID_NAMES] : ID_NAMES;
}

describe('fuzzing every API route', () => {
  it('never answers 5xx to malformed input, signed in or not', async () => {
    const targets = s.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.url !== '/api/admin/logout' && // would end the session the rest of the run signs in with
        ['POST', 'PUT', 'DELETE', 'GET'].includes(r.method) &&
        !r.url.includes('*'),
    );
    expect(targets.length).toBeGreaterThan(60);
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...targets)
          .chain((route) => fc.tuple(fc.constant(route), bodyFor(namesFor(route)), fc.boolean())),
        async ([route, body, signedIn]) => {
          const headers: Record<string, string> = {};
          if (signedIn) headers.cookie = cookie;
          let payload: BodyInit | undefined;
          if (route.method !== 'GET') {
            if (body.kind === 'json') {
              headers['content-type'] = 'application/json';
              payload = body.text;
            } else {
              const form = new FormData();
              for (const [k, v] of Object.entries(body.fields))
                form.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
              form.append(body.fileField, new File([body.bytes], body.fileName || 'f'));
              payload = form;
            }
          }
          const res = await fetch(`${s.url}${route.url}`, { method: route.method, headers, body: payload });
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`${route.method} ${route.url} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1500), seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(failures).toEqual([]);
  }, 240_000);
});

// ---------------------------------------------------------------------------------------------------------
// Malformed bodies on every registered route: nothing is stored (decision 0011).

type Malformed = { kind: string; contentType?: string; body: string | Blob };

/** Bytes as a request body (a Blob sets no content type of its own). */
const bytes = (...chunks: (string | Buffer)[]): Blob => new Blob(chunks.map((c) => Uint8Array.from(typeof c === 'string' ? Buffer.from(c) : c)));

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;

/** Every kind of malformed body for a route whose fields are `names` (its own first, then others). */
function malformedBodies(names: string[], png: Buffer): Malformed[] {
  const mp = `multipart/form-data; boundary=${BOUNDARY}`;
  const fields = names.slice(0, 6).map((n) => part(n, '1')).join('');
  const fileName = names.find((n) => /image|img|file|document/.test(n)) ?? 'document';
  const unknownJson = JSON.stringify({ zz_unknown: 'x', another_field: 1, nested: { a: [1, 2] } });
  const huge = Object.fromEntries(names.map((n) => [n, 'x'.repeat(12_000)]));
  return [
    // Broken multipart.
    { kind: 'garbage after a boundary', contentType: mp, body: `${fields}--${BOUNDARY}\r\n\u0000\u0001garbage without headers\r\n\r\n` },
    { kind: 'a truncated file part', contentType: mp, body: bytes(fields + filePart(fileName, 'a.png'), png.subarray(0, 40)) },
    { kind: 'a truncated header', contentType: mp, body: `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; na` },
    { kind: 'no boundary in the content type', contentType: 'multipart/form-data', body: `${fields}--${BOUNDARY}--\r\n` },
    { kind: 'another boundary than announced', contentType: 'multipart/form-data; boundary=elsewhere', body: `${fields}--${BOUNDARY}--\r\n` },
    { kind: 'an empty multipart body', contentType: mp, body: '' },
    // Broken JSON.
    { kind: 'JSON cut short', contentType: 'application/json', body: `{"${names[0]}":` },
    { kind: 'JSON of the wrong shape', contentType: 'application/json', body: '[1,2,3]' },
    { kind: 'JSON null', contentType: 'application/json', body: 'null' },
    { kind: 'JSON prototype pollution', contentType: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    // Wrong content types.
    { kind: 'XML', contentType: 'application/xml', body: '<a><b>1</b></a>' },
    { kind: 'a URL-encoded form', contentType: 'application/x-www-form-urlencoded', body: names.map((n) => `${n}=1`).join('&') },
    { kind: 'plain text', contentType: 'text/plain', body: 'hello' },
    { kind: 'bytes', contentType: 'application/octet-stream', body: bytes(png) },
    { kind: 'JSON announced, multipart sent', contentType: 'application/json', body: `${fields}--${BOUNDARY}--\r\n` },
    // Huge fields.
    { kind: 'every field 12 000 characters', contentType: 'application/json', body: JSON.stringify(huge) },
    { kind: 'a JSON body over the limit', contentType: 'application/json', body: JSON.stringify({ [names[0]!]: 'x'.repeat(2 * 1024 * 1024 + 10) }) },
    { kind: 'a multipart field over the limit', contentType: mp, body: `${part(names[0]!, 'x'.repeat(2 * 1024 * 1024 + 10))}--${BOUNDARY}--\r\n` },
    // Unknown fields only (a real image under an unknown file field name).
    { kind: 'unknown JSON fields', contentType: 'application/json', body: unknownJson },
    {
      kind: 'unknown multipart fields and file',
      contentType: mp,
      body: bytes(part('zz_unknown', 'x') + filePart('zz_unknown_file', 'x.png'), png, `\r\n--${BOUNDARY}--\r\n`),
    },
  ];
}

/** Row counts of every table (rate-limit counters aside: every request may count), and the content version. */
async function dataState(server: TestServer) {
  const db = server.services.store.db;
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => n !== 'rate_limits' && !n.startsWith('kysely_'));
  const counts: Record<string, number> = {};
  for (const t of tables.sort()) {
    counts[t] = Number((await dynamic(db).selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  }
  const version = await db.selectFrom('content_version').selectAll().execute();
  const files = ['uploads', 'private', 'tmp', 'outbox'].flatMap((d) => storedFiles(server.dataDir, d));
  return { counts, version, files };
}

/**
 * Calls (other than reads, which the sweep sends query strings) whose schema takes no input: no path or query
 * parameters, and no `body` and `requestBody`, or a `requestBody` marked optional (read when it is a JSON
 * object; anything else counts as none). Derived from the route schemas: today the sign-in challenges (the
 * passkey sign-in's options among them), starting an authenticator app, ending one's other sessions and
 * signing out.
 */
const takesNoInput = (r: RegisteredRoute) => {
  const schema = r.schema as { body?: unknown; params?: unknown; querystring?: unknown; requestBody?: { required?: boolean } } | undefined;
  if (['GET', 'HEAD', 'OPTIONS'].includes(r.method) || schema?.params || schema?.querystring) return false;
  // A body the call may go without (the passkey sign-in's options): whatever is not a JSON object reads as none,
  // so it answers 200 and issues its challenge; only its rate limit used to turn the sweep's calls away.
  if (schema?.requestBody?.required === false) return true;
  return !schema?.body && !schema?.requestBody;
};

/** Concrete URLs of a registered route (a parameter or wildcard filled in). */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace('*', 'fuzz/none.png');

describe('malformed bodies on every registered route', () => {
  it('never answer 5xx and leave no new row or file behind', async () => {
    const png = await pngBytes(32, 32);
    const routes = s.routes.filter(
      (r: RegisteredRoute) =>
        (r.url.startsWith('/api/') || r.url.startsWith('/uploads/') || r.url.startsWith('/private/')) &&
        r.url !== '/api/admin/logout' && // would end the session the sweep signs in with
        // Calls that take no input (starting a sign-in challenge, ending the caller's other sessions, …) do
        // what they do whatever is sent (decisions 0043–0045; tests/api/two-factor.test.ts covers them).
        !takesNoInput(r) &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(60);
    // A route whose schema lost its input would leave the sweep unnoticed: the calls left out stay few.
    expect(s.routes.filter((r: RegisteredRoute) => r.url.startsWith('/api/') && takesNoInput(r)).length).toBeLessThanOrEqual(6);
    const before = await dataState(s);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const url = `${s.url}${concrete(route.url)}`;
      if (route.method === 'GET') {
        for (const q of ['?page=-1&perPage=99999999999&status[]=x', `?q=${'x'.repeat(5000)}`, '?%zz=%', '?__proto__[x]=1']) {
          const res = await fetch(`${url}${q}`, { headers: { cookie } }).catch((e: Error) => e);
          sent++;
          if (res instanceof Error) failures.push(`GET ${route.url}${q.slice(0, 30)} → ${res.message}`);
          else if ((await res.arrayBuffer(), res.status >= 500)) failures.push(`GET ${route.url}${q.slice(0, 30)} → ${res.status}`);
        }
        continue;
      }
      for (const m of malformedBodies(namesFor(route), png)) {
        const headers: Record<string, string> = { cookie };
        if (m.contentType) headers['content-type'] = m.contentType;
        const res = await fetch(url, { method: route.method, headers, body: m.body }).catch((e: Error) => e);
        sent++;
        if (res instanceof Error) {
          failures.push(`${route.method} ${route.url} (${m.kind}) → ${res.message}`);
          continue;
        }
        const text = await res.text();
        if (res.status >= 500) failures.push(`${route.method} ${route.url} (${m.kind}) → ${res.status} ${text.slice(0, 120)}`);
        else if (res.status === 200 && route.url.startsWith('/api/') && !/^\/api\/(admin\/forgotpassword)$/.test(route.url))
          failures.push(`${route.method} ${route.url} (${m.kind}) → 200 ${text.slice(0, 120)}`);
      }
    }
    expect(sent).toBeGreaterThan(writes.length * 15);
    expect(failures).toEqual([]);
    expect(await dataState(s)).toEqual(before);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  }, 240_000);
});
