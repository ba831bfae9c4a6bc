/**
 * Rich HTML (case content, blog descriptions) is sanitised on every write: harmless markup survives,
 * scripts, event handlers and javascript: URLs do not. Checked over HTTP on what is stored and read back.
 */
import { describe, expect, it } from 'vitest';
import { type Json, signedInServer } from '../helpers/server';
import { api, multipart, sampleBytes, addCase, caseDetailsBody } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer({ socket: false });
const b = await sampleBytes();
const { categoryId, caseId } = await addCase(s, cookie, 'Civil', 'Boundary dispute');

/** Stores html as a blog description and as case content; returns both as read back publicly. */
async function roundTrip(html: string): Promise<string[]> {
  const blog = await api(s.url, '/api/blog/addblogs', {
    cookie,
    ...multipart({ title: 'Sanitised', case_category_id: String(categoryId), description: html }, { blog_image: [b.png, 'c.png'], blog_file: [b.pdf, 'f.pdf'] }),
  });
  expect(blog.status, JSON.stringify(blog.body)).toBe(200);
  const read = await api(s.url, '/api/blog/getblogByid', { json: { blog_id: blog.body.blog.blog_id } });
  const details = await api(s.url, '/api/casedetails/addcasedetails', {
    cookie,
    ...caseDetailsBody(categoryId, caseId, [b.pdf, 'f.pdf'], html),
  });
  expect(details.status, JSON.stringify(details.body)).toBe(200);
  const byCase = await api(s.url, '/api/casedetails/getCasedetailsByCaseId', { json: { case_id: String(caseId) } });
  const stored = byCase.body.case.find((c: Json) => c.case_details_id === details.body.case.case_details_id);
  return [read.body.blog.description ?? '', stored.case_content ?? ''];
}

describe('harmless markup is kept', () => {
  it.each([
    '<p>Plain <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text.</p>',
    '<h2>Heading</h2><ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>',
    '<blockquote>Quoted</blockquote><pre><code>code()</code></pre>',
    '<p><a href="https://example.org/law" title="Law">a link</a> and <a href="mailto:desk@example.org">mail</a></p>',
    '<p><img src="https://example.org/figure.png" alt="Figure 1" /></p>',
    '<table><thead><tr><th scope="col">Court</th></tr></thead><tbody><tr><td colspan="2">High Court</td></tr></tbody></table>',
    '<p class="text-center">Centred</p>',
  ])('keeps %s', async (html) => {
    for (const out of await roundTrip(html)) expect(out).toBe(html);
  });

  it('keeps a link opened in a new tab, adding rel="noopener noreferrer"', async () => {
    for (const out of await roundTrip('<p><a href="https://example.org" target="_blank">x</a></p>')) {
      expect(out).toBe('<p><a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a></p>');
    }
  });
});

describe('scripts are dropped', () => {
  it.each([
    ['a script element', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an onerror handler', '<p><img src="https://example.org/x.png" onerror="alert(1)"></p>', '<p><img src="https://example.org/x.png" /></p>'],
    ['an onclick handler', '<p onclick="alert(1)">Click</p>', '<p>Click</p>'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">x</a></p>', '<p><a>x</a></p>'],
    ['an obfuscated javascript: link', '<p><a href="JaVaScRiPt&#58;alert(1)">x</a></p>', '<p><a>x</a></p>'],
    ['a data: image', '<p><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x"></p>', '<p><img alt="x" /></p>'],
    ['an iframe', '<p>a</p><iframe src="https://evil.example"></iframe>', '<p>a</p>'],
    ['a style element and attribute', '<style>body{display:none}</style><p style="position:fixed">x</p>', '<p>x</p>'],
    ['an svg with script', '<svg onload="alert(1)"><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['a form', '<form action="https://evil.example"><input name="p"></form><p>ok</p>', '<p>ok</p>'],
    ['an unknown class', '<p class="evil-overlay text-end">x</p>', '<p class="text-end">x</p>'],
  ])('drops %s', async (_n, html, expected) => {
    for (const out of await roundTrip(html)) {
      expect(out).toBe(expected);
      expect(out.toLowerCase()).not.toMatch(/<script|javascript:|onerror|onclick|onload|<iframe|<style|style=|<form|data:/);
    }
  });

  it('treats a description left empty by sanitising as empty (message of section 5)', async () => {
    const r = await api(s.url, '/api/casedetails/addcasedetails', {
      cookie,
      ...multipart({ case_category_id: String(categoryId), case_id: String(caseId), case_content: '<script>alert(1)</script>' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please upload a file or enter a description (at least one)');
  });

  it('keeps plain-text fields as text, not markup to strip', async () => {
    const r = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Is 2 < 3 & 5 > 4?', answer: 'Yes <b>always</b>' } });
    expect(r.body.faq).toMatchObject({ question: 'Is 2 < 3 & 5 > 4?', answer: 'Yes <b>always</b>' });
  });
});
