import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV, until } from '../helpers/mail-sink';
import { adminContext } from './admin-helpers';

const title = `intake in the admin (decision 0017)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true, env: { ...FAST_MAIL_ENV, SMTP_URL: '' } }), launchBrowser()]);
    cookie = await s.login();
  });
  afterAll(async () => {
    await closeBrowser(browser);
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

  it('the Mail log and Data requests ask the server for pages of 50, searched and filtered; retry, hold, release and erase refresh the page', async () => {
    const db = s.services.store.db;
    const now = new Date().toISOString();
    const mail = (i: number, subject: string, status: 'sent' | 'failed') => ({
      kind: 'admin',
      to_address: `e2e${i}@log.test`,
      subject,
      text_body: 'body',
      attachments: '[]',
      status,
      attempts: 1,
      next_attempt_at: now,
      message_id: `<e2e-${i}@log.test>`,
      created_at: now,
      updated_at: now,
      last_error: status === 'failed' ? 'mailbox unavailable' : null,
    });
    await db
      .insertInto('mail_outbox')
      .values([...Array.from({ length: 60 }, (_, i) => mail(i, `E2E log ${String(i).padStart(2, '0')}`, 'sent')), mail(100, 'E2E failed A', 'failed'), mail(101, 'E2E failed B', 'failed')])
      .execute();
    const ctx = await adminContext(browser, s);
    const page = await ctx.newPage();
    const logRows = page.locator('tbody tr[data-mail-id]');
    await page.goto('/admin-side-bar/mail');
    await page.getByText('E2E failed B', { exact: true }).waitFor();
    // The search is applied (a short pause in typing after) once the failed ones have left the first page.
    await page.getByLabel('Search the mail log').fill('e2e log');
    await page.getByText('E2E failed B', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByText('E2E log 59', { exact: true }).waitFor();
    expect(await logRows.count()).toBe(50);
    await page.getByLabel('Mail log pages').getByLabel('Next page').click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByText('E2E log 09', { exact: true }).waitFor();
    expect(await logRows.count()).toBe(10);
    expect(await page.getByText('E2E log 59', { exact: true }).count()).toBe(0);
    // Only the failed ones; a retried message leaves the list (the page is asked for again).
    await page.getByLabel('Search the mail log').fill('e2e');
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.getByText('E2E failed A', { exact: true }).waitFor();
    await until(() => logRows.count(), (n) => n === 2, 10_000, 'two failed messages');
    await logRows.filter({ hasText: 'E2E failed A' }).getByRole('button', { name: /Retry message/ }).click();
    await until(() => logRows.count(), (n) => n === 1, 10_000, 'the retried message gone from the failed ones');
    expect(await logRows.first().textContent()).toContain('E2E failed B');
    await page.getByLabel('Search the mail log').fill('no-such-message');
    await page.getByText('No messages match.').waitFor();

    const request = (email: string, status: 'verified' | 'held') => ({
      kind: 'erasure' as const,
      email,
      email_hash: `hash-${email}`,
      status,
      created_at: now,
      verified_at: now,
      due_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      hold_reason: status === 'held' ? 'Live matter' : null,
    });
    await db
      .insertInto('data_requests')
      .values([...Array.from({ length: 55 }, (_, i) => request(`dr${String(i).padStart(2, '0')}@e2e.test`, 'verified')), request('held1@e2e.test', 'held')])
      .execute();
    const requestRow = (email: string) => page.locator('tbody tr', { hasText: email });
    await page.goto('/admin-side-bar/data-requests');
    await requestRow('held1@e2e.test').waitFor();
    await page.getByLabel('Search by address').fill('dr');
    await requestRow('held1@e2e.test').waitFor({ state: 'detached' });
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByLabel('Erasure request pages').getByLabel('Next page').click();
    await page.getByText('Page 2 of 2').waitFor();
    await requestRow('dr03@e2e.test').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    // Hold on page 2: the same page comes back with the row on hold.
    await requestRow('dr03@e2e.test').getByRole('button', { name: 'Hold' }).click();
    await page.getByLabel('Reason (for example a live matter)').fill('Appeal pending');
    await page.getByRole('dialog').getByRole('button', { name: 'Hold' }).click();
    await requestRow('dr03@e2e.test').getByText('on hold').waitFor();
    await page.getByText('Page 2 of 2').waitFor();
    // The held ones only; released, it leaves them.
    await page.getByLabel('Search by address').fill('e2e.test');
    await page.getByLabel('Status', { exact: true }).selectOption('held');
    await requestRow('held1@e2e.test').waitFor();
    await until(() => page.locator('tbody tr').count(), (n) => n === 2, 10_000, 'two held requests');
    await requestRow('dr03@e2e.test').getByRole('button', { name: 'Release hold' }).click();
    await until(() => page.locator('tbody tr').count(), (n) => n === 1, 10_000, 'one held request left');
    // Erased now: its address is gone, so the search no longer finds it.
    await page.getByLabel('Status', { exact: true }).selectOption('verified');
    await page.getByLabel('Search by address').fill('dr00@');
    await requestRow('dr00@e2e.test').waitFor();
    page.once('dialog', (d) => void d.accept());
    await requestRow('dr00@e2e.test').getByRole('button', { name: 'Erase now' }).click();
    await page.getByText('No requests match.').waitFor();
    expect((await db.selectFrom('data_requests').select('status').where('email_hash', '=', 'hash-dr00@e2e.test').executeTakeFirstOrThrow()).status).toBe('done');
    await ctx.close();
  });
});
