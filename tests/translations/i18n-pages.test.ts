/**
 * The public site in English, Malayalam and Hindi over real HTTP (decisions 0063, 0064): every public route
 * in every locale answers 200 with its `lang`, the same reciprocal hreflang set on each version, switcher
 * links to the same page, the sitemap's alternates, the untranslated fallback of a row's page (noindex,
 * canonical to English, listed nowhere), the page cache per locale, and locales switched off in the settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, localizedPath } from '../../content/locales';
import { publicPages, type Seeded } from '../e2e/public-fixture';
import { startPublicSite } from '../helpers/public-site';
import NOT_INDEXED from '../../content/rules/noindex-pages.json';
import { call, type Json, type TestServer } from '../helpers/server';

let s: TestServer;
let seed: Seeded;
let cookie: string;

beforeAll(async () => {
  ({ s, seed } = await startPublicSite());
  cookie = await s.login();
}, 120_000);
afterAll(() => s?.close());

const get = async (path: string) => {
  const res = await fetch(s.url + path);
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache') };
};

/** The page's hreflang alternates: hreflang → absolute URL. */
const alternatesOf = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]));

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** The switcher's links (the top bar's; the menu's are the same): hreflang → href, each also carrying lang. */
function switcherOf(html: string): Record<string, string> {
  const nav = /<nav aria-label="[^"]+" class="lang-switcher[^"]*">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const m of nav.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)" lang="([^"]+)"/g)) {
    expect(m[3]).toBe(m[2]);
    out[m[2]!] = m[1]!;
  }
  return out;
}

const pagesOf = () => publicPages({ categoryId: seed.categoryId, caseId: seed.caseId, eventTitles: [seed.events.upcoming], blogId: seed.blogId });
const isRowPage = (p: string) => /^\/(blog-details|events|our-case-details|our-case-details-view)\//.test(p);

describe('every public route in every locale', () => {
  it('answers 200 with the locale in <html lang> and the chrome in its language', async () => {
    const chrome = { en: 'Book Now', ml: 'ബുക്ക് ചെയ്യുക', hi: 'अभी बुक करें' } as const;
    for (const path of pagesOf()) {
      for (const locale of LOCALES) {
        const url = localizedPath(locale, path);
        const r = await get(url);
        expect(r.status, url).toBe(200);
        expect(langOf(r.text), url).toBe(locale);
        expect(r.text, url).toContain(chrome[locale]);
      }
    }
    // The spec's English texts stay as they were on the English pages.
    const home = await get('/');
    for (const text of ['Useful Links', 'Quick Links', 'Contact Info', 'Our Legal Team', 'Privacy Policy']) expect(home.text).toContain(text);
  });

  it('each page that is published everywhere lists the same absolute alternates plus x-default on every version', async () => {
    for (const path of pagesOf().filter((p) => !isRowPage(p) && !NOT_INDEXED.includes(p))) {
      const expected = {
        en: s.url + path,
        ml: s.url + localizedPath('ml', path),
        hi: s.url + localizedPath('hi', path),
        'x-default': s.url + path,
      };
      for (const locale of LOCALES) {
        const r = await get(localizedPath(locale, path));
        expect(alternatesOf(r.text), `${locale} ${path}`).toEqual(expected);
        expect(canonicalOf(r.text)).toBe(expected[locale]);
        expect(r.text).not.toContain('name="robots"');
      }
    }
  });

  it('the switcher links each language to the same page, with hreflang and lang', async () => {
    for (const path of ['/', '/faqs', `/blog-details/${seed.blogId}`, '/no-such-page-here']) {
      for (const locale of LOCALES) {
        const r = await get(localizedPath(locale, path));
        expect(switcherOf(r.text), `${locale} ${path}`).toEqual({ en: path, ml: localizedPath('ml', path), hi: localizedPath('hi', path) });
      }
    }
  });

  it('an unknown path is the 404 page in its language', async () => {
    const r = await get('/ml/no-such-page-here');
    expect(r.status).toBe(404);
    expect(langOf(r.text)).toBe('ml');
    expect(r.text).toContain('ഈ പേജ് നിലവിലില്ല');
    expect(r.text).toContain('href="/ml/"');
    const en = await get('/no-such-page-here');
    expect(en.text).toContain('This page doesn&#x27;t exist');
  });

  it('links in the chrome and on the page stay in the locale', async () => {
    const r = await get('/hi/blog');
    expect(r.text).toContain('href="/hi/faqs"');
    expect(r.text).toContain(`href="/hi/blog-details/${seed.blogId}"`);
    expect(r.text).toContain('action="/hi/search"');
    expect(r.text).not.toContain('href="/faqs"');
  });
});

