/**
 * The demo content in Malayalam and Hindi (decisions 0080, 0081): the texts as written pass the sanitiser and
 * Rule 36 in their language and are in their language's script; a fresh demo seed publishes a translation of
 * every demo row with text and of the settings' texts in both languages, none outdated; every public page
 * under /ml/ and /hi/ is then its own translated version (no "not yet translated" notice, no noindex, the
 * hreflang alternates), showing the translated rows, speakers' designations and settings texts; a second
 * run of the seed adds nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../content/kit';
import { localizedPath } from '../../content/locales';
import NOT_INDEXED from '../../content/rules/noindex-pages.json';
import { checkRule36, rule36FieldText } from '../../content/rules/rule36';
import { resources } from '../../content/resources/index';
import { DEFAULT_SETTINGS } from '../../content/settings';
import { seedDemoContent } from '../../server/demo/seed';
import { hi } from '../../server/demo/translations/hi';
import { DEMO_TRANSLATIONS, demoTranslationItems } from '../../server/demo/translations/index';
import { ml } from '../../server/demo/translations/ml';
import {
  DEMO_BLOG_KEYS,
  DEMO_CASE_KEYS,
  DEMO_CATEGORY_KEYS,
  DEMO_EVENT_KEYS,
  DEMO_FAQ_KEYS,
  DEMO_GALLERY_KEYS,
  DEMO_REVIEW_KEYS,
  DEMO_VACANCY_KEYS,
  type DemoIds,
} from '../../server/demo/translations/types';
import { sanitizeRichHtml } from '../../server/lib/sanitize';
import {
  translatableFields,
  translatableLists,
  type PublishedTranslation,
} from '../../server/translations/service.server';
import { PUBLIC_PAGES } from '../e2e/public-fixture';
import { countRows } from '../helpers/checks';
import { call, startServer, type Json, type TestServer } from '../helpers/server';

const LOCALES = ['ml', 'hi'] as const;
/** Letters of the language's own script. */
const SCRIPT = { ml: /[\u0D00-\u0D7F]/u, hi: /[\u0900-\u097F]/u } as const;
/** The "not yet translated" notice as a page shows it (its text is also in the catalog every page carries). */
const NOTICE = /<p class="[^"]*untranslated-notice/;
const translates = (r: ResourceDef) => translatableFields(r).length > 0 || translatableLists(r).length > 0;

/** Each text of a translation with what Rule 36 reads of it and the scope of its group. */
function textsOf(
  item: PublishedTranslation,
): { key: string; text: string; plain: string; html: boolean; scope?: 'case-write-up' }[] {
  return Object.entries(item.fields).map(([key, text]) => {
    if (item.group === 'settings') return { key, text, plain: text, html: false };
    const html = item.group.fields[key]?.type === 'html';
    return {
      key,
      text,
      plain: html ? rule36FieldText(item.group, key, text) : text,
      html,
      scope: item.group.rule36.scope,
    };
  });
}

/** Every demo translation, with made-up row ids (the texts do not depend on them). */
function allItems(): PublishedTranslation[] {
  let n = 0;
  const idsOf = <K extends string>(keys: readonly K[]) => new Map(keys.map((k) => [k, ++n]));
  const ids: DemoIds = {
    categories: idsOf(DEMO_CATEGORY_KEYS),
    cases: idsOf(DEMO_CASE_KEYS),
    caseDetails: idsOf(DEMO_CASE_KEYS),
    blogs: idsOf(DEMO_BLOG_KEYS),
    events: idsOf(DEMO_EVENT_KEYS),
    reviews: idsOf(DEMO_REVIEW_KEYS),
    faqs: idsOf(DEMO_FAQ_KEYS),
    gallery: idsOf(DEMO_GALLERY_KEYS),
    vacancies: idsOf(DEMO_VACANCY_KEYS),
  };
  return demoTranslationItems(ids, DEFAULT_SETTINGS);
}

