import { Link, useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { ListView } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { rowFromParam } from '../../components/public/pager';
import { metaT, notFoundMeta, seo } from '../../components/public/seo';
import { Trans } from '@lingui/react';
import { attempt } from '../../components/public/site';
import type { Route } from './+types/our-case-details';
import { pageRows, publishedLocales } from '../../components/public/translation';
import { useT } from '../../lib/i18n';

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const category = await rowFromParam(s, resourceByKey.caseCategory, params.categoryId, 'No case category found.');
  const id = Number(category.case_category_id);
  const cases = await attempt(() => s.content.casesByCategory(id), 'Failed to fetch case details.', [], s.log);
  const rows = pageRows(resourceByKey.caseCategory, id);
  return { category, cases, published: await publishedLocales(s, rows) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const name = loaderData.category.case_name ?? '';
  const t = metaT(matches);
  return seo(matches, {
    title: t('page.category.title', { name }),
    description: t('page.category.description', { name, count: loaderData.cases.value.length }),
    path: `/our-case-details/${params.categoryId}`,
    published: loaderData.published,
  });
}

export default function OurCaseDetails() {
  const { category, cases, published } = useLoaderData<typeof loader>();
  const { t, lp } = useT();
  const name = category.case_name ?? '';
  return (
    <Page title={name} crumbs={[{ to: '/our-case', label: t('nav.ourCases') }]} published={published}>
      <h2 className="section-title">{t('page.category.heading', { name })}</h2>
      <p className="case-count">
        <Trans id="page.category.total" values={{ count: cases.value.length }} components={{ 0: <strong /> }} />
      </p>
      <ListView items={cases.value} error={cases.error} empty={t('page.empty.cases')}>
        {(items) => (
          <ol className="case-list list-group list-group-numbered">
            {items.map((c) => (
              <li className="list-group-item" key={c.case_id ?? ''}>
                <Link to={lp(`/our-case-details-view/${c.case_id ?? ''}`)}>
                  {(c.case_title_name ?? '') || (c.case_name ?? '')}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </ListView>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
