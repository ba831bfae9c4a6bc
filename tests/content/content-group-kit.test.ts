/**
 * Adding a content group is one declaration, one migration and one line registering it
 * (docs/adding-a-content-group.md): this test declares a throwaway group, creates its table the way its
 * migration would, registers it, and uses what the product derives from the declaration alone: the add,
 * list, update and delete calls, the validation messages, the group's entry in the API reference, the admin
 * list, drafts, preview links to its own page, revisions, the trash, its order, its sitemap entries, site
 * search, the Rule 36 publish check and the assistant's answer about it.
 */
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, isBlank } from '../../content/kit';
import { registerGroup, resources, unregisterGroup } from '../../content/resources/index';
import { DEFAULT_SETTINGS } from '../../content/settings';
import { allGroups, Knowledge } from '../../server/assistant/knowledge.server';
import { migrations, registerMigration, unregisterMigration, type Dialect } from '../../server/db/index';
import { createContentTableV1 } from '../../server/db/migrations/content-table-v1';
import { dynamic } from '../../server/db/schema';
import { call, startServer, type TestServer } from '../helpers/server';

/** The declaration (content/resources/notice.ts, were it a real group). */
const notice = defineResource({
  key: 'notice',
  label: 'Notice',
  table: 'notices',
  id: 'notice_id',
  calls: ['/notice/addNotice', '/notice/getAllNotices', '/notice/updateNotice', '/notice/deleteNotice'],
  body: 'json',
  keys: { list: 'notices', add: 'notice', update: 'updatedNotice' },
  order: 'desc',
  ordered: true,
  fields: {
    notice_title: { type: 'text', label: 'Notice Title', max: 80, translatable: true },
    posted_on: { type: 'dmy', label: 'Posted On' },
    seats: { type: 'int', label: 'Seats', column: false },
  },
  validate: (v) => (isBlank(v.notice_title) ? 'Please give the notice a title.' : null),
  missingIdMessage: 'Please select a notice to update.',
  site: { list: '/notices', page: (row) => `/notices/${Number(row.notice_id)}` },
  search: { kind: 'notice', label: 'Notice', title: 'notice_title', text: [] },
  rule36: { fields: ['notice_title'] },
  assistant: { note: 'Notices are pinned on the court-closures board of /notices.', synonyms: 'court closure|closure notice' },
  admin: { path: 'notices', title: 'Notices', empty: 'No notices yet.' },
});

/** Its migration (server/db/migrations/00NN-notices.ts, were it a real group), written with the frozen helper. */
const up = (dialect: Dialect) =>
  createContentTableV1(dialect, {
    table: 'notices',
    id: 'notice_id',
    columns: { notice_title: { kind: 'text', required: true }, posted_on: { kind: 'text' }, seats: { kind: 'integer' } },
  });

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  // The one line registering it (content/resources/index.ts's list, and server/db/index.ts's migrations).
  registerGroup(notice);
  registerMigration('9001-notices', up);
  // Its own migrated database: the run's shared template (decision 0092) must never hold this test's table
  // and migration, which every other server of the run would then find unknown.
  s = await startServer({ pages: true, fresh: true });
  cookie = await s.login();
});
afterAll(async () => {
  try {
    if (s) {
      await dynamic(s.services.store.db).schema.dropTable('notices').ifExists().execute();
      await s.close();
    }
  } finally {
    // The registry is module state: a worker running other files after this one (Vitest without isolation,
    // decision 0107) must serve neither the group nor its migration.
    unregisterGroup(notice.key);
    unregisterMigration('9001-notices');
  }
});

