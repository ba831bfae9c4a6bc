import { altOf } from '@content/alt';
import { data, redirect, useLoaderData } from 'react-router';
import { eventStatus, isDetailable, localDateTime } from '../../../content/rules/event-timing';
import { eventPreview } from '../../../content/rules/preview';
import { eventSlug } from '../../../content/rules/slug';
import { resourceByKey } from '../../../content/resources/index';
import { EventMedia, isVideo } from '../../components/public/cards';
import { EventStatusView } from '../../components/public/event-status';
import { ClockIcon, PinIcon } from '../../components/public/icons';
import { Page } from '../../components/public/page';
import { GridList, Section } from '../../components/public/section';
import { firmRef, layoutFromMatches, notFoundMeta, seo } from '../../components/public/seo';
import type { EventRow } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import type { Route } from './+types/event-detail';
import { Img } from '../../components/public/img';
import { localePaths, pageRows, publishedLocales, requestLocale } from '../../components/public/translation';
import { publicDate, publicTime, useT } from '../../lib/i18n';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../../content/locales';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const s = context.services;
  const group = resourceByKey.event;
  const locale = requestLocale(request);
  const slug = params.id ?? '';
  let events: EventRow[];
  let event: EventRow | undefined;
  try {
    events = await s.content.list(group);
    if (locale === DEFAULT_LOCALE) {
      event = events.find((e) => isDetailable(e) && eventSlug(e.event_title ?? '') === slug);
    } else {
      // Another locale's rows carry their translated titles: the translation's own slug, or the English one, says which (decision 0082).
      const at = await s.translations.pageAt(group.key, locale, slug);
      // The English slug of an event with its own slug here: one hop to it, never cached for good (decision 0057).
      // The query (a campaign's) goes along.
      if (at?.redirect)
        throw redirect(localizedPath(locale, at.redirect) + new URL(request.url).search, {
          status: 301,
          headers: { 'cache-control': 'no-cache' },
        });
      event = at ? events.find((e) => Number(e.event_id) === at.id) : undefined;
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    s.log.error({ err }, 'Error fetching event details');
    throw data({ message: 'Error fetching event details' }, { status: 500 });
  }
  if (!event) throw data({ message: 'Event not found!' }, { status: 404 });
  const id = Number(event.event_id);
  const [published, paths] = await Promise.all([publishedLocales(s, pageRows(group, id)), localePaths(s, group, id)]);
  return { event, status: eventStatus(event, Date.now(), 'detail'), published, localePaths: paths };
}

/** 'YYYY-MM-DDTHH:MM' for schema.org (local time, as entered). */
const isoLocal = (d: string | null, t: string | null) => (localDateTime(d ?? '', t ?? '') ? `${d}T${t}` : undefined);

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const e = loaderData.event;
  const layout = layoutFromMatches(matches);
  const title = e.event_title ?? '';
  const media = e.event_image ?? '';
  const speakers = e.speakers ?? [];
  return seo(matches, {
    title,
    description: eventPreview(e.event_description ?? '').slice(0, 160),
    path: loaderData.localePaths.en ?? `/events/${encodeURIComponent(params.id ?? '')}`,
    paths: loaderData.localePaths,
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
        ...(layout ? { organizer: firmRef(layout.settings, layout.origin) } : {}),
        performer: speakers.map((sp) => ({
          '@type': 'Person',
          name: sp.speaker_name ?? '',
          jobTitle: (sp.designation ?? '') || undefined,
        })),
      },
    ],
    published: loaderData.published,
  });
}

function when(locale: Locale, date: string | null, time: string | null): string {
  return [publicDate(locale, date ?? ''), publicTime(locale, time ?? '')].filter(Boolean).join(', ');
}

export default function EventDetail() {
  const { event: e, status, published } = useLoaderData<typeof loader>();
  const { t, locale } = useT();
  const title = e.event_title ?? '';
  const speakers = e.speakers ?? [];
  return (
    <Page title={title} crumbs={[{ to: '/event', label: t('nav.events') }]} published={published}>
      <article className="event-detail">
        <div className="mb-4">
          <EventStatusView event={e} initial={status} where="detail" />
        </div>
        <EventMedia e={e} title={title} at="page" alt={altOf(e, 'event_image', title)} />
        <dl className="row event-facts">
          <dt className="col-sm-3 d-flex gap-2">
            <ClockIcon className="mt-1" /> {t('event.starts')}
          </dt>
          <dd className="col-sm-9">{when(locale, e.event_start_date, e.event_start_time)}</dd>
          <dt className="col-sm-3 d-flex gap-2">
            <ClockIcon className="mt-1" /> {t('event.ends')}
          </dt>
          <dd className="col-sm-9">{when(locale, e.event_end_date, e.event_end_time)}</dd>
          <dt className="col-sm-3 d-flex gap-2">
            <PinIcon className="mt-1" /> {t('event.location')}
          </dt>
          <dd className="col-sm-9">{e.event_address ?? ''}</dd>
        </dl>
        <div className="mb-5" style={{ whiteSpace: 'pre-line' }}>
          {e.event_description ?? ''}
        </div>
        <Section id="speakers-title" title={t('event.speakers')} className="">
          {speakers.length === 0 ? (
            <p className="list-empty">{t('event.noSpeakers')}</p>
          ) : (
            <GridList items={speakers} className="list-unstyled row g-3" col="col-sm-6" keyOf={(_, i) => i}>
              {(sp) => (
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
                          {publicDate(locale, sp.date ?? '')}
                          {(sp.from_time ?? '') ? ` · ${publicTime(locale, sp.from_time ?? '')}` : ''}
                          {(sp.to_time ?? '') ? ` – ${publicTime(locale, sp.to_time ?? '')}` : ''}
                        </p>
                      )}
                    </div>
                  </div>
                </div>
              )}
            </GridList>
          )}
        </Section>
      </article>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
