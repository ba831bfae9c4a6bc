/** Shared steps of the booking page's browser tests (tests/e2e/intake-*.test.ts, whatsapp-optin, consultation-form). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONSENT_LABEL } from '../../content/consultation';
import type { TestServer } from '../helpers/server';

/** The consent checkbox's label, word for word. */
export const CONSENT = CONSENT_LABEL;

/** Opens the booking page and closes the disclaimer (due 5 s after load) so it cannot cover the form. */
export async function openBookingForm(page: Page, path = '/book-consultation'): Promise<void> {
  await page.goto(path);
  const disclaimer = page.getByRole('dialog', { name: /Legal Disclaimer/ });
  await disclaimer.waitFor({ state: 'visible', timeout: 15_000 });
  await disclaimer.getByRole('button', { name: 'Close' }).click();
  await disclaimer.waitFor({ state: 'hidden' });
}

/** Whenever the disclaimer (in any language) covers the page, agree to it: on a busy machine it can come first. */
export async function agreeWheneverDisclaimerShows(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await page.addLocatorHandler(dialog, async () => {
    await dialog.locator('button.btn-primary').click();
  });
}

/** A new visitor (a context of its own) on the booking page, the disclaimer closed. */
export async function bookingVisitor(browser: Browser, s: TestServer): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ baseURL: s.url });
  const page = await ctx.newPage();
  await openBookingForm(page);
  return { ctx, page };
}

/** Fills the visitor's own fields: name, email, contact number and the summary. */
export async function fillVisitor(
  page: Page,
  v: { name: string; email: string; phone: string; summary: string },
): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(v.name);
  await page.getByLabel('Email', { exact: true }).fill(v.email);
  await page.getByLabel('Contact Number').fill(v.phone);
  await page.getByLabel('Legal Issue Summary').fill(v.summary);
}

/** The spec's date-time field's value for a day `inDays` from now at `time` ('HH:MM'), in the browser's zone. */
export function localDateTime(inDays: number, time: string): string {
  const when = new Date(Date.now() + inDays * 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${time}`;
}