describe('a group declared in a test', () => {
  it('adds, lists, updates and deletes through its generated calls, with its own response keys', async () => {
    const add = await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: '  Court  closed ', posted_on: '2/1/2027', seats: '12' } });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({
      statusCode: 200,
      message: 'Notice added successfully',
      notice: { notice_title: 'Court closed', posted_on: '2027-01-02', seats: 12 },
    });
    const id = add.body.notice.notice_id;
    expect(id).toBeTypeOf('number');
    await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'Second' } });

    const list = await call(s.url, '/api/notice/getAllNotices');
    expect(list.status).toBe(200);
    expect(list.body.message).toBe('Notice list fetched successfully');
    // An ordered group (`ordered: true`): a new row goes to the end of the order the firm set.
    expect(list.body.notices.map((n: { notice_title: string }) => n.notice_title)).toEqual(['Court closed', 'Second']);

    // Judged as sent (the required title is sent); the optional date left out keeps its value.
    const upd = await call(s.url, '/api/notice/updateNotice', { cookie, json: { notice_id: id, notice_title: 'Court closed today', seats: 3 } });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      message: 'Notice updated successfully',
      updatedNotice: { notice_title: 'Court closed today', posted_on: '2027-01-02', seats: 3 },
    });

    const del = await call(s.url, '/api/notice/deleteNotice', { cookie, json: { notice_id: id } });
    expect(del.body).toEqual({ statusCode: 200, message: 'Notice deleted successfully' });
    const after = await call(s.url, '/api/notice/getAllNotices');
    expect(after.body.notices.map((n: { notice_title: string }) => n.notice_title)).toEqual(['Second']);
  });

  it("refuses bad input with the declaration's message, or a sentence naming the field, and stores nothing", async () => {
    const before = (await call(s.url, '/api/notice/getAllNotices')).body.notices.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ notice_title: '   ' }, 'Please give the notice a title.'],
      [{ notice_title: 'x'.repeat(81) }, 'Notice Title must be at most 80 characters.'],
      [{ notice_title: 'Open day', posted_on: '31/02/2027' }, 'Posted On must be a date (DD/MM/YYYY).'],
      [{ notice_title: 'Open day', seats: 'many' }, 'Seats must be a whole number.'],
    ];
    for (const [json, message] of cases) {
      const res = await call(s.url, '/api/notice/addNotice', { cookie, json });
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message });
    }
    const noId = await call(s.url, '/api/notice/updateNotice', { cookie, json: { notice_title: 'x' } });
    expect(noId.body).toEqual({ statusCode: 400, message: 'Please select a notice to update.' });
    const unknown = await call(s.url, '/api/notice/updateNotice', { cookie, json: { notice_id: 999_999, notice_title: 'x' } });
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Notice not found' });
    expect((await call(s.url, '/api/notice/getAllNotices')).body.notices).toHaveLength(before);
  });

  it('gets the lifecycle: drafts, a preview link to its own page, revisions, trash, order', async () => {
    const draft = await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'Draft closure', status: 'draft' } });
    expect(draft.status).toBe(200);
    const id = draft.body.notice.notice_id as number;
    const titles = async () => (await call(s.url, '/api/notice/getAllNotices')).body.notices.map((n: { notice_title: string }) => n.notice_title);
    expect(await titles()).not.toContain('Draft closure');
    const admin = await call(s.url, '/api/content/notice?status=draft', { cookie });
    expect(admin.status).toBe(200);
    expect(JSON.stringify(admin.body)).toContain('Draft closure');

    const preview = await call(s.url, `/api/content/notice/${id}/preview`, { cookie, method: 'POST', json: {} });
    expect(preview.status).toBe(200);
    // The link shows the row on its own page, as its declaration's `site.page` names it.
    const token = String(preview.body.url).split('/preview/')[1]!;
    expect((await s.services.content.lifecycle.resolvePreview(token))?.path).toBe(`/notices/${id}`);

    expect((await call(s.url, `/api/content/notice/${id}/publish`, { cookie, method: 'POST', json: {} })).status).toBe(200);
    expect(await titles()).toContain('Draft closure');
    await call(s.url, '/api/notice/updateNotice', { cookie, json: { notice_id: id, notice_title: 'Closure, revised' } });
    const revs = await call(s.url, `/api/content/notice/${id}/revisions`, { cookie });
    expect(revs.status).toBe(200);
    expect(JSON.stringify(revs.body)).toContain('Draft closure');

    const other = (await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'Other closure' } })).body.notice.notice_id as number;
    const ordered = await call(s.url, '/api/content/notice/reorder', { cookie, json: { ids: [id, other] } });
    expect(ordered.status).toBe(200);
    const order = await titles();
    expect(order.indexOf('Closure, revised')).toBeLessThan(order.indexOf('Other closure'));

    await call(s.url, '/api/notice/deleteNotice', { cookie, json: { notice_id: other } });
    const trash = await call(s.url, '/api/content/notice?status=trash', { cookie });
    expect(JSON.stringify(trash.body)).toContain('Other closure');
    expect((await call(s.url, `/api/content/notice/${other}/restore`, { cookie, method: 'POST', json: {} })).status).toBe(200);
    expect(await titles()).toContain('Other closure');
  });

  it('is in the sitemap, found by site search, checked under Rule 36 and known to the assistant', async () => {
    const id = (await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'Quillmoor registry closed' } })).body.notice.notice_id as number;
    const sitemap = await fetch(`${s.url}/sitemap.xml`).then((r) => r.text());
    expect(sitemap).toContain(`/notices/${id}</loc>`);

    const found = await call(s.url, '/api/search?q=quillmor');
    expect(found.status).toBe(200);
    expect(found.body.hits).toEqual([expect.objectContaining({ kind: 'notice', kindLabel: 'Notice', url: `/notices/${id}` })]);

    const refused = await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'The best lawyers in Kochi' } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('best lawyers');
    const overridden = await call(s.url, '/api/notice/addNotice', { cookie, json: { notice_title: 'The best lawyers in Kochi', override_reason: 'A quotation' } });
    expect(overridden.status).toBe(200);

    const answer = await s.app.assistant.builtin('How do I add a notice?');
    expect(answer.text).toContain('/admin-side-bar/notices');
    expect(answer.text).toContain('court-closures board of /notices');
  });

  it('needs the session for its writes', async () => {
    const res = await call(s.url, '/api/notice/addNotice', { json: { notice_title: 'Anonymous' } });
    expect(res.status).toBe(401);
  });

  it('has its entry in the API reference, which a real OpenAPI validator accepts', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const add = doc.paths['/api/notice/addNotice'].post;
    expect(add.tags).toEqual(['Notices']);
    expect(add.security).toEqual([{ session: [] }]);
    expect(Object.keys(add.requestBody.content['application/json'].schema.properties)).toEqual(['notice_title', 'posted_on', 'seats', 'status', 'override_reason']);
    expect(Object.keys(add.responses['200'].content['application/json'].schema.allOf[1].properties)).toEqual(['notice']);
    expect(doc.paths['/api/notice/getAllNotices'].get.security).toEqual([]);
    expect(doc.paths['/api/notice/updateNotice'].put).toBeDefined();
    expect(doc.paths['/api/notice/deleteNotice'].delete).toBeDefined();
    expect(Object.keys(doc.components.schemas.Notice.properties)).toEqual(
      expect.arrayContaining(['notice_id', 'notice_title', 'posted_on', 'seats', 'created_at', 'updated_at']),
    );
    const res = await validate(structuredClone(doc));
    expect(res.valid, JSON.stringify(res.valid ? [] : res.errors).slice(0, 2000)).toBe(true);
  });
});

