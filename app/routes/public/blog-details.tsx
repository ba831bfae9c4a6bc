import { altOf } from '@content/alt';
import { data, useLoaderData } from 'react-router';
import { stripTags } from '../../../content/rules/preview';
import { resourceByKey } from '../../../content/resources/index';
import { Attachment } from '../../components/public/attachment';
import { PrintButton } from '../../components/public/print-button';
import { Page } from '../../components/public/page';
import { layoutFromMatches, metaT, notFoundMeta, seo } from '../../components/public/seo';
import { usePublicData, type BlogRow } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import type { Route } from './+types/blog-details';
import { Img } from '../../components/public/img';
import { pageRows, publishedLocales } from '../../components/public/translation';
import { publicDate, useT } from '../../lib/i18n';

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
  return { blog, published: await publishedLocales(s, pageRows(resourceByKey.blog, id)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const b = loaderData.blog;
  const layout = layoutFromMatches(matches);
  const title = b.title ?? '';
  const path = `/blog-details/${b.blog_id ?? ''}`;
  const text = stripTags(b.description ?? '');
  const image = (b.blog_image ?? '') ? fileUrl(b.blog_image ?? '') : undefined;
  return seo(matches, {
    title,
    description: (text || metaT(matches)('page.blog.byFirm', { title, firm: layout?.settings.firmName ?? '' })).slice(0, 160),
    path,
    image,
    type: 'article',
    published: loaderData.published,
  });
}

export default function BlogDetails() {
  const { blog: b, published } = useLoaderData<typeof loader>();
  const { origin } = usePublicData();
  const { t, locale } = useT();
  const title = b.title ?? '';
  const date = publicDate(locale, b.created_at ?? '');
  return (
    <Page title={title} crumbs={[{ to: '/blog', label: t('nav.blog') }]} published={published}>
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
