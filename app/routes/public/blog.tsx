import { resourceByKey } from '../../../content/resources/index';
import { BlogCard, blogCardRow } from '../../components/public/cards';
import { listPage } from '../../components/public/list-page';

// Each blog as its card shows it (cards.tsx): the articles' bodies stay out of the page.
const blogs = listPage(resourceByKey.blog, { rows: blogCardRow, item: (b) => <BlogCard b={b} /> });

export const loader = blogs.loader;
export const meta = blogs.meta;
export default blogs.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
