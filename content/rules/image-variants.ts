/**
 * Responsive image variants (decision 0005). Every stored public image `uploads/<group>/<name>.<ext>`
 * has WebP copies `uploads/<group>/<name>-<w>.webp` for each width w of VARIANT_WIDTHS not larger than the
 * original (never upscaled). Rows that hold images carry `image_meta`: stored path → { width, height, widths }.
 * Shared by the server (which writes the variants) and the public pages (which build srcset from them).
 */

export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Dimensions of a stored original and the widths of the variants made from it. */
export interface ImageMeta {
  width: number;
  height: number;
  widths: number[];
}

/** `image_meta` of a row: stored path of an original → its dimensions and variants. */
export type ImageMetaMap = Record<string, ImageMeta>;

const IMAGE_EXT = /\.(jpe?g|png|webp|gif)$/i;

/** True for a stored path that names an image format variants are made for. */
export function isImagePath(stored: string): boolean {
  return IMAGE_EXT.test(stored);
}

/** The widths of the variants made for an original of this width (never wider than it). */
export function variantWidths(originalWidth: number): number[] {
  return VARIANT_WIDTHS.filter((w) => w <= originalWidth);
}

/** The stored path of one variant of an original. */
export function variantPath(stored: string, width: number): string {
  return stored.replace(IMAGE_EXT, `-${width}.webp`);
}

/** Every path a variant of this original could have (for removal, whether or not it exists). */
export function allVariantPaths(stored: string): string[] {
  return isImagePath(stored) ? VARIANT_WIDTHS.map((w) => variantPath(stored, w)) : [];
}

/** Reads one entry of a row's `image_meta`, tolerating anything malformed (a missing entry is null). */
export function imageMetaOf(meta: unknown, stored: string): ImageMeta | null {
  if (!meta || typeof meta !== 'object' || !stored) return null;
  const m: unknown = Object.entries(meta).find(([path]) => path === stored)?.[1];
  if (!m || typeof m !== 'object') return null;
  const { width, height, widths } = m as Partial<ImageMeta>;
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return null;
  return { width, height, widths: Array.isArray(widths) ? widths.filter((w) => typeof w === 'number' && w <= width) : [] };
}
