import { describe, expect, it } from 'vitest';
import { nextTimeBoundary } from '../../server/render/boundaries';
import { pageCacheKey } from '../../server/render/react-router';
import { file, pngBytes } from '../helpers/files';
import { call, signedInServer, startServer } from '../helpers/server';

const { s, cookie } = await signedInServer({ pages: true });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers });

describe('rendered-page cache', () => {
  it('serves a public page from memory after the first render, with an ETag and 304', async () => {
    const first = await get('/faqs');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await get('/faqs');
    expect(second.headers.get('x-cache')).toBe('HIT');
    const etag = second.headers.get('etag')!;
    expect(etag).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
    const revalidated = await get('/faqs', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
  });

  it('compresses cached pages with brotli or gzip as the client accepts', async () => {
    await get('/about-us');
    const br = await fetch(`${s.url}/about-us`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${s.url}/about-us`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('<html');
  });

  it('forgets every page on a content write', async () => {
    await get('/faqs');
    expect((await get('/faqs')).headers.get('x-cache')).toBe('HIT');
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Cache?', answer: 'Cleared.' } });
    expect(add.status).toBe(200);
    expect((await get('/faqs')).headers.get('x-cache')).toBe('MISS');
  });

  it('keys a page by its path and page number: tracking or made-up query strings get the cached page', async () => {
    const plain = await get('/faqs');
    const etag = plain.headers.get('etag');
    for (const q of ['?utm_source=newsletter&fbclid=abc', '?x=1', `?junk=${'z'.repeat(200)}`]) {
      const res = await get(`/faqs${q}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache'), q).toBe('HIT');
      expect(res.headers.get('etag')).toBe(etag);
    }
    // The page number is part of the key, whatever else comes with it or in which order.
    expect((await get('/faqs?page=1&utm_medium=x')).headers.get('x-cache')).toBe('MISS');
    expect((await get('/faqs?utm_medium=y&page=1')).headers.get('x-cache')).toBe('HIT');
    expect(pageCacheKey('/blog?utm=1&page=2&x=3')).toBe('/blog?page=2');
    expect(pageCacheKey('/blog.data?page=2&_routes=routes%2Fpublic%2Fblog&utm=1')).toBe('/blog.data?_routes=routes%2Fpublic%2Fblog&page=2');
    expect(pageCacheKey('/about-us?a=1')).toBe('/about-us');
    expect(pageCacheKey('/about-us')).toBe('/about-us');
  });

  it('renders every request afresh with PAGE_CACHE=off', async () => {
    const off = await startServer({ pages: true, env: { PAGE_CACHE: 'off' } });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${off.url}/faqs`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-cache')).toBeNull();
        // The same page as with the cache: it paints before it hydrates (decision 0010).
        expect(await res.text()).not.toMatch(/<link rel="modulepreload"/);
      }
    } finally {
      await off.close();
    }
  });

  it('never caches admin screens', async () => {
    await get('/admin-login');
    expect((await get('/admin-login')).headers.get('x-cache')).toBeNull();
  });
});

describe('time boundaries', () => {
  it('expires pages when an event starts, before local midnight', async () => {
    const now = new Date();
    const inTwoHours = new Date(now.getTime() + 2 * 3600_000);
    const endOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${inTwoHours.getFullYear()}-${pad(inTwoHours.getMonth() + 1)}-${pad(inTwoHours.getDate())}`;
    const time = `${pad(inTwoHours.getHours())}:${pad(inTwoHours.getMinutes())}`;
    const form = new FormData();
    form.append('event_title', 'Boundary Talk');
    form.append('event_description', 'Starts soon');
    form.append('event_image', file(await pngBytes(), 'e.png'));
    form.append('event_start_date', date);
    form.append('event_start_time', time);
    form.append('event_end_date', date);
    form.append('event_end_time', time);
    expect((await call(s.url, '/api/event/addEvent', { cookie, form })).status).toBe(200);
    const next = await nextTimeBoundary(s.services.content, now.getTime());
    const startMinute = new Date(inTwoHours);
    startMinute.setSeconds(0, 0);
    expect(next).toBe(Math.min(startMinute.getTime(), endOfDay));
  });
});

describe('public list calls', () => {
  it('serialise and compress a list once, serve it again from memory, and forget it on a write', async () => {
    const first = await get('/api/faqs/getallfaqs', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    const before = (await first.json()) as { statusCode: number; faq: { question: string }[] };
    expect(before.statusCode).toBe(200);
    const again = await get('/api/faqs/getallfaqs');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = again.headers.get('etag')!;
    expect((await get('/api/faqs/getallfaqs', { 'if-none-match': etag })).status).toBe(304);

    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Cached list question?', answer: 'Seen at once.' } });
    expect(add.status).toBe(200);
    const after = await get('/api/faqs/getallfaqs');
    expect(after.headers.get('x-cache')).toBe('MISS');
    const body = (await after.json()) as { faq: { question: string }[] };
    expect(body.faq).toHaveLength(before.faq.length + 1);
    expect(body.faq.map((f) => f.question)).toContain('Cached list question?');
  });

  it('never caches an administrator-only list', async () => {
    const r = await get('/api/about/getAllAboutImage', { cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-cache')).toBeNull();
  });
});
