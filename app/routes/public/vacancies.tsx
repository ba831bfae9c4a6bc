import { Link, useLoaderData } from 'react-router';
import { useT } from '../../lib/i18n';
import { resourceByKey } from '../../../content/resources/index';
import { ListGrid } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { attempt } from '../../components/public/site';
import type { Route } from './+types/vacancies';

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const vacancies = await attempt(() => s.content.list(resourceByKey.vacancy), 'Error fetching vacancies', [], s.log);
  return { vacancies };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Careers',
    description:
      'Open positions at the firm for advocates, associates, interns and staff, with the type of employment and the number of openings.',
    path: '/vacancies',
  });
}

export default function Vacancies() {
  const { vacancies } = useLoaderData<typeof loader>();
  const { lp } = useT();
  return (
    <Page title="Careers" lead="Join a practice that values preparation, candour and care." side={false}>
      <ListGrid
        items={vacancies.value}
        error={vacancies.error}
        empty="No vacancies available"
        col="col-md-6 col-lg-4"
        keyOf={(v) => v.vacancy_id}
      >
        {(v) => {
          const n =
            v.number_of_vacancy === null || v.number_of_vacancy === undefined ? null : Number(v.number_of_vacancy);
          return (
            <article className="card h-100 vacancy-card">
              <div className="card-body">
                <h2 className="h5 card-title">{v.vacancy_title ?? ''}</h2>
                <p className="mb-1">
                  <span className="card-meta">Employment: </span>
                  {v.name_of_employment ?? ''}
                </p>
                {n !== null && (
                  <p className="mb-0">
                    <span className="card-meta">Openings: </span>
                    {n}
                  </p>
                )}
              </div>
            </article>
          );
        }}
      </ListGrid>
      <p className="mt-4">
        To apply, write to us with your CV through the <Link to={lp('/contact')}>contact page</Link>.
      </p>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
