import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import STATIC_PAGES from '../../content/rules/public-pages.json';
import { BEACON_SCRIPT } from '../../server/insights/beacon';
import { call, signedInServer, startServer, type Json } from '../helpers/server';
import { consultationForm } from '../helpers/mail-sink';

// Privacy-first insights (decision 0058), over real HTTP on SQLite (and PostgreSQL with TEST_DATABASE_URL).
const { s, cookie } = await signedInServer({ pages: true, demo: true });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** What navigator.sendBeacon sends: a text body, the page's Origin, the browser's headers. */
const beacon = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/insights/hit`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: s.url, 'user-agent': FIREFOX, 'accept-language': 'en-IN,en;q=0.9', ...headers },
    body: JSON.stringify(body),
  });

const summary = async (q = ''): Promise<Json> => {
  const r = await call(s.url, `/api/insights/summary${q}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

const count = (list: { key: string; count: number }[], key: string) => list.find((x) => x.key === key)?.count ?? 0;

describe('counting', () => {
  it('counts page views per path, one visitor per address and agent a day, referrer domain, campaign, device and language', async () => {
    const before = await summary();
    expect((await beacon({ p: '/blog', s: '?utm_campaign=Newsletter-Nov&utm_source=mail', r: 'https://news.example.org/item/42' })).status).toBe(204);
    expect((await beacon({ p: '/faqs', r: `${s.url}/blog` })).status).toBe(204);
    expect((await beacon({ p: '/blog' }, { 'user-agent': PHONE, 'accept-language': 'ml-IN' })).status).toBe(204);
    const after = await summary();
    expect(after.totals.views - before.totals.views).toBe(3);
    expect(after.totals.visitors - before.totals.visitors).toBe(2);
    expect(count(after.pages, '/blog') - count(before.pages, '/blog')).toBe(2);
    expect(count(after.referrers, 'news.example.org')).toBe(1);
    expect(count(after.campaigns, 'newsletter-nov')).toBe(1);
    expect(count(after.devices, 'mobile') - count(before.devices, 'mobile')).toBe(1);
    expect(count(after.languages, 'ml') - count(before.languages, 'ml')).toBe(1);
    expect(count(after.landings, '/blog') - count(before.landings, '/blog')).toBe(2);
    // Nothing personal in the figures: no address, no agent, no full referrer.
    const text = JSON.stringify(after);
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('Firefox');
    expect(text).not.toContain('/item/42');
    // The day's row holds the visitors as they are counted.
    const today = after.days.at(-1);
    expect(today.day).toBe(after.to);
    expect(today.visitors).toBeGreaterThanOrEqual(2);
  });

  it('does not count DNT: 1, Sec-GPC: 1 or a bot', async () => {
    const before = await summary();
    for (const headers of <Record<string, string>[]>[{ dnt: '1' }, { 'sec-gpc': '1' }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/130.0.0.0 Safari/537.36' }]) {
      expect((await beacon({ p: '/vacancies' }, headers)).status).toBe(204);
    }
    const after = await summary();
    expect(after.totals).toEqual(before.totals);
    expect(count(after.pages, '/vacancies')).toBe(0);
  });

  it('refuses a bad beacon with a sentence, a cross-site one with 403, and never counts the admin', async () => {
    const bad = await fetch(`${s.url}/api/insights/hit`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('The page view is not valid JSON.');
    expect((await beacon({ x: '/' })).status).toBe(400);
    expect((await beacon({ p: '/' }, { origin: 'https://elsewhere.example' })).status).toBe(403);
    const before = await summary();
    await beacon({ p: '/admin-side-bar/dashboard' });
    expect((await summary()).totals.views).toBe(before.totals.views);
  });

  it('counts a consultation request under the page its visit landed on', async () => {
    const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    await beacon({ p: '/our-case' }, { 'user-agent': ua });
    await beacon({ p: '/book-consultation' }, { 'user-agent': ua });
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm(), headers: { 'user-agent': ua } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await summary();
    expect(count(after.requests, '/our-case')).toBe(1);
    expect(after.totals.requests).toBeGreaterThanOrEqual(1);
  });

  it('answers the same figures as CSV', async () => {
    const sum = await summary();
    const res = await fetch(`${s.url}/api/insights/export`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,kind,key,views,visits');
    const blog = lines.filter((l) => l.includes(',page,/blog,')).map((l) => Number(l.split(',')[3]));
    expect(blog.reduce((a, b) => a + b, 0)).toBe(count(sum.pages, '/blog'));
    expect((await call(s.url, '/api/insights/summary?from=2026-13-01', { cookie })).body.message).toBe('from must be a date like 2026-11-25.');
    expect((await call(s.url, '/api/insights/summary?from=2026-11-20&to=2026-11-10', { cookie })).status).toBe(400);
    expect((await call(s.url, '/api/insights/summary', {})).status).toBe(401);
  });
});

describe('retention', () => {
  it('keeps the daily figures after the raw visitor hashes are purged (24 hours at most)', async () => {
    const real = s.services.clock.now;
    const start = new Date('2031-05-10T06:00:00Z');
    let now = start;
    s.services.clock.now = () => now;
    try {
      await beacon({ p: '/gallery' }, { 'user-agent': `${FIREFOX} retention` });
      const day = (await summary('?from=2031-05-10&to=2031-05-10'));
      expect(count(day.pages, '/gallery')).toBe(1);
      expect(day.totals.visitors).toBe(1);
      const db = s.services.store.db;
      const raw = () => db.selectFrom('insight_visitors').selectAll().where('day', '=', '2031-05-10').execute();
      expect(await raw()).toHaveLength(1);
      // 25 hours later (the firm's next day): the visitor hashes of that day are gone.
      now = new Date(start.getTime() + 25 * 3600_000);
      await s.services.insights.sweep();
      expect(await raw()).toHaveLength(0);
      const later = await summary('?from=2031-05-10&to=2031-05-10');
      expect(count(later.pages, '/gallery')).toBe(1);
      expect(later.totals.visitors).toBe(1);
      expect(later.days).toEqual([{ day: '2031-05-10', views: 1, visitors: 1 }]);
      // Beyond the retention of the settings the daily figures go too.
      now = new Date('2034-01-01T06:00:00Z');
      await s.services.insights.sweep();
      expect((await summary('?from=2031-05-10&to=2031-05-10')).totals.views).toBe(0);
    } finally {
      s.services.clock.now = real;
    }
  });
});

describe('public pages', () => {
  it('set no cookie, and carry the beacon allowed by the page policy', async () => {
    const hash = `'sha256-${createHash('sha256').update(BEACON_SCRIPT).digest('base64')}'`;
    for (const path of [...STATIC_PAGES, '/sitemap.xml', '/robots.txt', '/no-such-page', '/blog-details/1']) {
      for (const headers of <Record<string, string>[]>[{}, { 'accept-encoding': 'br' }]) {
        const res = await fetch(`${s.url}${path}`, { headers, redirect: 'manual' });
        expect(res.headers.get('set-cookie'), path).toBeNull();
        if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
          expect(await res.text(), path).toContain(`<script>${BEACON_SCRIPT}</script>`);
          expect(res.headers.get('content-security-policy'), path).toContain(hash);
        }
      }
    }
    // The privacy policy states what is counted, beside its other sections.
    const policy = await (await fetch(`${s.url}/privacy-policy`)).text();
    expect(policy).toContain('What this website counts');
    expect(policy).toMatch(/kept, for (<!-- -->)?25(<!-- -->)? months/);
    expect(policy).toContain('How we use it');
    // A missing page is counted in the not-found report, not as a page view.
    const miss = await (await fetch(`${s.url}/no-such-page`)).text();
    expect(miss).not.toContain('/api/insights/hit');
    expect(Buffer.byteLength(BEACON_SCRIPT)).toBeLessThan(400);
  });
});

describe('INSIGHTS=off', () => {
  it('leaves the beacon out of the pages and counts nothing', async () => {
    const off = await startServer({ pages: true, env: { INSIGHTS: 'off' } });
    try {
      const html = await (await fetch(`${off.url}/faqs`)).text();
      expect(html).toContain('</body>');
      expect(html).not.toContain('/api/insights/hit');
      const hit = await fetch(`${off.url}/api/insights/hit`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': FIREFOX }, body: JSON.stringify({ p: '/faqs' }) });
      expect(hit.status).toBe(204);
      const r = await call(off.url, '/api/insights/summary', { cookie: await off.login() });
      expect(r.body.totals).toEqual({ views: 0, visitors: 0, requests: 0 });
    } finally {
      await off.close();
    }
  });
});
