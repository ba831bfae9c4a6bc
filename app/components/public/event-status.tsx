import { useEffect, useState } from 'react';
import {
  COUNTDOWN_REFRESH_MS,
  eventStatus,
  type EventStatus,
  type EventTimingFields,
} from '../../../content/rules/event-timing';
import { island } from './island';
import { useT } from '../../lib/i18n';

/** The countdown's units and their labels (ICU plurals in the catalogs; English keeps the spec's 'Days'…). */
const UNITS = [
  ['days', 'countdown.days'],
  ['hours', 'countdown.hours'],
  ['minutes', 'countdown.minutes'],
  ['seconds', 'countdown.seconds'],
] as const;

/**
 * An event's countdown / 'Event is Live' / 'Event Ended', recomputed every second in the browser.
 * The first render shows the status the server computed, so hydration matches the server HTML.
 */
export function EventStatusTicker({
  event,
  initial,
  where,
}: {
  event: EventTimingFields;
  initial: EventStatus | null;
  where: 'list' | 'detail';
}) {
  const [status, setStatus] = useState<EventStatus | null>(initial);
  const { t } = useT();
  const { event_start_date, event_start_time, event_end_date, event_end_time } = event;
  useEffect(() => {
    const fields = { event_start_date, event_start_time, event_end_date, event_end_time };
    const tick = () => setStatus(eventStatus(fields, Date.now(), where));
    tick();
    const id = window.setInterval(tick, COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [event_start_date, event_start_time, event_end_date, event_end_time, where]);

  if (!status) return null;
  if (status.kind === 'live')
    return (
      <p className="event-status event-live mb-0" data-status="live">
        <span className="live-dot" aria-hidden="true" />
        {t('event.live')}
      </p>
    );
  if (status.kind === 'ended')
    return (
      <p className="event-status event-ended mb-0" data-status="ended">
        {t('event.ended')}
      </p>
    );
  const l = status.left;
  return (
    <div
      className="countdown"
      role="timer"
      data-status="countdown"
      aria-label={t('countdown.label', { days: l.days, hours: l.hours, minutes: l.minutes, seconds: l.seconds })}
    >
      {UNITS.map(([k, label]) => (
        <div className="countdown-unit" key={k} aria-hidden="true">
          <span className="countdown-value" data-unit={k}>
            {String(l[k]).padStart(2, '0')}
          </span>
          <span className="countdown-label">{t(label, { count: l[k] })}</span>
        </div>
      ))}
    </div>
  );
}

const EventStatusIsland = island('event-status', EventStatusTicker);

/** The status of one event as an island (decision 0028), with only its timing fields as props. */
export function EventStatusView({ event, initial, where }: { event: EventTimingFields; initial: EventStatus | null; where: 'list' | 'detail' }) {
  const { event_start_date, event_start_time, event_end_date, event_end_time } = event;
  return <EventStatusIsland event={{ event_start_date, event_start_time, event_end_date, event_end_time }} initial={initial} where={where} />;
}
