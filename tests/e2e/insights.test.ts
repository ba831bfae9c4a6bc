/**
 * Insights and redirects in Chromium (decisions 0057, 0058): a visit to a public page is counted through its
 * beacon (no cookie set), a browser sending DNT is not; the Insights page draws its charts; the Redirects page
 * imports a CSV and lists each refused line; the Not Found page creates a redirect from a row.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_UA as UA, hasChromium, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call, type Json } from '../helpers/server';
import { until } from '../helpers/mail-sink';
import { adminBrowser } from './admin-helpers';

describe.skipIf(!hasChromium)(`insights in Chromium (${hasChromium ? 'Chromium found' : NO_CHROMIUM_REASON})`, () => {
  const ui = adminBrowser({ demo: true });
  const views = async (path: string): Promise<number> => {
    const r = await call(ui.s.url, '/api/insights/summary', { cookie: ui.cookie });
    return ((r.body as Json).pages as { key: string; count: number }[]).find((p) => p.key === path)?.count ?? 0;
  };

  it('counts a page view through the beacon, sets no cookie, and does not count a browser that sends DNT', async () => {
    const visitor = await ui.browser.newContext({ userAgent: UA, baseURL: ui.s.url });
    const page = await visitor.newPage();
    const beacons: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/insights/hit')) beacons.push(r.postData() ?? '');
    });
    const res = await page.goto('/faqs');
    expect(res?.status()).toBe(200);
    expect(await res?.headerValue('set-cookie')).toBeNull();
    await until(
      () => views('/faqs'),
      (n) => n === 1,
      10_000,
      'the page view counted',
    );
    expect(JSON.parse(beacons[0]!)).toMatchObject({ p: '/faqs' });
    expect(Buffer.byteLength(beacons[0]!)).toBeLessThan(300);
    expect(await visitor.cookies()).toEqual([]);
    await visitor.close();

    const dnt = await ui.browser.newContext({ userAgent: UA, baseURL: ui.s.url, extraHTTPHeaders: { dnt: '1' } });
    const p2 = await dnt.newPage();
    const sent = p2.waitForRequest((r) => r.url().endsWith('/api/insights/hit'), { timeout: 5000 }).catch(() => null);
    await p2.goto('/faqs');
    await sent;
    // Flushed by the summary itself: still one.
    expect(await views('/faqs')).toBe(1);
    await dnt.close();
  });

  it('sends the beacon once the page has loaded, or as it is hidden if the visitor leaves before', async () => {
    const visitor = await ui.browser.newContext({ userAgent: UA, baseURL: ui.s.url });
    try {
      // Each beacon the page sends is noted in the page before it goes.
      await visitor.addInitScript(() => {
        const send = navigator.sendBeacon.bind(navigator);
        const sent: string[] = [];
        Object.assign(window, { sentBeacons: sent });
        navigator.sendBeacon = (url, data) => (sent.push(String(data)), send(url, data));
      });
      const sentBeacons = (page: Page) =>
        page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons.length);
      const page = await visitor.newPage();
      // The page gains an image that never arrives, so its load event never fires.
      await page.route('**/gallery', async (route) => {
        const res = await route.fetch();
        const body = (await res.text()).replace('</body>', '<img src="/never-arrives.png" alt=""></body>');
        await route.fulfill({ response: res, body });
      });
      await page.route('**/never-arrives.png', () => undefined);
      await page.goto('/gallery', { waitUntil: 'commit' });
      // Parsed (the beacon's script has run), but not loaded: nothing is sent yet.
      await page.waitForFunction(() => document.readyState === 'interactive');
      await new Promise((r) => setTimeout(r, 500));
      expect(await page.evaluate(() => document.readyState)).toBe('interactive');
      expect(await sentBeacons(page)).toBe(0);
      // The visitor leaves: the page is hidden, and the beacon goes, once.
      await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
      await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
      expect(await sentBeacons(page)).toBe(1);
      expect(
        JSON.parse(await page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons[0]!)),
      ).toMatchObject({ p: '/gallery' });

      // A page that loads sends it after its load event, once.
      const loaded = await visitor.newPage();
      await loaded.goto('/faqs', { waitUntil: 'load' });
      await loaded.waitForFunction(() => (window as unknown as { sentBeacons: string[] }).sentBeacons.length > 0);
      await loaded.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
      expect(await sentBeacons(loaded)).toBe(1);
    } finally {
      await visitor.close();
    }
  });

  it('draws the charts of the Insights page for the chosen range', async () => {
    const { page } = ui;
    await page.goto('/admin-side-bar/insights');
    await page.getByRole('heading', { name: 'Insights' }).waitFor();
    await page.locator('canvas[data-chart="Top pages"]').waitFor();
    for (const name of ['Top pages', 'Referrers', 'Devices', 'Landing pages']) {
      const box = await page.locator(`canvas[data-chart="${name}"]`).boundingBox();
      expect(box?.width, name).toBeGreaterThan(50);
    }
    expect(await page.locator('canvas[data-chart^="Page views and visitors per day"]').count()).toBe(1);
    // Something was drawn: the chart's canvas holds non-blank pixels.
    const painted = await page.locator('canvas[data-chart="Top pages"]').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(100);
    expect(await page.getByRole('table', { name: 'Top pages: figures' }).textContent()).toContain('/faqs');
    await expect
      .poll(() => page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))
      .toMatch(/^\/api\/insights\/export\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  });

  it('imports redirects from pasted CSV, lists the refused lines, and creates one from the Not Found report', async () => {
    const { page } = ui;
    await page.goto('/admin-side-bar/redirects');
    await page.getByRole('heading', { name: 'Redirects' }).waitFor();
    await page.getByLabel('…or paste it here').fill('/old-team.html,/our-legal-team\nnot-a-path,/blog');
    await page.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Refused lines' }).textContent())
      .toContain('Line 2: The old address must start with / (got "not-a-path").');
    await expect.poll(() => page.getByRole('table', { name: 'Redirects' }).textContent()).toContain('/old-team.html');

    expect((await fetch(`${ui.s.url}/old-wp/contact-us/`, { headers: { 'user-agent': UA } })).status).toBe(404);
    await page.goto('/admin-side-bar/not-found');
    await page.getByRole('button', { name: 'Create a redirect from /old-wp/contact-us/' }).click();
    await page.getByLabel(/^New address/).fill('/contact');
    await page.getByRole('button', { name: 'Save' }).click();
    await until(
      () => fetch(`${ui.s.url}/old-wp/contact-us/`, { redirect: 'manual' }),
      (r) => r.status === 301 && r.headers.get('location') === '/contact',
      5000,
      'the redirect made from the report',
    );
  });
});
