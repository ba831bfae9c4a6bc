import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, waitForHydration } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV, startSink, until, type Sink } from '../helpers/mail-sink';
import { agreeWheneverDisclaimerShows, bookingVisitor, CONSENT, fillVisitor, localDateTime } from './booking-helpers';

/**
 * The booking form's WhatsApp opt-in in Chromium (decision 0072): with the Cloud API configured (a local
 * server stands in for it), ticking "Send me updates on WhatsApp" fills the number from the contact number,
 * and the request's "received" update goes to that number as a template message.
 */
const title = `WhatsApp opt-in on the booking form${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let k: Sink;
  let s: TestServer;
  let browser: Browser;
  const sent: Array<{ to: string; template: { name: string } }> = [];
  const api = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sent.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof sent)[number]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: [{ id: `wamid.E2E${sent.length}` }] }));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const port = (api.address() as { port: number }).port;
    k = await startSink();
    [s, browser] = await Promise.all([
      startServer({
        pages: true,
        env: {
          ...FAST_MAIL_ENV,
          SMTP_URL: k.url,
          WHATSAPP_TOKEN: 'e2e-token',
          WHATSAPP_PHONE_NUMBER_ID: '42',
          WHATSAPP_API_URL: `http://127.0.0.1:${port}/v21.0`,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
    await k?.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  it('ticking the box fills the number from the contact number; the received update goes there', async () => {
    const { ctx, page } = await bookingVisitor(browser, s);
    await page.getByRole('button', { name: 'Ask for another time' }).click();
    await fillVisitor(page, { name: 'Whatsapp Client', email: 'wa@client.test', phone: '98470 66666', summary: 'Wages unpaid for three months.' });
    await page.getByLabel('Preferred Date & Time').fill(localDateTime(6, '10:30'));
    const number = page.getByLabel('WhatsApp number');
    expect(await number.inputValue()).toBe('');
    await page.getByLabel('Send me updates on WhatsApp').check();
    expect(await number.inputValue()).toBe('98470 66666');
    await page.getByLabel(CONSENT).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Thank you!' }).waitFor({ state: 'visible', timeout: 15_000 });
    const received = await until(() => sent.find((m) => m.template.name === 'consultation_received'), (m) => !!m, 10_000, 'received template');
    expect(received!.to).toBe('919847066666');
    await ctx.close();
  });

  it('the opt-in speaks Malayalam on /ml/ and Hindi on /hi/, and still fills the number', async () => {
    const page = await browser.newPage({ baseURL: s.url });
    await agreeWheneverDisclaimerShows(page);
    for (const [path, box, label] of [
      ['/ml/book-consultation', 'വിവരങ്ങൾ എനിക്ക് വാട്ട്സ്ആപ്പിൽ അയയ്ക്കുക', 'വാട്ട്സ്ആപ്പ് നമ്പർ'],
      ['/hi/book-consultation', 'मुझे व्हाट्सऐप पर जानकारी भेजें', 'व्हाट्सऐप नंबर'],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await page.locator('#c-phone').fill('98470 55555');
      const number = page.getByLabel(label, { exact: true });
      await page.getByLabel(box, { exact: true }).check();
      expect(await number.inputValue(), path).toBe('98470 55555');
      expect(await page.locator('#c-whatsapp-number-help').textContent(), path).toMatch(/STOP/);
      expect(await page.locator('.consultation-form').textContent(), path).not.toMatch(
        /Send me updates on WhatsApp|WhatsApp number|country code/,
      );
    }
    await page.close();
  });
});
