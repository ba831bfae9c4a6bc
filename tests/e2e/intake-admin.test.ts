import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV, until } from '../api/mail-sink';
import { adminContext } from './admin-helpers';

const title = `intake in the admin (issue 15)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true, env: { ...FAST_MAIL_ENV, SMTP_URL: '' } }), launchBrowser()]);
    cookie = await s.login();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const statusOf = async (ref: string) =>
    (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.find((c: { reference: string }) => c.reference === ref)?.status as string;

  it('the Conflict List adds a party; a request naming it as opposing party is held; the inbox clears it and confirms', async () => {
    const ctx = await adminContext(browser, s);
    const page = await ctx.newPage();
    await page.goto('/admin-side-bar/conflict-list');
    await page.getByRole('heading', { name: 'Conflict List', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add party' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ravi Kumar Menon');
    await dialog.getByLabel('Kind').selectOption('client');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Ravi Kumar Menon', exact: true }).waitFor();
    // The search asks the server (the list is paged there): a miss empties the table, a hit brings the row back.
    await page.getByLabel('Search the list').fill('nobody-like-this');
    await page.getByText('No parties match the search.').waitFor();
    await page.getByLabel('Search the list').fill('menon');
    await page.getByRole('cell', { name: 'Ravi Kumar Menon', exact: true }).waitFor();

    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: 'Thomas Kurian', email: 'thomas@client.test', opposing_party: 'R. K. Menon' }) });
    expect(r.status).toBe(200);
    const ref = r.body.reference as string;
    await page.goto('/admin-side-bar/consultations');
    const row = page.locator(`tr[data-reference="${ref}"]`);
    await row.getByText('Possible conflict').waitFor();
    expect(await row.textContent()).toContain('Ravi Kumar Menon');
    await row.getByRole('button', { name: `Clear conflict ${ref}` }).click();
    await until(() => statusOf(ref), (st) => st === 'new', 10_000, 'cleared');
    await row.getByRole('button', { name: `Confirm ${ref}` }).click();
    await until(() => statusOf(ref), (st) => st === 'confirmed', 10_000, 'confirmed');
    await row.getByRole('button', { name: `Cancel ${ref}` }).click();
    await page.getByLabel('Note to the client (optional)').fill('The lawyer is unwell.');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel consultation' }).click();
    await until(() => statusOf(ref), (st) => st === 'cancelled', 10_000, 'cancelled');
    await ctx.close();
  });
});
