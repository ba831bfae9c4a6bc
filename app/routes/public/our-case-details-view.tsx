import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { Attachment } from '../../components/public/attachment';
import { ListError } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { rowFromParam } from '../../components/public/pager';
import { stripTags } from '../../../content/rules/preview';
import { metaT, notFoundMeta, seo } from '../../components/public/seo';
import { attempt, usePublicData } from '../../components/public/site';
import type { Route } from './+types/our-case-details-view';
import { pageRows, publishedLocales } from '../../components/public/translation';
import { useT } from '../../lib/i18n';

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const theCase = await rowFromParam(s, resourceByKey.cases, params.caseId, 'No details available for this case.');
  const id = Number(theCase.case_id);
  const details = await attempt(() => s.content.caseDetailsByCase(id), 'Failed to fetch case detail.', [], s.log);
  const detail = details.value[0] ?? null;
  const rows = pageRows(resourceByKey.cases, id);
  return { theCase, detail, error: details.error, published: await publishedLocales(s, rows) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const title = (loaderData.theCase.case_title_name ?? '') || (loaderData.theCase.case_name ?? '');
  const text = stripTags(loaderData.detail?.case_content ?? '').slice(0, 155);
  return seo(matches, {
    title,
    description: text || metaT(matches)('page.caseView.description', { title, area: loaderData.theCase.case_name ?? '' }),
    path: `/our-case-details-view/${params.caseId}`,
    type: 'article',
    published: loaderData.published,
  });
}

export default function CaseView() {
  const { theCase, detail, error, published } = useLoaderData<typeof loader>();
  const { origin } = usePublicData();
  const { t } = useT();
  const title = (theCase.case_title_name ?? '') || (theCase.case_name ?? '');
  return (
    <Page
      title={title}
      crumbs={[
        { to: '/our-case', label: t('nav.ourCases') },
        { to: `/our-case-details/${theCase.case_category_id ?? ''}`, label: theCase.case_name ?? '' },
      ]}
      published={published}
    >
      <article>
        {error ? (
          <ListError message={error} />
        ) : !detail ? (
          <p className="list-empty">{t('page.empty.caseDetails')}</p>
        ) : (
          <>
            {(detail.case_content ?? '') && (
              <div className="rich-content" dangerouslySetInnerHTML={{ __html: detail.case_content ?? '' }} />
            )}
            {(detail.case_file ?? '') && <Attachment path={detail.case_file ?? ''} title={title} origin={origin} />}
          </>
        )}
      </article>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
