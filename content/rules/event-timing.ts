/**
 * Event timing (spec section 4): 'countdown' before the start, 'live' from the start to the end
 * (both inclusive), 'ended' after the end. Dates are 'YYYY-MM-DD' and times 'HH:MM' in local time.
 * Pure and isomorphic; the browser recomputes it every second.
 */

export interface EventTimingFields {
  event_start_date?: unknown;
  event_start_time?: unknown;
  event_end_date?: unknown;
  event_end_time?: unknown;
  event_address?: unknown;
  speakers?: unknown;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export type EventStatus = { kind: 'countdown'; left: Countdown } | { kind: 'live' } | { kind: 'ended' };

export const EVENT_LIVE_LABEL = 'Event is Live';
export const EVENT_ENDED_LABEL = 'Event Ended';
/** Countdown refresh (spec section 9). */
export const COUNTDOWN_REFRESH_MS = 1000;

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Local date-time of 'YYYY-MM-DD' + 'HH:MM[:SS]'; null when either is missing or unreadable. */
export function localDateTime(date: unknown, time: unknown): Date | null {
  if (!present(date) || !present(time)) return null;
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return null;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (mo < 1 || mo > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 59) return null;
  const out = new Date(y, mo - 1, day, h, mi, s, 0);
  if (out.getMonth() !== mo - 1 || out.getDate() !== day) return null;
  return out;
}

/** True when the event has all four of start date, start time, end date and end time (readable). */
export function hasTiming(e: EventTimingFields): boolean {
  return !!localDateTime(e.event_start_date, e.event_start_time) && !!localDateTime(e.event_end_date, e.event_end_time);
}

/** Splits a positive millisecond span into days, hours, minutes and seconds (seconds rounded up). */
export function splitCountdown(ms: number): Countdown {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * The status at `now`. A missing start or end field gives no status in the list (null) and counts
 * as ended on the detail page.
 */
export function eventStatus(e: EventTimingFields, now: number, where: 'list' | 'detail' = 'list'): EventStatus | null {
  const start = localDateTime(e.event_start_date, e.event_start_time);
  const end = localDateTime(e.event_end_date, e.event_end_time);
  if (!start || !end) return where === 'detail' ? { kind: 'ended' } : null;
  if (now < start.getTime()) return { kind: 'countdown', left: splitCountdown(start.getTime() - now) };
  if (now <= end.getTime()) return { kind: 'live' };
  return { kind: 'ended' };
}

/** 'Read More' shows only with start date, start time, end date, end time, address and ≥ 1 speaker. */
export function canReadMore(e: EventTimingFields): boolean {
  return hasTiming(e) && present(e.event_address) && Array.isArray(e.speakers) && e.speakers.length > 0;
}

/** The detail page finds only events with start and end dates and times and an address. */
export function isDetailable(e: EventTimingFields): boolean {
  return hasTiming(e) && present(e.event_address);
}
