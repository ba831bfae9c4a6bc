/**
 * Responsive image variants (decision 0005): every stored public image gets WebP copies at
 * 480, 960 and 1600 px wide (never wider than the original), served with the immutable cache header,
 * described in `image_meta`, removed with the original, and never left behind by a failed write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { variantPath } from '../../content/rules/image-variants';
import { LocalFileStore } from '../../server/files/store';
import { writeVariants } from '../../server/files/variants';
import { jpgBytes, pngBytes } from '../helpers/files';
import { signedInServer } from '../helpers/server';
import { api, multipart, onDisk, storedFiles } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer({ pages: true });

async function metaRow(p: string) {
  return s.services.store.db.selectFrom('image_meta').selectAll().where('path', '=', p).executeTakeFirst();
}

describe('image variants at upload', () => {
  it('makes 480, 960 and 1600 px WebP variants of a wide image and serves them as immutable', async () => {
    const r = await api(s.url, '/api/gallery/addgallery', {
      cookie,
      ...multipart({ title: 'Wide' }, { gallery_image: [await jpgBytes(2000, 1000), 'wide.jpg'] }),
    });
    expect(r.status).toBe(200);
    const stored: string = r.body.gallery.gallery_image;
    // The spec's key still holds the original's stored path.
    expect(stored).toMatch(/^uploads\/gallery\/[0-9a-f]{32}\.jpg$/);
    expect(r.body.gallery.image_meta).toEqual({ [stored]: { width: 2000, height: 1000, widths: [480, 960, 1600] } });

    for (const w of [480, 960, 1600]) {
      const res = await fetch(`${s.url}/${variantPath(stored, w)}`);
      expect(res.status, `${w} variant`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const m = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(m.format).toBe('webp');
      expect(m.width).toBe(w);
      expect(m.height).toBe(w / 2);
    }
    const original = await fetch(`${s.url}/${stored}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toContain('immutable');

    // The public list carries the same meta.
    const list = await api(s.url, '/api/gallery/getallGallery');
    const row = list.body.gallery.find((g: { gallery_image: string }) => g.gallery_image === stored);
    expect(row.image_meta[stored].widths).toEqual([480, 960, 1600]);
  });

  it('never upscales: a 700 px image gets only the 480 variant, a small one none', async () => {
    const mid = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [await pngBytes(700, 350), 'mid.png'] }),
    });
    const midPath: string = mid.body.carousel.carousel_image;
    expect(mid.body.carousel.image_meta[midPath]).toEqual({ width: 700, height: 350, widths: [480] });
    expect(onDisk(s.dataDir, variantPath(midPath, 480))).toBe(true);
    expect(onDisk(s.dataDir, variantPath(midPath, 960))).toBe(false);
    expect((await fetch(`${s.url}/${variantPath(midPath, 960)}`)).status).toBe(404);

    const small = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [await pngBytes(300, 200), 'small.png'] }),
    });
    const smallPath: string = small.body.carousel.carousel_image;
    expect(small.body.carousel.image_meta[smallPath]).toEqual({ width: 300, height: 200, widths: [] });
    expect(storedFiles(s.dataDir, 'uploads/carousel').filter((f) => f.startsWith(smallPath.replace(/\.png$/, '')))).toEqual([smallPath]);
  });

  it('removes the variants and the meta with the original on replace and on delete', async () => {
    const add = await api(s.url, '/api/ourpatners/createPartner', {
      cookie,
      ...multipart({ partner_name: 'Variants LLP' }, { partner_image: [await pngBytes(1000, 500), 'logo.png'] }),
    });
    const first: string = add.body.partners.partner_image;
    const id = add.body.partners.partner_id;
    expect(onDisk(s.dataDir, variantPath(first, 960))).toBe(true);
    expect(await metaRow(first)).toBeTruthy();

    const upd = await api(s.url, '/api/ourpatners/updatePartner', {
      cookie,
      ...multipart({ partner_id: String(id) }, { partner_image: [await pngBytes(600, 300), 'logo2.png'] }),
    });
    expect(upd.status).toBe(200);
    const second: string = upd.body.partners.partner_image;
    expect(second).not.toBe(first);
    for (const p of [first, variantPath(first, 480), variantPath(first, 960)]) expect(onDisk(s.dataDir, p), p).toBe(false);
    expect(await metaRow(first)).toBeUndefined();
    expect(onDisk(s.dataDir, variantPath(second, 480))).toBe(true);

    const del = await api(s.url, '/api/ourpatners/deletepartner', { cookie, json: { partner_id: id } });
    expect(del.status).toBe(200);
    for (const p of [second, variantPath(second, 480)]) expect(onDisk(s.dataDir, p), p).toBe(false);
    expect(await metaRow(second)).toBeUndefined();
  });

  it('makes variants of speaker photos, and a refused event leaves no original, variant or meta behind', async () => {
    const before = storedFiles(s.dataDir);
    const form = multipart(
      { event_title: 'Refused Talk', event_description: 'A second speaker is not an object', speakers: JSON.stringify([{ speaker_name: 'Ada' }, 'not a speaker']) },
      { event_image: [await jpgBytes(1200, 800), 'e.jpg'], speaker_image_0: [await jpgBytes(600, 600), 'ada.jpg'] },
    );
    const refused = await api(s.url, '/api/event/addEvent', { cookie, ...form });
    expect(refused.status).toBe(400);
    expect(storedFiles(s.dataDir)).toEqual(before);
    expect(await s.services.store.db.selectFrom('image_meta').select('path').where('path', 'like', 'uploads/speakers/%').execute()).toEqual([]);

    const ok = await api(s.url, '/api/event/addEvent', {
      cookie,
      ...multipart(
        { event_title: 'Photo Talk', event_description: 'Speaker photo variants', speakers: JSON.stringify([{ speaker_name: 'Ada' }]) },
        { event_image: [await jpgBytes(1200, 800), 'e.jpg'], speaker_image_0: [await jpgBytes(600, 600), 'ada.jpg'] },
      ),
    });
    expect(ok.status).toBe(200);
    const event = (await api(s.url, '/api/event/getAllEvents')).body.data.find((e: { event_title: string }) => e.event_title === 'Photo Talk');
    const photo: string = event.speakers[0].image;
    expect(photo).toMatch(/^uploads\/speakers\//);
    expect(event.image_meta[photo]).toEqual({ width: 600, height: 600, widths: [480] });
    expect(event.image_meta[event.event_image]).toEqual({ width: 1200, height: 800, widths: [480, 960] });
    expect((await fetch(`${s.url}/${variantPath(photo, 480)}`)).status).toBe(200);
  });
});

describe('writeVariants', () => {
  it('removes the variants it stored when a later one cannot be stored', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-variants-'));
    try {
      const store = new LocalFileStore(dir);
      await store.init();
      let puts = 0;
      const failing = Object.create(store) as LocalFileStore;
      failing.put = async (tmp, rel) => {
        if (++puts === 2) throw new Error('disk full');
        return store.put(tmp, rel);
      };
      const src = path.join(store.tmpDir, 'src.png');
      await sharp(await pngBytes(1700, 850)).toFile(src);
      const rel = 'uploads/gallery/abc.png';
      await expect(writeVariants(failing, src, rel, { width: 1700, height: 850 })).rejects.toThrow('disk full');
      expect(storedFiles(dir)).toEqual([]);
      // No temporary variant is left either (only the source remains).
      expect(storedFiles(dir, 'tmp')).toEqual(['tmp/src.png']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
