import { altOf } from '@content/alt';
import { publicDate, useT } from '../../lib/i18n';
import { Link } from 'react-router';
import type { EventStatus } from '../../../content/rules/event-timing';
import { canReadMore } from '../../../content/rules/event-timing';
import { blogPreview, eventPreview } from '../../../content/rules/preview';
import { eventPath } from '../../../content/rules/slug';
import { fileUrl } from '../../lib/api';
import { EventStatusView } from './event-status';
import type { BlogRow, CaseCategoryRow, EventRow } from './site';
import { Img } from './img';
import { RowImg } from './row-img';

export const isVideo = (path: string): boolean => /\.(mp4|mov)$/i.test(path);

/** A case category card: goes to /our-case-details/{categoryId}. */
export function CategoryCard({ c, headingLevel = 3 }: { c: CaseCategoryRow; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2' | 'h3';
  const { lp } = useT();
  const name = c.case_name ?? '';
  return (
    <article className="card category-card h-100">
      {c.case_image ? (
        <RowImg row={c} field="case_image" slot="categoryCard" className="card-img-top" />
      ) : (
        <div className="category-mark card-img-top" aria-hidden="true">
          {name.charAt(0)}
        </div>
      )}
      <div className="card-body">
        <H className="card-title h5 mb-0">
          <Link to={lp(`/our-case-details/${c.case_category_id ?? ''}`)} className="stretched-link">
            {name}
          </Link>
        </H>
      </div>
    </article>
  );
}

/** A card's 'Read More' link; the card's title follows it for screen readers only. */
function ReadMore({ to, label, title }: { to: string; label: string; title: string }) {
  return (
    <Link to={to} className="btn btn-outline-primary btn-sm mt-auto align-self-start">
      {label}
      <span className="visually-hidden">: {title}</span>
    </Link>
  );
}

/** A blog card: image, category, date, preview and 'Read More'. */
/**
 * What a blog card shows, and nothing more: the list page's loader sends this instead of whole rows, so
 * the full article bodies stay out of the page's HTML and its hydration data.
 */
export type BlogCardRow = Pick<
  BlogRow,
  'blog_id' | 'title' | 'created_at' | 'blog_image' | 'image_meta' | 'case_name'
> & { preview: string };

export function blogCardRow(b: BlogRow): BlogCardRow {
  return {
    blog_id: b.blog_id,
    title: b.title,
    created_at: b.created_at,
    blog_image: b.blog_image,
    image_meta: b.image_meta,
    case_name: b.case_name,
    preview: blogPreview(b.description ?? ''),
  };
}

/** A blog card from `blogCardRow`. */
export function BlogCard({ b }: { b: BlogCardRow }) {
  const id = b.blog_id ?? '';
  const title = b.title ?? '';
  const { t, locale, lp } = useT();
  const date = publicDate(locale, b.created_at ?? '');
  return (
    <article className="card blog-card h-100">
      {(b.blog_image ?? '') && <RowImg row={b} field="blog_image" slot="blogCard" className="card-img-top" />}
      <div className="card-body d-flex flex-column">
        <p className="card-meta small mb-2">
          {(b.case_name ?? '') && <span className="badge text-bg-light me-2">{b.case_name ?? ''}</span>}
          {date && <time dateTime={(b.created_at ?? '').slice(0, 10)}>{date}</time>}
        </p>
        <h2 className="card-title h5">{title}</h2>
        <p className="card-text blog-preview">{b.preview ?? ''}</p>
        <ReadMore to={lp(`/blog-details/${id}`)} label={t('cards.readMore')} title={title} />
      </div>
    </article>
  );
}

/** Where an event's picture or video stands: in its card of the list, or at the top of its page. */
const EVENT_MEDIA = {
  card: {
    width: 640,
    height: 360,
    sizes: '(min-width: 1200px) 33vw, (min-width: 768px) 50vw, 100vw',
    videoClass: 'card-img-top',
    imageClass: 'card-img-top',
  },
  page: {
    width: 960,
    height: 540,
    sizes: '(min-width: 992px) 760px, 100vw',
    videoClass: 'w-100 mb-4',
    imageClass: 'img-fluid mb-4 event-hero',
  },
} as const;

/**
 * An event's stored picture, or its video (.mp4, .mov) with controls, in the box of its place (`at`);
 * nothing when the event has neither. The page's picture is its main image (loaded first).
 */
export function EventMedia({
  e,
  title,
  at,
  alt,
}: {
  e: EventRow;
  title: string;
  at: keyof typeof EVENT_MEDIA;
  alt: string;
}) {
  const media = e.event_image ?? '';
  if (!media) return null;
  const { width, height, sizes, videoClass, imageClass } = EVENT_MEDIA[at];
  return isVideo(media) ? (
    <video
      src={fileUrl(media)}
      controls
      preload="metadata"
      width={width}
      height={height}
      className={videoClass}
      aria-label={`Video: ${title}`}
    />
  ) : (
    <Img
      path={media}
      meta={e.image_meta}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      className={imageClass}
      priority={at === 'page'}
    />
  );
}

/**
 * An event card: media, title, dates, preview, countdown and 'Read More' when the event is complete. `href`: the
 * event's page in this locale (decision 0082), without the locale prefix; its English page when not given.
 */
export function EventCard({ e, status, href }: { e: EventRow; status: EventStatus | null; href?: string | null }) {
  const title = e.event_title ?? '';
  const { t, locale, lp } = useT();
  const start = publicDate(locale, e.event_start_date ?? '');
  const end = publicDate(locale, e.event_end_date ?? '');
  return (
    <article className="card event-card h-100" data-event-id={e.event_id ?? ''}>
      <EventMedia e={e} title={title} at="card" alt={altOf(e, 'event_image', '')} />
      <div className="card-body d-flex flex-column gap-2">
        <h2 className="card-title h5 mb-0">{title}</h2>
        {start && (
          <p className="card-meta small mb-0">
            {start}
            {end && end !== start ? ` – ${end}` : ''}
            {(e.event_address ?? '') ? ` · ${e.event_address ?? ''}` : ''}
          </p>
        )}
        <p className="card-text event-preview mb-0">{eventPreview(e.event_description ?? '')}</p>
        <EventStatusView event={e} initial={status} where="list" />
        {canReadMore(e) && <ReadMore to={lp(href ?? eventPath(title))} label={t('cards.readMore')} title={title} />}
      </div>
    </article>
  );
}