describe('the demo translations as written', () => {
  it('cover both languages, pass the sanitiser unchanged and Rule 36 in their language, in their own script', () => {
    const items = allItems();
    for (const locale of LOCALES) {
      const mine = items.filter((i) => i.locale === locale);
      // 6 categories, 14 cases, 12 write-ups, 6 blogs, 4 events, 6 reviews, 8 FAQs, 8 pictures, 4 vacancies, the settings.
      expect(mine, locale).toHaveLength(6 + 14 + 12 + 6 + 4 + 6 + 8 + 8 + 4 + 1);
      for (const item of mine) {
        for (const { key, text, plain, html, scope } of textsOf(item)) {
          const where = `${locale} ${item.group === 'settings' ? 'settings' : item.group.key} ${key}`;
          expect(text.trim(), where).not.toBe('');
          expect(plain, where).toMatch(SCRIPT[locale]);
          if (html) expect(sanitizeRichHtml(text), where).toBe(text);
          expect(checkRule36(plain, { locale, scope }), where).toEqual([]);
        }
      }
    }
  });

  it('translate the settings texts the demo firm has, and the speakers of each event', () => {
    for (const t of [ml, hi]) {
      expect(t.settings.officeAddresses).toHaveLength(DEFAULT_SETTINGS.offices.length);
      expect(t.settings.legalTeam.map((p) => [p.practiceAreas.length, p.qualifications.length])).toEqual(
        DEFAULT_SETTINGS.legalTeam.map((p) => [p.practiceAreas.length, p.qualifications.length]),
      );
    }
    expect(DEMO_TRANSLATIONS.ml).toBe(ml);
    expect(ml.events['property-rights'].speakers).toHaveLength(3);
    expect(hi.events['startups-law'].speakers).toHaveLength(3);
  });
});

