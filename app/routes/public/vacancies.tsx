import { Trans } from '@lingui/react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { resourceByKey } from '../../../content/resources/index';
import { listPage } from '../../components/public/list-page';
import type { VacancyRow } from '../../components/public/site';

function VacancyCard({ v }: { v: VacancyRow }) {
  const { t } = useT();
  const n = v.number_of_vacancy === null || v.number_of_vacancy === undefined ? null : Number(v.number_of_vacancy);
  return (
    <article className="card h-100 vacancy-card">
      <div className="card-body">
        <h2 className="h5 card-title">{v.vacancy_title ?? ''}</h2>
        <p className="mb-1">
          <span className="card-meta">{t('page.vacancies.employment')}</span>
          {v.name_of_employment ?? ''}
        </p>
        {n !== null && (
          <p className="mb-0">
            <span className="card-meta">{t('page.vacancies.openings')}</span>
            {n}
          </p>
        )}
      </div>
    </article>
  );
}

/** Under the list: how to apply. */
function Apply() {
  const { lp } = useT();
  return (
    <p className="mt-4">
      <Trans id="page.vacancies.apply" components={{ 0: <Link to={lp('/contact')} /> }} />
    </p>
  );
}

const vacancies = listPage(resourceByKey.vacancy, { item: (v) => <VacancyCard v={v} />, after: <Apply /> });

export const loader = vacancies.loader;
export const meta = vacancies.meta;
export default vacancies.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
