import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call, startServer, type TestServer } from '../helpers/server';
import { adminContext, contextCookie, tableRows } from './admin-helpers';

const title = `content lifecycle in the admin (issue 14)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let cookie: string;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } }), launchBrowser()]);
    ctx = await adminContext(browser, s);
    cookie = await contextCookie(ctx);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const publicFaqs = async () => ((await call(s.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number; question: string }[]).map((f) => f.question);
  const form = () => page.locator('form').first();
  const row = (text: string) => tableRows(page).filter({ hasText: text });

  async function openFaqs() {
    await page.goto('/admin-side-bar/faqs');
    await page.getByRole('heading', { name: "FAQ's", level: 1 }).waitFor();
    await page.getByText('Loading...').waitFor({ state: 'detached' });
  }

  it('saves a draft, previews it in a new tab, publishes, restores from History, trashes and restores', async () => {
    await openFaqs();
    await page.locator('#admin-faqs-question').fill('Can I bring a friend to the meeting?');
    await page.locator('#admin-faqs-answer').fill('Yes, anyone you trust.');
    await form().getByRole('button', { name: 'Save draft' }).click();
    await row('Can I bring a friend').getByText('Draft', { exact: true }).waitFor();
    expect(await publicFaqs()).not.toContain('Can I bring a friend to the meeting?');

    // Preview opens the public page in a new tab, marked, without publishing.
    await row('Can I bring a friend').getByRole('button', { name: /^Edit / }).click();
    await form().getByRole('button', { name: 'Update' }).waitFor();
    const [tab] = await Promise.all([ctx.waitForEvent('page'), form().getByRole('button', { name: 'Preview' }).click()]);
    await tab.waitForURL(/\/preview\//);
    await tab.getByText('Preview: not published').waitFor();
    await tab.getByText('Can I bring a friend to the meeting?').first().waitFor();
    await tab.close();

    // Publish: on the site.
    await form().getByRole('button', { name: 'Publish' }).click();
    await row('Can I bring a friend').getByText('Published', { exact: true }).waitFor();
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');

    // An update, then History restores the published text.
    await row('Can I bring a friend').getByRole('button', { name: /^Edit / }).click();
    await page.locator('#admin-faqs-question').fill('Can I bring two friends to the meeting?');
    await form().getByRole('button', { name: 'Update' }).click();
    await row('Can I bring two friends').waitFor();
    await expect.poll(publicFaqs).toContain('Can I bring two friends to the meeting?');
    await row('Can I bring two friends').getByRole('button', { name: /^History of / }).click();
    const history = page.getByRole('dialog');
    await history.getByText('Saved', { exact: true }).waitFor();
    await history.getByRole('button', { name: 'Compare' }).first().click();
    await history.getByText('Can I bring a friend to the meeting?').waitFor();
    await history.getByRole('button', { name: 'Restore this version' }).first().click();
    await history.waitFor({ state: 'detached' });
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');
    await row('Can I bring a friend').waitFor();

    // Delete goes to the trash; the Trash view restores it.
    await row('Can I bring a friend').getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog').getByText(/goes to the trash/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(publicFaqs).not.toContain('Can I bring a friend to the meeting?');
    await page.getByLabel('Show').selectOption('trash');
    await row('Can I bring a friend').getByRole('button', { name: /^Restore / }).click();
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');
    await page.getByLabel('Show').selectOption('all');
    await row('Can I bring a friend').waitFor();
  }, 90_000); // a long flow of many steps: room for a loaded machine

  it('reorders by keyboard with Move up / Move down, and the public list follows', async () => {
    for (const q of ['Alpha question?', 'Beta question?', 'Gamma question?']) {
      await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: q, answer: 'An answer.' } });
    }
    await openFaqs();
    const order = async () => (await publicFaqs()).filter((q) => /^(Alpha|Beta|Gamma) question\?$/.test(q));
    expect(await order()).toEqual(['Alpha question?', 'Beta question?', 'Gamma question?']);
    const down = row('Alpha question?').getByRole('button', { name: /^Move down / });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Beta question?', 'Alpha question?', 'Gamma question?']);
    // Focus stays on the moved row's button: a second Enter moves it again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? '')).toContain('Alpha question?');
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Beta question?', 'Gamma question?', 'Alpha question?']);
    await row('Gamma question?').getByRole('button', { name: /^Move up / }).focus();
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual(['Gamma question?', 'Beta question?', 'Alpha question?']);
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await openFaqs();
    await page.locator('#admin-faqs-question').fill('Half-typed question');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Blogs' }).first().click();
    await expect.poll(() => asked).toContain('unsaved changes');
    expect(new URL(page.url()).pathname).toBe('/admin-side-bar/faqs');
    await expect.poll(() => page.locator('#admin-faqs-question').inputValue()).toBe('Half-typed question');
  });
});
