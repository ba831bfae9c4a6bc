import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../content/settings';
import { seedDemoContent } from '../../server/demo/seed';
import { call, startServer, type TestServer, type Json } from '../helpers/server';
import { suiteServer } from '../helpers/suite-server';

/** The public list of every group (admin-only lists are read with the cookie). */
const LISTS: { group: string; path: string; key: string; admin?: boolean }[] = [
  { group: 'carousel', path: '/api/carousel/getallcarousel', key: 'carousels' },
  { group: 'calendar', path: '/api/calendar/getAllCalendarsInDesc', key: 'calendar' },
  { group: 'about', path: '/api/about/getAllAboutImage', key: 'abouts', admin: true },
  { group: 'caseCategory', path: '/api/caseCategory/getallcases', key: 'cases' },
  { group: 'cases', path: '/api/cases/getallcases', key: 'cases', admin: true },
  { group: 'caseDetails', path: '/api/casedetails/getcasedetails', key: 'cases', admin: true },
  { group: 'blog', path: '/api/blog/getblogs', key: 'blogs' },
  { group: 'event', path: '/api/event/getAllEvents', key: 'data' },
  { group: 'review', path: '/api/clientreview/getallreviews', key: 'reviews' },
  { group: 'team', path: '/api/ourteam/getallourteam', key: 'team' },
  { group: 'faqs', path: '/api/faqs/getallfaqs', key: 'faq' },
  { group: 'partners', path: '/api/ourpatners/getAllPartners', key: 'partners' },
  { group: 'ads', path: '/api/ads/getallads', key: 'ads' },
  { group: 'gallery', path: '/api/gallery/getallGallery', key: 'gallery' },
  { group: 'vacancy', path: '/api/vacancy/getAllVacancyData', key: 'vacancies' },
];

async function counts(s: TestServer, cookie: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const l of LISTS) {
    const r = await call(s.url, l.path, { cookie: l.admin ? cookie : undefined });
    expect(r.status, l.path).toBe(200);
    expect(Array.isArray(r.body[l.key]), l.path).toBe(true);
    out[l.group] = r.body[l.key].length;
  }
  return out;
}

