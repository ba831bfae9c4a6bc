/** Shared pieces of the admin browser tests (tests/e2e/admin-*.test.ts). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeBrowser, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, startServer, type StartOptions, type TestServer } from '../helpers/server';

/** What the admin browser tests drive: the server, Chromium, a signed-in context and its page, its cookie. */
export interface AdminBrowser {
  s: TestServer;
  browser: Browser;
  ctx: BrowserContext;
  page: Page;
  /** The session cookie ('name=value'), for API calls made beside the browser. */
  cookie: string;
}

/**
 * Called in a describe block: before its tests, a server serving the pages (`opts`), Chromium and one page
 * signed in as the test administrator; both closed after its tests. The fields are there once its
 * beforeAll hooks run (this one first).
 */
export function adminBrowser(opts: StartOptions = {}): AdminBrowser {
  const ui = {} as AdminBrowser;
  beforeAll(async () => {
    const [s, browser] = await Promise.all([startServer({ pages: true, ...opts }), launchBrowser()]);
    const ctx = await adminContext(browser, s);
    Object.assign(ui, { s, browser, ctx, cookie: await contextCookie(ctx), page: await ctx.newPage() });
  });
  afterAll(async () => {
    await closeBrowser(ui.browser);
    await ui.s?.close();
  });
  return ui;
}

/** A browser context signed in as the test administrator (session cookie + stored admin email). */
export async function adminContext(browser: Browser, s: TestServer): Promise<BrowserContext> {
  const cookie = await s.login();
  const eq = cookie.indexOf('=');
  const ctx = await browser.newContext({ baseURL: s.url });
  await ctx.addCookies([
    { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: s.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  await ctx.addInitScript((email) => {
    if (!sessionStorage.getItem('admin-test-init')) {
      sessionStorage.setItem('admin-test-init', '1');
      localStorage.setItem('admin_email', email);
    }
  }, ADMIN_EMAIL);
  return ctx;
}

/** The session cookie a context holds ('name=value'), for API calls made beside the browser. */
export async function contextCookie(ctx: BrowserContext): Promise<string> {
  const c = (await ctx.cookies()).find((x) => x.name === 'lex_session');
  if (!c) throw new Error('no session cookie in the browser context');
  return `${c.name}=${c.value}`;
}

/** The admin's table rows (tbody) on the current page. */
export function tableRows(page: Page) {
  return page.locator('table.admin-table > tbody > tr');
}
