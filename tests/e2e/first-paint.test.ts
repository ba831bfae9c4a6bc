/**
 * What a phone fetches before the first paint (decision 0108): on the home page in each language only the
 * document, the stylesheets and a Malayalam or Hindi page's font go out at high priority, and the icon is not
 * fetched at all (it is in the head, decision 0109); the carousel's first slide, below the fold there, loads
 * lazily. On a wide screen, where that slide is in the first view, it is preloaded at high priority. The
 * page-view beacon leaves only once the page has loaded and its first contentful paint has been reported.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { DESKTOP_UA as UA, hasChromium, NO_CHROMIUM_REASON, waitForHydration } from '../helpers/browser';
import { adminBrowser } from './admin-helpers';

/** Lighthouse's phone: a Moto G Power's screen. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1350, height: 940 } };

interface Sent {
  url: string;
  type: string;
  priority: string;
}

describe.skipIf(!hasChromium)(`the first paint (${hasChromium ? 'Chromium found' : NO_CHROMIUM_REASON})`, () => {
  const ui = adminBrowser({ demo: true });

  /** Every request of one visit to `path` with the priority Chromium first gave it, in the order sent. */
  async function visit(
    path: string,
    device: BrowserContextOptions,
  ): Promise<{ sent: Sent[]; beaconAfterLoad: boolean }> {
    const ctx = await ui.browser.newContext({ ...device, userAgent: UA, baseURL: ui.s.url });
    try {
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      const sent: Sent[] = [];
      cdp.on('Network.requestWillBeSent', (e) =>
        sent.push({ url: new URL(e.request.url).pathname, type: e.type ?? '', priority: e.request.initialPriority }),
      );
      await cdp.send('Network.enable');
      await page.goto(path, { waitUntil: 'load' });
      // The beacon's timing entry appears once its answer has come.
      await page.waitForFunction(
        () => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/api/insights/hit')),
        undefined,
        { timeout: 15_000 },
      );
      const beaconAfterLoad = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const hit = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/api/insights/hit'));
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return !!hit && !!fcp && nav.loadEventStart > 0 && hit.startTime >= Math.max(nav.loadEventStart, fcp.startTime);
      });
      return { sent, beaconAfterLoad };
    } finally {
      await ctx.close();
    }
  }

  const urgent = (sent: Sent[]) => sent.filter((r) => r.priority === 'VeryHigh' || r.priority === 'High');

  it.each([
    ['/', null],
    ['/ml/', /noto-sans-malayalam-malayalam-(400|700)-normal-[\w-]+\.woff2$/],
    ['/hi/', /noto-sans-devanagari-400-subset-[\w-]+\.woff2$/],
  ] as const)('on a phone, %s fetches only the page, its styles and its font at high priority', async (path, font) => {
    const { sent, beaconAfterLoad } = await visit(path, PHONE);
    const high = urgent(sent).filter((r) => r.type !== 'Script');
    const unexpected = high.filter(
      (r) => !(r.url === path || r.type === 'Stylesheet' || (font && r.type === 'Font' && font.test(r.url))),
    );
    expect(unexpected, JSON.stringify(high)).toEqual([]);
    expect(high.filter((r) => r.type === 'Stylesheet').length).toBeGreaterThan(0);
    if (font) expect(high.some((r) => r.type === 'Font')).toBe(true);
    else expect(sent.some((r) => r.type === 'Font')).toBe(false);
    // The carousel's slides are on the page, fetched lazily and not at high priority.
    expect(sent.filter((r) => r.url.startsWith('/uploads/carousel/')).every((r) => r.priority !== 'High')).toBe(true);
    expect(beaconAfterLoad).toBe(true);
    // The icon is written into the head: no request for it.
    expect(sent.filter((r) => r.url.startsWith('/favicon'))).toEqual([]);
  });

  it("on a wide screen the carousel's first slide is preloaded at high priority", async () => {
    const { sent } = await visit('/hi/', DESKTOP);
    const slides = urgent(sent).filter((r) => r.type === 'Image' && r.url.startsWith('/uploads/carousel/'));
    expect(slides.length, JSON.stringify(sent)).toBeGreaterThan(0);
  });
  it.each(['/', '/ml/', '/hi/'])(
    'on a phone, %s does not move once shown: the islands hydrate and the calendar fills in without a layout shift',
    async (path) => {
      const ctx = await ui.browser.newContext({ ...PHONE, userAgent: UA, baseURL: ui.s.url });
      try {
        const page = await ctx.newPage();
        await page.goto(path, { waitUntil: 'load' });
        await waitForHydration(page);
        // The calendar's month arrives in an effect after hydration: wait until it is drawn.
        await page.locator('.calendar-widget time.calendar-today').waitFor();
        const shifts = await page.evaluate(
          () =>
            new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
              const seen: { value: number; nodes: string[] }[] = [];
              new PerformanceObserver((list) => {
                for (const e of list.getEntries() as (PerformanceEntry & {
                  value: number;
                  sources?: { node?: Node | null }[];
                })[])
                  seen.push({
                    value: e.value,
                    nodes: (e.sources ?? []).map((x) =>
                      x.node instanceof Element ? x.node.className : String(x.node),
                    ),
                  });
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(seen), 500);
            }),
        );
        expect(shifts).toEqual([]);
        // The weekdays over the month are in the page's language.
        const weekdays = await page.locator('.calendar-widget .calendar-wd').allTextContents();
        expect(weekdays).toHaveLength(7);
        expect(weekdays[1]).toBe({ '/': 'Mo', '/ml/': 'തി', '/hi/': 'सो' }[path]);
      } finally {
        await ctx.close();
      }
    },
  );
});
