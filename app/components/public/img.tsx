import { preload } from 'react-dom';
import { imageMetaOf, variantPath } from '../../../content/rules/image-variants';
import { fileUrl } from '../../lib/api';

/**
 * A stored public image with its responsive WebP variants (decision 0005): `srcset` from the row's
 * `image_meta`, and the original's true width and height so nothing shifts. Without meta (older
 * uploads) it shows the original with the given box size.
 */
export function Img({
  path,
  meta,
  alt,
  width,
  height,
  sizes,
  className,
  priority = false,
  preloadWhen,
}: {
  path: string;
  /** The row's `image_meta` (stored path → { width, height, widths }). */
  meta?: unknown;
  alt: string;
  /** Fallback box size when the row carries no meta for this path. */
  width: number;
  height: number;
  sizes: string;
  className?: string;
  /** The page's main image: loaded eagerly with high priority. */
  priority?: boolean;
  /**
   * A media query under which the image is in the first view although it is not on a phone: it stays lazy
   * (no request before the first paint on a phone, where it is below the fold), and a `<link rel="preload"
   * media>` in the head fetches it early on screens that match (decision 0108).
   */
  preloadWhen?: string;
}) {
  const m = imageMetaOf(meta, path);
  const src = fileUrl(path);
  const candidates = m ? m.widths.map((w) => `${fileUrl(variantPath(path, w))} ${w}w`) : [];
  if (m && candidates.length && !m.widths.includes(m.width)) candidates.push(`${src} ${m.width}w`);
  if (preloadWhen && !priority)
    preload(src, {
      as: 'image',
      fetchPriority: 'high',
      media: preloadWhen,
      ...(candidates.length ? { imageSrcSet: candidates.join(', '), imageSizes: sizes } : {}),
    });
  return (
    <img
      src={src}
      srcSet={candidates.length ? candidates.join(', ') : undefined}
      sizes={candidates.length ? sizes : undefined}
      width={m?.width ?? width}
      height={m?.height ?? height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
