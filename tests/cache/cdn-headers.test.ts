import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../content/kit';
import { apiPath, resources } from '../../content/resources/index';
import { call, signedInServer, startServer } from '../helpers/server';

/**
 * CDN-ready answers (decision 0047): every public page and public list call may be kept by shared caches
 * (Cache-Control with s-maxage and stale-while-revalidate from the environment) and names what it shows
 * (Surrogate-Key / Cache-Tag); no public page sets a cookie; admin answers, previews, the client link
 * pages, private files and anything that sets a cookie are private, no-store. Checked on the first
 * answer (rendered) and the second (from the page cache, before Fastify).
 */
const PUBLIC_PAGES = JSON.parse(readFileSync('content/rules/public-pages.json', 'utf8')) as string[];
const { s, cookie } = await signedInServer({ pages: true, demo: true, env: { CACHE_S_MAXAGE: '17', CACHE_STALE_WHILE_REVALIDATE: '33' } });
const PUBLIC_CC = /^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=33$/;

function keysOf(res: Response): string[] {
  const sk = res.headers.get('surrogate-key') ?? '';
  const tag = res.headers.get('cache-tag') ?? '';
  expect(tag.split(',').filter(Boolean), `${res.url}: Cache-Tag names the same keys as Surrogate-Key`).toEqual(sk.split(' ').filter(Boolean));
  return sk.split(' ').filter(Boolean);
}

function expectPublic(res: Response): string[] {
  expect(res.headers.getSetCookie(), `${res.url} sets no cookie`).toEqual([]);
  const cc = res.headers.get('cache-control') ?? '';
  const m = PUBLIC_CC.exec(cc);
  expect(m, `${res.url}: ${cc}`).not.toBeNull();
  // At most CACHE_S_MAXAGE; less only when the page changes by itself sooner (a time boundary).
  expect(Number(m![1])).toBeLessThanOrEqual(17);
  expect(res.headers.get('etag'), res.url).toMatch(/^"[\w-]+"$/);
  return keysOf(res);
}

function expectPrivate(res: Response, what: string): void {
  expect(res.headers.get('cache-control'), what).toBe('private, no-store');
  expect(res.headers.get('surrogate-key'), what).toBeNull();
  expect(res.headers.get('cache-tag'), what).toBeNull();
}