async function fetchOk(url: string, type: RegExp): Promise<number> {
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type'), url).toMatch(type);
  return bytes;
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('demo content', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-demo-'));
  let s: TestServer;
  let cookie: string;
  let first: Record<string, number>;

  beforeAll(async () => {
    s = await startServer({ demo: true, dataDir });
    cookie = await s.login();
    first = await counts(s, cookie);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fills every group on a fresh database', () => {
    expect(first).toMatchObject({
      carousel: 3,
      calendar: 2,
      about: 1,
      caseCategory: 6,
      blog: 6,
      event: 4,
      review: 6,
      team: 6,
      faqs: 8,
      partners: 6,
      ads: 4,
      gallery: 8,
      vacancy: 4,
    });
    expect(first.cases).toBeGreaterThanOrEqual(12);
    expect(first.caseDetails).toBeGreaterThanOrEqual(10);
    expect(first.caseDetails).toBeLessThan(first.cases);
  });

  it('serves every referenced image and file', async () => {
    const paths: { path: string; type: RegExp }[] = [];
    const image = /^image\/(jpeg|png)$/;
    const add = (p: unknown, type = image) => {
      if (typeof p === 'string' && p) paths.push({ path: p, type });
    };
    for (const c of (await call(s.url, '/api/carousel/getallcarousel')).body.carousels) add(c.carousel_image);
    for (const c of (await call(s.url, '/api/calendar/getAllCalendarsInDesc')).body.calendar) add(c.calendar_img);
    add((await call(s.url, '/api/about/getRecentAboutImage')).body.about.about_img);
    for (const c of (await call(s.url, '/api/caseCategory/getallcases')).body.cases) add(c.case_image);
    for (const b of (await call(s.url, '/api/blog/getblogs')).body.blogs) {
      add(b.blog_image);
      add(b.blog_file, /^application\/pdf$/);
    }
    for (const e of (await call(s.url, '/api/event/getAllEvents')).body.data) {
      add(e.event_image);
      for (const sp of e.speakers) add(sp.image);
    }
    for (const p of (await call(s.url, '/api/ourpatners/getAllPartners')).body.partners) add(p.partner_image);
    for (const a of (await call(s.url, '/api/ads/getallads')).body.ads) add(a.ads_image);
    for (const g of (await call(s.url, '/api/gallery/getallGallery')).body.gallery) add(g.gallery_image);
    for (const d of (await call(s.url, '/api/casedetails/getcasedetails', { cookie })).body.cases)
      add(d.case_file, /^application\/pdf$/);

    expect(paths.length).toBeGreaterThanOrEqual(45);
    expect(paths.filter((p) => p.type.source.includes('pdf'))).toHaveLength(3);
    for (const p of paths) {
      expect(p.path).toMatch(/^uploads\//);
      const bytes = await fetchOk(`${s.url}/${p.path}`, p.type);
      expect(bytes).toBeGreaterThan(500);
      expect(bytes).toBeLessThan(200 * 1024);
    }
  });

  it('has coherent relations: cases per category, details per case, blogs with categories', async () => {
    const categories = (await call(s.url, '/api/caseCategory/getallcases')).body.cases;
    for (const c of categories) {
      expect(c.case_image).toBeTruthy();
      const r = await call(s.url, '/api/cases/getcasesByCategory', { json: { case_category_id: c.case_category_id } });
      expect(r.body.cases.length, c.case_name).toBeGreaterThanOrEqual(2);
    }
    const cases = (await call(s.url, '/api/cases/getallcases', { cookie })).body.cases;
    const withDetails = [];
    for (const c of cases) {
      const r = await call(s.url, '/api/casedetails/getCasedetailsByCaseId', { json: { case_id: String(c.case_id) } });
      if (r.status === 200) withDetails.push(r.body.case[0]);
    }
    expect(withDetails.length).toBeGreaterThanOrEqual(10);
    for (const d of withDetails) expect(d.case_content).toMatch(/<h2>.+<\/h2>[\s\S]*<(ul|ol)>/);

    const blogs = (await call(s.url, '/api/blog/getblogs')).body.blogs;
    const words = blogs.map(
      (b: { description: string }) =>
        b.description
          .replace(/<[^>]*>/g, ' ')
          .split(/\s+/)
          .filter(Boolean).length,
    );
    expect(Math.min(...words)).toBeGreaterThan(200);
    expect(Math.max(...words)).toBeGreaterThan(500);
    for (const b of blogs) expect(b.case_name).toBeTruthy();
    expect(blogs.filter((b: { blog_file: string | null }) => b.blog_file)).toHaveLength(1);
  });

  it('dates events and ads relative to the seed time', async () => {
    const today = ymd(new Date());
    const events = (await call(s.url, '/api/event/getAllEvents')).body.data;
    const timed = events.filter((e: Json) => e.event_start_time && e.event_end_time);
    const upcoming = timed.filter((e: Json) => e.event_start_date > today);
    const past = timed.filter((e: Json) => e.event_end_date < today);
    expect(upcoming).toHaveLength(2);
    expect(past).toHaveLength(1);
    for (const e of upcoming) {
      expect(e.event_address).toBeTruthy();
      expect(e.speakers.length).toBeGreaterThanOrEqual(2);
      for (const sp of e.speakers) expect(sp.image).toMatch(/^uploads\//);
    }
    expect(events.filter((e: Json) => !e.event_start_time)).toHaveLength(1);

    const ads = (await call(s.url, '/api/ads/getallads')).body.ads;
    const live = ads.filter((a: Json) => a.start_date <= today && today <= a.expiry_date);
    expect(live).toHaveLength(3);
    expect(new Set(live.map((a: Json) => a.ads_display))).toEqual(new Set(['Primary', 'Secondary']));
    expect(ads.filter((a: Json) => a.expiry_date < today)).toHaveLength(1);
  });

  it('stores the default settings', async () => {
    const settings = await s.services.settings.get();
    expect(settings.firmName).toBe(DEFAULT_SETTINGS.firmName);
    const row = await s.services.store.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'in', ['site', 'demo_seeded'])
      .execute();
    expect(row.map((r) => r.key).sort()).toEqual(['demo_seeded', 'site']);
  });

  it('does not seed again when the same data folder starts again', async () => {
    await s.close();
    s = await startServer({ demo: true, dataDir });
    cookie = await s.login();
    expect(await counts(s, cookie)).toEqual(first);
  });
});

describe('DEMO_CONTENT=off', () => {
  const off = suiteServer({ demo: false });

  it('leaves every group empty', async () => {
    const s = off.s;
    const cookie = await s.login();
    const all = await counts(s, cookie);
    for (const [group, n] of Object.entries(all)) expect(n, group).toBe(0);
  });
});

describe('a database that already has content', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is never seeded, even when demo content is switched on later', async () => {
    const off = await startServer({ demo: false, dataDir });
    const cookie = await off.login();
    const add = await call(off.url, '/api/faqs/addFaqs', {
      cookie,
      json: { question: 'Do you work on Sundays?', answer: 'No.' },
    });
    expect(add.status).toBe(200);
    await off.close();

    const on = await startServer({ demo: true, dataDir });
    const c2 = await on.login();
    const all = await counts(on, c2);
    // Nor are the demo's Malayalam and Hindi translations written into it (decision 0080).
    const translations = await on.services.store.db
      .selectFrom('content_translations')
      .select('translation_id')
      .execute();
    await on.close();
    expect(translations).toHaveLength(0);
    expect(all.faqs).toBe(1);
    for (const [group, n] of Object.entries(all)) if (group !== 'faqs') expect(n, group).toBe(0);
  });
});

describe('a seed that fails part-way', () => {
  const off = suiteServer({ demo: false });

  // Seeds the whole demo twice: about 30 s on PostgreSQL on a loaded two-core machine.
  it('removes what it wrote, leaves no marker, and succeeds on the next try', { timeout: 120_000 }, async () => {
    const s = off.s;
    const content = s.services.content;
    const create = content.create.bind(content);
    let calls = 0;
    content.create = async (r, body) => {
      if (++calls === 40) throw new Error('disk full (simulated)');
      return create(r, body);
    };
    const log = s.services.log;
    s.services.log = Object.assign(Object.create(log), { error: () => undefined });
    try {
      await seedDemoContent(s.services);
    } finally {
      content.create = create;
      s.services.log = log;
    }
    const cookie = await s.login();
    for (const [group, n] of Object.entries(await counts(s, cookie))) expect(n, group).toBe(0);
    const marker = await s.services.store.db
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded')
      .execute();
    expect(marker).toHaveLength(0);
    expect(
      readdirSync(path.join(s.dataDir, 'uploads'), { recursive: true }).filter((f) => String(f).includes('.')),
    ).toEqual([]);

    await seedDemoContent(s.services);
    const all = await counts(s, cookie);
    expect(all.blog).toBe(6);
    expect(all.event).toBe(4);
  });
});