describe('what the kit reads from a declaration', () => {
  const motion = (calls: readonly [string, string, string, string]) =>
    defineResource({
      key: 'motion',
      label: 'Motion',
      table: 'motions',
      id: 'motion_id',
      calls,
      body: 'json',
      keys: 'motion',
      fields: { motion_title: { type: 'text', label: 'Title', max: 80 }, note: { type: 'text', label: 'Note', column: false } },
      validate: () => null,
      missingIdMessage: 'Please select a motion.',
      site: { list: '/motions' },
      rule36: { fields: [] },
      admin: { path: 'motions', title: 'Motions', empty: 'No motions.' },
    });

  it('splits the four calls into their base and paths, expands one response key, and fills the defaults', () => {
    const m = motion(['/motion/addMotion', '/motion/getMotions', '/motion/updateMotion', '/motion/deleteMotion']);
    expect(m.base).toBe('/motion');
    expect(m.paths).toEqual({ add: '/addMotion', list: '/getMotions', update: '/updateMotion', delete: '/deleteMotion' });
    expect(m.keys).toEqual({ list: 'motion', add: 'motion', update: 'motion' });
    expect(m.order).toBe('asc');
    expect(m.files).toEqual({});
    expect(m.fields).toEqual({
      motion_title: { type: 'text', label: 'Title', max: 80, column: true },
      note: { type: 'text', label: 'Note', column: false },
    });
    expect(m.admin.nav).toBe('Motions');
    expect(notice.keys).toEqual({ list: 'notices', add: 'notice', update: 'updatedNotice' });
    expect(notice.order).toBe('desc');
  });

  it('unregisters a registered group and its migration, and the assistant forgets the group, its help with it', () => {
    const before = resources.map((r) => r.key);
    const m = motion(['/motion/addMotion', '/motion/getMotions', '/motion/updateMotion', '/motion/deleteMotion']);
    registerGroup(m);
    registerMigration('9002-motions', () => async () => undefined);
    const helpOn = (key: string) => new Knowledge(new Map(), DEFAULT_SETTINGS).doc(`help:${key}`);
    expect(resources.map((r) => r.key)).toEqual([...before, 'motion']);
    expect(allGroups().map((g) => g.key)).toContain('motion');
    expect(helpOn('motion')?.path).toBe('/admin-side-bar/motions');
    expect(Object.keys(migrations('sqlite'))).toContain('9002-motions');

    unregisterGroup('motion');
    unregisterMigration('9002-motions');
    expect(resources.map((r) => r.key)).toEqual(before);
    expect(allGroups().map((g) => g.key)).not.toContain('motion');
    expect(helpOn('motion')).toBeUndefined();
    expect(helpOn(before[0]!)).toBeDefined();
    expect(Object.keys(migrations('sqlite'))).not.toContain('9002-motions');
    // Only a registered group or migration can be removed.
    expect(() => unregisterGroup('motion')).toThrow("content group 'motion' was not registered");
    expect(() => unregisterGroup(resources[0]!.key)).toThrow(/was not registered/);
    expect(() => unregisterMigration('9002-motions')).toThrow("migration '9002-motions' was not registered");
  });

  it('refuses calls that do not share one base', () => {
    expect(() => motion(['/motion/add', '/motions/list', '/motion/update', '/motion/delete'])).toThrow(
      'motion: the four calls must share one base: /motion/add, /motions/list, /motion/update, /motion/delete',
    );
    expect(() => motion(['/motion/add', 'list', '/motion/update', '/motion/delete'])).toThrow(/share one base/);
    expect(() => motion(['/add', '/motion/list', '/motion/update', '/motion/delete'])).toThrow(/share one base/);
  });
});
