import { describe, expect, it } from 'vitest';
import { signedInServer } from '../helpers/server';
import { api, multipart, sampleBytes } from '../helpers/api-helpers';

/**
 * Alt text beside every image (decision 0024) over real HTTP: the spec's call (no alt text)
 * gets the title as alt text and the row is flagged; the admin form's call (with alt text) is stored unflagged;
 * the public page carries the alt text; the work list lists the flagged image; an update with alt text clears it.
 */
const { s, cookie } = await signedInServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
const b = await sampleBytes();

interface WorkItem { group: string; id: number; title: string; adminPath: string }
const worklist = async () => (await api(s.url, '/api/content-worklist', { cookie })).body.missingAlt as WorkItem[];
const html = async (p: string) => (await fetch(`${s.url}${p}`)).text();

describe('alt text of images', () => {
  it('defaults and flags it on the spec’s call, keeps the form’s own, shows it on the page, lists and clears the flag', async () => {
    // The spec's call: no alt text → the title, flagged, on the dashboard's work list.
    const spec = await api(s.url, '/api/gallery/addgallery', {
      cookie,
      payload: multipart({ title: 'Annual bar dinner' }, { gallery_image: [b.jpg, 'dinner.jpg'] }),
    });
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    const specRow = spec.body.gallery as Record<string, unknown>;
    expect(specRow.gallery_image).toEqual(expect.any(String));
    expect(specRow.gallery_image_alt).toBe('Annual bar dinner');
    expect(specRow.alt_flagged).toBe(1);
    const specId = Number(specRow.gallery_id);
    const listed = (await worklist()).find((i) => i.group === 'gallery' && i.id === specId);
    expect(listed).toMatchObject({ title: 'Annual bar dinner', adminPath: '/admin-side-bar/gallery' });

    // The admin form's call: its alt text is stored as written, not flagged, and is on the public page.
    const alt = 'Partners raising a toast in the firm’s library';
    const form = await api(s.url, '/api/gallery/addgallery', {
      cookie,
      payload: multipart({ title: 'Library evening', gallery_image_alt: alt }, { gallery_image: [b.png, 'library.png'] }),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.gallery).toMatchObject({ gallery_image_alt: alt, alt_flagged: 0 });
    const formId = Number(form.body.gallery.gallery_id);
    expect((await worklist()).some((i) => i.group === 'gallery' && i.id === formId)).toBe(false);
    const page = await html('/gallery');
    expect(page).toContain(`alt="Partners raising a toast in the firm’s library"`);
    // The spec's row still only has the title's default: the caption names it, the image stays decorative.
    expect(page).not.toContain('alt="Annual bar dinner"');

    // The spec's list call keeps its keys; alt text is an addition.
    const list = (await api(s.url, '/api/gallery/getallGallery')).body.gallery as Record<string, unknown>[];
    expect(list.find((g) => g.gallery_id === formId)).toMatchObject({ title: 'Library evening', gallery_image_alt: alt });

    // An update through the spec's call without alt keeps the default and the flag ...
    const keep = await api(s.url, '/api/gallery/updateGallery', {
      cookie,
      payload: multipart({ gallery_id: String(specId), title: 'Annual bar dinner 2026' }),
    });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(keep.body.gallery).toMatchObject({ alt_flagged: 1, gallery_image_alt: 'Annual bar dinner' });
    // ... a new image without alt text is flagged again with the new title ...
    const replaced = await api(s.url, '/api/gallery/updateGallery', {
      cookie,
      payload: multipart({ gallery_id: String(specId), title: 'Annual bar dinner 2026' }, { gallery_image: [b.png, 'new.png'] }),
    });
    expect(replaced.body.gallery).toMatchObject({ alt_flagged: 1, gallery_image_alt: 'Annual bar dinner 2026' });
    // ... and an update with alt text clears the flag: off the work list, on the page.
    const fixed = await api(s.url, '/api/gallery/updateGallery', {
      cookie,
      payload: multipart({ gallery_id: String(specId), title: 'Annual bar dinner 2026', gallery_image_alt: 'Guests seated at long tables under chandeliers' }),
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.gallery).toMatchObject({ alt_flagged: 0, gallery_image_alt: 'Guests seated at long tables under chandeliers' });
    expect((await worklist()).some((i) => i.group === 'gallery' && i.id === specId)).toBe(false);
    expect(await html('/gallery')).toContain('alt="Guests seated at long tables under chandeliers"');

    // Too long an alt text is a clear 400 that changes nothing.
    const long = await api(s.url, '/api/gallery/updateGallery', {
      cookie,
      payload: multipart({ gallery_id: String(specId), title: 'Annual bar dinner 2026', gallery_image_alt: 'x'.repeat(301) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Alt text must be at most 300 characters.');
    const after = (await api(s.url, '/api/gallery/getallGallery')).body.gallery as Record<string, unknown>[];
    expect(after.find((g) => g.gallery_id === specId)).toMatchObject({ gallery_image_alt: 'Guests seated at long tables under chandeliers' });
  });

  it('a group whose rows have no title defaults from its name (carousel through the spec’s call)', async () => {
    const r = await api(s.url, '/api/carousel/addcarousel', { cookie, payload: multipart({}, { carousel_image: [b.jpg, 'slide.jpg'] }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = Object.values(r.body).find((v): v is Record<string, unknown> => !!v && typeof v === 'object' && 'carousel_id' in v)!;
    expect(row).toMatchObject({ carousel_image_alt: 'Carousel image', alt_flagged: 1 });
    expect((await worklist()).some((i) => i.group === 'carousel' && i.id === Number(row.carousel_id))).toBe(true);
  });
});
