import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV } from '../helpers/mail-sink';
import { CONSENT, fillVisitor, openBookingForm } from './booking-helpers';

const openForm = (page: Page) => openBookingForm(page);

async function fillPerson(page: Page, name: string, email: string): Promise<void> {
  await fillVisitor(page, { name, email, phone: '+91 98470 66666', summary: 'A question about a lease.' });
  await page.getByLabel(CONSENT).check();
}

const title = `booking a free slot in a browser (decision 0017)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true, env: { ...FAST_MAIL_ENV, SMTP_URL: '' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  it('a visitor picks a date and a free time and books it; the taken time disappears for the next visitor', async () => {
    // A visitor in New York: each time shows their own time beside the firm's.
    const ctx = await browser.newContext({ baseURL: s.url, timezoneId: 'America/New_York' });
    const page = await ctx.newPage();
    await openForm(page);
    const times = page.getByRole('radiogroup', { name: 'Free times' });
    await times.getByRole('radio').first().waitFor({ state: 'attached' });
    const day = await page.getByLabel('Date').inputValue();
    const first = times.locator('label').first();
    const label = (await first.textContent()) ?? '';
    expect(label).toMatch(/your time \(UTC-0[45]:00\)/);
    const value = await times.getByRole('radio').first().getAttribute('value');
    await first.click();
    await fillPerson(page, 'Slot Visitor', 'slot.visitor@client.test');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(/Your consultation request has been received/).waitFor();
    const row = await s.services.store.db.selectFrom('consultations').selectAll().where('email', '=', 'slot.visitor@client.test').executeTakeFirstOrThrow();
    expect(row.slot_start).toBe(value);
    expect(row.requested_at).toBe(value);
    await ctx.close();

    const next = await browser.newContext({ baseURL: s.url });
    const page2 = await next.newPage();
    await openForm(page2);
    const times2 = page2.getByRole('radiogroup', { name: 'Free times' });
    await times2.getByRole('radio').first().waitFor({ state: 'attached' });
    await page2.getByLabel('Date').selectOption(day);
    const values = await times2.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(values.length).toBeGreaterThan(0);
    expect(values).not.toContain(value);
    await next.close();
  });

  it('without JavaScript the form is the spec’s date-time field and posts to a page with the outcome', async () => {
    const ctx = await browser.newContext({ baseURL: s.url, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/book-consultation');
    expect(await page.getByRole('radiogroup', { name: 'Free times' }).count()).toBe(0);
    await fillPerson(page, 'Plain Visitor', 'plain@client.test');
    const when = new Date(Date.now() + 5 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByLabel('Preferred Date & Time').fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:30`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(/Your consultation request has been received \(reference CR-/).waitFor();
    const row = await s.services.store.db.selectFrom('consultations').selectAll().where('email', '=', 'plain@client.test').executeTakeFirstOrThrow();
    expect(row.slot_start).toBeNull();
    expect(row.consent_version).toBe('1');
    await ctx.close();
  });
});