describe('public pages: shared-cacheable, named by their keys, no cookie', () => {
  it('every public route (content/rules/public-pages.json), rendered and from the cache', async () => {
    expect(PUBLIC_PAGES.length).toBeGreaterThan(10);
    for (const path of PUBLIC_PAGES) {
      for (const round of ['MISS', 'HIT']) {
        const res = await fetch(`${s.url}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-cache'), path).toBe(round);
        const keys = expectPublic(res);
        // Every page shows the site chrome.
        expect(keys, path).toContain('settings');
        await res.arrayBuffer();
      }
    }
    // A page's keys name what its loaders read, and nothing of what they did not.
    const keys = async (path: string) => keysOf(await fetch(`${s.url}${path}`));
    expect(await keys('/faqs')).toEqual(expect.arrayContaining(['faqs', 'settings']));
    expect(await keys('/faqs')).not.toContain('blog');
    expect(await keys('/blog')).toContain('blog');
    expect(await keys('/')).toEqual(expect.arrayContaining(['carousel', 'caseCategory', 'partners', 'settings']));
    expect(await keys('/our-case')).toContain('caseCategory');
  });

  it('a detail page names its one row, not the whole group; its 404 names the row it waits for', async () => {
    const blogs = (await call(s.url, '/api/blog/getblogs')).body.blogs as { blog_id: number }[];
    const id = blogs[0]!.blog_id;
    for (const round of ['MISS', 'HIT']) {
      const res = await fetch(`${s.url}/blog-details/${id}`);
      expect(res.headers.get('x-cache')).toBe(round);
      const keys = expectPublic(res);
      expect(keys).toContain(`blog:${id}`);
      expect(keys).not.toContain('blog');
    }
    const missing = await fetch(`${s.url}/blog-details/999999`);
    expect(missing.status).toBe(404);
    expect(expectPublic(missing)).toEqual(expect.arrayContaining(['blog:999999', 'redirects', 'settings']));
  });

  it('a 304 carries the same Cache-Control and keys', async () => {
    const first = await fetch(`${s.url}/faqs`);
    await first.arrayBuffer();
    const again = await fetch(`${s.url}/faqs`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(again.headers.get('surrogate-key')).toBe(first.headers.get('surrogate-key'));
  });

  it('the public list calls: shared-cacheable under their group (and joined groups)', async () => {
    for (const r of (resources as readonly ResourceDef[]).filter((g) => !g.adminList)) {
      for (const round of ['MISS', 'HIT']) {
        const res = await fetch(`${s.url}${apiPath(r, 'list')}`);
        expect(res.status, r.key).toBe(200);
        if (round === 'HIT') expect(res.headers.get('x-cache'), r.key).toBe('HIT');
        const keys = expectPublic(res);
        expect(keys, r.key).toContain(r.key);
        expect(keys).not.toContain('settings');
        for (const j of r.joins ?? []) expect(keys).toContain(j.ref);
        await res.arrayBuffer();
      }
    }
  });
});

describe('private answers: private, no-store', () => {
  it('admin calls and pages, sign-in (a cookie), private files, previews and the client link pages', async () => {
    expectPrivate(await fetch(`${s.url}/api/admin/me`, { headers: { cookie } }), 'admin call');
    expectPrivate(await fetch(`${s.url}/api/admin/me`), 'admin call refused');
    expectPrivate(await fetch(`${s.url}/admin-login`), 'sign-in page');
    expectPrivate(await fetch(`${s.url}/admin-side-bar/dashboard`, { headers: { cookie } }), 'admin page');
    expectPrivate(await fetch(`${s.url}/api/settings/getsettings`), 'settings call (read by the admin after a save)');
    const login = await fetch(`${s.url}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@test.example', password: 'correct horse battery staple' }),
    });
    expect(login.headers.getSetCookie().length).toBeGreaterThanOrEqual(1); // the session, and the device cookie of decision 0046
    expectPrivate(login, 'an answer that sets a cookie');
    expectPrivate(await fetch(`${s.url}/private/consultations/x.pdf`, { headers: { cookie } }), 'private file');
    expectPrivate(await fetch(`${s.url}/preview/not-a-token`), 'preview link');
    expectPrivate(await fetch(`${s.url}/consultation/manage?t=bad`), 'client manage page');
    expectPrivate(await fetch(`${s.url}/consultation/decide?t=bad`), 'firm decide page');
    expectPrivate(await fetch(`${s.url}/privacy/data?t=bad`), 'data-rights page');
    expectPrivate(await fetch(`${s.url}/api/no/such/call`), 'API 404');
  });

  it('a working preview link is private, no-store', async () => {
    const faqs = (await call(s.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number }[];
    const link = await call(s.url, `/api/content/faqs/${faqs[0]!.faqs_id}/preview`, { cookie, method: 'POST', json: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const page = await fetch(`${s.url}${new URL(link.body.url as string).pathname}`);
    expect(page.status).toBe(200);
    expectPrivate(page, 'preview');
  });
});

describe('without the page cache (PAGE_CACHE=off)', () => {
  it('public pages and lists carry the same caching headers', async () => {
    const t = await startServer({ pages: true, env: { PAGE_CACHE: 'off' } });
    try {
      const page = await fetch(`${t.url}/faqs`);
      expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      expect(keysOf(page)).toEqual(expect.arrayContaining(['faqs', 'settings']));
      const list = await fetch(`${t.url}/api/faqs/getallfaqs`);
      expect(list.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      expect(keysOf(list)).toEqual(['faqs']);
    } finally {
      await t.close();
    }
  });
});
