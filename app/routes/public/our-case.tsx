import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { CategoryCard } from '../../components/public/cards';
import { ListGrid } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { attempt } from '../../components/public/site';
import type { Route } from './+types/our-case';

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const categories = await attempt(
    () => s.content.list(resourceByKey.caseCategory),
    'Failed to fetch categories',
    [],
    s.log,
  );
  return { categories };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Our Cases',
    description: 'The kinds of matters the firm handles, by practice area, with write-ups of representative cases.',
    path: '/our-case',
  });
}

export default function OurCase() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <Page title="Our Cases" lead="Choose a practice area to read about the matters we handle." side={false}>
      <ListGrid
        items={categories.value}
        error={categories.error}
        empty="No case category found."
        col="col-sm-6 col-lg-4 col-xl-3"
        keyOf={(c) => c.case_category_id}
      >
        {(c) => <CategoryCard c={c} headingLevel={2} />}
      </ListGrid>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
