import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, pngBytes } from '../helpers/files';
import { call, startServer, type TestServer } from '../helpers/server';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startServer({ pages: true });
  cookie = await s.login();
});
afterAll(() => s.close());

describe('security headers', () => {
  it('pages refuse framing and sniffing; uploads are sandboxed but embeddable by the site', async () => {
    const page = await fetch(`${s.url}/`);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('x-powered-by')).toBeNull();

    const form = new FormData();
    form.append('gallery_image', file(await pngBytes(), 'g.png'));
    form.append('title', 'Office');
    const add = await call(s.url, '/api/gallery/addgallery', { cookie, form });
    const img = await fetch(`${s.url}/${add.body.gallery.gallery_image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(img.headers.get('cache-control')).toContain('immutable');
  });
});

describe('compression', () => {
  it('compresses a large JSON list once, and leaves small answers plain', async () => {
    for (let i = 0; i < 20; i++) {
      await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: `Question ${i}?`, answer: 'An answer '.repeat(20) } });
    }
    const big = await fetch(`${s.url}/api/faqs/getallfaqs`, { headers: { 'accept-encoding': 'br' } });
    expect(big.headers.get('content-encoding')).toBe('br');
    expect((await big.json()).faq).toHaveLength(20);
    const small = await fetch(`${s.url}/api/health`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const page = await fetch(`${s.url}/faqs`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('</html>');
  });
});

describe('Content-Security-Policy', () => {
  it('allows inline scripts only by hash, never unsafe-inline or unsafe-eval, on fresh and cached pages', async () => {
    for (const path of ['/', '/', '/admin-login']) {
      const res = await fetch(`${s.url}${path}`);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toBeTruthy();
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await res.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThan(0);
      const { createHash } = await import('node:crypto');
      for (const code of inline) {
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      }
    }
  });
});
