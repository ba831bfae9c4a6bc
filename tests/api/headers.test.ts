import { describe, expect, it } from 'vitest';
import { file, pngBytes } from '../helpers/files';
import { call, signedInServer, type TestServer, startServer } from '../helpers/server';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const { s, cookie } = await signedInServer({ pages: true });

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

describe('security headers on every kind of answer (decision 0011)', () => {
  /** nosniff and a Referrer-Policy everywhere; HSTS only when the site is served over HTTPS. */
  const common = (res: Response, https: boolean) => {
    expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), res.url).toBe('strict-origin-when-cross-origin');
    if (https) expect(res.headers.get('strict-transport-security'), res.url).toBe('max-age=31536000; includeSubDomains');
    else expect(res.headers.get('strict-transport-security'), res.url).toBeNull();
  };

  /** A page, a JSON answer (list, write, error), an uploaded file, a page 404 and an API 404. */
  async function answers(server: TestServer, session: string) {
    const form = new FormData();
    form.append('gallery_image', file(await pngBytes(), 'h.png'));
    form.append('title', 'Headers');
    const added = await call(server.url, '/api/gallery/addgallery', { cookie: session, form });
    expect(added.status).toBe(200);
    return {
      page: await fetch(`${server.url}/faqs`),
      json: [
        await fetch(`${server.url}/api/faqs/getallfaqs`),
        await fetch(`${server.url}/api/faqs/getallfaqs`), // served from the list cache
        await fetch(`${server.url}/api/faqs/addFaqs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session }, body: '{"question":""}' }),
        await fetch(`${server.url}/api/mail/contact`, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }),
        await fetch(`${server.url}/api/faqs/addFaqs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ],
      file: await fetch(`${server.url}/${added.body.gallery.gallery_image}`),
      missingFile: await fetch(`${server.url}/uploads/gallery/${'0'.repeat(32)}.png`),
      pageNotFound: await fetch(`${server.url}/no-such-page`),
      apiNotFound: await fetch(`${server.url}/api/no/such/call`, { method: 'POST' }),
    };
  }

  function check(a: Awaited<ReturnType<typeof answers>>, https: boolean) {
    for (const res of [a.page, ...a.json, a.file, a.missingFile, a.pageNotFound, a.apiNotFound]) common(res, https);
    expect(a.page.status).toBe(200);
    expect(a.page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(a.page.headers.get('content-security-policy')).toContain('script-src');
    for (const res of [...a.json, a.apiNotFound]) {
      expect(res.headers.get('content-type'), res.url).toContain('application/json');
      expect(res.headers.get('content-security-policy'), `${res.url} ${res.status}`).toBe(API_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(a.json.map((r) => r.status)).toEqual([200, 200, 400, 400, 401]);
    expect(a.apiNotFound.status).toBe(404);
    expect(a.file.status).toBe(200);
    expect(a.file.headers.get('content-type')).toBe('image/png');
    expect(a.file.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
    expect(a.missingFile.status).toBe(404);
    expect(a.pageNotFound.status).toBe(404);
    expect(a.pageNotFound.headers.get('content-type')).toContain('text/html');
    expect(a.pageNotFound.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  }

  it('over HTTP: nosniff and Referrer-Policy on a page, JSON answers, an uploaded file and 404s; the API CSP on JSON; no HSTS', async () => {
    check(await answers(s, cookie), false);
  });

  it('over HTTPS (PUBLIC_URL https://…): HSTS on every one of them as well', async () => {
    const secure = await startServer({ pages: true, env: { PUBLIC_URL: 'https://firm.example' } });
    try {
      check(await answers(secure, await secure.login()), true);
    } finally {
      await secure.close();
    }
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
      // Every inline script (React Router's on the admin, the islands' loader module on public pages), not data.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThan(0);
      const { createHash } = await import('node:crypto');
      for (const code of inline) {
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      }
    }
  });
});
