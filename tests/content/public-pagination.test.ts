import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../../app/components/public/pager';
import { faqs } from '../../content/resources/index';

const PER_PAGE = { faqs: faqs.site.perPage! };
import { file, jpgBytes } from '../helpers/files';
import { call, startServer, type TestServer } from '../helpers/server';

/** Public list pages stay light however much is published: ?page=N, real 404s past the end or for junk. */
let s: TestServer;
let cookie: string;
const TOTAL = PER_PAGE.faqs + 5;

beforeAll(async () => {
  s = await startServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
  cookie = await s.login();
  for (let i = 1; i <= TOTAL; i++) {
    const r = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: `Question number ${i}?`, answer: `Answer ${i}.` } });
    expect(r.status).toBe(200);
  }
});
afterAll(() => s.close());

const html = async (path: string) => {
  const res = await fetch(`${s.url}${path}`);
  return { status: res.status, text: await res.text() };
};
const questionsIn = (text: string) => [...text.matchAll(/Question number (\d+)\?/g)].map((m) => Number(m[1]));

describe('GET /faqs?page=N', () => {
  it('renders the first page with its share of the items and a link to the next page', async () => {
    const { status, text } = await html('/faqs');
    expect(status).toBe(200);
    const shown = new Set(questionsIn(text));
    expect(shown.size).toBe(PER_PAGE.faqs);
    expect(text).toContain('href="/faqs?page=2"');
    expect(text).toMatch(/<link rel="canonical" href="[^"]+\/faqs"/);
  });

  it('renders the rest on page 2, with its own canonical URL, and no item twice across pages', async () => {
    const one = new Set(questionsIn((await html('/faqs')).text));
    const { status, text } = await html('/faqs?page=2');
    expect(status).toBe(200);
    const two = new Set(questionsIn(text));
    expect(two.size).toBe(TOTAL - PER_PAGE.faqs);
    for (const q of two) expect(one.has(q)).toBe(false);
    expect(text).toMatch(/<link rel="canonical" href="[^"]+\/faqs\?page=2"/);
    expect(text).toContain('FAQs, page 2');
  });

  it('answers a real 404 page past the last page and for a page that is not a number', async () => {
    for (const path of ['/faqs?page=3', '/faqs?page=0', '/faqs?page=abc', '/blog?page=2', '/event?page=-1']) {
      const { status, text } = await html(path);
      expect(status, path).toBe(404);
      expect(text, path).toMatch(/This page doesn(&#x27;|')t exist/);
      expect(text, path).toContain('Go Back Home');
    }
  });

  it('keeps the legacy list call complete', async () => {
    const r = await call(s.url, '/api/faqs/getallfaqs');
    expect(r.body.faq).toHaveLength(TOTAL);
  });
});

describe('GET /faqs?page=N when the list cannot be read', () => {
  // Last in the file: it breaks the table for good.
  it('shows the list error text on the page asked for instead of a 404', async () => {
    await s.services.store.db.schema.dropTable('faqs').execute();
    const { status, text } = await html('/faqs?page=4');
    expect(status).toBe(200);
    expect(text).toContain('Failed to load FAQs!');
  });
});

describe('pageWindow', () => {
  it('shows the first, the last and two either side of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 8, 9, 10, 11, 12, 0, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 0, 18, 19, 20]);
  });
});

describe('GET /blog', () => {
  it('sends each card its preview, never the whole article (in the HTML or the hydration data)', async () => {
    const cat = new FormData();
    cat.append('case_name', 'Property Law');
    const category = await call(s.url, '/api/caseCategory/addcase', { cookie, form: cat });
    expect(category.status).toBe(200);
    const categories = (await call(s.url, '/api/caseCategory/getallcases')).body.cases as { case_category_id: number }[];
    const opening = 'An easement is a right over land that belongs to someone else. '.repeat(3);
    const late = 'This sentence sits far beyond the preview and belongs to the full article only.';
    const fd = new FormData();
    fd.append('title', 'Easements, at length');
    fd.append('case_category_id', String(categories[0]!.case_category_id));
    fd.append('description', `<p>${opening}</p>${'<p>Filler paragraph about rights of way and their history.</p>'.repeat(20)}<p>${late}</p>`);
    fd.append('blog_image', file(await jpgBytes(), 'b.jpg', 'image/jpeg'));
    const add = await call(s.url, '/api/blog/addblogs', { cookie, form: fd });
    expect(add.status).toBe(200);
    const { status, text } = await html('/blog');
    expect(status).toBe(200);
    expect(text).toContain('Easements, at length');
    expect(text).toContain('An easement is a right over land');
    expect(text).not.toContain(late);
    expect(text).not.toContain('Filler paragraph about rights of way and their history.</p><p>Filler');
    // The article itself still has all of it.
    const id = (await call(s.url, '/api/blog/getblogs')).body.blogs[0].blog_id;
    expect((await html(`/blog-details/${id}`)).text).toContain(late);
  });
});