describe('a row not yet translated (decision 0064)', () => {
  it('shows the English text under a notice in the page language, noindex, canonical to the English page', async () => {
    const path = `/blog-details/${seed.blogId}`;
    const english = await get(path);
    const notices = { ml: 'ഈ പേജ് ഇതുവരെ മലയാളത്തിലേക്ക് വിവർത്തനം ചെയ്തിട്ടില്ല', hi: 'इस पृष्ठ का अभी हिंदी में अनुवाद नहीं हुआ है' };
    for (const locale of ['ml', 'hi'] as const) {
      const r = await get(localizedPath(locale, path));
      expect(r.status).toBe(200);
      expect(r.text).toContain(notices[locale]);
      expect(r.text).toContain('Easements explained');
      expect(r.text).toContain('<meta name="robots" content="noindex"/>');
      expect(canonicalOf(r.text)).toBe(s.url + path);
      expect(alternatesOf(r.text)).toEqual({});
      // The English text is marked as English.
      expect(r.text).toMatch(/<div lang="en">/);
    }
    // The English page is not told of versions that are not published.
    expect(alternatesOf(english.text)).toEqual({});
    expect(english.text).not.toContain('name="robots"');
    expect(english.text).not.toContain(notices.ml);
  });

  it('every row page is a fallback in Malayalam and Hindi until the translations exist', async () => {
    for (const path of pagesOf().filter(isRowPage)) {
      for (const locale of ['ml', 'hi'] as const) {
        const r = await get(localizedPath(locale, path));
        expect(r.text, `${locale} ${path}`).toContain('<meta name="robots" content="noindex"/>');
        expect(canonicalOf(r.text)).toBe(s.url + path);
      }
    }
  });
});

describe('the sitemap', () => {
  it('lists every published version with its xhtml:link alternates, and no untranslated row page', async () => {
    const r = await get('/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...r.text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const entry = (loc: string) => urls.find((u) => u.includes(`<loc>${loc}</loc>`));
    for (const path of ['/', '/faqs', '/privacy-policy']) {
      for (const locale of LOCALES) {
        const u = entry(s.url + localizedPath(locale, path));
        expect(u, `${locale} ${path}`).toBeTruthy();
        for (const l of LOCALES) expect(u).toContain(`<xhtml:link rel="alternate" hreflang="${l}" href="${s.url + localizedPath(l, path)}"/>`);
        expect(u).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${s.url + path}"/>`);
      }
    }
    expect(entry(`${s.url}/blog-details/${seed.blogId}`)).toBeTruthy();
    expect(entry(`${s.url}/blog-details/${seed.blogId}`)).not.toContain('xhtml:link');
    expect(r.text).not.toContain(`/ml/blog-details/`);
    expect(r.text).not.toContain(`/hi/events/`);
    expect(r.text).not.toContain(`/ml/search`);
  });
});

describe('the page cache per locale', () => {
  it('keeps each locale as its own entry; a content change clears every locale', async () => {
    for (const p of ['/faqs', '/ml/faqs', '/hi/faqs']) await get(p);
    const hits = await Promise.all(['/faqs', '/ml/faqs', '/hi/faqs'].map(get));
    expect(hits.map((h) => h.cache)).toEqual(['HIT', 'HIT', 'HIT']);
    expect(hits.map((h) => langOf(h.text))).toEqual(['en', 'ml', 'hi']);
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Cache in every language?', answer: 'Cleared.' } });
    expect(add.status).toBe(200);
    const after = await Promise.all(['/faqs', '/ml/faqs', '/hi/faqs'].map(get));
    expect(after.map((h) => h.cache)).toEqual(['MISS', 'MISS', 'MISS']);
  });

  it('the search results page in a locale keeps its query in the key', async () => {
    const a = await get('/ml/search?q=easements');
    const b = await get('/ml/search?q=nothing-matches-this');
    expect(a.status).toBe(200);
    expect(b.cache).toBe('MISS');
    expect(langOf(a.text)).toBe('ml');
  });
});

describe('locales enabled in the settings', () => {
  it('a locale switched off has no pages, no alternates and no switcher link; English cannot be switched off', async () => {
    const current = (await call(s.url, '/api/settings/getsettings')).body.settings as Json;
    expect(current.locales).toEqual(['en', 'ml', 'hi']);
    const off = await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...current, locales: ['en', 'ml'] } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      expect((await get('/hi/faqs')).status).toBe(404);
      const ml = await get('/ml/faqs');
      expect(ml.status).toBe(200);
      expect(Object.keys(alternatesOf(ml.text)).sort()).toEqual(['en', 'ml', 'x-default']);
      expect(Object.keys(switcherOf(ml.text))).toEqual(['en', 'ml']);
      expect((await get('/sitemap.xml')).text).not.toContain('/hi/');
      const noEnglish = await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...current, locales: ['ml'] } });
      expect(noEnglish.status).toBe(400);
      const unknown = await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...current, locales: ['en', 'xx'] } });
      expect(unknown.status).toBe(400);
    } finally {
      await call(s.url, '/api/settings/updatesettings', { cookie, json: current });
    }
    expect((await get('/hi/faqs')).status).toBe(200);
  });
});
