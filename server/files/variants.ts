import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadSharp } from './sharp';
import { allVariantPaths, variantPath, variantWidths, type ImageMeta } from '../../content/rules/image-variants';
import type { FileStore } from './store';
import type { Database } from '../database';

export type { ImageMeta };

/** WebP cannot hold a side longer than this; a variant that would be taller is not made. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 78;

/**
 * Writes the responsive WebP variants of a checked image (a temporary file already decoded and
 * re-encoded) next to the original's future stored path `rel`, through the FileStore (put only).
 * Returns the meta to record. A failure removes every variant already stored and leaves no temporary file.
 */
export async function writeVariants(
  store: FileStore,
  source: string,
  rel: string,
  dims: { width: number; height: number; animated?: boolean },
): Promise<{ meta: ImageMeta; written: string[] }> {
  const widths = variantWidths(dims.width).filter((w) => Math.round((dims.height * w) / dims.width) <= WEBP_MAX_SIDE);
  const written: string[] = [];
  const tmps: string[] = [];
  try {
    const sharp = await loadSharp();
    for (const w of widths) {
      const tmp = path.join(store.tmpDir, `variant-${randomBytes(12).toString('hex')}.webp`);
      tmps.push(tmp);
      await sharp(source, { animated: !!dims.animated, failOn: 'error' })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toFile(tmp);
      const dest = variantPath(rel, w);
      await store.put(tmp, dest);
      written.push(dest);
    }
  } catch (err) {
    await Promise.all(written.map((p) => store.remove(p).catch(() => undefined)));
    throw err;
  } finally {
    await Promise.all(tmps.map((t) => rm(t, { force: true })));
  }
  return { meta: { width: dims.width, height: dims.height, widths }, written };
}

/** Removes a stored file and, for an image, every variant it may have. Missing files are not an error. */
export async function removeWithVariants(store: FileStore, rel: string): Promise<void> {
  await Promise.all([rel, ...allVariantPaths(rel)].map((p) => store.remove(p).catch(() => undefined)));
}

/* ---------- image_meta rows (migration 0005) ---------- */

const CHUNK = 500;

/** Records the meta of newly stored images (inside the write's transaction). */
export async function saveImageMeta(db: Kysely<Database>, entries: Iterable<[string, ImageMeta]>, now: string): Promise<void> {
  for (const [p, m] of entries) {
    await db
      .insertInto('image_meta')
      .values({ path: p, width: m.width, height: m.height, widths: m.widths.join(','), created_at: now })
      .onConflict((oc) => oc.column('path').doUpdateSet({ width: m.width, height: m.height, widths: m.widths.join(',') }))
      .execute();
  }
}

/** Forgets the meta of images that are no longer stored. */
export async function deleteImageMeta(db: Kysely<Database>, paths: Iterable<string>): Promise<void> {
  const list = [...new Set(paths)].filter(Boolean);
  for (let i = 0; i < list.length; i += CHUNK) {
    await db.deleteFrom('image_meta').where('path', 'in', list.slice(i, i + CHUNK)).execute();
  }
}

/** The meta of the given stored paths (those without a record are absent). */
export async function loadImageMeta(db: Kysely<Database>, paths: Iterable<string>): Promise<Map<string, ImageMeta>> {
  const list = [...new Set(paths)].filter(Boolean);
  const out = new Map<string, ImageMeta>();
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .selectFrom('image_meta')
      .select(['path', 'width', 'height', 'widths'])
      .where('path', 'in', list.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const widths = String(r.widths ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number)
        .filter((n) => Number.isFinite(n));
      out.set(String(r.path), { width: Number(r.width), height: Number(r.height), widths });
    }
  }
  return out;
}
