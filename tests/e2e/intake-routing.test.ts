import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV } from '../helpers/mail-sink';
import { adminContext } from './admin-helpers';
import { agreeWheneverDisclaimerShows, bookingVisitor, CONSENT, fillVisitor } from './booking-helpers';
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
    await closeBrowser(browser);
    await s?.close();
  });

  it('a visitor books a Bengaluru employment consultation by video; the inbox shows it with a Bengaluru employment lawyer', async () => {
    const { ctx, page } = await bookingVisitor(browser, s);

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
    await fillVisitor(page, {
      name: 'Routing Visitor',
      email: 'routing.visitor@client.test',
      phone: '+91 98470 77777',
      summary: 'My employer has not paid my final settlement.',
    });
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
  }, 60_000);

  it('the routing choices speak Malayalam and Hindi on /ml/ and /hi/ (English word for word on /)', async () => {
    const words: Record<string, string[]> = {
      '/book-consultation': [
        'Who you would like to meet',
        'Office',
        'By video',
        'Practice area',
        'No preference',
        'Not sure',
      ],
      '/ml/book-consultation': [
        'നിങ്ങൾ ആരെ കാണാൻ ആഗ്രഹിക്കുന്നു',
        'ഓഫീസ്',
        'വീഡിയോ വഴി',
        'നിയമ മേഖല',
        'പ്രത്യേക താൽപ്പര്യമില്ല',
        'ഉറപ്പില്ല',
      ],
      '/hi/book-consultation': [
        'आप किससे मिलना चाहेंगे',
        'कार्यालय',
        'वीडियो से',
        'कानूनी क्षेत्र',
        'कोई पसंद नहीं',
        'पक्का नहीं पता',
      ],
    };
    const page = await browser.newPage({ baseURL: s.url });
    await agreeWheneverDisclaimerShows(page);
    for (const [path, [legend, office, video, area, anyOffice, anyArea]] of Object.entries(words)) {
      await page.goto(path);
      const routing = page.locator('fieldset.routing');
      await routing.waitFor();
      expect((await routing.locator('legend').textContent())?.trim(), path).toBe(legend);
      await page.getByLabel(video!, { exact: true }).waitFor({ state: 'attached' });
      expect(await page.getByLabel(office!, { exact: true }).locator('option').first().textContent(), path).toBe(
        anyOffice,
      );
      expect(await page.getByLabel(area!, { exact: true }).locator('option').first().textContent(), path).toBe(anyArea);
      if (path !== '/book-consultation')
        expect(await routing.textContent(), path).not.toMatch(/Practice area|By video|Office|In person/);
    }
    await page.close();
  }, 60_000);
});
