/**
 * Adding a content group is one declaration and one migration (docs/adding-a-content-group.md): this test
 * declares a throwaway group, creates its table the way its migration would, and uses what the kit
 * compiles from the declaration alone: the add, list, update and delete calls, the validation messages
 * and the group's entry in the API reference.
 */
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, isBlank } from '../../content/kit';
import { resources } from '../../content/resources/index';
import type { Dialect } from '../../server/db/index';
import type { MigrationDb } from '../../server/db/schema';
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
  fields: {
    notice_title: { type: 'text', label: 'Notice Title', max: 80 },
    posted_on: { type: 'dmy', label: 'Posted On' },
    seats: { type: 'int', label: 'Seats', column: false },
  },
  validate: (v) => (isBlank(v.notice_title) ? 'Please give the notice a title.' : null),
  missingIdMessage: 'Please select a notice to update.',
  admin: { path: 'notices', title: 'Notices', empty: 'No notices yet.' },
});

/** Its migration (server/db/migrations/00NN-notices.ts, were it a real group). */
function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('notices')
      .addColumn('notice_id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('notice_title', 'text', (c) => c.notNull())
      .addColumn('posted_on', 'text')
      .addColumn('seats', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      // The content lifecycle's columns (drafts, trash, schedule, order: migration 0011).
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('pending_draft', 'text')
      .addColumn('deleted_at', 'text')
      .addColumn('publish_at', 'text')
      .addColumn('unpublish_at', 'text')
      .addColumn('position', 'integer')
      .execute();
    await db.schema.createIndex('notices_visible').on('notices').columns(['status', 'deleted_at']).execute();
  };
}

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startServer({ groups: [...resources, notice] });
  const { store } = s.services;
  await up(store.dialect)(dynamic(store.db));
  cookie = await s.login();
});
afterAll(async () => {
  await dynamic(s.services.store.db).schema.dropTable('notices').ifExists().execute();
  await s.close();
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
    expect(list.body.notices.map((n: { notice_title: string }) => n.notice_title)).toEqual(['Second', 'Court closed']);

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

  it('needs the session for its writes', async () => {
    const res = await call(s.url, '/api/notice/addNotice', { json: { notice_title: 'Anonymous' } });
    expect(res.status).toBe(401);
  });

  it('has its entry in the API reference, which a real OpenAPI validator accepts', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const add = doc.paths['/api/notice/addNotice'].post;
    expect(add.tags).toEqual(['Notices']);
    expect(add.security).toEqual([{ session: [] }]);
    expect(Object.keys(add.requestBody.content['application/json'].schema.properties)).toEqual(['notice_title', 'posted_on', 'seats', 'status']);
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

  it('refuses calls that do not share one base', () => {
    expect(() => motion(['/motion/add', '/motions/list', '/motion/update', '/motion/delete'])).toThrow(
      'motion: the four calls must share one base: /motion/add, /motions/list, /motion/update, /motion/delete',
    );
    expect(() => motion(['/motion/add', 'list', '/motion/update', '/motion/delete'])).toThrow(/share one base/);
    expect(() => motion(['/add', '/motion/list', '/motion/update', '/motion/delete'])).toThrow(/share one base/);
  });
});
