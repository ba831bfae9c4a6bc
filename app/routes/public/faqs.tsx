import { resourceByKey } from '../../../content/resources/index';
import { FaqAccordion } from '../../components/public/faq-accordion';
import { listPage } from '../../components/public/list-page';

const faqs = listPage(resourceByKey.faqs, {
  all: (items) => (
    <FaqAccordion
      items={items.map((f) => ({ id: String(f.faqs_id), question: f.question ?? '', answer: f.answer ?? '' }))}
    />
  ),
});

export const loader = faqs.loader;
export const meta = faqs.meta;
export default faqs.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
