import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { BlogCard, blogCardRow } from '../../components/public/cards';
import { ListGrid } from '../../components/public/list-state';
import { loadListPage, Pager, pagePath } from '../../components/public/pager';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import type { Route } from './+types/blog';

export async function loader({ context, request }: Route.LoaderArgs) {
  const {
    list: blogs,
    page,
    pages,
  } = await loadListPage(context.services, request, resourceByKey.blog, 'Failed to load blogs');
  return { blogs: { ...blogs, value: blogs.value.map(blogCardRow) }, page, pages };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seo(matches, {
    title: page > 1 ? `Blog, page ${page}` : 'Blog',
    description:
      'Articles by the firm’s lawyers explaining the law on property, family, consumer, employment and criminal matters.',
    path: pagePath('/blog', page),
  });
}

export default function Blog() {
  const { blogs, page, pages } = useLoaderData<typeof loader>();
  return (
    <Page title="Blog" lead="Notes on the law, written for the people it affects.">
      <ListGrid
        items={blogs.value}
        error={blogs.error}
        empty="No blogs available."
        col="col-md-6"
        keyOf={(b) => b.blog_id}
      >
        {(b) => <BlogCard b={b} />}
      </ListGrid>
      <Pager path="/blog" page={page} pages={pages} label="Blog" />
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
