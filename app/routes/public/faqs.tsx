import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { FaqAccordion } from '../../components/public/faq-accordion';
import { ListView } from '../../components/public/list-state';
import { loadListPage, Pager, pagePath } from '../../components/public/pager';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import type { Route } from './+types/faqs';

export async function loader({ context, request }: Route.LoaderArgs) {
  const {
    list: faqs,
    page,
    pages,
  } = await loadListPage(context.services, request, resourceByKey.faqs, 'Failed to load FAQs!');
  return { faqs, page, pages };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seo(matches, {
    title: page > 1 ? `FAQs, page ${page}` : 'FAQs',
    description: 'Answers to common questions about consultations, fees, documents and how the firm works.',
    path: pagePath('/faqs', page),
  });
}

export default function Faqs() {
  const { faqs, page, pages } = useLoaderData<typeof loader>();
  return (
    <Page title="FAQs" lead="Answers to the questions clients ask us most.">
      <ListView items={faqs.value} error={faqs.error} empty="No FAQs available at the moment.">
        {(items) => (
          <FaqAccordion
            items={items.map((f) => ({ id: String(f.faqs_id), question: f.question ?? '', answer: f.answer ?? '' }))}
          />
        )}
      </ListView>
      <Pager path="/faqs" page={page} pages={pages} label="FAQ" />
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
