/**
 * Every id a call takes is a whole number or a string of digits; anything else (a list, true, a fraction,
 * text, an object, zero or less, an exponent) answers 400 with the call's own message for a missing id or
 * a sentence naming the field, never 200, 404 or 5xx. Sent through the spec's exact calls (its paths,
 * methods and body kinds) and through the product's own calls that take ids, on SQLite or (with
 * TEST_DATABASE_URL) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { apiPath, resources } from '../../content/resources/index';
import { call, signedInServer } from '../helpers/server';

const { s, cookie } = await signedInServer({ demo: true, socket: false, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });

/** Values that are not an id, each with how it is sent in JSON. */
const BAD: unknown[] = [
  [1],
  ['1'],
  [1, 2],
  [],
  true,
  false,
  1.5,
  '1.5',
  'abc',
  {},
  { id: 1 },
  -1,
  0,
  '0',
  '-1',
  '1e2',
  '0x10',
  1e20,
  '9'.repeat(20),
];
/** The same in a query string or a path segment (always text there). */
const BAD_TEXT = ['1.5', 'abc', '-1', '0', '1e2', '0x10', ' ', '9'.repeat(20), '1,2'];

/** A 400 whose message is `expected` or names the field. */
function refused(r: { status: number; body: { message?: unknown } }, field: string, expected: string[], what: string) {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
  const message = String(r.body.message ?? '');
  expect(
    expected.includes(message) || message.includes(field),
    `${what}: "${message}" is the call's message or names ${field}`,
  ).toBe(true);
}

function form(fields: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, String(one));
  return f;
}

describe("the spec's public reads by id", () => {
  const reads: [path: string, field: string, message: string][] = [
    ['/api/cases/getcasesByCategory', 'case_category_id', 'Please choose a case category.'],
    ['/api/casedetails/getCasedetailsByCaseId', 'case_id', 'Please choose a case.'],
    ['/api/blog/getblogByid', 'blog_id', 'Please choose a blog.'],
  ];
  it.each(reads)('%s refuses what is not an id', async (path, field, message) => {
    for (const bad of [...BAD, null, '', ' ']) {
      refused(await call(s.url, path, { json: { [field]: bad } }), field, [message], `${path} ${JSON.stringify(bad)}`);
    }
    refused(await call(s.url, path, { json: {} }), field, [message], `${path} without ${field}`);
    // A good id still works, as a number and as a string of digits.
    expect((await call(s.url, path, { json: { [field]: 1 } })).status).not.toBe(400);
    expect((await call(s.url, path, { json: { [field]: ' 1 ' } })).status).not.toBe(400);
  });
});

describe("every group's update and delete", () => {
  it.each(resources.map((r) => [r.key, r] as const))('%s', async (_key, r) => {
    for (const bad of BAD) {
      const body = { [r.id]: bad };
      const what = (call: string) => `${call} ${r.id}=${JSON.stringify(bad)}`;
      const update =
        r.body === 'json'
          ? await call(s.url, apiPath(r, 'update'), { json: body, cookie })
          : await call(s.url, apiPath(r, 'update'), { form: form(body), cookie });
      // A form field is text: a list of one is the same as its item, and an object cannot be sent.
      const sendable = r.body === 'json' || (Array.isArray(bad) ? bad.length !== 1 : typeof bad !== 'object');
      if (sendable) refusedId(update, what('update'));
      refusedId(await call(s.url, apiPath(r, 'delete'), { json: body, cookie }), what('delete (JSON)'));
    }
    for (const bad of BAD_TEXT) {
      refusedId(
        await call(s.url, `${apiPath(r, 'delete')}?${r.id}=${encodeURIComponent(bad)}`, { method: 'DELETE', cookie }),
        `DELETE ?${r.id}=${bad}`,
      );
      const row = `/api/content/${r.key}/${encodeURIComponent(bad)}`;
      refusedId(await call(s.url, `${row}/publish`, { method: 'POST', json: {}, cookie }), `publish ${bad}`, 'id');
      refusedId(await call(s.url, `${row}/unpublish`, { method: 'POST', json: {}, cookie }), `unpublish ${bad}`, 'id');
      refusedId(await call(s.url, `${row}/restore`, { method: 'POST', json: {}, cookie }), `restore ${bad}`, 'id');
      refusedId(await call(s.url, `${row}/preview`, { method: 'POST', json: {}, cookie }), `preview ${bad}`, 'id');
      refusedId(await call(s.url, `${row}/revisions`, { cookie }), `revisions ${bad}`, 'id');
      refusedId(await call(s.url, `${row}/dependents`, { cookie }), `dependents ${bad}`, 'id');
      refusedId(
        await call(s.url, `/api/content/${r.key}/1/revisions/${encodeURIComponent(bad)}/restore`, {
          method: 'POST',
          json: {},
          cookie,
        }),
        `revision ${bad}`,
        'revisionId',
      );
      refusedId(await call(s.url, row, { method: 'DELETE', cookie }), `delete forever ${bad}`, 'id');
    }
    function refusedId(res: Awaited<ReturnType<typeof call>>, what: string, field: string = r.id) {
      refused(res, field, [r.missingIdMessage], what);
    }
  });
});