describe('a fresh demo seed in Malayalam and Hindi', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-demo-i18n-'));
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s = await startServer({ demo: true, pages: true, dataDir });
    cookie = await s.login();
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await fetch(s.url + url);
    return { status: res.status, text: await res.text() };
  };
  const countTranslations = () => countRows(s.services.store.db, 'content_translations');

  it('publishes every demo row with text and the settings texts in both languages, none outdated', async () => {
    let rows = 0;
    for (const r of resources.filter(translates)) {
      const list = await call(s.url, `/api/content/${r.key}?status=all&perPage=200`, { cookie });
      expect(list.status, r.key).toBe(200);
      for (const row of list.body.rows as Json[]) {
        expect(row.translations, `${r.key} ${row[r.id]}`).toEqual({ ml: 'published', hi: 'published' });
        rows++;
      }
    }
    expect(rows).toBe(6 + 14 + 12 + 6 + 4 + 6 + 8 + 8 + 4);
    for (const locale of LOCALES) {
      const settings = await call(s.url, `/api/settings/translations/${locale}`, { cookie });
      expect(settings.body.translation.state).toBe('published');
    }
    expect(await countTranslations()).toBe(2 * (rows + 1));
  });

  it('stored nothing that Rule 36 flags in its language', async () => {
    const stored = await s.services.store.db
      .selectFrom('content_translations')
      .select(['resource', 'locale', 'fields', 'status'])
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const t of stored) {
      expect(t.status).toBe('published');
      const group = t.resource === 'settings' ? 'settings' : resources.find((r) => r.key === t.resource)!;
      const item = {
        locale: t.locale,
        fields: JSON.parse(t.fields) as Record<string, string>,
        ...(group === 'settings' ? { group } : { group, id: 0 }),
      } as PublishedTranslation;
      for (const { key, plain, scope } of textsOf(item))
        expect(checkRule36(plain, { locale: t.locale, scope }), `${t.resource} ${t.locale} ${key}`).toEqual([]);
    }
  });

  it('shows every public page under /ml/ and /hi/ as its own version: no notice, no noindex, with its alternates', async () => {
    const categories = (await call(s.url, '/api/caseCategory/getallcases')).body.cases as Json[];
    const details = (await call(s.url, '/api/casedetails/getcasedetails', { cookie })).body.cases as Json[];
    const blogs = (await call(s.url, '/api/blog/getblogs')).body.blogs as Json[];
    const rowPages = [
      ...categories.map((c) => `/our-case-details/${c.case_category_id}`),
      ...details.map((d) => `/our-case-details-view/${d.case_id}`),
      ...blogs.map((b) => `/blog-details/${b.blog_id}`),
    ];
    for (const locale of LOCALES) {
      // The events' pages as the locale's event list links them.
      const list = await get(localizedPath(locale, '/event'));
      const eventPages = [...list.text.matchAll(new RegExp(`href="(/${locale}/events/[^"]+)"`, 'g'))].map((m) => m[1]!);
      expect(new Set(eventPages).size, locale).toBeGreaterThanOrEqual(2);
      const urls = [...[...PUBLIC_PAGES, ...rowPages].map((p) => localizedPath(locale, p)), ...new Set(eventPages)];
      for (const url of urls) {
        const r = await get(url);
        expect(r.status, url).toBe(200);
        expect(r.text, url).toContain(`<html lang="${locale}"`);
        expect(r.text, url).not.toMatch(NOTICE);
        if (NOT_INDEXED.some((p) => url === localizedPath(locale, p))) continue;
        expect(r.text, url).not.toContain('name="robots"');
        const alternates = [...r.text.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/g)].map((m) => m[1]);
        expect(alternates.sort(), url).toEqual(['en', 'hi', 'ml', 'x-default']);
      }
    }
  }, 90_000);

  it('shows the translated rows, speakers and settings texts', async () => {
    const blogs = (await call(s.url, '/api/blog/getblogs')).body.blogs as Json[];
    const titleCheck = blogs.find((b) => String(b.title).startsWith('Before You Buy'))!;
    const expectations: [string, string[], string[]][] = [
      ['/ml/', [ml.settings.tagline], ['Counsel with clarity since 1993']],
      ['/hi/', [hi.settings.tagline], ['Counsel with clarity since 1993']],
      ['/ml/faqs', [ml.faqs.booking.question, ml.faqs.fees.question], ['How do I book a consultation?']],
      ['/hi/faqs', [hi.faqs.booking.question], ['How do I book a consultation?']],
      [
        `/ml/blog-details/${titleCheck.blog_id}`,
        [ml.blogs['title-check'].title, 'തണ്ടപ്പേർ'],
        ['Start with the chain of title'],
      ],
      [
        `/hi/blog-details/${titleCheck.blog_id}`,
        [hi.blogs['title-check'].title, 'भार प्रमाणपत्र (एन्कम्ब्रन्स सर्टिफ़िकेट)'],
        ['Start with the chain of title'],
      ],
      [
        '/ml/our-legal-team',
        [ml.settings.legalTeam[0]!.bio, ml.settings.declaration],
        ['has practised law since 1993'],
      ],
      ['/hi/our-legal-team', [hi.settings.legalTeam[2]!.bio], ['joined as an associate']],
      ['/ml/contact', [ml.settings.officeAddresses[0]!], ['12 Vellayambalam Road']],
      ['/hi/vacancies', [hi.vacancies['research-intern'].vacancy_title], ['Legal Research Intern']],
    ];
    for (const [url, present, absent] of expectations) {
      const r = await get(url);
      expect(r.status, url).toBe(200);
      for (const text of present) expect(r.text, url).toContain(text);
      for (const text of absent) expect(r.text, url).not.toContain(text);
    }
    // The speakers' designations (decision 0080) on the event's page in each language.
    for (const [locale, designation, english] of [
      ['ml', ml.events['property-rights'].speakers[1]!, 'Retired Sub-Registrar'],
      ['hi', hi.events['property-rights'].speakers[1]!, 'Retired Sub-Registrar'],
    ] as const) {
      const list = await get(`/${locale}/event`);
      const pages = [
        ...new Set([...list.text.matchAll(new RegExp(`href="(/${locale}/events/[^"]+)"`, 'g'))].map((m) => m[1]!)),
      ];
      const texts = await Promise.all(pages.map(async (p) => (await get(p)).text));
      const page = texts.find((t) => t.includes(designation));
      expect(page, `${locale} speakers`).toBeTruthy();
      expect(page).not.toContain(english);
    }
  }, 60_000);

  it('a row whose translation goes missing shows the notice again (the check above can fail)', async () => {
    const blog = ((await call(s.url, '/api/blog/getblogs')).body.blogs as Json[])[0]!;
    const url = `/ml/blog-details/${blog.blog_id}`;
    expect((await get(url)).text).not.toMatch(NOTICE);
    await s.services.store.db
      .deleteFrom('content_translations')
      .where('resource', '=', 'blog')
      .where('record_id', '=', Number(blog.blog_id))
      .where('locale', '=', 'ml')
      .execute();
    s.services.content.notifyChange('blog', Number(blog.blog_id));
    const r = await get(url);
    expect(r.text).toMatch(NOTICE);
    expect(r.text).toContain('<meta name="robots" content="noindex"/>');
    expect((await get(`/hi/blog-details/${blog.blog_id}`)).text).not.toMatch(NOTICE);
  });

  it('adds nothing when the seed runs again', async () => {
    const before = await countTranslations();
    await seedDemoContent(s.services);
    expect(await countTranslations()).toBe(before);
  });
});
