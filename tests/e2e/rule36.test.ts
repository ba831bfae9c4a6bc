/**
 * Bar Council of India Rule 36 in Chromium (decision 0019): the disclaimer's "I agree" is remembered across
 * page loads (30 days, per version of its text), an edited disclaimer is shown again, and the admin
 * form marks a flagged passage in its text and handles the server's 409 and the override reason.
 * Time moves only with Playwright's clock.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../content/settings';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call, startServer, type TestServer } from '../helpers/server';
import { adminContext } from './admin-helpers';

const ADVERT = "India's No. 1 divorce lawyer with a 100% success rate. Call now for a free consultation!";
const DAY = 24 * 60 * 60 * 1000;

let s: TestServer;
let cookie: string;
let browser: Browser;

const title = `Rule 36 in Chromium${hasChromium ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`;

describe.skipIf(!hasChromium)(title, () => {
  beforeAll(async () => {
    s = await startServer({ pages: true });
    cookie = await s.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  /** A page whose clock is paused at `time` before it loads: only the test moves time. */
  async function clockPage(ctx: BrowserContext, time: number): Promise<Page> {
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    await page.clock.install({ time: time - 5000 });
    await page.clock.pauseAt(time);
    return page;
  }

  /** Loads a public page and lets 6 s pass: the disclaimer is due at 5 s unless agreed to. */
  async function visit(ctx: BrowserContext, time: number, path = '/faqs'): Promise<Page> {
    const page = await clockPage(ctx, time);
    await page.goto(path);
    await page.waitForSelector('.public-site[data-hydrated="true"]');
    await page.clock.runFor(6000);
    return page;
  }
  const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Legal Disclaimer' });
  const acceptances = async () => (await call(s.url, '/api/disclaimer/getacceptances', { cookie })).body;

  describe('disclaimer', () => {
    it('"I agree" hides it on the next page loads for 30 days; an edited disclaimer is shown again', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
      const t0 = Date.now();
      const first = await visit(ctx, t0);
      const dialog = dialogOf(first);
      await dialog.waitFor();
      const leave = dialog.getByRole('link', { name: 'Leave this site' });
      expect(await leave.getAttribute('href')).toBe('https://www.google.com/');
      const accepted = first.waitForResponse((r) => r.url().endsWith('/api/disclaimer/accept') && r.status() === 200);
      await dialog.getByRole('button', { name: 'I agree' }).dispatchEvent('click');
      await accepted;
      await first.clock.runFor(500);
      await expect.poll(() => first.locator('.modal.show').count()).toBe(0);
      await first.close();
      const counted = await acceptances();
      expect(counted.acceptances).toEqual([{ version: counted.version, day: new Date().toISOString().slice(0, 10), count: 1 }]);

      // Next loads, other pages, later days: not shown.
      for (const [time, path] of [
        [t0 + 60_000, '/faqs'],
        [t0 + 2 * DAY, '/'],
        [t0 + 29 * DAY, '/our-legal-team'],
      ] as const) {
        const again = await visit(ctx, time, path);
        expect(await again.locator('.modal.show').count()).toBe(0);
        expect(await dialogOf(again).count()).toBe(0);
        await again.close();
      }
      // After 30 days it is asked again.
      const month = await visit(ctx, t0 + 31 * DAY);
      await dialogOf(month).waitFor();
      await month.close();

      // An edit of the disclaimer text in the settings is a new version: shown once more.
      const st = (await call(s.url, '/api/settings/getsettings')).body.settings as SiteSettings;
      const advice = 'Please seek a formal consultation before acting on anything you read here.';
      const saved = await call(s.url, '/api/settings/updatesettings', {
        cookie,
        json: { ...st, rule36: { ...st.rule36, disclaimer: { ...st.rule36.disclaimer, advice } } },
      });
      expect(saved.status).toBe(200);
      const edited = await visit(ctx, t0 + 60_000 + 1000);
      await dialogOf(edited).waitFor();
      expect(await dialogOf(edited).textContent()).toContain(advice);
      // Closing (×) is not agreeing: it comes back on the next load.
      await dialogOf(edited).getByRole('button', { name: 'Close' }).dispatchEvent('click');
      await edited.clock.runFor(500);
      await expect.poll(() => edited.locator('.modal.show').count()).toBe(0);
      await edited.close();
      const next = await visit(ctx, t0 + 120_000);
      await dialogOf(next).waitFor();
      await next.close();
      await ctx.close();
    });
  });

  describe('admin form', () => {
    it('marks a flagged passage in the text, shows the server’s 409, and publishes with a reason', async () => {
      const ctx = await adminContext(browser, s);
      const page = await ctx.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto('/admin-side-bar/review');
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      await page.locator('#admin-review-name').fill('R. Nair');
      await page.locator('#admin-review-profession').fill('Engineer');
      await page.locator('#admin-review-message').fill(ADVERT);

      const panel = page.getByRole('region', { name: /Rule 36/ });
      await panel.waitFor();
      const marks = panel.locator('mark.rule36-mark');
      expect(await marks.allTextContents()).toEqual(expect.arrayContaining(['Call now', 'free consultation']));
      // The passage sits in its own sentence, with the reason beside it.
      expect(await panel.textContent()).toContain('success rate. Call now for a free');
      expect(await panel.textContent()).toContain('Rule 36 of the Bar Council of India Rules');
      // The mark is visibly highlighted.
      const bg = await marks.first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).not.toBe('rgba(0, 0, 0, 0)');

      // Without a reason the server refuses, the form says why, and nothing is added.
      await page.locator('form').first().getByRole('button', { name: 'Add' }).click();
      const error = page.getByTestId('form-error');
      await expect.poll(() => error.textContent()).toMatch(/Rule 36/);
      expect((await call(s.url, '/api/clientreview/getallreviews')).body.reviews).toEqual([]);

      // With a reason it is published.
      await panel.getByLabel('Reason for publishing anyway (override)').fill('The client’s own words, approved by the partner.');
      await page.locator('form').first().getByRole('button', { name: 'Add' }).click();
      await expect.poll(async () => (await call(s.url, '/api/clientreview/getallreviews')).body.reviews.length).toBe(1);
      // Back in add mode: the form and the panel are cleared.
      await expect.poll(() => page.locator('#admin-review-message').inputValue()).toBe('');
      expect(await page.getByRole('region', { name: /Rule 36/ }).count()).toBe(0);

      // Ordinary text shows no panel.
      await page.locator('#admin-review-message').fill('They explained the leading case on top of the procedure.');
      await page.waitForTimeout(50);
      expect(await page.getByRole('region', { name: /Rule 36/ }).count()).toBe(0);
      await ctx.close();
    });
  });
});
