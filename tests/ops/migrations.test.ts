/** Migrations: they run on an empty folder, a second run changes nothing, and a restart keeps the data. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/database';
import { migrate, migrations } from '../../server/db/index';
import { startServer } from '../helpers/server';
import { api } from '../helpers/api-helpers';
import { dynamic } from '../../server/db/schema';

const TABLES = [
  'admins',
  'sessions',
  'settings',
  'carousels',
  'calendars',
  'abouts',
  'case_categories',
  'cases',
  'case_details',
  'blogs',
  'events',
  'event_speakers',
  'client_reviews',
  'team_members',
  'faqs',
  'partners',
  'ads',
  'gallery',
  'vacancies',
];

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-migrate-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('migrations', () => {
  it('0018 gives images that existed before their title as alt text, flagged (decision 0024)', async () => {
    const store = openStore({ dataDir: tmp() });
    try {
      const all = migrations('sqlite');
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0018'));
      const upTo = new Migrator({ db: store.db, provider: { getMigrations: async () => before } });
      expect((await upTo.migrateToLatest()).error).toBeUndefined();
      await store.db.insertInto('gallery').values({ title: 'Old picture', gallery_image: 'uploads/gallery/old.jpg' }).execute();
      await store.db.insertInto('gallery').values({ title: 'No picture', gallery_image: '' }).execute();
      await store.db.insertInto('carousels').values({ carousel_image: 'uploads/carousel/slide.jpg' }).execute();
      await migrate(store);
      const gallery = await store.db.selectFrom('gallery').select(['title', 'gallery_image_alt', 'alt_flagged']).orderBy('gallery_id').execute();
      expect(gallery).toEqual([
        { title: 'Old picture', gallery_image_alt: 'Old picture', alt_flagged: 1 },
        { title: 'No picture', gallery_image_alt: null, alt_flagged: 0 },
      ]);
      const slide = await store.db.selectFrom('carousels').select(['carousel_image_alt', 'alt_flagged']).executeTakeFirstOrThrow();
      expect(slide).toEqual({ carousel_image_alt: 'Carousel image', alt_flagged: 1 });
    } finally {
      await store.close();
    }
  });

  it('run on an empty folder (even one that does not exist yet) and twice in a row', async () => {
    const dir = path.join(tmp(), 'not-yet');
    const store = openStore({ dataDir: dir });
    try {
      await migrate(store);
      const tables = (await store.db.introspection.getTables()).map((t) => t.name);
      for (const t of TABLES) expect(tables, t).toContain(t);
      const applied = async () =>
        (await dynamic(store.db).selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((r) => r.name);
      const first = await applied();
      expect(first).toEqual(Object.keys(migrations('sqlite')).sort());

      await store.db.insertInto('faqs').values({ question: 'Kept?', answer: 'Yes' }).execute();
      await migrate(store);
      expect(await applied()).toEqual(first);
      expect(await store.db.selectFrom('faqs').selectAll().execute()).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect(existsSync(path.join(dir, 'site.db'))).toBe(true);

    // A second process opening the same file migrates to the same state without error.
    const again = openStore({ dataDir: dir });
    try {
      await migrate(again);
      expect(await again.db.selectFrom('faqs').selectAll().execute()).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('a fresh server starts on an empty folder and a restart keeps content, files and the administrator', async () => {
    const dir = tmp();
    expect(readdirSync(dir)).toEqual([]);
    const first = await startServer({ dataDir: dir });
    const cookie = await first.login();
    const add = await api(first.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Survives a restart?', answer: 'Yes' } });
    expect(add.status).toBe(200);
    await first.close();
    for (const d of [...(process.env.TEST_DATABASE_URL ? [] : ['site.db']), 'uploads', 'private']) expect(existsSync(path.join(dir, d)), d).toBe(true);

    const second = await startServer({ dataDir: dir });
    try {
      const list = await api(second.url, '/api/faqs/getallfaqs');
      expect(list.body.faq).toEqual([expect.objectContaining({ question: 'Survives a restart?' })]);
      await second.login();
    } finally {
      await second.close();
    }
  });
});
