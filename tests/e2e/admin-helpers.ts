/** Shared pieces of the admin browser tests (tests/e2e/admin-*.test.ts). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, type TestServer } from '../helpers/server';

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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core violations of impact serious or critical on the current page. */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact?: string; help?: string; nodes: { html: string; failureSummary?: string; target?: unknown }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.slice(0, 3).map((n: { html: string }) => n.html) }));
  });
}

/** The admin's table rows (tbody) on the current page. */
export function tableRows(page: Page) {
  return page.locator('table.admin-table > tbody > tr');
}
