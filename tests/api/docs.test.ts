/**
 * The API reference at /api/docs: an OpenAPI 3.1 document collected from the schemas of the registered
 * routes (decision 0026) and a self-contained HTML page. Every route the server registers under /api must
 * carry a schema with an operationId and a tag, so a new route cannot be left out.
 */
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startServer, type TestServer, type Json } from '../helpers/server';

let s: TestServer;
let doc: Json;
beforeAll(async () => {
  s = await startServer();
  const res = await fetch(`${s.url}/api/docs.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => s.close());

/** Every (METHOD, path) under /api, read from Fastify's own route tree (not from the reference's hook). */
function registeredApiRoutes(): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  // Lines look like '├── /api/docs (GET, HEAD)'; a child of a route is indented: '│   └── .json (GET, HEAD)'.
  const stack: string[] = [];
  for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    if (!m[3] || !url.startsWith('/api/')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
  }
  return out;
}

const toOpenApi = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/docs.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTypeOf('string');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'lex_session' });
  });

  it('is valid by a real OpenAPI validator (@readme/openapi-parser), with one unique operationId and a tag per operation', async () => {
    const res = await validate(structuredClone(doc));
    expect(res.valid, JSON.stringify(res.valid ? [] : res.errors).slice(0, 2000)).toBe(true);
    const ids: string[] = [];
    for (const ops of Object.values<Json>(doc.paths)) {
      for (const op of Object.values<Json>(ops)) {
        expect(op.operationId).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
        expect(op.tags?.length, op.operationId).toBeGreaterThan(0);
        ids.push(op.operationId);
      }
    }
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  });

  it('lists the mail statuses the outbox really uses', () => {
    const log = doc.paths['/api/mail/outbox'].get;
    expect(JSON.stringify(log)).toContain('"enum":["queued","retrying","sent","failed"]');
  });

  it('has a schema with an operationId, a tag and a summary on every route registered under /api', () => {
    const api = s.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThan(15 * 6);
    const bad = api
      .filter((r) => {
        const schema = (r.schema ?? {}) as { operationId?: unknown; tags?: unknown[]; summary?: unknown };
        return typeof schema.operationId !== 'string' || !schema.tags?.length || typeof schema.summary !== 'string';
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(bad, 'routes without a schema (operationId, tags, summary)').toEqual([]);
  });

  it('describes every route registered under /api, with its method', () => {
    const routes = registeredApiRoutes();
    expect(routes.length).toBeGreaterThan(15 * 6);
    const missing = routes.filter((r) => !doc.paths[toOpenApi(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes missing from the API reference').toEqual([]);
  });

  it('keeps the operationIds other code and issues name', () => {
    const ids = new Set(Object.values<Json>(doc.paths).flatMap((ops) => Object.values<Json>(ops).map((op) => op.operationId)));
    for (const id of ['listContent', 'publishContent', 'unpublishContent', 'scheduleContent', 'previewContent', 'listRevisions', 'restoreRevision', 'restoreContent', 'purgeContent', 'reorderContent', 'contentDependents', 'contentWorkList', 'checkCompliance', 'listConsultationSlots', 'decideConsultation', 'clearConflict', 'requestDataAccess', 'acceptDisclaimer', 'adminLogin', 'faqsAddFaqs']) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('takes the settings schema from content/settings.ts', () => {
    const settings = doc.components.schemas.SiteSettings;
    expect(Object.keys(settings.properties)).toEqual(expect.arrayContaining(['firmName', 'phones', 'legalTeam', 'rule36', 'booking', 'privacy']));
    expect(doc.paths['/api/settings/getsettings'].get.responses['200'].content['application/json'].schema.allOf[1].properties.settings).toEqual({
      $ref: '#/components/schemas/SiteSettings',
    });
  });
});

describe('requests refused by a route schema', () => {
  const post = (p: string, body: unknown) =>
    fetch(`${s.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it("answer 400 with the spec's message of the call", async () => {
    expect(await post('/api/admin/adminlogin', {})).toEqual({ status: 400, body: { statusCode: 400, message: 'Both fields are required.' } });
    expect(await post('/api/admin/adminlogin', { email: 'a@b.example' })).toEqual({ status: 400, body: { statusCode: 400, message: 'Both fields are required.' } });
    expect(await post('/api/blog/getblogByid', { blog_id: 'seven' })).toEqual({ status: 400, body: { statusCode: 400, message: 'Please choose a blog.' } });
    expect(await post('/api/cases/getcasesByCategory', [])).toEqual({ status: 400, body: { statusCode: 400, message: 'Please choose a case category.' } });
  });

  it('otherwise answer 400 with a sentence naming the field', async () => {
    expect(await post('/api/disclaimer/accept', {})).toEqual({ status: 400, body: { statusCode: 400, message: 'The field version is required.' } });
    expect(await post('/api/disclaimer/accept', { version: 'x'.repeat(41) })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'The field version is too long (at most 40 characters).' },
    });
  });

  it('check zod bodies with the zod schema the reference shows, its own messages, after the session', async () => {
    const cookie = await s.login();
    const as = (p: string, json: unknown, withCookie = true) => call(s.url, p, { json, ...(withCookie ? { cookie } : {}) }).then((r) => ({ status: r.status, body: r.body }));
    expect(await as('/api/conflict-parties/add', {}, false)).toMatchObject({ status: 401 });
    expect(await as('/api/conflict-parties/add', { kind: 'client' })).toEqual({ status: 400, body: { statusCode: 400, message: 'The field name is required.' } });
    expect(await as('/api/conflict-parties/add', { name: ' ', kind: 'client' })).toEqual({ status: 400, body: { statusCode: 400, message: 'Please enter a name.' } });
    expect(await as('/api/conflict-parties/update', { name: 'X', kind: 'client' })).toEqual({ status: 400, body: { statusCode: 400, message: 'party_id is required.' } });
    expect(await as('/api/consultations/decide', { consultation_id: 1, action: 'maybe' })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'action must be one of confirm, decline, cancel, complete, no_show.' },
    });
    expect(await as('/api/privacy/requests/hold', { request_id: 1, reason: ' ' })).toEqual({ status: 400, body: { statusCode: 400, message: 'Please give the reason for the hold.' } });
    const check = await as('/api/compliance/check', { group: 'nope' });
    expect(check).toEqual({ status: 400, body: { statusCode: 400, message: 'Send the text to check, or a content group and the id of one of its items.' } });
    expect((await as('/api/compliance/check', { text: 'Plain words.' })).body).toMatchObject({ statusCode: 200, findings: [] });
    const added = await as('/api/conflict-parties/add', { name: '  Ravi Kumar ', kind: 'adverse' });
    expect(added.body.party).toMatchObject({ name: 'Ravi Kumar', kind: 'adverse', email: '' });
    const body = doc.paths['/api/conflict-parties/add'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'kind']);
    expect(body.properties.kind.enum).toEqual(['client', 'adverse']);
  });

  it('still accept what the spec client sends (ids as numbers or strings of digits, a padded sign-in email)', async () => {
    expect((await post('/api/admin/adminlogin', { email: ` ${ADMIN_EMAIL} `, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await post('/api/admin/adminlogin', { email: 'someone@localhost', password: 'x' })).status).toBe(401);
    const blogs = (await (await fetch(`${s.url}/api/blog/getblogs`)).json()).blogs as { blog_id: number }[];
    if (blogs.length) {
      expect((await post('/api/blog/getblogByid', { blog_id: blogs[0]!.blog_id })).status).toBe(200);
      expect((await post('/api/blog/getblogByid', { blog_id: String(blogs[0]!.blog_id) })).status).toBe(200);
    }
    expect((await post('/api/casedetails/getCasedetailsByCaseId', { case_id: '999999' })).body).toEqual({ statusCode: 404, message: 'No details available for this case.' });
  });

  it('describes only routes that exist', () => {
    const routes = new Set(registeredApiRoutes().map((r) => `${r.method.toLowerCase()} ${toOpenApi(r.url)}`));
    for (const [p, ops] of Object.entries<Json>(doc.paths)) {
      if (!p.startsWith('/api/')) continue;
      for (const method of Object.keys(ops)) expect(routes.has(`${method} ${p}`), `${method} ${p}`).toBe(true);
    }
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const r of new Set(refs)) {
      const name = r.slice(8, -1).replace('#/components/schemas/', '');
      expect(doc.components.schemas[name], r).toBeDefined();
    }
  });

  it('declares the session on admin calls and none on public reads', () => {
    const sec = (method: string, p: string) => doc.paths[p][method].security;
    expect(sec('post', '/api/faqs/addFaqs')).toEqual([{ session: [] }]);
    expect(sec('get', '/api/about/getAllAboutImage')).toEqual([{ session: [] }]);
    expect(sec('get', '/api/faqs/getallfaqs')).toEqual([]);
    expect(sec('post', '/api/blog/getblogByid')).toEqual([]);
    expect(sec('post', '/api/admin/adminlogin')).toEqual([]);
  });

  it('tells the truth about the session: admin calls answer 401 without it, public ones do not', async () => {
    for (const [p, ops] of Object.entries<Json>(doc.paths)) {
      if (!p.startsWith('/api/') || p.includes('{')) continue;
      for (const [method, op] of Object.entries<Json>(ops)) {
        const res = await fetch(`${s.url}${p}`, {
          method: method.toUpperCase(),
          ...(method === 'get' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
        });
        expect(res.status === 401, `${method} ${p} answered ${res.status}`).toBe(op.security.length > 0);
      }
    }
  });

  it('gives the spec response keys of the content groups', () => {
    const keysOf = (method: string, p: string) =>
      Object.keys(doc.paths[p][method].responses['200'].content['application/json'].schema.allOf[1].properties);
    // Operation → the one key its 200 answer carries, word for word from the spec.
    const expected: Record<string, string> = {
      'get /api/carousel/getallcarousel': 'carousels',
      'post /api/carousel/addcarousel': 'carousel',
      'post /api/about/updateAboutById': 'updatedAbout',
      'post /api/clientreview/updateReview': 'updatedreview',
      'post /api/ourteam/updateTeam': 'updatedTeam',
      'post /api/vacancy/updateVacancy': 'updatedVacancy',
      'get /api/faqs/getallfaqs': 'faq',
      'get /api/event/getAllEvents': 'data',
      'post /api/cases/updatecase': 'data',
      'post /api/casedetails/getCasedetailsByCaseId': 'case',
      'get /api/about/getRecentAboutImage': 'about',
      'post /api/admin/adminlogin': 'admin',
    };
    for (const [operation, key] of Object.entries(expected)) {
      const [method, p] = operation.split(' ') as [string, string];
      expect(keysOf(method, p), operation).toEqual([key]);
    }
  });

  it('documents the row fields, including ads id and event speakers', () => {
    const s = doc.components.schemas;
    expect(Object.keys(s.Ads.properties)).toEqual(expect.arrayContaining(['ads_id', 'id', 'ads_image', 'ads_display', 'start_date', 'expiry_date']));
    expect(s.Ads.properties.ads_display.type).toEqual(['string', 'null']);
    expect(s.Event.properties.speakers).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Speaker' } });
    expect(Object.keys(s.Speaker.properties)).toEqual(['speaker_name', 'designation', 'date', 'from_time', 'to_time', 'image']);
    expect(Object.keys(s.CaseDetails.properties)).toEqual(
      expect.arrayContaining(['case_details_id', 'case_category_id', 'case_id', 'case_name', 'case_title_name', 'case_content', 'case_file']),
    );
  });

  it.each(resources.map((r) => ({ key: r.key, r })))('$key: request bodies match the declaration (JSON vs multipart, file fields)', ({ r }) => {
    const add = doc.paths[`/api${r.base}${r.paths.add}`].post.requestBody.content;
    const update = doc.paths[`/api${r.base}${r.paths.update}`].put.requestBody.content;
    const files = Object.keys(r.files);
    if (files.length) {
      expect(Object.keys(add)[0]).toBe('multipart/form-data');
      for (const f of files) {
        expect(add['multipart/form-data'].schema.properties[f], f).toMatchObject({ type: 'string', format: 'binary' });
        expect(add['application/json'].schema.properties[f], `${f} is not a JSON field`).toBeUndefined();
        expect(update['multipart/form-data'].schema.properties[`remove_${f}`]).toBeDefined();
      }
    } else {
      expect(Object.keys(add)[0]).toBe(r.key === 'event' ? 'multipart/form-data' : 'application/json');
    }
    for (const f of Object.keys(r.fields)) expect(add['application/json'].schema.properties[f], f).toBeDefined();
    expect(update['application/json'].schema.required).toEqual([r.id]);
    const del = doc.paths[`/api${r.base}${r.paths.delete}`];
    expect(del.post.requestBody.content['application/json'].schema.required).toEqual([r.id]);
    expect(del.delete).toBeDefined();
  });

  it('documents speakers as a JSON string with speaker_image_<i> files, and ad dates as DD/MM/YYYY', () => {
    const ev = doc.paths['/api/event/updateevent'].post.requestBody.content['multipart/form-data'].schema;
    expect(ev.properties.speakers.type).toBe('string');
    expect(ev.properties.speakers.contentMediaType).toBe('application/json');
    expect(Object.keys(ev.patternProperties)).toEqual(['^speaker_image_\\d+$']);
    const ad = doc.paths['/api/ads/addAds'].post.requestBody.content['multipart/form-data'].schema;
    expect(ad.properties.start_date.pattern).toBe('^\\d{1,2}/\\d{1,2}/\\d{4}$');
    expect(doc.components.schemas.Ads.properties.start_date.type).toEqual(['string', 'null']);
  });

  it('lists 409 only on deletes of rows other groups refer to', () => {
    expect(doc.paths['/api/caseCategory/deleteCase'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/cases/deletecase'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/faqs/deletefaq'].post.responses['409']).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('answers the JSON document when asked for JSON', async () => {
    const res = await fetch(`${s.url}/api/docs`, { headers: { accept: 'application/json' } });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual(doc);
  });

  it('is a readable, self-contained HTML page with a table of contents per group', async () => {
    const res = await fetch(`${s.url}/api/docs`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    for (const r of resources) {
      expect(html, r.admin.title).toContain(`href="#${r.admin.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}"`);
      expect(html).toContain(`<code>/api${r.base}${r.paths.add}</code>`);
    }
    expect(html).toContain('<code>/api/admin/adminlogin</code>');
    // Nothing is loaded from elsewhere: no scripts, no external stylesheets, images or fonts.
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });
});
