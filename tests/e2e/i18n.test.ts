/**
 * The languages in Chromium (decisions 0063, 0065): the switcher on a detail page lands on the same item in
 * the other language; the Malayalam and Hindi pages hydrate without error, translate the form's messages,
 * load their script's font while an English page loads none, and axe finds no serious or critical issue; an
 * event with its own Malayalam slug (decision 0082) is reached at that address from the switcher; the Malayalam
 * and Hindi home pages hydrate without making an Intl object (decision 0104).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedPath } from '../../content/locales';
import { intlDay } from '../../app/lib/i18n';
import {
  closeBrowser,
  hasChromium,
  launchBrowser,
  NO_CHROMIUM_REASON,
  seriousViolations,
  waitForHydration,
} from '../helpers/browser';
import { call, type TestServer } from '../helpers/server';
import { eventPath } from '../../content/rules/slug';
import { startPublicSite } from '../helpers/public-site';
import { publicPages, type Seeded } from './public-fixture';

let s: TestServer;
let seed: Seeded;
let browser: Browser;

beforeAll(async () => {
  ({ s, seed } = await startPublicSite());
  if (hasChromium) browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await closeBrowser(browser);
  await s?.close();
});

/** Font files the page requested. */
function fontsOf(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font' || /\.woff2?$/.test(r.url())) fonts.push(r.url());
  });
  return fonts;
}

