import { altOf } from '@content/alt';
import { data, useLoaderData } from 'react-router';
import { format12h, formatPublicDate } from '../../../content/rules/dates';
import { eventStatus, isDetailable, localDateTime } from '../../../content/rules/event-timing';
import { eventPreview } from '../../../content/rules/preview';
import { eventSlug } from '../../../content/rules/slug';
import { resourceByKey } from '../../../content/resources/index';
import { EventMedia, isVideo } from '../../components/public/cards';
import { EventStatusView } from '../../components/public/event-status';
import { ClockIcon, PinIcon } from '../../components/public/icons';
import { Page } from '../../components/public/page';
import { layoutFromMatches, notFoundMeta, seo } from '../../components/public/seo';
import type { EventRow } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import type { Route } from './+types/event-detail';
import { Img } from '../../components/public/img';

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  let events: EventRow[];
  try {
    events = await s.content.list(resourceByKey.event);
  } catch (err) {
    s.log.error({ err }, 'Error fetching event details');
    throw data({ message: 'Error fetching event details' }, { status: 500 });
  }
  const slug = params.id ?? '';
  const event = events.find((e) => isDetailable(e) && eventSlug(e.event_title ?? '') === slug);
  if (!event) throw data({ message: 'Event not found!' }, { status: 404 });
  return { event, status: eventStatus(event, Date.now(), 'detail') };
}

/** 'YYYY-MM-DDTHH:MM' for schema.org (local time, as entered). */
const isoLocal = (d: string | null, t: string | null) => (localDateTime(d ?? '', t ?? '') ? `${d}T${t}` : undefined);

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta();
  const e = loaderData.event;
  const layout = layoutFromMatches(matches);
  const title = e.event_title ?? '';
  const media = e.event_image ?? '';
  const speakers = e.speakers ?? [];
  return seo(matches, {
    title,
    description: eventPreview(e.event_description ?? '').slice(0, 160),
    path: `/events/${encodeURIComponent(params.id ?? '')}`,
    image: media && !isVideo(media) ? fileUrl(media) : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: title,
        description: e.event_description ?? '',
        startDate: isoLocal(e.event_start_date, e.event_start_time),
        endDate: isoLocal(e.event_end_date, e.event_end_time),
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        eventStatus: 'https://schema.org/EventScheduled',
        location: { '@type': 'Place', name: e.event_address ?? '', address: e.event_address ?? '' },
        ...(media && !isVideo(media) && layout ? { image: [layout.origin + fileUrl(media)] } : {}),
        ...(layout
          ? { organizer: { '@type': 'Organization', name: layout.settings.firmName, url: layout.origin + '/' } }
          : {}),
        performer: speakers.map((sp) => ({
          '@type': 'Person',
          name: sp.speaker_name ?? '',
          jobTitle: (sp.designation ?? '') || undefined,
        })),
      },
    ],
  });
}

function when(date: string | null, time: string | null): string {
  return [formatPublicDate(date ?? ''), format12h(time ?? '')].filter(Boolean).join(', ');
}

export default function EventDetail() {
  const { event: e, status } = useLoaderData<typeof loader>();
  const title = e.event_title ?? '';
  const media = e.event_image ?? '';
  const speakers = e.speakers ?? [];
  return (
    <Page title={title} crumbs={[{ to: '/event', label: 'Events' }]}>
      <article className="event-detail">
        <div className="mb-4">
          <EventStatusView event={e} initial={status} where="detail" />
        </div>
        {media && (
          <EventMedia
            e={e}
            title={title}
            width={960}
            height={540}
            sizes="(min-width: 992px) 760px, 100vw"
            videoClass="w-100 mb-4"
            imageClass="img-fluid mb-4 event-hero"
            alt={altOf(e, 'event_image', title)}
            priority
          />
        )}
        <dl className="row event-facts">
          <dt className="col-sm-3 d-flex gap-2">
            <ClockIcon className="mt-1" /> Starts
          </dt>
          <dd className="col-sm-9">{when(e.event_start_date, e.event_start_time)}</dd>
          <dt className="col-sm-3 d-flex gap-2">
            <ClockIcon className="mt-1" /> Ends
          </dt>
          <dd className="col-sm-9">{when(e.event_end_date, e.event_end_time)}</dd>
          <dt className="col-sm-3 d-flex gap-2">
            <PinIcon className="mt-1" /> Location
          </dt>
          <dd className="col-sm-9">{e.event_address ?? ''}</dd>
        </dl>
        <div className="mb-5" style={{ whiteSpace: 'pre-line' }}>
          {e.event_description ?? ''}
        </div>
        <section aria-labelledby="speakers-title">
          <h2 id="speakers-title" className="section-title">
            Keynote speakers
          </h2>
          {speakers.length === 0 ? (
            <p className="list-empty">Speakers will be announced soon.</p>
          ) : (
            <ul className="list-unstyled row g-3">
              {speakers.map((sp, i) => (
                <li className="col-sm-6" key={i}>
                  <div className="card speaker h-100">
                    <div className="card-body d-flex gap-3 align-items-start">
                      {(sp.image ?? '') && (
                        <Img
                          path={sp.image ?? ''}
                          meta={e.image_meta}
                          alt={sp.speaker_name ?? ''}
                          width={96}
                          height={96}
                          sizes="96px"
                        />
                      )}
                      <div>
                        <h3 className="h6 mb-1">{sp.speaker_name ?? ''}</h3>
                        {(sp.designation ?? '') && <p className="small card-meta mb-1">{sp.designation ?? ''}</p>}
                        {((sp.date ?? '') || (sp.from_time ?? '')) && (
                          <p className="small mb-0">
                            {formatPublicDate(sp.date ?? '')}
                            {(sp.from_time ?? '') ? ` · ${format12h(sp.from_time ?? '')}` : ''}
                            {(sp.to_time ?? '') ? ` – ${format12h(sp.to_time ?? '')}` : ''}
                          </p>
                        )}
                      </div>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
