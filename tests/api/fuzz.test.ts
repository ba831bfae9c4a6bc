import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Property: whatever arrives at any API route (malformed JSON, wrong types, huge strings, odd ids,
 * hostile file names), the server never answers 5xx.
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
