import { eventStatus } from '../../../content/rules/event-timing';
import { resourceByKey } from '../../../content/resources/index';
import { EventCard } from '../../components/public/cards';
import { listPage } from '../../components/public/list-page';
import { requestLocale } from '../../components/public/translation';

const events = listPage(resourceByKey.event, {
  extra: async (rows, services, request) => {
    const now = Date.now();
    // The status as the server sees it, so the first browser render matches the HTML; then it ticks.
    const statuses = Object.fromEntries(rows.map((e) => [e.event_id ?? '', eventStatus(e, now, 'list')]));
    // Each event's page in this locale: its translation's own slug, else its English one (decision 0082); the
    // rows here carry their translated titles, so the address is not made from them.
    const locale = requestLocale(request);
    const ids = rows.map((e) => Number(e.event_id));
    const paths = await services.translations.pagePaths(resourceByKey.event.key, ids);
    const links = Object.fromEntries([...paths].flatMap(([id, p]) => (p[locale] ? [[id, p[locale]]] : [])));
    return { statuses, links };
  },
  item: (e, { statuses, links }) => (
    <EventCard e={e} status={statuses[e.event_id ?? ''] ?? null} href={links[e.event_id ?? ''] ?? null} />
  ),
});

export const loader = events.loader;
export const meta = events.meta;
export default events.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
