import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PER_PAGE, type SearchHit } from '../../content/rules/search';
import { signedInServer, startServer, type TestServer } from '../helpers/server';
import { api, multipart, sampleBytes } from '../helpers/api-helpers';
import { until } from '../helpers/mail-sink';

/**
 * Site search over real HTTP (decision 0054): `GET /api/search` and the server-rendered /search page (no
 * script), ranking, typos, what never appears, escaping, paging, 400s, the results cache, and another
 * instance following a write within its content-version poll.
 */
const { s, cookie } = await signedInServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
const b = await sampleBytes();

const search = async (q: string, extra = '', base = s.url) => {
  const r = await api(base, `/api/search?q=${encodeURIComponent(q)}${extra}`);
  return r as { status: number; body: { total: number; pages: number; page: number; q: string; hits: SearchHit[]; message: string } };
};
const page = async (p: string) => {
  const r = await fetch(s.url + p);
  return { status: r.status, html: await r.text(), headers: r.headers };
};
const faq = async (question: string, answer: string, status: 'draft' | 'published' = 'published') => {
  const r = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question, answer, status } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.faq.faqs_id as number;
};

let exactId: number;
let blogId: number;
beforeAll(async () => {
  // The exact title, and a rival that repeats its words far more often (it outscores it on words alone).
  exactId = await faq('Tenancy deposit refund', 'When the lease ends the landlord returns what was paid.');
  await faq(
    'Tenancy deposit refund delays and tenancy deposit refund interest',
    'A tenancy deposit refund that is late: tenancy deposit refund notices, tenancy deposit refund claims, deposit refund again.',
  );
  const cat = await api(s.url, '/api/caseCategory/addcase', { cookie, payload: multipart({ case_name: 'Rent Control' }, { case_image: [b.jpg, 'c.jpg'] }) });
  expect(cat.status, JSON.stringify(cat.body)).toBe(200);
  const blog = await api(s.url, '/api/blog/addblogs', {
    cookie,
    payload: multipart(
      {
        title: 'Eviction notices explained',
        case_category_id: String(cat.body.case.case_category_id),
        description: '<p>Rules on <strong>eviction</strong> &amp; the notice period <em>a landlord</em> must give.</p>',
      },
      { blog_image: [b.jpg, 'cover.jpg'] },
    ),
  });
  expect(blog.status, JSON.stringify(blog.body)).toBe(200);
  blogId = blog.body.blog.blog_id as number;
  const v = await api(s.url, '/api/vacancy/addVacancy', { cookie, json: { vacancy_title: 'Litigation paralegal', name_of_employment: 'Full-time', number_of_vacancy: 1 } });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
});

