/**
 * Uploaded files: type checked by content (415), size limits (413), stored paths that never leave
 * uploads/, the file host refusing traversal, private files behind the session, and failed writes that
 * leave no file and no row.
 */
import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type Json, signedInServer } from '../helpers/server';
import { api, multipart, onDisk, sampleBytes, storedFiles, addCase, caseDetailsBody, speakersField } from '../helpers/api-helpers';
import { addEventWithSpeakers } from '../helpers/events';

/** A GET with the path sent exactly as written (fetch would normalise '..' away). */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The smallest file that reads as an MP4 video by its bytes ('ftyp' box, brand isom). */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free'),
]);

/** A noisy PNG well above 10 KB. */
const bigPng = () =>
  sharp({ create: { width: 100, height: 100, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();

const { s, cookie } = await signedInServer();
const b = await sampleBytes();
const { categoryId, caseId } = await addCase(s, cookie, 'Files', 'C');

const tmpFiles = () => readdirSync(path.join(s.dataDir, 'tmp'));

describe('file type is judged by content, not by name', () => {
  it.each([
    ['a PDF named .jpg', 'pdf', 'slide.jpg'],
    ['an HTML file named .jpg', 'html', 'slide.jpg'],
    ['an HTML file named .png', 'html', 'x.png'],
  ] as const)('refuses %s as a carousel image (415)', async (_n, kind, name) => {
    const r = await api(s.url, '/api/carousel/addcarousel', { cookie, ...multipart({}, { carousel_image: [b[kind], name] }) });
    expect(r.status).toBe(415);
    expect(r.body.message).toMatch(/not allowed/);
    expect(storedFiles(s.dataDir, 'uploads/carousel')).toEqual([]);
  });

  it('refuses a truncated image that only looks like a PNG (415)', async () => {
    const r = await api(s.url, '/api/gallery/addgallery', {
      cookie,
      ...multipart({ title: 'Broken' }, { gallery_image: [b.png.subarray(0, 60), 'broken.png'] }),
    });
    expect(r.status).toBe(415);
  });

  it('refuses a GIF as a blog image (jpg, jpeg or png only)', async () => {
    const r = await api(s.url, '/api/blog/addblogs', {
      cookie,
      ...multipart({ title: 'T', case_category_id: String(categoryId), description: '<p>x</p>' }, { blog_image: [b.gif, 'cover.gif'] }),
    });
    expect(r.status).toBe(415);
  });

  it('refuses an image or an HTML file as a case file (pdf, doc, docx only)', async () => {
    for (const [bytes, name] of [
      [b.png, 'scan.pdf'],
      [b.html, 'judgment.pdf'],
    ] as const) {
      const r = await api(s.url, '/api/casedetails/addcasedetails', {
        cookie,
        ...caseDetailsBody(categoryId, caseId, [bytes, name]),
      });
      expect(r.status).toBe(415);
    }
    const ok = await api(s.url, '/api/casedetails/addcasedetails', {
      cookie,
      ...caseDetailsBody(categoryId, caseId, [b.docx, 'judgment']),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.case.case_file).toMatch(/^uploads\/casedetails\/[0-9a-f]{32}\.docx$/);
  });

  it('accepts an MP4 video as an event image and serves it as video/mp4', async () => {
    const r = await api(s.url, '/api/event/addEvent', {
      cookie,
      ...multipart({ event_title: 'Video', event_description: 'D' }, { event_image: [MP4, 'clip.mov'] }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.event.event_image).toMatch(/^uploads\/event\/[0-9a-f]{32}\.mp4$/);
    const res = await fetch(`${s.url}/${r.body.event.event_image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
  });

  it('serves stored images with their real type, nosniff and immutable caching', async () => {
    const r = await api(s.url, '/api/carousel/addcarousel', { cookie, ...multipart({}, { carousel_image: [b.jpg, 'photo.png'] }) });
    expect(r.body.carousel.carousel_image).toMatch(/\.jpg$/);
    const res = await fetch(`${s.url}/${r.body.carousel.carousel_image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('stored paths and the file host', () => {
  it('never derives a stored path from the client file name', async () => {
    const r = await api(s.url, '/api/gallery/addgallery', {
      cookie,
      ...multipart({ title: 'Traversal name' }, { gallery_image: [b.png, '../../../../site.db.png'] }),
    });
    expect(r.status).toBe(200);
    expect(r.body.gallery.gallery_image).toMatch(/^uploads\/gallery\/[0-9a-f]{32}\.png$/);
    for (const f of storedFiles(s.dataDir, 'uploads')) expect(f).toMatch(/^uploads\/[a-z]+\/[0-9a-f]{32}\.[a-z0-9]+$/);
    expect(readdirSync(s.dataDir).filter((f) => f.endsWith('.png'))).toEqual([]);
  });

  it('ignores a stored path sent by the client in place of a file', async () => {
    const add = await api(s.url, '/api/ourpatners/createPartner', { cookie, json: { partner_name: 'Sneaky', partner_image: '../site.db' } });
    expect(add.status).toBe(200);
    expect(add.body.partners.partner_image).toBeNull();
    const upd = await api(s.url, '/api/ourpatners/updatePartner', {
      cookie,
      json: { partner_id: add.body.partners.partner_id, partner_name: 'Sneaky', partner_image: 'private/consultations/x.pdf' },
    });
    expect(upd.body.partners.partner_image).toBeNull();
    const ev = await api(s.url, '/api/event/addEvent', {
      cookie,
      ...multipart(
        {
          event_title: 'Paths',
          event_description: 'D',
          speakers: speakersField({ speaker_name: 'X', image: '../../site.db' }),
        },
        { event_image: [b.png, 'e.png'] },
      ),
    });
    expect(ev.status).toBe(200);
    expect(ev.body.event.speakers[0].image).toBe('');
  });

  it.each([
    '/uploads/../site.db',
    '/uploads/%2e%2e/site.db',
    '/uploads/%2E%2E%2Fsite.db',
    '/uploads/..%2fsite.db',
    '/uploads/..%5csite.db',
    '/uploads/%252e%252e/site.db',
    '/uploads/carousel/../../site.db',
    '/uploads/./../site.db',
    '/uploads//etc/passwd',
    '/uploads/%2fetc%2fpasswd',
    '/uploads/..%2f..%2f..%2fetc%2fpasswd',
    '/uploads/../private/x.pdf',
  ])('gives nothing for %s', async (p) => {
    const r = await rawGet(s.url, p);
    expect(r.status).not.toBe(200);
    expect(r.body.toString('latin1')).not.toContain('SQLite format 3');
    expect(r.body.toString('latin1')).not.toContain('root:');
  });

  it('answers 404 for a missing upload', async () => {
    const r = await rawGet(s.url, '/uploads/carousel/00000000000000000000000000000000.png');
    expect(r.status).toBe(404);
  });

  it('serves /private/… only with a session (401 without)', async () => {
    for (const p of ['/private/consultations/x.pdf', '/private/../site.db', '/private/%2e%2e/site.db']) {
      const anon = await rawGet(s.url, p);
      expect(anon.status, p).not.toBe(200);
      expect(anon.body.toString('latin1')).not.toContain('SQLite format 3');
    }
    expect((await rawGet(s.url, '/private/consultations/x.pdf')).status).toBe(401);
    const signed = await rawGet(s.url, '/private/consultations/x.pdf', { cookie });
    expect(signed.status).toBe(404);
  });
});

describe('a failed write leaves no file and no row', () => {
  it('removes the stored blog image when the blog file is refused', async () => {
    const before = (await api(s.url, '/api/blog/getblogs')).body.blogs.length;
    const r = await api(s.url, '/api/blog/addblogs', {
      cookie,
      ...multipart(
        { title: 'Half', case_category_id: String(categoryId), description: '<p>x</p>' },
        { blog_image: [b.png, 'ok.png'], blog_file: [b.html, 'evil.pdf'] },
      ),
    });
    expect(r.status).toBe(415);
    expect(storedFiles(s.dataDir, 'uploads/blog')).toEqual([]);
    expect((await api(s.url, '/api/blog/getblogs')).body.blogs.length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('removes the event image and earlier speaker photos when a later speaker is invalid', async () => {
    const before = (await api(s.url, '/api/event/getAllEvents')).body.data.length;
    const eventFiles = storedFiles(s.dataDir, 'uploads/event');
    const r = await addEventWithSpeakers(
      s.url,
      cookie,
      { title: 'Half event', description: 'D', speakers: [{ speaker_name: 'A' }, { speaker_name: 'B', date: 'not a date' }] },
      { event_image: [b.png, 'e.png'], speaker_image_0: [b.png, 'a.png'] },
    );
    expect(r.status).toBe(400);
    expect(storedFiles(s.dataDir, 'uploads/event')).toEqual(eventFiles);
    expect(storedFiles(s.dataDir, 'uploads/speakers')).toEqual([]);
    expect((await api(s.url, '/api/event/getAllEvents')).body.data.length).toBe(before);
  });

  it('removes an earlier speaker photo when a later speaker photo is refused', async () => {
    const r = await addEventWithSpeakers(
      s.url,
      cookie,
      { title: 'Half event 2', description: 'D', speakers: [{ speaker_name: 'A' }, { speaker_name: 'B' }] },
      { event_image: [b.png, 'e.png'], speaker_image_0: [b.png, 'a.png'], speaker_image_1: [b.pdf, 'b.png'] },
    );
    expect(r.status).toBe(415);
    expect(storedFiles(s.dataDir, 'uploads/speakers')).toEqual([]);
  });

  it('keeps the old file and row when a replacement is refused', async () => {
    const add = await api(s.url, '/api/gallery/addgallery', { cookie, ...multipart({ title: 'Keep' }, { gallery_image: [b.png, 'k.png'] }) });
    const row = add.body.gallery;
    const r = await api(s.url, '/api/gallery/updateGallery', {
      cookie,
      ...multipart({ gallery_id: String(row.gallery_id), title: 'Changed' }, { gallery_image: [b.pdf, 'k.png'] }),
    });
    expect(r.status).toBe(415);
    expect(onDisk(s.dataDir, row.gallery_image)).toBe(true);
    const listed = (await api(s.url, '/api/gallery/getallGallery')).body.gallery.find((g: Json) => g.gallery_id === row.gallery_id);
    expect(listed).toMatchObject({ title: 'Keep', gallery_image: row.gallery_image });
  });

  it('stores nothing for a request refused for want of a session', async () => {
    const before = storedFiles(s.dataDir);
    const r = await api(s.url, '/api/carousel/addcarousel', { ...multipart({}, { carousel_image: [b.png, 'x.png'] }) });
    expect(r.status).toBe(401);
    expect(storedFiles(s.dataDir)).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('size limits (413)', () => {
  let small: TestServer;
  let smallCookie: string;
  beforeAll(async () => {
    small = await startServer({ env: { UPLOAD_MAX_IMAGE_MB: '0.01', UPLOAD_MAX_DOCUMENT_MB: '0.02', UPLOAD_MAX_VIDEO_MB: '0.05' } });
    smallCookie = await small.login();
  });
  afterAll(() => small.close());

  it('refuses an image above UPLOAD_MAX_IMAGE_MB and stores nothing', async () => {
    const png = await bigPng();
    expect(png.length).toBeGreaterThan(0.01 * 1024 * 1024);
    expect(png.length, 'under the largest limit, so the image limit is what refuses it').toBeLessThan(0.05 * 1024 * 1024);
    const r = await api(small.url, '/api/carousel/addcarousel', { cookie: smallCookie, ...multipart({}, { carousel_image: [png, 'big.png'] }) });
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/too large/);
    expect(r.body.message).toContain('10 KB');
    expect(storedFiles(small.dataDir)).toEqual([]);
    expect((await api(small.url, '/api/carousel/getallcarousel')).body.carousels).toEqual([]);
    expect(readdirSync(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });

  it('still accepts an image under the limit', async () => {
    const r = await api(small.url, '/api/carousel/addcarousel', { cookie: smallCookie, ...multipart({}, { carousel_image: [b.png, 'small.png'] }) });
    expect(r.status).toBe(200);
  });

  it('refuses a file above every limit while it streams in', async () => {
    const huge = Buffer.concat([b.pdf, Buffer.alloc(200 * 1024, 0x20)]);
    const r = await api(small.url, '/api/gallery/addgallery', { cookie: smallCookie, ...multipart({ title: 'x' }, { gallery_image: [huge, 'huge.png'] }) });
    expect(r.status).toBe(413);
    expect(storedFiles(small.dataDir, 'uploads/gallery')).toEqual([]);
    expect(readdirSync(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });
});
