import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { forbiddenMessage, type Role } from '../../content/roles';
import { resources } from '../../content/resources/index';
import { hasChromium, NO_CHROMIUM_REASON, waitForHydration } from '../helpers/browser';
import { accountWithRole } from '../helpers/roles';
import { adminBrowser } from './admin-helpers';

/**
 * Roles in the admin (decision 0040), in Chromium: each role's sidebar, dashboard and pages, a 403 sentence
 * at an address it may not use, the role control of the Administrators page; and the shell at 1366 px.
 */
describe.skipIf(!hasChromium)(`roles in the admin (${hasChromium ? 'Chromium' : NO_CHROMIUM_REASON})`, () => {
  const ui = adminBrowser({ demo: true });

  /** A browser context signed in as an account of `role`. */
  async function contextOf(role: Role): Promise<{ ctx: BrowserContext; page: Page; email: string }> {
    const account = await accountWithRole(ui.s, ui.cookie, role, `${role}-${Math.random().toString(36).slice(2, 8)}@test.example`);
    const eq = account.cookie.indexOf('=');
    const ctx = await ui.browser.newContext({ baseURL: ui.s.url, viewport: { width: 1366, height: 800 } });
    await ctx.addCookies([{ name: account.cookie.slice(0, eq), value: account.cookie.slice(eq + 1), url: ui.s.url, httpOnly: true, sameSite: 'Strict' }]);
    await ctx.addInitScript((email) => localStorage.setItem('admin_email', email), account.email);
    return { ctx, page: await ctx.newPage(), email: account.email };
  }

  const sidebar = async (page: Page) => (await page.locator('#admin-sidebar a').allTextContents()).map((t) => t.trim());
  const contentLabels = resources.map((r) => r.admin.nav);

  /** The dashboard of a new account of `role`, hydrated, and the labels of its sidebar. */
  async function dashboardOf(role: Role): Promise<{ ctx: BrowserContext; page: Page; links: string[] }> {
    const { ctx, page } = await contextOf(role);
    await page.goto('/admin-side-bar/dashboard');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Dash Board' }).waitFor();
    return { ctx, page, links: await sidebar(page) };
  }

  /** Each admin section in `paths` shows the 403 sentence of `role` instead of its screen. */
  async function expectForbidden(page: Page, role: Role, paths: string[]): Promise<void> {
    for (const path of paths) {
      await page.goto(`/admin-side-bar/${path}`);
      await page.getByTestId('forbidden').waitFor();
      expect(await page.getByTestId('forbidden').textContent()).toContain(forbiddenMessage(role));
    }
  }

  it('an editor sees the content groups and Settings, no Consultations, and a 403 sentence at /consultations', async () => {
    const { ctx, page, links } = await dashboardOf('editor');
    expect(links).toEqual(expect.arrayContaining([...contentLabels, 'Settings', 'Dash Board']));
    for (const no of ['Consultations', 'Conflict List', 'Data Requests', 'Mail', 'Administrators', 'Audit Log']) expect(links).not.toContain(no);
    expect(await page.getByTestId('admin-role').textContent()).toBe('Editor');
    // Dashboard: cards and work list of content only.
    await page.getByRole('heading', { name: 'Work list' }).waitFor();
    expect(await page.getByTestId('card-consultations').count()).toBe(0);
    expect(await page.getByText(/new consultation request/).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /^Drafts/ }).count()).toBe(1);

    await expectForbidden(page, 'editor', ['consultations', 'admins', 'mail']);

    // Settings: the website texts only, and saving them works.
    await page.goto('/admin-side-bar/settings');
    await page.getByTestId('settings-scope').waitFor();
    expect(await page.getByRole('heading', { name: 'Booking' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Data protection' }).count()).toBe(0);
    expect(await page.getByLabel('Strict Rule 36 mode').count()).toBe(0);
    const tagline = page.getByLabel('Tagline');
    await tagline.fill('Counsel across Kerala and Karnataka');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated successfully').waitFor();
    await ctx.close();
  });

  it('an intake account sees Consultations and the mail, no content group or Settings, and a 403 sentence at /event', async () => {
    const { ctx, page, links } = await dashboardOf('intake');
    expect(links).toEqual(expect.arrayContaining(['Consultations', 'Conflict List', 'Data Requests', 'Mail']));
    for (const no of [...contentLabels, 'Settings', 'Administrators', 'Audit Log']) expect(links).not.toContain(no);
    await page.getByText(/new consultation request/).waitFor();
    expect(await page.getByRole('heading', { name: /^Drafts/ }).count()).toBe(0);
    expect(await page.getByTestId('card-consultations').count()).toBe(1);

    await expectForbidden(page, 'intake', ['event', 'settings', 'faqs']);
    await page.goto('/admin-side-bar/consultations');
    await page.getByRole('heading', { name: 'Consultations' }).first().waitFor();
    expect(await page.getByTestId('forbidden').count()).toBe(0);
    await ctx.close();
  });

  it('the Administrators page shows each role and changes one', async () => {
    const { ctx, email } = await contextOf('editor');
    await ctx.close();
    const page = ui.page;
    await page.goto('/admin-side-bar/admins');
    await waitForHydration(page);
    const select = page.getByLabel(`Role of ${email}`);
    await select.waitFor();
    expect(await select.inputValue()).toBe('editor');
    await select.selectOption('intake');
    await page.getByText(`${email} now has the role Intake. Their sessions have ended.`).waitFor();
    await expect.poll(() => page.getByLabel(`Role of ${email}`).inputValue()).toBe('intake');
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('admin');
  });

  it('the shell at 1366 px: the sidebar runs the full height and a wide table scrolls inside its card', async () => {
    const page = await ui.ctx.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    mkdirSync('.tmp', { recursive: true });
    for (const path of ['event', 'dashboard']) {
      await page.goto(`/admin-side-bar/${path}`);
      await waitForHydration(page);
      await page.locator(path === 'event' ? 'table.admin-table tbody tr' : '.admin-dashboard-card').first().waitFor();
      await page.screenshot({ path: `.tmp/shell-${path}-1366.png`, fullPage: true });
      const heights = await page.evaluate(() => ({
        page: document.documentElement.scrollHeight,
        sidebar: document.querySelector('#admin-sidebar')!.getBoundingClientRect().height,
        width: document.documentElement.scrollWidth,
      }));
      // A long page: the dark column is as tall as the whole page, not one window.
      expect(heights.page).toBeGreaterThan(768 + 200);
      expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1);
      // Nothing wider than the window: the page itself never scrolls sideways.
      expect(heights.width).toBeLessThanOrEqual(1366);
      // Scrolled to the bottom, the links are still in view.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.getByRole('link', { name: 'Dash Board' }).boundingBox()).toMatchObject({ y: expect.any(Number) });
      const y = (await page.getByRole('link', { name: 'Dash Board' }).boundingBox())!.y;
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(768);
    }
    // The events table is wider than the page's column at 1366 px: it scrolls inside its framed box, which fits
    // in the window (its sideways scrollbar on screen), and its last column (the row's actions) is in view.
    await page.goto('/admin-side-bar/event');
    await page.locator('table.admin-table tbody tr').first().waitFor();
    await page.locator('table.admin-table').scrollIntoViewIfNeeded();
    const fit = await page.evaluate(() => {
      const table = document.querySelector('table.admin-table')!;
      const scroller = table.parentElement!.getBoundingClientRect();
      const main = document.querySelector('#admin-content')!.getBoundingClientRect();
      const last = table.querySelector('tbody tr:first-child td:last-child')!.getBoundingClientRect();
      return { wide: table.scrollWidth > table.parentElement!.clientWidth, scroller, mainRight: main.right, last };
    });
    expect(fit.wide).toBe(true);
    expect(fit.scroller.right).toBeLessThanOrEqual(fit.mainRight + 1);
    expect(fit.scroller.height).toBeLessThanOrEqual(768);
    expect(fit.last.right).toBeLessThanOrEqual(fit.scroller.right + 1);
    expect(fit.last.left).toBeGreaterThanOrEqual(fit.scroller.left);
    await page.getByRole('button', { name: /^Edit/ }).first().click({ trial: true });
    await page.close();
  });
});
