/**
 * Uploads are never executable: SVG and HTML are refused by content (as images and as documents, whatever
 * their name); every stored file is served with its checked type, nosniff and a sandboxing CSP; PDFs are
 * inline (the public pages frame them, decision 0006), Word documents are attachments; private files only
 * to administrators.
 */
import { describe, expect, it } from 'vitest';
import { file } from '../helpers/files';
import { signedInServer } from '../helpers/server';
import { api, multipart, sampleBytes, storedFiles, type Bytes, addCase, caseDetailsBody } from '../helpers/api-helpers';
import { consultationForm } from '../helpers/mail-sink';

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const SVG_BARE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
);
const HTML_PDF_PREFIX = Buffer.from('<html><body><script>alert(document.cookie)</script>%PDF-1.4</body></html>');
const XHTML = Buffer.from(
  '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
);

const { s, cookie } = await signedInServer({ env: { CONSULTATION_RATE_LIMIT: '0' } });
const b = await sampleBytes();
const { categoryId, caseId } = await addCase(s, cookie, 'Safety', 'Safe');

const hostile: [string, Buffer, string][] = [
  ['an SVG with a script named .svg', SVG, 'logo.svg'],
  ['an SVG named .png', SVG, 'logo.png'],
  ['a bare SVG with onload named .jpg', SVG_BARE, 'x.jpg'],
  ['an HTML page named .png', Buffer.alloc(0), 'page.png'],
  ['an HTML page named .html', Buffer.alloc(0), 'page.html'],
  ['XHTML named .webp', XHTML, 'x.webp'],
];
const bytesOf = (buf: Buffer) => (buf.length ? buf : b.html);

describe('SVG and HTML are refused by content', () => {
  it.each(hostile)('refuses %s as an image (415), storing nothing', async (_n, bytes, name) => {
    for (const [path, field, fields] of [
      ['/api/carousel/addcarousel', 'carousel_image', {}],
      ['/api/gallery/addgallery', 'gallery_image', { title: 'G' }],
      ['/api/ourpatners/createPartner', 'partner_image', {}],
    ] as const) {
      const r = await api(s.url, path, { cookie, ...multipart(fields, { [field]: [bytesOf(bytes), name] }) });
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(415);
      expect(r.body.message).toMatch(/this file type is not allowed/);
    }
    expect(storedFiles(s.dataDir, 'uploads')).toEqual([]);
  });

  it.each([
    ['an HTML page named .pdf', (b) => b.html, 'judgment.pdf'],
    ['an HTML page that mentions %PDF, named .pdf', () => HTML_PDF_PREFIX, 'judgment.pdf'],
    ['an SVG named .docx', () => SVG, 'brief.docx'],
    ['an SVG named .doc', () => SVG, 'brief.doc'],
    ['XHTML named .pdf', () => XHTML, 'x.pdf'],
  ] as [string, (b: Bytes) => Buffer, string][])(
    'refuses %s as a document (case file, blog file, consultation)',
    async (_n, bytesFn, name) => {
      const bytes = bytesFn(b);
      const caseFile = await api(s.url, '/api/casedetails/addcasedetails', {
        cookie,
        ...caseDetailsBody(categoryId, caseId, [bytes, name]),
      });
      expect(caseFile.status).toBe(415);
      expect(caseFile.body.message).toMatch(/Please upload a PDF, DOC or DOCX file/);

      const blog = await api(s.url, '/api/blog/addblogs', {
        cookie,
        ...multipart(
          { title: 'T', case_category_id: String(categoryId), description: '<p>x</p>' },
          { blog_image: [b.png, 'cover.png'], blog_file: [bytes, name] },
        ),
      });
      expect(blog.status).toBe(415);

      const consult = await api(s.url, '/api/mail/contact', { form: consultationForm({}, file(bytes, name)) });
      expect(consult.status).toBe(415);

      expect(storedFiles(s.dataDir, 'uploads')).toEqual([]);
      expect(storedFiles(s.dataDir, 'private')).toEqual([]);
    },
  );
});

/** Checks a response's headers: a string is the exact value, a RegExp must match it, a list names parts it contains. */
function expectHeaders(res: Response, expected: Record<string, string | RegExp | string[]>): void {
  for (const [name, want] of Object.entries(expected)) {
    const got = res.headers.get(name);
    if (typeof want === 'string') expect(got, name).toBe(want);
    else if (want instanceof RegExp) expect(got, name).toMatch(want);
    else for (const part of want) expect(got, name).toContain(part);
  }
}

describe('stored files are served with their checked type', () => {
  it('PNG: image/png inline, nosniff, sandboxed CSP, framed only by the site', async () => {
    const r = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [b.png, 'slide.html'] }),
    });
    expect(r.status).toBe(200);
    expectHeaders(await fetch(`${s.url}/${r.body.carousel.carousel_image}`), {
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('PDF: application/pdf inline (the 600 px frame of spec section 9) inside the sandbox; DOCX: an attachment', async () => {
    const pdf = await api(s.url, '/api/casedetails/addcasedetails', {
      cookie,
      ...caseDetailsBody(categoryId, caseId, [b.pdf, 'ruling.html']),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.body.case.case_file).toMatch(/\.pdf$/);
    expectHeaders(await fetch(`${s.url}/${pdf.body.case.case_file}`), {
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'content-security-policy': ['sandbox', "default-src 'none'"],
      'x-content-type-options': 'nosniff',
    });

    const docx = await api(s.url, '/api/casedetails/addcasedetails', {
      cookie,
      ...caseDetailsBody(categoryId, caseId, [b.docx, 'brief.docx']),
    });
    expect(docx.status).toBe(200);
    expectHeaders(await fetch(`${s.url}/${docx.body.case.case_file}`), {
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'content-disposition': /^attachment; filename="document\.docx"$/,
      'x-content-type-options': 'nosniff',
    });
  });

  it('a stored file whose name is changed to .html or .svg is not served', async () => {
    const r = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [b.png, 'a.png'] }),
    });
    const stored: string = r.body.carousel.carousel_image;
    for (const ext of ['html', 'svg', 'htm', 'xml']) {
      const res = await fetch(`${s.url}/${stored.replace(/\.png$/, `.${ext}`)}`);
      expect(res.status).toBe(404);
    }
  });

  it('a consultation document is private: 401 without a session, served to an administrator as an attachment', async () => {
    const c = await api(s.url, '/api/mail/contact', { form: consultationForm({}, file(b.docx, 'contract.docx')) });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const [rel] = storedFiles(s.dataDir, 'private/consultations');
    expect(rel).toMatch(/^private\/consultations\/[0-9a-f]{32}\.docx$/);
    expect((await fetch(`${s.url}/${rel}`)).status).toBe(401);
    expect((await fetch(`${s.url}/${rel}`, { headers: { cookie: 'lex_session=forged' } })).status).toBe(401);
    const ok = await fetch(`${s.url}/${rel}`, { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    // Never under the public path.
    expect((await fetch(`${s.url}/${rel.replace(/^private/, 'uploads')}`)).status).toBe(404);
  });
});
