import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV, startSink, until, type Sink } from '../api/mail-sink';

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
    await browser?.close();
    await s?.close();
    await k?.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  it('ticking the box fills the number from the contact number; the received update goes there', async () => {
    const ctx = await browser.newContext({ baseURL: s.url });
    const page = await ctx.newPage();
    await page.goto('/book-consultation');
    const disclaimer = page.getByRole('dialog', { name: /Legal Disclaimer/ });
    await disclaimer.waitFor({ state: 'visible', timeout: 15_000 });
    await disclaimer.getByRole('button', { name: 'Close' }).click();
    await disclaimer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Ask for another time' }).click();
    const when = new Date(Date.now() + 6 * 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByLabel('Name', { exact: true }).fill('Whatsapp Client');
    await page.getByLabel('Email', { exact: true }).fill('wa@client.test');
    await page.getByLabel('Contact Number').fill('98470 66666');
    await page.getByLabel('Preferred Date & Time').fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:30`);
    await page.getByLabel('Legal Issue Summary').fill('Wages unpaid for three months.');
    const number = page.getByLabel('WhatsApp number');
    expect(await number.inputValue()).toBe('');
    await page.getByLabel('Send me updates on WhatsApp').check();
    expect(await number.inputValue()).toBe('98470 66666');
    await page.getByLabel(/does not create a lawyer–client relationship/).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Thank you!' }).waitFor({ state: 'visible', timeout: 15_000 });
    const received = await until(() => sent.find((m) => m.template.name === 'consultation_received'), (m) => !!m, 10_000, 'received template');
    expect(received!.to).toBe('919847066666');
    await ctx.close();
  });
});
