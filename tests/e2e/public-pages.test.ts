/**
 * Public pages as a search engine and a visitor see them: server-rendered HTML with content, meta
 * tags and JSON-LD, real 404s, sitemap and robots, and every public route at desktop and 375 px
 * (no horizontal scroll, no hydration error, zero serious or critical axe-core violations).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDetailable } from '../../content/rules/event-timing';
import { eventPath } from '../../content/rules/slug';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, seriousViolations, waitForHydration } from '../helpers/browser';
import { islandJson } from '../../app/components/public/island';
import { islandNames, REPLAY_SCRIPT, WAIT_FOR_PAINT, withIslands, type IslandsManifest } from '../../server/render/islands';
import { call, startServer, type TestServer } from '../helpers/server';
import { LONG_BLOG_TEXT, PUBLIC_PAGES, publicPages, seedPublicContent, type Seeded } from './public-fixture';
import NOT_INDEXED from '../../content/rules/noindex-pages.json';

let s: TestServer;
let seed: Seeded;

beforeAll(async () => {
  s = await startServer({ pages: true });
  seed = await seedPublicContent(s);
});
afterAll(() => s?.close());

const html = async (path: string) => {
  const res = await fetch(s.url + path);
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
};

describe('server-rendered HTML (before any script runs)', () => {
  it('list pages already hold their items', async () => {
    const expectations: [string, string[]][] = [
      ['/', ['Property Law', 'Consumer Protection', 'Anita R.', 'Kerala Traders Association', 'Reach Us']],
      ['/blog', ['Easements explained', 'Read More', '/blog-details/' + seed.blogId]],
      [
        '/event',
        [
          seed.events.upcoming,
          seed.events.live,
          seed.events.ended,
          seed.events.incomplete,
          'Event is Live',
          'Event Ended',
        ],
      ],
      ['/faqs', seed.faqs],
      ['/gallery', ['Legal awareness camp, Aluva']],
      ['/vacancies', ['Junior Associate', 'Full-time']],
      ['/our-case', ['Property Law', `/our-case-details/${seed.categoryId}`]],
      [
        `/our-case-details/${seed.categoryId}`,
        ['Boundary dispute over a shared well', 'Right of way through a plantation', 'Total cases'],
      ],
      [
        `/our-case-details-view/${seed.caseId}`,
        ['Boundary dispute over a shared well', 'Two neighbours had shared a well'],
      ],
      [`/blog-details/${seed.blogId}`, ['Easements explained', 'Print']],
      [
        eventPath(seed.events.upcoming),
        [seed.events.upcoming, 'Keynote speakers', 'Justice K. Menon', 'Town Hall, Kochi'],
      ],
      ['/about-us', ['Rahul Das', 'Our story']],
      ['/our-legal-team', ['Founder &amp; Principal Consultant', 'Legal Consultant', 'Legal Associate']],
    ];
    for (const [path, texts] of expectations) {
      const r = await html(path);
      expect(r.status, path).toBe(200);
      for (const t of texts) expect(r.text, `${path} holds ${t}`).toContain(t);
    }
  });

  it('the blog card preview is stripped of tags and cut at 350 characters + ellipsis', async () => {
    const r = await html('/blog');
    expect(r.text).toContain(LONG_BLOG_TEXT.slice(0, 350) + '...');
    expect(r.text).not.toContain(LONG_BLOG_TEXT.slice(0, 351));
  });

  it('the events list shows Read More only for complete events and links to the slug', async () => {
    const r = await html('/event');
    expect(r.text).toContain(`href="${eventPath(seed.events.upcoming)}"`);
    expect(r.text).not.toContain(`href="${eventPath(seed.events.incomplete)}"`);
    expect(eventPath(seed.events.soon)).toBe('/events/starting-soon-seminar');
  });

  it('images carry their true size and responsive WebP variants', async () => {
    const r = await html('/gallery');
    // The card's caption names the picture, so the image itself is marked decorative (alt="").
    const card = /<figure[^>]*gallery-card[^>]*>(?:(?!<\/figure>).)*Legal awareness camp, Aluva(?:(?!<\/figure>).)*<\/figure>/s.exec(r.text)?.[0] ?? '';
    const img = /<img [^>]*>/.exec(card)?.[0] ?? '';
    expect(img).toContain('alt=""');
    expect(img).toContain('width="1000"');
    expect(img).toContain('height="750"');
    expect(img).toMatch(
      /srcSet="\/uploads\/gallery\/[^" ]+-480\.webp 480w, \/uploads\/gallery\/[^" ]+-960\.webp 960w, \/uploads\/gallery\/[^" ]+\.png 1000w"/i,
    );
    const variant = /\/uploads\/gallery\/[^" ]+-480\.webp/.exec(img)![0];
    const res = await fetch(s.url + variant);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  it('ads render on the server only inside their window', async () => {
    const r = await html('/blog');
    expect(r.text).toContain(`data-ad-id="${seed.ads.current}"`);
    expect(r.text).not.toContain(`data-ad-id="${seed.ads.expired}"`);
    expect(r.text).not.toContain(`data-ad-id="${seed.ads.future}"`);
  });

  it('each page has its own title, description, canonical URL and Open Graph tags', async () => {
    const seen = new Set<string>();
    for (const path of ['/', '/blog', '/faqs', '/contact', `/blog-details/${seed.blogId}`]) {
      const r = await html(path);
      const title = /<title>([^<]*)<\/title>/.exec(r.text)?.[1];
      expect(title, path).toBeTruthy();
      seen.add(title!);
      expect(r.text).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(r.text).toContain(`<link rel="canonical" href="${s.url}${path}"/>`);
      expect(r.text).toContain(`<meta property="og:url" content="${s.url}${path}"/>`);
      expect(r.text).toMatch(/<meta property="og:title" content="[^"]+"/);
    }
    expect(seen.size).toBe(5);
  });

  it('carries JSON-LD: the firm as LegalService with offices, events as Event, detail pages a BreadcrumbList', async () => {
    const ld = (text: string) =>
      [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const home = ld((await html('/')).text);
    const firm = home.find((x) => x['@type'] === 'LegalService');
    expect(firm.name).toBe('Harrow & Vale Legal Consultants');
    expect(firm.department.length).toBe(4);
    const ev = ld((await html(eventPath(seed.events.upcoming))).text).find((x) => x['@type'] === 'Event');
    expect(ev).toMatchObject({ name: seed.events.upcoming, location: { address: 'Town Hall, Kochi' } });
    expect(ev.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const trail = ld((await html(`/blog-details/${seed.blogId}`)).text).find((x) => x['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Blog', 'Easements explained']);
  });
});

describe('404', () => {
  it('unknown paths and ids answer HTTP 404 with the 404 screen', async () => {
    for (const path of [
      '/no-such-page',
      '/blog-details/99999',
      '/blog-details/abc',
      '/our-case-details/99999',
      '/our-case-details-view/99999',
      '/events/no-such-event',
      eventPath(seed.events.incomplete),
    ]) {
      const r = await html(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).toContain('404');
      expect(r.text, path).toContain('This page doesn&#x27;t exist');
      expect(r.text, path).toMatch(/<a[^>]*href="\/"[^>]*>Go Back Home<\/a>/);
      expect(r.text, path).toContain('src="/404.svg"');
    }
    expect((await html('/events/no-such-event')).text).toContain('Event not found!');
    expect((await html('/blog-details/99999')).text).toContain('Blog not found');
  });

  it('a case without details still shows its title and the spec text', async () => {
    const r = await html(`/our-case-details-view/${seed.emptyCaseId}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('No details available for this case.');
  });

  it('the 404 illustration is served', async () => {
    const res = await fetch(s.url + '/404.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists every public page and every blog, case and event', async () => {
    const r = await html('/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.type).toContain('xml');
    for (const p of PUBLIC_PAGES)
      if (NOT_INDEXED.includes(p)) expect(r.text).not.toContain(`<loc>${s.url}${p}</loc>`);
      else expect(r.text).toContain(`<loc>${s.url}${p}</loc>`);
    expect(r.text).toContain(`<loc>${s.url}/blog-details/${seed.blogId}</loc>`);
    expect(r.text).toContain(`<loc>${s.url}/our-case-details-view/${seed.caseId}</loc>`);
    expect(r.text).toContain(`<loc>${s.url}/our-case-details/${seed.categoryId}</loc>`);
    expect(r.text).toContain(`<loc>${s.url}${eventPath(seed.events.upcoming)}</loc>`);
    expect(r.text).not.toContain(eventPath(seed.events.incomplete));
    expect(r.text).not.toContain('admin');
  });
  it('robots.txt keeps /admin-* out and points to the sitemap', async () => {
    const r = await html('/robots.txt');
    expect(r.text).toContain('Disallow: /admin-');
    expect(r.text).toContain(`Sitemap: ${s.url}/sitemap.xml`);
  });
});

describe.skipIf(!hasChromium)(
  `every public route in Chromium${hasChromium ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => closeBrowser(browser));

    const routes = () => [
      ...publicPages({ categoryId: seed.categoryId, caseId: seed.caseId, eventTitles: [seed.events.upcoming], blogId: seed.blogId }),
      '/no-such-page',
    ];

    async function checkAll(ctx: BrowserContext, width: number) {
      const page: Page = await ctx.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      const problems: string[] = [];
      for (const path of routes()) {
        const res = await page.goto(s.url + path, { waitUntil: 'load' });
        expect(res?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
        await waitForHydration(page);
        await expect.poll(() => page.locator('h1').count(), { message: path }).toBeGreaterThan(0);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${path} at ${width}px scrolls horizontally by ${overflow}px`);
        const missingSize = await page.evaluate(() =>
          [...document.images].filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).map((i) => i.src),
        );
        if (missingSize.length) problems.push(`${path}: images without width/height ${missingSize.join(', ')}`);
        for (const v of await seriousViolations(page))
          problems.push(`${path} at ${width}px: ${v.id} ${v.nodes.join(' | ')}`);
      }
      const hydration = errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e));
      expect(hydration, hydration.join('\n')).toEqual([]);
      expect(problems, problems.join('\n')).toEqual([]);
      await page.close();
    }

    it('desktop (1280 px): renders, no horizontal scroll, sized images, no serious axe violations', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await checkAll(ctx, 1280);
      await ctx.close();
    }, 120_000);

    it('phone (375 px): renders, no horizontal scroll, sized images, no serious axe violations', async () => {
      const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      await checkAll(ctx, 375);
      await ctx.close();
    }, 120_000);

    it('320 px: no horizontal scrolling on any public route', async () => {
      const ctx = await browser.newContext({ viewport: { width: 320, height: 640 } });
      const page = await ctx.newPage();
      for (const path of routes()) {
        await page.goto(s.url + path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      await ctx.close();
    }, 60_000);
  },
);

describe('empty and error states of the lists (texts of section 8)', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer({ pages: true });
  });
  afterAll(() => bare?.close());
  const get = async (path: string) => {
    const res = await fetch(bare.url + path);
    return { status: res.status, text: await res.text() };
  };

  it('an empty site shows the empty text of each list', async () => {
    const expectations: [string, string][] = [
      ['/event', 'No events available.'],
      ['/our-case', 'No case category found.'],
      ['/vacancies', 'No vacancies available'],
      ['/about-us', 'No team members added yet.'],
      ['/', 'No reviews available at the moment.'],
      ['/blog', 'No ads available'],
    ];
    for (const [path, text] of expectations) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toContain(text);
    }
  });

  it('a list that cannot be read shows the spec error, the rest of the page still renders', async () => {
    const db = bare.services.store.db;
    await db.schema.dropTable('faqs').execute();
    await db.schema.dropTable('gallery').execute();
    await db.schema.dropTable('ads').execute();
    const faqs = await get('/faqs');
    expect(faqs.status).toBe(200);
    expect(faqs.text).toContain('Failed to load FAQs!');
    expect(faqs.text).toContain('<h1 class="page-title">FAQs</h1>');
    expect((await get('/gallery')).text).toContain('Error occurred while fetching gallery');
    const contact = await get('/contact');
    expect(contact.text).toContain('No ads available');
  });

  it.skipIf(!hasChromium)('the error also appears as a toast (top-right)', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(bare.url + '/faqs');
      await page.locator('.Toastify__toast-container--top-right').getByText('Failed to load FAQs!').waitFor();
      await page.goto(bare.url + '/contact');
      await page
        .locator('.Toastify__toast-container--top-right')
        .getByText(/^Failed to load ads: /)
        .waitFor();
    } finally {
      await closeBrowser(browser);
    }
  });
});

describe('with the demo content', () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startServer({ pages: true, demo: true });
  });
  afterAll(() => demo?.close());

  it('every public route answers 200 with its page', async () => {
    const blogs = (await call(demo.url, '/api/blog/getblogs')).body.blogs ?? [];
    const events = ((await call(demo.url, '/api/event/getAllEvents')).body.data ?? []).filter(isDetailable);
    const categories = (await call(demo.url, '/api/caseCategory/getallcases')).body.cases ?? [];
    const paths = [...PUBLIC_PAGES];
    if (blogs[0]) paths.push(`/blog-details/${blogs[0].blog_id}`);
    if (events[0]) paths.push(eventPath(events[0].event_title));
    if (categories[0]) {
      paths.push(`/our-case-details/${categories[0].case_category_id}`);
      const cases =
        (
          await call(demo.url, '/api/cases/getcasesByCategory', {
            json: { case_category_id: categories[0].case_category_id },
          })
        ).body.cases ?? [];
      if (cases[0]) paths.push(`/our-case-details-view/${cases[0].case_id}`);
    }
    for (const p of paths) {
      const res = await fetch(demo.url + p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toMatch(/<h1[^>]*>/);
    }
  });
});

describe('islands, after the first paint (decisions 0010, 0028)', () => {
  it('sends public pages without React Router scripts, with one module script that hydrates their islands after the first paint', async () => {
    for (const p of ['/', '/faqs', '/blog']) {
      const { text } = await html(p);
      expect(text, p).not.toMatch(/<link rel="modulepreload"/);
      expect(text, p).not.toMatch(/__reactRouterContext|__reactRouterManifest/);
      const scripts = [...text.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts.length, p).toBe(1);
      const script = scripts[0]!;
      expect(script.startsWith(WAIT_FOR_PAINT), p).toBe(true);
      expect(script).toMatch(/rel: 'modulepreload'/);
      expect(script).toMatch(/const \{ start \} = await import\("\/assets\/islands\/islands-[\w-]+\.js"\);/);
      // Each island of the page is started with its own module, and only those.
      const started = JSON.parse(/await start\((\{.*\})\);/.exec(script)![1]!) as Record<string, string>;
      expect(Object.keys(started).sort()).toEqual(islandNames(text).sort());
      expect(started.navbar).toMatch(/^\/assets\/islands\/navbar-[\w-]+\.js$/);
      // The replay script of decision 0031: once, in the head, ahead of the stylesheets that would hold it back.
      const replay = text.indexOf(`<script>${REPLAY_SCRIPT}</script>`);
      expect(replay, p).toBeGreaterThan(0);
      expect(replay, p).toBeLessThan(text.indexOf('<link rel="stylesheet"'));
      expect(text.split(REPLAY_SCRIPT).length, p).toBe(2);
    }
    expect(islandNames((await html('/faqs')).text)).toContain('faqs');
    // The admin is left as React Router renders it.
    const admin = (await html('/admin-login')).text;
    expect(admin).toMatch(/<link rel="modulepreload"/);
    expect(admin).toMatch(/^\s*import \* as route0 from/m);
    expect(admin).not.toMatch(/data-island/);
  });

  it('an island carries its props as JSON right before its container, with no way out of the script', async () => {
    const { text } = await html('/');
    const m = /<script type="application\/json" data-island-props="navbar">([\s\S]*?)<\/script><div data-island="navbar">/.exec(text);
    // The published languages travel too: the menu's language switcher (decision 0063).
    expect(JSON.parse(m![1]!)).toEqual({ firmName: 'Harrow & Vale Legal Consultants', pathname: '/', locales: ['en', 'ml', 'hi'] });
    expect(islandJson({ t: '</script><script>alert(1)</script>' })).toBe('{"t":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });

  it('adds the loader only to a page without React Router scripts, and refuses an island the build lacks', () => {
    const manifest: IslandsManifest = { entry: '/assets/islands/islands-a.js', imports: ['/assets/islands/chunk-r.js'], islands: { navbar: ['/assets/islands/navbar-a.js'] } };
    const page = '<html><body><div data-island="navbar"><header></header></div></body></html>';
    const out = withIslands(page, manifest);
    expect(out).toContain('await start({"navbar":"/assets/islands/navbar-a.js"});</script></body>');
    expect(out).toContain('["/assets/islands/islands-a.js","/assets/islands/chunk-r.js","/assets/islands/navbar-a.js"]');
    // The replay script (decision 0031) goes first in the head, after its charset.
    const headed = withIslands('<html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/></head><body><div data-island="navbar"></div></body></html>', manifest);
    expect(headed).toContain(`<head><meta charSet="utf-8"/><script>${REPLAY_SCRIPT}</script><link rel="stylesheet"`);
    expect(headed.split(REPLAY_SCRIPT).length).toBe(2);
    const routed = '<html><body><script>window.__reactRouterContext = {};</script><div data-island="navbar"></div></body></html>';
    expect(withIslands(routed, manifest)).toBe(routed);
    expect(withIslands('<p>no islands</p>', manifest)).toBe('<p>no islands</p>');
    expect(withIslands(page, null)).toBe(page);
    expect(() => withIslands('<body><div data-island="faqs"></div></body>', manifest)).toThrow(/island "faqs"/);
  });

  it.skipIf(!hasChromium)('paints the page before any module is requested, then hydrates its islands', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${s.url}/faqs`);
      await page.waitForSelector('.public-site[data-hydrated="true"]');
      const t = await page.evaluate(() => ({
        paint: performance.getEntriesByType('paint').map((e) => e.startTime),
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/.*\.js$/.test(e.name))
          .map((e) => ({ at: e.startTime, name: e.name })),
      }));
      expect(t.paint.length).toBeGreaterThan(0);
      expect(t.scripts.length).toBeGreaterThan(3);
      expect(Math.min(...t.scripts.map((x) => x.at))).toBeGreaterThanOrEqual(Math.min(...t.paint));
      // Only islands: React Router's client is never loaded on a public page.
      for (const x of t.scripts) expect(x.name).toMatch(/\/assets\/islands\//);
      // Interactive after hydration: the FAQ accordion opens the next question on a click.
      const second = page.locator('.accordion-button').nth(1);
      await second.click();
      await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    } finally {
      await closeBrowser(browser);
    }
  });
});
