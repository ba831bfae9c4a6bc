import { useEffect, useState } from 'react';
import {
  COUNTDOWN_REFRESH_MS,
  EVENT_ENDED_LABEL,
  EVENT_LIVE_LABEL,
  eventStatus,
  type EventStatus,
  type EventTimingFields,
} from '../../../content/rules/event-timing';
import { island } from './island';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
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
        {EVENT_LIVE_LABEL}
      </p>
    );
  if (status.kind === 'ended')
    return (
      <p className="event-status event-ended mb-0" data-status="ended">
        {EVENT_ENDED_LABEL}
      </p>
    );
  const l = status.left;
  return (
    <div
      className="countdown"
      role="timer"
      data-status="countdown"
      aria-label={`Starts in ${l.days} days, ${l.hours} hours, ${l.minutes} minutes and ${l.seconds} seconds`}
    >
      {UNITS.map(([k, label]) => (
        <div className="countdown-unit" key={k} aria-hidden="true">
          <span className="countdown-value" data-unit={k}>
            {String(l[k]).padStart(2, '0')}
          </span>
          <span className="countdown-label">{label}</span>
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
