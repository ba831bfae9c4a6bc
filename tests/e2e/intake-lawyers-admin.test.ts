import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, seriousViolations, waitForHydration } from '../helpers/browser';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV } from '../helpers/mail-sink';
import { adminContext } from './admin-helpers';

const title = `the Lawyers screen (decisions 0067, 0069)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;
const EARLY = [{ from: '03:00', to: '08:00' }];

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let cookie = '';
  let lawyerId = 0;
  let reference = '';
  let chennaiReference = '';

  beforeAll(async () => {
    [s, browser] = await Promise.all([
      startServer({ pages: true, env: { ...FAST_MAIL_ENV, SMTP_URL: '' } }),
      launchBrowser(),
    ]);
    cookie = await s.login();
    const area = await call(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Employment Law' } });
    const added = await call(s.url, '/api/lawyers/add', {
      cookie,
      json: {
        name: 'Adv. Asha Rao',
        work_email: 'asha@lawyers.test',
        video: true,
        offices: ['Bengaluru'],
        practice_areas: [area.body.case.case_category_id],
        hours: { Bengaluru: { mon: EARLY, tue: EARLY, wed: EARLY, thu: EARLY, fri: EARLY, sat: EARLY } },
      },
    });
    lawyerId = added.body.lawyer.lawyer_id;
    const slots = await call(s.url, '/api/consultations/slots?office=Bengaluru');
    const slot = slots.body.slots[0].start as string;
    /** Books the slot at the office through the public form; answers the booking's reference. */
    const book = async (office: string, name: string, email: string): Promise<string> => {
      const booked = await call(s.url, '/api/mail/contact', {
        form: consultationForm({ slot, datetime: null, office, name, email }),
      });
      expect(booked.status).toBe(200);
      return booked.body.reference;
    };
    reference = await book('Bengaluru', 'Week Client', 'week@client.test');
    // A second lawyer in another office, booked at the same first free time.
    const bala = await call(s.url, '/api/lawyers/add', {
      cookie,
      json: {
        name: 'Adv. Bala Iyer',
        work_email: 'bala@lawyers.test',
        offices: ['Chennai'],
        practice_areas: [area.body.case.case_category_id],
        hours: { Chennai: { mon: EARLY, tue: EARLY, wed: EARLY, thu: EARLY, fri: EARLY, sat: EARLY } },
      },
    });
    expect(bala.status).toBe(200);
    chennaiReference = await book('Chennai', 'Chennai Client', 'chennai@client.test');
  }, 60_000);
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  it('edits a lawyer’s hours, rotates the calendar link (the old one answers 404) and shows the week’s bookings', async () => {
    const ctx = await adminContext(browser, s);
    const page = await ctx.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto('/admin-side-bar/lawyers');
    await waitForHydration(page);
    const row = page.locator(`tr[data-lawyer="${lawyerId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Bengaluru');

    await page.getByRole('button', { name: 'Edit Adv. Asha Rao' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit lawyer' });
    const monday = dialog.getByLabel('Monday', { exact: true });
    await monday.fill('9-5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('Bengaluru, Monday: use times like 09:00-13:00, 14:00-18:00.').waitFor();
    await monday.fill('03:00-05:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const list = await call(s.url, '/api/lawyers/getall', { cookie });
    expect(list.body.lawyers[0].hours.Bengaluru.mon).toEqual([{ from: '03:00', to: '05:00' }]);
    await row.getByText('Mon 03:00-05:00').waitFor();

    const feed = page.getByLabel('Calendar feed of Adv. Asha Rao');
    const before = await feed.inputValue();
    expect(before).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await page.getByRole('button', { name: 'Rotate link for Adv. Asha Rao' }).click();
    await expect.poll(() => feed.inputValue()).not.toBe(before);
    const local = (u: string) => u.replace(/^https?:\/\/[^/]+/, s.url);
    expect((await fetch(local(before))).status).toBe(404);
    expect((await fetch(local(await feed.inputValue()))).status).toBe(200);

    const week = page.getByRole('table', { name: 'Bookings per lawyer and office' });
    for (let i = 0; i < 3 && !((await week.textContent()) ?? '').includes(reference); i++) {
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.waitForTimeout(300);
    }
    expect(await week.textContent()).toContain(reference);
    expect(await week.textContent()).toContain(chennaiReference);
    expect((await week.getByRole('rowheader').allTextContents()).sort()).toEqual([
      'Adv. Asha Rao · Bengaluru',
      'Adv. Bala Iyer · Chennai',
    ]);
    // Filtered by lawyer, then by office: one row each.
    await page.getByLabel('Lawyer of the week view').selectOption({ label: 'Adv. Asha Rao' });
    await expect.poll(() => week.getByRole('rowheader').allTextContents()).toEqual(['Adv. Asha Rao · Bengaluru']);
    expect(await week.textContent()).not.toContain(chennaiReference);
    await page.getByLabel('Lawyer of the week view').selectOption({ label: 'All lawyers' });
    await page.getByLabel('Office of the week view').selectOption('Chennai');
    await expect.poll(() => week.getByRole('rowheader').allTextContents()).toEqual(['Adv. Bala Iyer · Chennai']);
    expect(await week.textContent()).toContain(chennaiReference);
    // A week later and back: the same week's bookings again.
    const range = page.locator('span[aria-live="polite"]').filter({ hasText: ' to ' });
    const shown = await range.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => range.textContent()).not.toBe(shown);
    await expect.poll(() => week.textContent()).not.toContain(chennaiReference);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => range.textContent()).toBe(shown);
    await expect.poll(() => week.textContent()).toContain(chennaiReference);
    await page.getByLabel('Office of the week view').selectOption('');
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });
});
