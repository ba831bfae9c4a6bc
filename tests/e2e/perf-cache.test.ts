/**
 * The rendered-page cache end to end (decision 0003): every kind of content write and a settings change make the
 * next request render afresh; in a real browser an edited FAQ shows at once on reload; an ad whose window
 * closes disappears at the boundary without any write (the clock is moved, nothing else).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { file, pngBytes } from '../helpers/files';
import { call, startServer, type TestServer, type Json } from '../helpers/server';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startServer({ pages: true });
  cookie = await s.login();
});
afterAll(() => s.close());

const page = async (path: string) => {
  const res = await fetch(`${s.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
};

async function ok(p: Promise<{ status: number; body: Json }>): Promise<Json> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Renders path twice (MISS then HIT), runs the write, and expects the next request to render again. */
async function expectInvalidatedBy(path: string, write: () => Promise<unknown>) {
  await page(path);
  expect((await page(path)).cache).toBe('HIT');
  await write();
  expect((await page(path)).cache).toBe('MISS');
}

describe('the page cache is cleared by every kind of write', () => {
  it('add, update and delete of a FAQ, and the new text is served', async () => {
    let id = 0;
    await expectInvalidatedBy('/faqs', async () => {
      id = (await ok(call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Cached question?', answer: 'First answer.' } }))).faq.faqs_id;
    });
    expect((await page('/faqs')).html).toContain('Cached question?');
    await expectInvalidatedBy('/faqs', () =>
      ok(call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'Edited question?', answer: 'Second answer.' } })),
    );
    const edited = await page('/faqs');
    expect(edited.html).toContain('Edited question?');
    expect(edited.html).not.toContain('Cached question?');
    await expectInvalidatedBy('/faqs', () => ok(call(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: id } })));
    expect((await page('/faqs')).html).not.toContain('Edited question?');
  });

  it('a write to another group (with a file) clears pages that do not show it too', async () => {
    await expectInvalidatedBy('/faqs', async () => {
      const form = new FormData();
      form.append('title', 'Cache gallery');
      form.append('gallery_image', file(await pngBytes(64, 48), 'g.png'));
      await ok(call(s.url, '/api/gallery/addgallery', { cookie, form }));
    });
  });

  it('a settings change', async () => {
    const before = (await ok(call(s.url, '/api/settings/getsettings'))).settings;
    await expectInvalidatedBy('/contact', () =>
      ok(call(s.url, '/api/settings/updatesettings', { cookie, json: { ...before, firmName: 'Cache & Partners' } })),
    );
    expect((await page('/contact')).html).toContain('Cache &amp; Partners');
  });
});

describe('time boundaries without any write', () => {
  afterEach(async () => {
    vi.useRealTimers();
    // Pages rendered under the moved clock are not for the tests that follow (the app's own signal clears them).
    s.services.content.changes.emit('change', { key: 'test' });
    cookie = await s.login();
  });

  it('an ad disappears when its window closes at local midnight, though nothing was written', async () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = new Date();
    const dmy = `${pad(today.getDate())}/${pad(today.getMonth() + 1)}/${today.getFullYear()}`;
    const form = new FormData();
    form.append('ads_image', file(await pngBytes(64, 48), 'ad.png'));
    form.append('ads_display', 'Primary');
    form.append('start_date', dmy);
    form.append('expiry_date', dmy);
    const ad = (await ok(call(s.url, '/api/ads/addAds', { cookie, form }))).ads;
    const marker = `data-ad-id="${ad.ads_id}"`;

    const first = await page('/faqs');
    expect(first.html).toContain(marker);
    const cached = await page('/faqs');
    expect(cached.cache).toBe('HIT');
    expect(cached.html).toContain(marker);

    // Only the clock moves (timers stay real). Just before the ad's last day ends, the cached page stands.
    const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime();
    vi.useFakeTimers({ toFake: ['Date'], now: midnight - 1000 });
    const before = await page('/faqs');
    expect(before.cache).toBe('HIT');
    expect(before.html).toContain(marker);

    // One second after it, the entry has expired and the page is rendered without the ad.
    vi.setSystemTime(midnight + 1000);
    const after = await page('/faqs');
    expect(after.cache).toBe('MISS');
    expect(after.html).not.toContain(marker);
    expect((await page('/faqs')).cache).toBe('HIT');
  });
});

describe.skipIf(!hasChromium)(`in a browser (skipped: ${NO_CHROMIUM_REASON})`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await closeBrowser(browser);
  });

  it('an administrator edits a FAQ and a visitor sees it on the next load', async () => {
    const added = await ok(call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Do you charge for a first call?', answer: 'No, the first call is free.' } }));
    const id = added.faq.faqs_id;
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    try {
      const first = await tab.goto(`${s.url}/faqs`);
      expect(first?.status()).toBe(200);
      await expect.poll(() => tab.getByRole('button', { name: 'Do you charge for a first call?' }).count()).toBe(1);
      const again = await tab.reload();
      expect(again?.headers()['x-cache']).toBe('HIT');

      await ok(call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'Is the first call free?', answer: 'Yes, always.' } }));
      const fresh = await tab.reload();
      expect(fresh?.headers()['x-cache']).toBe('MISS');
      await expect.poll(() => tab.getByRole('button', { name: 'Is the first call free?' }).count()).toBe(1);
      expect(await tab.getByRole('button', { name: 'Do you charge for a first call?' }).count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
