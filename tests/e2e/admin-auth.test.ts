import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, seriousViolations } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startServer, type TestServer } from '../helpers/server';
import { adminContext, contextCookie } from './admin-helpers';

const title = `admin sign-in, guard, shell, logout${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true }), launchBrowser()]);
    cookie = await s.login();
    await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Q1?', answer: 'A1' } });
    await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Q2?', answer: 'A2' } });
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  /** A new browser context (the signed-in administrator's, or a visitor's) with one page opened at `path`. */
  async function open(path: string, as: 'admin' | 'visitor'): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = as === 'admin' ? await adminContext(browser, s) : await browser.newContext({ baseURL: s.url });
    const page = await ctx.newPage();
    await page.goto(path);
    return { ctx, page };
  }

  it('guard: no stored admin email, or a stored email without a server session, goes to /admin-login', async () => {
    const { ctx, page } = await open('/admin-side-bar/dashboard', 'visitor');
    await page.waitForURL('**/admin-login');
    // The URL changes before the sign-in page has rendered (a client-side navigation): wait for it.
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();

    // A stale stored email is not enough: the server session decides, and the stale email is cleared.
    await page.evaluate((e) => localStorage.setItem('admin_email', e), ADMIN_EMAIL);
    await page.goto('/admin-side-bar/faqs');
    await page.waitForURL('**/admin-login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('admin_email'))).toBeNull();
    await ctx.close();
  });

  it('sign-in: both fields required, the server message on bad credentials, show/hide password', async () => {
    const { ctx, page } = await open('/admin-login', 'visitor');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('form-error').getByText('Both fields are required.').waitFor();

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('form-error').getByText('Both fields are required.').waitFor();

    const password = page.locator('#admin-login-password');
    await password.fill('wrong password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('form-error').getByText('Invalid email or password.').waitFor();
    // The same message as a toast, which closes by itself after 1 second (default would be 5).
    const toast = page.locator('.Toastify__toast', { hasText: 'Invalid email or password.' });
    await toast.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    expect(page.url()).toMatch(/\/admin-login$/);
    expect(await page.evaluate(() => localStorage.getItem('admin_email'))).toBeNull();
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).count()).toBe(1);
    await ctx.close();
  });

  it('sign-in by keyboard: stores the admin email, reads "Logging in..." and opens the dashboard after 2 seconds', async () => {
    const { ctx, page } = await open('/admin-login', 'visitor');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(ADMIN_EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    const t0 = Date.now();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Logging in...' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('admin_email') !== null);
    expect(await page.evaluate(() => localStorage.getItem('admin_email'))).toBe(ADMIN_EMAIL);
    expect(page.url()).toMatch(/\/admin-login$/);
    await page.waitForURL('**/admin-side-bar/dashboard', { timeout: 10_000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    await page.getByRole('heading', { name: 'Dash Board' }).waitFor();
    await ctx.close();
  });

  it('shell: the sidebar labels in order, dashboard cards with counts that open their section', async () => {
    const { ctx, page } = await open('/admin-side-bar', 'admin');
    await page.waitForURL('**/admin-side-bar/dashboard');
    const labels = await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents();
    expect(labels).toEqual([
      'Dash Board',
      'Mail',
      'Carousel',
      'Calendar',
      'About Image',
      'Case Categories',
      'Cases',
      'Case Details',
      'Blogs',
      'Events',
      'Reviews',
      'Our Team',
      "FAQ's",
      'Partners',
      'Ads',
      'Gallery',
      'Vacancies',
      'Consultations',
      'Lawyers',
      'Conflict List',
      'Data Requests',
      'Settings',
      'Administrators',
      'Audit Log',
      'Redirects',
      'Not Found',
      'Insights',
      'My account',
    ]);
    await page.getByTestId('card-faqs').getByText('2 items').waitFor();
    await page.getByTestId('card-carousel').getByText('0 items').waitFor();
    await page.getByTestId('card-faqs').click();
    await page.waitForURL('**/admin-side-bar/faqs');
    await page.getByRole('heading', { name: "FAQ's", level: 1 }).waitFor();

    // The sidebar collapses and opens again.
    const toggle = page.getByRole('button', { name: 'Hide menu' });
    await toggle.click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await ctx.close();
  });

  it('a 401 in the middle of a session clears the stored email and returns to /admin-login', async () => {
    const { ctx, page } = await open('/admin-side-bar/dashboard', 'admin');
    await page.getByRole('heading', { name: 'Dash Board' }).waitFor();
    // The session ends elsewhere (for example another tab logged out).
    await call(s.url, '/api/admin/logout', { method: 'POST', cookie: await contextCookie(ctx) });
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Cases', exact: true }).click();
    await page.waitForURL('**/admin-login');
    expect(await page.evaluate(() => localStorage.getItem('admin_email'))).toBeNull();
    await ctx.close();
  });

  it('logout asks first, ends the server session and says so', async () => {
    const ctx = await adminContext(browser, s);
    const page = await ctx.newPage();
    const old = await contextCookie(ctx);
    await page.goto('/admin-side-bar/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you want to Logout ?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await call(s.url, '/api/admin/me', { cookie: old })).status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes,Logout' }).click();
    await page.getByText('Logged out successfully!!').first().waitFor();
    await page.waitForURL('**/admin-login');
    expect(await page.evaluate(() => localStorage.getItem('admin_email'))).toBeNull();
    expect((await call(s.url, '/api/admin/me', { cookie: old })).status).toBe(401);
    expect((await call(s.url, '/api/admin/counts', { cookie: old })).status).toBe(401);
    await ctx.close();
  });

  it('no serious or critical axe-core violations on the dashboard and three management pages', async () => {
    const ctx = await adminContext(browser, s);
    const page = await ctx.newPage();
    const found: Record<string, unknown> = {};
    for (const [path, heading] of [
      ['dashboard', 'Dash Board'],
      ['faqs', "FAQ's"],
      ['blog', 'Blogs'],
      ['event', 'Events'],
    ] as const) {
      await page.goto(`/admin-side-bar/${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('table.admin-table, [data-testid=card-faqs]').first().waitFor();
      await page.getByText('Loading...').waitFor({ state: 'detached' });
      const v = await seriousViolations(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
    await ctx.close();
  });

  // The scripts a page loaded, read from its resource timings once it is hydrated (not `networkidle`,
  // which waits for 500 ms of quiet and timed out on a loaded CI machine).
  const hydrated = (page: Page) =>
    page.waitForSelector('.public-site[data-hydrated="true"]', { state: 'attached', timeout: 45_000 });
  const scriptsOf = (page: Page): Promise<string[]> =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => new URL(u).pathname.endsWith('.js')),
    );

  it('public pages never load the admin bundle', { timeout: 90_000 }, async () => {
    const ctx = await browser.newContext({ baseURL: s.url });
    const page = await ctx.newPage();
    const scripts = new Set<string>();
    for (const p of ['/', '/contact', '/faqs']) {
      await page.goto(p);
      await hydrated(page);
      for (const u of await scriptsOf(page)) scripts.add(u);
    }
    expect(scripts.size).toBeGreaterThan(0);
    expect(
      [...scripts].filter((u) =>
        /\/(shell|login|resource-page|dashboard|ResourceManager|RichTextEditor|case-details)-[\w-]+\.js$/.test(u),
      ),
    ).toEqual([]);
    for (const u of scripts) {
      const text = await (await fetch(u)).text();
      for (const marker of ['Yes,Logout', 'Logging in...', 'Yes, Delete', 'ProseMirror'])
        expect(text.includes(marker), `${marker} in ${u}`).toBe(false);
    }
    // The admin pages do load it (so the markers above can be found).
    const admin = await ctx.newPage();
    await admin.goto('/admin-login');
    await admin.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 45_000 });
    const texts = await Promise.all((await scriptsOf(admin)).map(async (u) => (await fetch(u)).text()));
    expect(texts.some((t) => t.includes('Logging in...'))).toBe(true);
    await ctx.close();
  });
});
