import { altOf } from '@content/alt';
import { data, useLoaderData } from 'react-router';
import { formatPublicDate } from '../../../content/rules/dates';
import { stripTags } from '../../../content/rules/preview';
import { resourceByKey } from '../../../content/resources/index';
import { Attachment } from '../../components/public/attachment';
import { PrintButton } from '../../components/public/print-button';
import { Page } from '../../components/public/page';
import { layoutFromMatches, notFoundMeta, seo } from '../../components/public/seo';
import { usePublicData, type BlogRow } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import type { Route } from './+types/blog-details';
import { Img } from '../../components/public/img';

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const raw = params.blog_id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  let blog: BlogRow | null;
  try {
    blog = id > 0 ? await s.content.get(resourceByKey.blog, id) : null;
  } catch (err) {
    s.log.error({ err }, 'Error fetching blog');
    throw data({ message: 'Error fetching blog' }, { status: 500 });
  }
  if (!blog) throw data({ message: 'Blog not found' }, { status: 404 });
  return { blog };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta();
  const b = loaderData.blog;
  const layout = layoutFromMatches(matches);
  const title = b.title ?? '';
  const path = `/blog-details/${b.blog_id ?? ''}`;
  const text = stripTags(b.description ?? '');
  const image = (b.blog_image ?? '') ? fileUrl(b.blog_image ?? '') : undefined;
  return seo(matches, {
    title,
    description: (text || `${title}: an article by ${layout?.settings.firmName ?? 'the firm'}.`).slice(0, 160),
    path,
    image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: title,
        ...(text ? { description: text.slice(0, 300) } : {}),
        datePublished: (b.created_at ?? '') || undefined,
        dateModified: (b.updated_at ?? '') || undefined,
        articleSection: (b.case_name ?? '') || undefined,
        ...(image && layout ? { image: [layout.origin + image] } : {}),
        mainEntityOfPage: layout ? layout.origin + path : path,
        ...(layout
          ? {
              author: { '@type': 'Organization', name: layout.settings.firmName, url: layout.origin + '/' },
              publisher: { '@type': 'Organization', name: layout.settings.firmName, url: layout.origin + '/' },
            }
          : {}),
      },
    ],
  });
}

export default function BlogDetails() {
  const { blog: b } = useLoaderData<typeof loader>();
  const { origin } = usePublicData();
  const title = b.title ?? '';
  const date = formatPublicDate(b.created_at ?? '');
  return (
    <Page title={title} crumbs={[{ to: '/blog', label: 'Blog' }]}>
      <article className="blog-article">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <p className="card-meta mb-0">
            {(b.case_name ?? '') && <span className="badge text-bg-light me-2">{b.case_name ?? ''}</span>}
            {date && <time dateTime={(b.created_at ?? '').slice(0, 10)}>{date}</time>}
          </p>
          <PrintButton />
        </div>
        {(b.blog_image ?? '') && (
          <Img
            path={b.blog_image ?? ''}
            meta={b.image_meta}
            alt={altOf(b, 'blog_image', title)}
            width={960}
            height={600}
            sizes="(min-width: 992px) 760px, 100vw"
            className="img-fluid mb-4 blog-hero"
            priority
          />
        )}
        {(b.description ?? '') && (
          <div className="rich-content" dangerouslySetInnerHTML={{ __html: b.description ?? '' }} />
        )}
        {(b.blog_file ?? '') && <Attachment path={b.blog_file ?? ''} title={title} origin={origin} />}
      </article>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