describe('references to other groups on add and update', () => {
  it('a case, a blog and case details refuse a category or case that is not one id', async () => {
    const cases = resources.find((r) => r.key === 'cases')!;
    for (const bad of BAD) {
      const r = await call(s.url, apiPath(cases, 'add'), {
        json: { case_title_name: 'A case', case_category_id: bad },
        cookie,
      });
      expect(r.status, `cases add case_category_id=${JSON.stringify(bad)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(String(r.body.message)).toMatch(
        /^(Case Category must be (one )?(a )?whole number\.|Case Category is not valid\.|Selected case category is invalid|Please fill in all required fields)$/,
      );
    }
    // Two values of one form field are not one id either.
    const blog = resources.find((r) => r.key === 'blog')!;
    const twice = await call(s.url, apiPath(blog, 'add'), {
      form: form({ title: 'T', case_category_id: [1, 2], description: '<p>x</p>' }),
      cookie,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Case Category must be one whole number.');
  });
});

describe("the product's own calls that take ids", () => {
  const calls: [path: string, field: string, rest: Record<string, unknown>][] = [
    ['/api/mail/retry', 'mail_id', {}],
    ['/api/consultations/updatestatus', 'consultation_id', { status: 'new' }],
    ['/api/consultations/decide', 'consultation_id', { action: 'confirm' }],
    ['/api/consultations/clear-conflict', 'consultation_id', { action: 'clear' }],
    ['/api/conflict-parties/update', 'party_id', { name: 'A party', kind: 'client' }],
    ['/api/conflict-parties/delete', 'party_id', {}],
    ['/api/privacy/requests/hold', 'request_id', { reason: 'A live case' }],
    ['/api/privacy/requests/release', 'request_id', {}],
    ['/api/privacy/requests/erase', 'request_id', {}],
    ['/api/admins/remove', 'admin_id', {}],
  ];
  it.each(calls)('%s refuses a %s that is not an id, naming it', async (path, field, rest) => {
    for (const bad of BAD)
      refused(
        await call(s.url, path, { json: { [field]: bad, ...rest }, cookie }),
        field,
        [],
        `${path} ${JSON.stringify(bad)}`,
      );
    const missing = await call(s.url, path, { json: rest, cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`${field} is required.`);
  });

  it('a consultation document and the Rule 36 check of a stored item refuse a bad id', async () => {
    for (const bad of BAD_TEXT) {
      refused(
        await call(s.url, `/api/consultations/${encodeURIComponent(bad)}/document`, { cookie }),
        'id',
        [],
        `document ${bad}`,
      );
    }
    for (const bad of BAD) {
      const r = await call(s.url, '/api/compliance/check', { json: { group: 'blog', id: bad }, cookie });
      refused(
        r,
        'id',
        ['Send the text to check, or a content group and the id of one of its items.'],
        `compliance id=${JSON.stringify(bad)}`,
      );
    }
    expect((await call(s.url, '/api/compliance/check', { json: { group: 'blog', id: '1' }, cookie })).status).toBe(200);
  });

  it('a new order refuses a list with anything but ids', async () => {
    const faqs = resources.find((r) => r.key === 'faqs')!;
    const rows = (await call(s.url, apiPath(faqs, 'list'))).body[faqs.keys.list] as Record<string, number>[];
    const ids = rows.map((row) => row[faqs.id]!);
    expect(ids.length).toBeGreaterThan(1);
    for (const bad of [[ids[0]], true, 1.5, '1e2', '0x1', 0, -1, null, {}]) {
      const r = await call(s.url, '/api/content/faqs/reorder', { json: { ids: [bad, ...ids.slice(1)] }, cookie });
      expect(r.status, `reorder with ${JSON.stringify(bad)}`).toBe(400);
      expect(r.body.message).toBe('Please send the new order as a list of ids, each once.');
    }
    expect((await call(s.url, '/api/content/faqs/reorder', { json: { ids: ids.map(String) }, cookie })).status).toBe(
      200,
    );
  });
});
