import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV } from '../api/mail-sink';
import { adminContext } from './admin-helpers';

const CONSENT = 'I understand that submitting this form does not create a lawyer–client relationship';
const title = `routing a booking to a lawyer in a browser (decision 0067)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // The demo legal team: lawyers in Kochi, Thiruvananthapuram, Kozhikode, Bengaluru and Chennai.
    [s, browser] = await Promise.all([
      startServer({ pages: true, demo: true, env: { ...FAST_MAIL_ENV, SMTP_URL: '' } }),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('a visitor books a Bengaluru employment consultation by video; the inbox shows it with a Bengaluru employment lawyer', async () => {
    const ctx = await browser.newContext({ baseURL: s.url });
    const page = await ctx.newPage();
    await page.goto('/book-consultation');
    const disclaimer = page.getByRole('dialog', { name: /Legal Disclaimer/ });
    await disclaimer.waitFor({ state: 'visible', timeout: 15_000 });
    await disclaimer.getByRole('button', { name: 'Close' }).click();
    await disclaimer.waitFor({ state: 'hidden' });

    await page.getByLabel('Office', { exact: true }).selectOption('Bengaluru');
    await page.getByLabel('By video', { exact: true }).check();
    // The times follow the choices: the list of this routing arrives after the practice area is chosen.
    const routed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/consultations/slots?') &&
        r.url().includes('office=Bengaluru') &&
        r.url().includes('mode=video') &&
        r.url().includes('practice_area='),
    );
    await page.getByLabel('Practice area', { exact: true }).selectOption({ label: 'Employment Law' });
    await routed;
    const times = page.getByRole('radiogroup', { name: 'Free times' });
    await times.getByRole('radio').first().waitFor({ state: 'attached' });
    const value = await times.getByRole('radio').first().getAttribute('value');
    await times.locator('label').first().click();
    await page.getByLabel('Name', { exact: true }).fill('Routing Visitor');
    await page.getByLabel('Email', { exact: true }).fill('routing.visitor@client.test');
    await page.getByLabel('Contact Number').fill('+91 98470 77777');
    await page.getByLabel('Legal Issue Summary').fill('My employer has not paid my final settlement.');
    await page.getByLabel(CONSENT).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(/Your consultation request has been received/).waitFor();
    await ctx.close();

    const db = s.services.store.db;
    const row = await db
      .selectFrom('consultations')
      .selectAll()
      .where('email', '=', 'routing.visitor@client.test')
      .executeTakeFirstOrThrow();
    expect(row.slot_start).toBe(value);
    expect(row.mode).toBe('video');
    expect(row.office).toBe('Bengaluru');
    const lawyer = await db
      .selectFrom('lawyers')
      .selectAll()
      .where('lawyer_id', '=', Number(row.lawyer_id))
      .executeTakeFirstOrThrow();
    const employment = await db
      .selectFrom('case_categories')
      .select('case_category_id')
      .where('case_name', '=', 'Employment Law')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(lawyer.offices)).toContain('Bengaluru');
    expect(JSON.parse(lawyer.practice_areas)).toContain(Number(employment.case_category_id));
    expect(lawyer.video).toBe(1);

    const admin = await adminContext(browser, s);
    const inbox = await admin.newPage();
    await inbox.goto('/admin-side-bar/consultations');
    const tr = inbox.locator(`tr[data-reference="${row.reference}"]`);
    await tr.waitFor();
    const cell = tr.locator(`[data-lawyer="${lawyer.lawyer_id}"]`);
    await expect(cell.textContent()).resolves.toContain(lawyer.name);
    await expect(cell.textContent()).resolves.toMatch(/Video \(Bengaluru office\)/);
    await expect(cell.textContent()).resolves.toContain('Employment Law');
    // Filtered by lawyer and office, the request is still there.
    await inbox.getByLabel('Lawyer', { exact: true }).selectOption(String(lawyer.lawyer_id));
    await inbox.getByLabel('Office', { exact: true }).selectOption('Bengaluru');
    await inbox.locator(`tr[data-reference="${row.reference}"]`).waitFor();
    await admin.close();
  });
});