describe('GET /api/search (searchSite)', () => {
  it('is in the API reference as searchSite', async () => {
    const doc = (await fetch(`${s.url}/api/docs.json`).then((r) => r.json())) as { paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string }[] }>> };
    const op = doc.paths['/api/search']?.get;
    expect(op?.operationId).toBe('searchSite');
    expect(op?.parameters?.map((p) => p.name).sort()).toEqual(['page', 'q']);
  });

  it('ranks an exact title first, even against an item that repeats its words more', async () => {
    const r = await search('tenancy  Deposit refund ');
    expect(r.status).toBe(200);
    expect(r.body.q).toBe('tenancy Deposit refund');
    expect(r.body.total).toBe(2);
    expect(r.body.hits[0]).toMatchObject({ kind: 'faq', title: 'Tenancy deposit refund', url: `/faqs#faq-${exactId}` });
    // Without the exact-title rule the rival would come first: its words score higher.
    const rival = await search('tenancy deposit refund interest');
    expect(rival.body.hits[0]!.title).toMatch(/^Tenancy deposit refund delays/);
  });

  it('finds a misspelt word and a word being typed', async () => {
    expect((await search('evicton')).body.hits.map((h) => h.title)).toContain('Eviction notices explained');
    expect((await search('paralegl')).body.hits.map((h) => h.title)).toContain('Litigation paralegal');
    expect((await search('litig')).body.hits.map((h) => h.title)).toContain('Litigation paralegal');
    expect((await search('xylophonic')).body).toMatchObject({ total: 0, hits: [], message: 'Nothing found.' });
  });

  it('cuts the snippet from plain text (tags and entities of the rich text gone) and marks the matched words', async () => {
    const hit = (await search('eviction')).body.hits.find((h) => h.kind === 'blog')!;
    expect(hit.url).toBe(`/blog-details/${blogId}`);
    expect(hit.snippet).toContain('Rules on eviction & the notice period a landlord must give.');
    expect(hit.snippet).not.toMatch(/[<>]|&amp;/);
    expect(hit.marks.map(([a, z]) => hit.snippet.slice(a, z))).toEqual(['eviction']);
    expect(hit.titleMarks.map(([a, z]) => hit.title.slice(a, z))).toEqual(['Eviction']);
  });

  it('never finds drafts, trashed or scheduled rows, and follows publishing at once', async () => {
    const draft = await faq('Zephyrine clause in leases', 'A draft answer.', 'draft');
    const trashed = await faq('Quillwort easement', 'Soon in the trash.');
    expect((await search('quillwort')).body.total).toBe(1);
    expect((await api(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: trashed } })).status).toBe(200);
    const scheduled = await faq('Marrowbone tribunal hearings', 'Goes live next year.', 'draft');
    const sch = await api(s.url, `/api/content/faqs/${scheduled}/schedule`, { cookie, json: { publish_at: new Date(Date.now() + 365 * 86_400_000).toISOString() } });
    expect(sch.status, JSON.stringify(sch.body)).toBe(200);
    for (const word of ['zephyrine', 'quillwort', 'marrowbone', 'zephyrin']) {
      expect((await search(word)).body.total, word).toBe(0);
      expect((await page(`/search?q=${word}`)).html.includes('Nothing found for'), word).toBe(true);
    }
    // Published: found by the next search and the next page (the cached "nothing found" page is gone).
    expect((await api(s.url, `/api/content/faqs/${draft}/publish`, { cookie, method: 'POST', json: {} })).status).toBe(200);
    expect((await search('zephyrine')).body.hits.map((h) => h.url)).toEqual([`/faqs#faq-${draft}`]);
    expect((await page('/search?q=zephyrine')).html.includes(`href="/faqs#faq-${draft}"`), `href="/faqs#faq-${draft}"`).toBe(true);
    // Taken off the site again: gone at once.
    expect((await api(s.url, `/api/content/faqs/${draft}/unpublish`, { cookie, method: 'POST', json: {} })).status).toBe(200);
    expect((await search('zephyrine')).body.total).toBe(0);
  });

  it('pages 10 at a time, and every result links to a page that holds it', async () => {
    for (let i = 1; i <= 23; i++) await faq(`Quorvane question ${i}`, `About quorvane seats, number ${i}.`);
    const p1 = await search('quorvane');
    expect(p1.body).toMatchObject({ total: 23, pages: 3, page: 1 });
    expect(p1.body.hits.length).toBe(SEARCH_PER_PAGE);
    const p3 = await search('quorvane', '&page=3');
    expect(p3.body.hits.length).toBe(3);
    const all = [...p1.body.hits, ...(await search('quorvane', '&page=2')).body.hits, ...p3.body.hits];
    expect(new Set(all.map((h) => h.url)).size).toBe(23);
    // FAQs past the first public page link to the page they are on.
    for (const h of all.filter((x, i) => i % 4 === 0 || x.url.includes('page=2'))) {
      const [where, anchor] = h.url.split('#');
      const target = await page(where!);
      expect(target.status, h.url).toBe(200);
      expect(target.html.includes(`id="${anchor}"`), h.url).toBe(true);
      expect(target.html.includes(h.title), h.url).toBe(true);
    }
    const past = await search('quorvane', '&page=4');
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('There are only 3 pages of results.');
  });

  it('answers 400 with a sentence for bad parameters', async () => {
    const cases: [string, string][] = [
      ['?q=' + 'a'.repeat(101), 'The search is too long (at most 100 characters).'],
      ['?q=bail&page=abc', 'page must be a whole number from 1 to 50.'],
      ['?q=bail&page=0', 'page must be a whole number from 1 to 50.'],
      ['?q=bail&page=51', 'page must be a whole number from 1 to 50.'],
      ['?q=bail&page=2', 'There is only one page of results.'],
    ];
    for (const [query, message] of cases) {
      const r = await api(s.url, `/api/search${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toBe(message);
      const p = await page(`/search${query}`);
      expect(p.status, query).toBe(400);
      expect(p.html.includes(message), query).toBe(true);
    }
    // No query: no results, not an error.
    expect((await search('')).body).toMatchObject({ total: 0, hits: [] });
  });
});

describe('the /search page (server-rendered, no script needed)', () => {
  it('holds the results, marked, with links, paged with the query kept', async () => {
    const r = await page('/search?q=quorvane&page=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    for (const text of ['23 results for “quorvane” (page 2 of 3)', 'rel="next" href="/search?q=quorvane&amp;page=3"', 'rel="prev" href="/search?q=quorvane"'])
      expect(r.html.includes(text), text).toBe(true);
    expect(/<a href="\/faqs(\?page=2)?#faq-\d+"><mark>Quorvane<\/mark> question \d+<\/a>/.test(r.html)).toBe(true);
    // The form works without script: a GET to /search with q, the query kept in its box; never indexed.
    expect(/<form role="search"[^>]*action="\/search" method="get"/.test(r.html), '<form role="search"[^>]*action="\\/search" method="get"').toBe(true);
    expect(/<input id="search-page-q" type="search"[^>]*name="q" value="quorvane"/.test(r.html), '<input id="search-page-q" type="search" name="q" [^>]*value="quorvane"').toBe(true);
    expect(r.html.includes('<meta name="robots" content="noindex"/>'), '<meta name="robots" content="noindex"/>').toBe(true);
    // The header's box, on every page, with its label.
    const home = await page('/');
    expect(/<label for="site-search-top" class="visually-hidden">Search the site<\/label><input id="site-search-top" type="search"[^>]*name="q"/.test(home.html), '<label for="site-search-top" class="visually-hidden">Search the site<\\/label><input id="site-search-top" type="search" name="q"').toBe(true);
    expect(/<form role="search" aria-label="Site"[^>]*action="\/search" method="get"/.test(home.html), '<form role="search" aria-label="Site" action="\\/search" method="get"').toBe(true);
  });

  it('escapes what a visitor types and what the content holds: no tag from either reaches the page', async () => {
    await faq('<script>alert("x")</script> Bailiff <img src=x onerror=alert(1)>', 'The bailiff <b>serves</b> the warrant & leaves.');
    const q = '<script>bailiff';
    const api1 = await search(q);
    expect(api1.body.total).toBe(1);
    const r = await page(`/search?q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    expect(r.html.includes('<script>alert'), '<script>alert').toBe(false);
    expect(r.html.includes('<img src=x'), '<img src=x').toBe(false);
    expect(r.html.includes('<b>serves'), '<b>serves').toBe(false);
    // Both words of the query are marked, "script" included: as text.
    const shown = [
      '&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; <mark>Bailiff</mark> &lt;img src=x onerror=alert(1)&gt;</a>',
      'The <mark>bailiff</mark> &lt;b&gt;serves&lt;/b&gt; the warrant &amp; leaves.',
      'for “&lt;script&gt;bailiff”',
      'value="&lt;script&gt;bailiff"',
    ];
    for (const text of shown) expect(r.html.includes(text), text).toBe(true);
  });

  it('caches one page per normalized query, and not at all for a bad one', async () => {
    await page('/search?q=eviction');
    const again = await page('/search?q=%20%20eviction%20&utm_source=news');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.html.includes('for “eviction”'), 'for “eviction”').toBe(true);
    const bad = await page('/search?q=eviction&page=x');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-cache')).toBeNull();
  });

  it('is listed with the public pages but not in the sitemap', async () => {
    const map = await page('/sitemap.xml');
    expect(map.html.includes(`<loc>${s.url}/faqs</loc>`), `<loc>${s.url}/faqs</loc>`).toBe(true);
    expect(map.html.includes('/search'), '/search').toBe(false);
  });
});

describe('another instance on the same database follows within CONTENT_VERSION_POLL_MS', () => {
  let dataDir: string;
  let a: TestServer;
  let c: TestServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-search-'));
    const env = { ADMIN_WRITE_RATE_LIMIT: '0', CONTENT_VERSION_POLL_MS: '100' };
    a = await startServer({ dataDir, env });
    c = await startServer({ dataDir, env });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), c?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds on the other instance what one instance published', async () => {
    const other = async () => (await search('ombudsman', '', c.url)).body.total;
    expect(await other()).toBe(0); // the other instance has built its index
    const ca = await a.login();
    const add = await api(a.url, '/api/faqs/addFaqs', { cookie: ca, json: { question: 'Banking ombudsman complaints', answer: 'Within a year.' } });
    expect(add.status).toBe(200);
    expect((await search('ombudsman', '', a.url)).body.total).toBe(1);
    const started = Date.now();
    await until(other, (n) => n === 1, 5000, 'the other instance to find the new FAQ');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
