import { resourceByKey } from '../../../content/resources/index';
import { CategoryCard } from '../../components/public/cards';
import { listPage } from '../../components/public/list-page';

const categories = listPage(resourceByKey.caseCategory, { item: (c) => <CategoryCard c={c} headingLevel={2} /> });

export const loader = categories.loader;
export const meta = categories.meta;
export default categories.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
