/**
 * Bookable consultation slots (decision 0017): pure functions shared by the server (listConsultationSlots, the
 * check of a booked `slot`) and the browser (showing a slot in the visitor's own zone). Every wall time
 * of the rules is in the firm's time zone; every instant leaves here as an ISO time in UTC.
 */

import { zonedFormatter } from './dates';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening window of a day, wall clock in the firm's zone: 'HH:MM' to 'HH:MM' (end after start). */
export interface HoursWindow {
  from: string;
  to: string;
}

export interface BookingRules {
  /** IANA zone of the firm, e.g. 'Asia/Kolkata'. */
  timeZone: string;
  weeklyHours: Record<Weekday, HoursWindow[]>;
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  /** 'YYYY-MM-DD' days (in the firm's zone) with no slots. */
  closedDates: string[];
  capacity: number;
}

export interface Slot {
  start: string;
  end: string;
  remaining: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight of 'HH:MM', or null. '24:00' is accepted as the end of the day. */
export function minutesOf(hhmm: string): number | null {
  if (hhmm === '24:00') return 24 * 60;
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether a string is a real calendar day 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The day after (or n days after) 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Weekday of a calendar day (the same everywhere). */
export function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** Whether a time-zone name is one Intl knows. */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    partsFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** One numeric formatter per zone for the process (decision 0009). */
const partsFormatter = zonedFormatter(
  'en-US',
  { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  64,
);

/** The wall clock of an instant in a zone. */
export function wallClock(t: number, tz: string): { day: string; minutes: number; offsetMinutes: number } {
  const p: Record<string, string> = {};
  for (const part of partsFormatter(tz).formatToParts(new Date(t))) p[part.type] = part.value;
  const hour = Number(p.hour) % 24;
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), hour, Number(p.minute), Number(p.second));
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    minutes: hour * 60 + Number(p.minute),
    offsetMinutes: Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000),
  };
}

/**
 * The instant of a wall time in a zone, or null when that wall time does not exist there (the hour
 * skipped when clocks go forward). In the hour repeated when clocks go back, the earlier instant.
 */
export function zonedInstant(day: string, minutes: number, tz: string): number | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, 0, minutes);
  // Try the offsets in force a little before and after; the first that maps back to the wall time wins.
  const candidates = new Set<number>();
  for (const probe of [naive - 36 * 3600_000, naive, naive + 36 * 3600_000]) {
    candidates.add(naive - wallClock(probe, tz).offsetMinutes * 60_000);
  }
  const hits = [...candidates].filter((t) => {
    const w = wallClock(t, tz);
    return w.day === day && w.minutes === minutes;
  });
  return hits.length ? Math.min(...hits) : null;
}

/** The slot starts of one day by the weekly hours, slot length and buffer (wall minutes). */
export function dayStarts(rules: BookingRules, day: string): number[] {
  const out: number[] = [];
  const step = rules.slotMinutes + rules.bufferMinutes;
  for (const w of rules.weeklyHours[weekdayOf(day)] ?? []) {
    const from = minutesOf(w.from);
    const to = minutesOf(w.to);
    if (from === null || to === null || to <= from || rules.slotMinutes <= 0) continue;
    for (let t = from; t + rules.slotMinutes <= to; t += step) out.push(t);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Why a slot start cannot be booked, or null when it can (capacity is the database's business). */
export function slotRefusal(rules: BookingRules, start: Date, now: Date): string | null {
  const t = start.getTime();
  if (Number.isNaN(t)) return 'Please choose one of the offered times.';
  if (t <= now.getTime()) return 'That time has already passed. Please choose another time.';
  const w = wallClock(t, rules.timeZone);
  if (rules.closedDates.includes(w.day)) return 'The office is closed that day. Please choose another time.';
  if (!dayStarts(rules, w.day).includes(w.minutes) || t % 60_000 !== 0 || zonedInstant(w.day, w.minutes, rules.timeZone) !== t) {
    return 'That time is not one of the offered consultation times. Please choose another time.';
  }
  if (t < now.getTime() + rules.minNoticeHours * 3600_000) {
    return `Consultations need at least ${rules.minNoticeHours} hours' notice. Please choose a later time.`;
  }
  if (t > now.getTime() + rules.horizonDays * 86_400_000) {
    return `Consultations can be booked at most ${rules.horizonDays} days ahead. Please choose an earlier time.`;
  }
  return null;
}

/** The firm's calendar day of an instant. */
export function firmDay(rules: BookingRules, t: Date): string {
  return wallClock(t.getTime(), rules.timeZone).day;
}

/**
 * The free slots of the firm's days `from`..`to` (inclusive, 'YYYY-MM-DD' in the firm's zone): inside the
 * weekly hours, not on a closed date, at least the minimum notice after `now`, at most the horizon ahead,
 * with a place left (`taken` counts the bookings by ISO start).
 */
export function freeSlots(
  rules: BookingRules,
  from: string,
  to: string,
  now: Date,
  taken: ReadonlyMap<string, number> = new Map(),
): Slot[] {
  const out: Slot[] = [];
  const earliest = now.getTime() + rules.minNoticeHours * 3600_000;
  const latest = now.getTime() + rules.horizonDays * 86_400_000;
  const lastDay = firmDay(rules, new Date(latest));
  const end = to < lastDay ? to : lastDay;
  for (let day = from, n = 0; day <= end && n < 400; day = addDays(day, 1), n++) {
    if (rules.closedDates.includes(day)) continue;
    for (const minutes of dayStarts(rules, day)) {
      const t = zonedInstant(day, minutes, rules.timeZone);
      if (t === null || t < earliest || t > latest) continue;
      const start = new Date(t).toISOString();
      const remaining = rules.capacity - (taken.get(start) ?? 0);
      if (remaining <= 0) continue;
      out.push({ start, end: new Date(t + rules.slotMinutes * 60_000).toISOString(), remaining });
    }
  }
  return out;
}

/** '+05:30', '-04:00', '+00:00' for an offset in minutes. */
export function offsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant as a wall time in a zone: day 'YYYY-MM-DD', time 'HH:MM' and its UTC offset. */
export function inZone(iso: string, tz: string): { day: string; time: string; offset: string } {
  const w = wallClock(Date.parse(iso), tz);
  const hh = String(Math.floor(w.minutes / 60)).padStart(2, '0');
  const mm = String(w.minutes % 60).padStart(2, '0');
  return { day: w.day, time: `${hh}:${mm}`, offset: offsetLabel(w.offsetMinutes) };
}

/** 'HH:MM' (24 h) as '3:30 AM'. */
export function time12(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Weekly hours as an editable line per day: '03:00-08:00, 18:00-20:00' (empty when closed). */
export function hoursLine(windows: HoursWindow[]): string {
  return windows.map((w) => `${w.from}-${w.to}`).join(', ');
}

/** Parses a line of hours; null when any part is not 'HH:MM-HH:MM' with the end after the start. */
export function parseHoursLine(line: string): HoursWindow[] | null {
  const parts = line
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: HoursWindow[] = [];
  for (const p of parts) {
    const m = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(p);
    if (!m) return null;
    const from = m[1]!.padStart(5, '0');
    const to = m[2]!.padStart(5, '0');
    const a = minutesOf(from);
    const b = minutesOf(to);
    if (a === null || b === null || b <= a) return null;
    out.push({ from, to });
  }
  return out;
}
