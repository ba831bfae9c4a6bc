/**
 * Site search in Chromium (decision 0054): the header's box submits and lands on the results, on a desktop,
 * from the phone menu, and with JavaScript off; a result leads to its page; axe-core finds no serious or
 * critical issue on the results page.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, seriousViolations, waitForHydration } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { seedPublicContent, type Seeded } from './public-fixture';

let s: TestServer;
let seed: Seeded;
let browser: Browser;
let desktop: BrowserContext;

describe.skipIf(!hasChromium)(`site search in Chromium${hasChromium ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  beforeAll(async () => {
    s = await startServer({ pages: true });
    seed = await seedPublicContent(s);
    browser = await launchBrowser();
    desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  it('the header box submits a misspelt word and lands on marked results; a result opens its page', async () => {
    const page = await desktop.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    const box = page.getByRole('searchbox', { name: 'Search the site' });
    await box.fill('easments');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'easments');
    const result = page.locator('.search-results').getByRole('link', { name: 'Easements explained' });
    await result.waitFor();
    expect(await page.locator('.search-results mark').first().textContent()).toBe('Easements');
    expect(await page.getByRole('searchbox', { name: 'Search the site' }).last().inputValue()).toBe('easments');
    await result.click();
    await page.waitForURL((u) => u.pathname === `/blog-details/${seed.blogId}`);
    await page.close();
  });

  it('works from the phone menu', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, baseURL: s.url });
    const page = await phone.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('.nav-toggle').click();
    const box = page.locator('#site-search-menu');
    await box.waitFor({ state: 'visible' });
    await box.fill('Junior Associate');
    await page.locator('#site-nav-links').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/search');
    await page.locator('.search-results').getByRole('link', { name: 'Junior Associate' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await phone.close();
  });

  it('works with JavaScript off: the form is a plain GET and the results are in the HTML', async () => {
    const noScript = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false, baseURL: s.url });
    const page = await noScript.newPage();
    await page.goto('/faqs');
    await page.locator('#site-search-top').fill('property');
    await page.locator('#site-search-top').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'property');
    expect(await page.locator('.search-results li').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-summary').textContent()).toMatch(/^\d+ results? for “property”/);
    await noScript.close();
  });

  it('axe-core finds no serious or critical issue on the results page (with results, empty, nothing found, refused)', async () => {
    const page = await desktop.newPage();
    const problems: string[] = [];
    for (const path of ['/search?q=property', '/search', '/search?q=xylophonic', '/search?q=law&page=abc']) {
      await page.goto(path);
      await waitForHydration(page);
      await page.locator('h1').waitFor();
      for (const v of await seriousViolations(page)) problems.push(`${path}: ${v.id} ${v.nodes.join(' | ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    await page.close();
  });
});
