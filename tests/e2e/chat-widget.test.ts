/** The admin chat widget in a real browser: toggling, greeting, history, waiting, missing reply, failure, keyboard. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startServer, type TestServer } from '../helpers/server';

const title = `admin chat widget${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

const GREETING = 'Hello Admin! How can I assist you today?';

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true }), launchBrowser()]);
    const cookie = await s.login();
    await call(s.url, '/api/faqs/addFaqs', {
      cookie,
      json: { question: 'Is parking available?', answer: 'Yes, behind the office.' },
    });
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  /** Signs in through the API in the browser context and stores the admin email, as the login page does. */
  async function signedIn(): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ baseURL: s.url });
    const res = await ctx.request.post('/api/admin/adminlogin', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status()).toBe(200);
    await ctx.addInitScript((email) => localStorage.setItem('admin_email', email), ADMIN_EMAIL);
    return { ctx, page: await ctx.newPage() };
  }

  const toggle = (page: Page) => page.getByRole('button', { name: 'Assistant', exact: true });
  const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
  const input = (page: Page) => page.getByLabel('Ask the assistant');
  const bubbles = (page: Page) => log(page).locator('[data-sender]');

  /** From now on the assistant's calls answer `status` with `body` as JSON (an earlier stand-in is removed). */
  async function replyWith(page: Page, status: number, body: Record<string, unknown>) {
    await page.unroute('**/api/ai/createai');
    await page.route('**/api/ai/createai', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );
  }

  async function openWidget(page: Page) {
    await page.goto('/admin-side-bar/dashboard');
    await toggle(page).waitFor();
    await toggle(page).click();
    await log(page).waitFor();
  }

  it('toggles open and closed, greets without history, and works from the keyboard', async () => {
    const { ctx, page } = await signedIn();
    await page.goto('/admin-side-bar/dashboard');
    await toggle(page).waitFor();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('dialog', { name: 'Admin assistant' }).isVisible()).toBe(false);

    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await log(page).getByText(GREETING).waitFor();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await log(page).getAttribute('aria-live')).toBe('polite');
    // Focus moves to the prompt; Escape closes and returns focus to the toggle.
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => log(page).isVisible()).toBe(false);
    expect(await toggle(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await toggle(page).click();
    await log(page).waitFor();
    await toggle(page).click();
    await expect.poll(() => log(page).isVisible()).toBe(false);
    await ctx.close();
  });

  it("ignores blank prompts, shows 'just a sec...' while waiting, answers with safe links, then keeps the history", async () => {
    const { ctx, page } = await signedIn();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ai/createai')) sent.push(r.postData() ?? '');
    });
    await openWidget(page);
    await log(page).getByText(GREETING).waitFor();

    await input(page).fill('    ');
    await input(page).press('Enter');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await bubbles(page).count()).toBe(1);
    expect(sent).toHaveLength(0);

    // Hold the reply to see the waiting state, then let it through to the real server.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/ai/createai', async (route: Route) => {
      await held;
      await route.continue();
    });
    await input(page).fill('How many FAQs are there?');
    await input(page).press('Enter');
    await log(page).getByText('just a sec...').waitFor();
    expect(await input(page).inputValue()).toBe('');
    release();
    await log(page).getByText('There is 1 FAQ:', { exact: false }).waitFor();
    expect(await log(page).getByText('just a sec...').count()).toBe(0);
    expect(sent).toEqual([JSON.stringify({ prompt: 'How many FAQs are there?' })]);
    const link = log(page).getByRole('link', { name: '/admin-side-bar/faqs' });
    expect(await link.getAttribute('href')).toBe('/admin-side-bar/faqs');
    await page.unroute('**/api/ai/createai');

    // After a reload the exchange comes back from the server, without the greeting.
    await page.reload();
    await toggle(page).click();
    await log(page).getByText('How many FAQs are there?').waitFor();
    await log(page).getByText('There is 1 FAQ:', { exact: false }).waitFor();
    expect(await log(page).getByText(GREETING).count()).toBe(0);

    // The link navigates inside the admin.
    await log(page).getByRole('link', { name: '/admin-side-bar/faqs' }).click();
    await page.waitForURL('**/admin-side-bar/faqs');
    await ctx.close();
  });

  it('says it could not find an answer when the reply has none, and apologises when the call fails', async () => {
    const { ctx, page } = await signedIn();
    await openWidget(page);
    await log(page).locator('[data-sender="bot"]').first().waitFor();

    await replyWith(page, 200, { statusCode: 200, message: 'ok' });
    await input(page).fill('anything');
    await page.getByRole('button', { name: 'Send' }).click();
    await log(page).getByText("Sorry, I couldn't find an answer.").waitFor();

    await page.unroute('**/api/ai/createai');
    await page.route('**/api/ai/createai', (route) => route.abort('failed'));
    await input(page).fill('anything else');
    await input(page).press('Enter');
    await log(page).getByText('Oops! Something went wrong. Please try again later.').waitFor();

    await replyWith(page, 500, { statusCode: 500, message: 'x' });
    await input(page).fill('third');
    await input(page).press('Enter');
    await expect.poll(() => log(page).getByText('Oops! Something went wrong. Please try again later.').count()).toBe(2);

    // Replies are text: markup in a reply is shown, never run.
    await replyWith(page, 200, {
      statusCode: 200,
      message: 'ok',
      response: '<img src=x onerror="window.__pwned=1"> see /admin-side-bar/ads.',
    });
    await input(page).fill('fourth');
    await input(page).press('Enter');
    await log(page).getByText('<img src=x', { exact: false }).waitFor();
    expect(await log(page).locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await log(page).getByRole('link', { name: '/admin-side-bar/ads' }).getAttribute('href')).toBe(
      '/admin-side-bar/ads',
    );
    await ctx.close();
  });

  it('greets when the history cannot be loaded', async () => {
    const { ctx, page } = await signedIn();
    await ctx.route('**/api/ai/getaichat', (route) => route.abort('failed'));
    await openWidget(page);
    await log(page).getByText(GREETING).waitFor();
    expect(await bubbles(page).count()).toBe(1);
    await ctx.close();
  });

  it('has no serious accessibility violations when open', async () => {
    const { ctx, page } = await signedIn();
    await openWidget(page);
    await log(page).locator('[data-sender]').first().waitFor();
    await input(page).fill('How do I add a speaker to an event?');
    await input(page).press('Enter');
    await log(page).getByRole('link', { name: '/admin-side-bar/event' }).first().waitFor();
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axe);
    const violations = await page.evaluate(async () => {
      const a = (window as unknown as { axe: { run(c: Element, o: object): Promise<{ violations: { id: string; impact?: string; help?: string; nodes: { html: string; failureSummary?: string; target?: unknown }[] }[] }> } }).axe;
      const r = await a.run(document.querySelector('[role="dialog"]')!, { resultTypes: ['violations'] });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html + ' ' + n.failureSummary).join(' | ')}`);
    });
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
