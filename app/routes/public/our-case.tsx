import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { CategoryCard } from '../../components/public/cards';
import { ListView } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { attempt, str } from '../../components/public/site';
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
      <ListView items={categories.value} error={categories.error} empty="No case category found.">
        {(items) => (
          <ul className="row g-4 list-unstyled mb-0">
            {items.map((c) => (
              <li className="col-sm-6 col-lg-4 col-xl-3" key={str(c.case_category_id)}>
                <CategoryCard c={c} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </ListView>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
