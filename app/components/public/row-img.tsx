import { altOf } from '@content/alt';
import type { SiteRow } from '../../../content/kit';
import { Img } from './img';

/**
 * Where the server-rendered pages show a row's stored image: the box it fills when the row carries no size
 * for it (older uploads), and its `sizes` for the browser's choice among the variants (decision 0005).
 */
const SLOTS = {
  categoryCard: { width: 480, height: 300, sizes: '(min-width: 1200px) 25vw, (min-width: 576px) 50vw, 100vw' },
  blogCard: { width: 640, height: 400, sizes: '(min-width: 768px) 380px, 100vw' },
  galleryCard: { width: 640, height: 480, sizes: '(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw' },
} as const;

/**
 * A row's image in its file field `field`, with the row's variants and the row's alt text (content/alt.ts;
 * `alt`: the page's own fallback, '' where a caption or title beside the image names it).
 */
export function RowImg<Row extends SiteRow>({
  row,
  field,
  slot,
  alt = '',
  className,
}: {
  row: Row;
  field: keyof Row & string;
  slot: keyof typeof SLOTS;
  alt?: string;
  className?: string;
}) {
  const path = row[field];
  return (
    <Img
      path={typeof path === 'string' ? path : ''}
      meta={row.image_meta}
      alt={altOf(row, field, alt)}
      {...SLOTS[slot]}
      className={className}
    />
  );
}
