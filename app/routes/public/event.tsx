import { useLoaderData } from 'react-router';
import { eventStatus } from '../../../content/rules/event-timing';
import { resourceByKey } from '../../../content/resources/index';
import { EventCard } from '../../components/public/cards';
import { ListGrid } from '../../components/public/list-state';
import { loadListPage, Pager, pagePath } from '../../components/public/pager';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import type { Route } from './+types/event';

export async function loader({ context, request }: Route.LoaderArgs) {
  const {
    list: events,
    page,
    pages,
  } = await loadListPage(
    context.services,
    request,
    resourceByKey.event,
    'Failed to load events. Please try again later.',
  );
  const now = Date.now();
  // The status as the server sees it, so the first browser render matches the HTML; then it ticks.
  const statuses = Object.fromEntries(events.value.map((e) => [e.event_id ?? '', eventStatus(e, now, 'list')]));
  return { events, statuses, page, pages };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seo(matches, {
    title: page > 1 ? `Events, page ${page}` : 'Events',
    description: 'Seminars, legal awareness sessions and talks by the firm, with dates, venues and speakers.',
    path: pagePath('/event', page),
  });
}

export default function Events() {
  const { events, statuses, page, pages } = useLoaderData<typeof loader>();
  return (
    <Page title="Events" lead="Seminars, legal awareness sessions and talks." side={false}>
      <ListGrid
        items={events.value}
        error={events.error}
        empty="No events available."
        col="col-md-6 col-xl-4"
        keyOf={(e) => e.event_id}
      >
        {(e) => <EventCard e={e} status={statuses[e.event_id ?? ''] ?? null} />}
      </ListGrid>
      <Pager path="/event" page={page} pages={pages} label="Event" />
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