describe.skipIf(!hasChromium)(`languages in Chromium${hasChromium ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  it('switching language on a detail page lands on the same item', async () => {
    const page = await browser.newPage();
    await page.goto(`${s.url}/blog-details/${seed.blogId}`);
    await waitForHydration(page);
    const title = (await page.locator('h1').textContent())?.trim();
    expect(title).toBe('Easements explained');
    // On a large screen the switcher sits in the top bar (on a small one, in the menu).
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('.topbar .lang-switcher a[hreflang="ml"]').click();
    await page.waitForURL(`${s.url}/ml/blog-details/${seed.blogId}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ml');
    expect((await page.locator('h1').textContent())?.trim()).toBe(title);
    await page.locator('.topbar .lang-switcher a[hreflang="hi"]').click();
    await page.waitForURL(`${s.url}/hi/blog-details/${seed.blogId}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    // On a phone: open the menu, then the switcher there.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator('.nav-toggle').click();
    await page.locator('#site-nav-links .lang-switcher a[hreflang="en"]').click();
    await page.waitForURL(`${s.url}/blog-details/${seed.blogId}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.close();
  }, 60_000);

  it('the consultation form speaks Malayalam: labels and a refusal before sending', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${s.url}/ml/book-consultation`);
    await waitForHydration(page);
    await expect.poll(() => page.locator('label[for="c-name"]').textContent()).toBe('പേര്');
    await page.locator('#c-consent').check();
    await page.locator('.consultation-form button[type="submit"]').click();
    const toast = page.locator('.Toastify__toast');
    await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
    // With free slots the form asks for a time first; without, for the name: either way, in Malayalam.
    expect(['ദയവായി നിങ്ങളുടെ പേര് നൽകുക.', 'ദയവായി ഒരു സമയം തിരഞ്ഞെടുക്കുക, അല്ലെങ്കിൽ മറ്റൊരു സമയം ആവശ്യപ്പെടുക.']).toContain(
      (await toast.first().innerText()).trim(),
    );
    await page.close();
  }, 60_000);

  it('a Malayalam page loads Noto Sans Malayalam, a Hindi page Noto Sans Devanagari, an English page no font', async () => {
    const cases: [string, RegExp | null][] = [
      ['/', null],
      ['/ml/', /noto-sans-malayalam/],
      ['/hi/', /noto-sans-devanagari/],
    ];
    for (const [path, font] of cases) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const fonts = fontsOf(page);
      await page.goto(s.url + path, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      if (font)
        expect(
          fonts.some((f) => font.test(f)),
          `${path}: ${fonts.join(', ')}`,
        ).toBe(true);
      else
        expect(
          fonts.filter((f) => /noto-sans-(malayalam|devanagari)/.test(f)),
          path,
        ).toEqual([]);
      await page.close();
    }
  }, 60_000);

  it('axe finds no serious or critical issue on the Malayalam and Hindi pages; no hydration error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    const problems: string[] = [];
    const paths = publicPages({
      categoryId: seed.categoryId,
      caseId: seed.caseId,
      eventTitles: [seed.events.upcoming],
      blogId: seed.blogId,
    });
    for (const locale of ['ml', 'hi'] as const) {
      for (const path of paths) {
        const url = localizedPath(locale, path);
        const res = await page.goto(s.url + url, { waitUntil: 'load' });
        expect(res?.status(), url).toBe(200);
        await waitForHydration(page);
        for (const v of await seriousViolations(page)) problems.push(`${url}: ${v.id} ${v.nodes.join(' | ')}`);
      }
    }
    const hydration = errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e));
    expect(hydration, hydration.join('\n')).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
    await page.close();
  }, 180_000);

  it('the Malayalam and Hindi home pages hydrate without making an Intl object; the calendar shows today as Intl says', async () => {
    // The first Intl object loads the browser's ICU data, a long task on a phone (decision 0104): the day
    // formats come with the page's catalog instead. Every Intl constructor is watched from before any script.
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { __intlMade: string[] }).__intlMade = made;
      const names = [
        'DateTimeFormat',
        'NumberFormat',
        'PluralRules',
        'Collator',
        'RelativeTimeFormat',
        'ListFormat',
      ] as const;
      for (const name of names) {
        const Real = Intl[name] as unknown as new (...a: unknown[]) => object;
        const Watched = function (...args: unknown[]) {
          made.push(`${name} ${JSON.stringify(args)}`);
          return new Real(...args);
        };
        Watched.prototype = Real.prototype;
        Object.defineProperty(Intl, name, { value: Watched, configurable: true, writable: true });
      }
    });
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    for (const locale of ['ml', 'hi'] as const) {
      await page.goto(`${s.url}/${locale}/`, { waitUntil: 'load' });
      await waitForHydration(page);
      const shown = page.locator('.calendar-widget time.calendar-today');
      await shown.waitFor();
      expect(await shown.getAttribute('datetime')).toBe(iso);
      // What the server's Intl says for the day and the month (the formatters the rest of the site uses).
      expect((await shown.textContent())?.trim(), locale).toBe(intlDay(locale, iso, 'date'));
      expect((await page.locator('.calendar-widget .calendar-month').textContent())?.trim(), locale).toBe(
        intlDay(locale, iso, 'month'),
      );
      expect(await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade), locale).toEqual([]);
    }
    // The watch works: a page that does make one (the booking form reads the visitor's time zone) is seen.
    await page.goto(`${s.url}/ml/book-consultation`, { waitUntil: 'load' });
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade.length))
      .toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it('an event with its own Malayalam slug: the switcher leads to its Malayalam address and back', async () => {
    const cookie = await s.login();
    const events = (await call(s.url, '/api/event/getAllEvents')).body.data as {
      event_id: number;
      event_title: string;
    }[];
    const ev = events.find((e) => e.event_title === seed.events.upcoming)!;
    const slug = 'വാടക-നിയമ-ക്ലിനിക്';
    const saved = await call(s.url, `/api/content/event/${ev.event_id}/translations/ml`, {
      cookie,
      method: 'PUT',
      json: { event_title: 'വാടക നിയമ ക്ലിനിക്', slug, status: 'published' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(s.url + eventPath(seed.events.upcoming));
    await waitForHydration(page);
    await page.locator('.topbar .lang-switcher a[hreflang="ml"]').click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/ml/events/${slug}`);
    expect((await page.locator('h1').textContent())?.trim()).toBe('വാടക നിയമ ക്ലിനിക്');
    await page.locator('.topbar .lang-switcher a[hreflang="en"]').click();
    await page.waitForURL(s.url + eventPath(seed.events.upcoming));
    expect((await page.locator('h1').textContent())?.trim()).toBe(seed.events.upcoming);
    await page.close();
  }, 60_000);
});
