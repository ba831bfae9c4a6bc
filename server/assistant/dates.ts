/** Dates as the assistant reads them: local calendar days (YYYY-MM-DD), ranges named in a prompt, event windows. */
import { isAdActive, type AdWindowFields } from '../../content/rules/ad-window';
import { format12h, isoToDmy } from '../../content/rules/dates';
import { eventStatus as timing, type EventTimingFields } from '../../content/rules/event-timing';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a Date as YYYY-MM-DD. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local calendar day of a stored timestamp ('2027-03-01T10:00:00.000Z'); '' when unreadable. */
export function dayOfTimestamp(ts: unknown): string {
  if (typeof ts !== 'string' || !ts) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(ts)) return ts;
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? '' : localDay(d);
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d + n));
}

function monthRange(y: number, m0: number): DayRange {
  const last = new Date(y, m0 + 1, 0).getDate();
  const name = MONTHS[m0]!;
  return {
    from: `${y}-${pad(m0 + 1)}-01`,
    to: `${y}-${pad(m0 + 1)}-${pad(last)}`,
    label: `in ${name[0]!.toUpperCase()}${name.slice(1)} ${y}`,
  };
}

/** An inclusive range of local days with how to say it ('this month', 'in March 2027'). */
export interface DayRange {
  from: string;
  to: string;
  label: string;
}

/**
 * The period a normalised prompt names, relative to today: today, tomorrow, yesterday, this/next/last
 * week, month or year, a month name (with or without a year), or a bare year.
 */
export function rangeInPrompt(norm: string, now: Date): DayRange | null {
  const today = localDay(now);
  if (/\btoday\b/.test(norm)) return { from: today, to: today, label: 'today' };
  if (/\btomorrow\b/.test(norm)) {
    const t = addDays(today, 1);
    return { from: t, to: t, label: 'tomorrow' };
  }
  if (/\byesterday\b/.test(norm)) {
    const t = addDays(today, -1);
    return { from: t, to: t, label: 'yesterday' };
  }
  const rel = /\b(this|next|last|coming|current|past|previous)\s+(week|month|year)\b/.exec(norm);
  if (rel) {
    const shift =
      rel[1] === 'next' || rel[1] === 'coming'
        ? 1
        : rel[1] === 'last' || rel[1] === 'past' || rel[1] === 'previous'
          ? -1
          : 0;
    const word = shift === 1 ? 'next' : shift === -1 ? 'last' : 'this';
    if (rel[2] === 'week') {
      const dow = (now.getDay() + 6) % 7; // Monday = 0
      const monday = addDays(today, -dow + 7 * shift);
      return { from: monday, to: addDays(monday, 6), label: `${word} week` };
    }
    if (rel[2] === 'month') {
      const d = new Date(now.getFullYear(), now.getMonth() + shift, 1);
      return { ...monthRange(d.getFullYear(), d.getMonth()), label: `${word} month` };
    }
    const y = now.getFullYear() + shift;
    return { from: `${y}-01-01`, to: `${y}-12-31`, label: `${word} year` };
  }
  const days = /\b(?:next|coming)\s+(\d{1,3})\s+days?\b/.exec(norm);
  if (days) return { from: today, to: addDays(today, Number(days[1])), label: `in the next ${days[1]} days` };
  // 'may' is a month only after a preposition or before a year ('in May', 'May 2027'), not in 'may I'.
  const names = [...MONTHS.filter((m) => m !== 'may'), ...MONTH_SHORT.filter((m) => m !== 'may' && m !== 'mar')];
  const month =
    new RegExp(`\\b(${names.join('|')})\\b(?:\\s+(\\d{4}))?`).exec(norm) ??
    /\b(?:in|during|for|of|since|until|by)\s+(may)\b(?:\s+(\d{4}))?/.exec(norm) ??
    /\b(may)\s+(\d{4})\b/.exec(norm);
  if (month) {
    const word = month[1]!;
    const idx = MONTHS.indexOf(word) >= 0 ? MONTHS.indexOf(word) : MONTH_SHORT.indexOf(word);
    const year = month[2] ? Number(month[2]) : now.getFullYear();
    return monthRange(year, idx);
  }
  const year = /\b(?:in|during|for|of)\s+(19\d{2}|20\d{2})\b/.exec(norm);
  if (year) return { from: `${year[1]}-01-01`, to: `${year[1]}-12-31`, label: `in ${year[1]}` };
  return null;
}

export function inRange(day: string, r: DayRange): boolean {
  return !!day && day >= r.from && day <= r.to;
}

/** Two inclusive day spans overlap. */
export function overlaps(from: string, to: string, r: DayRange): boolean {
  return !!from && from <= r.to && (to || from) >= r.from;
}

/** Admin display of a day: DD/MM/YYYY. */
export function showDay(day: unknown): string {
  return typeof day === 'string' ? isoToDmy(day) : '';
}

export function showTime(t: unknown): string {
  return typeof t === 'string' ? format12h(t) : '';
}

/** 'DD/MM/YYYY h:mm AM' from a day and an optional time. */
export function showDayTime(day: unknown, time: unknown): string {
  const d = showDay(day);
  const t = showTime(time);
  return d && t ? `${d} ${t}` : d;
}

export type EventStatus = 'countdown' | 'live' | 'ended' | 'undated';

/**
 * The spec's event timing (content/rules/event-timing): 'countdown', 'live' or 'ended'; an event
 * missing any start or end field has no status in the list ('undated' here).
 */
export function eventStatus(e: Record<string, unknown>, now: Date): EventStatus {
  return timing(e as EventTimingFields, now.getTime())?.kind ?? 'undated';
}

/** The spec's ad window (content/rules/ad-window): shown while now lies between start and expiry, inclusive. */
export function adShowing(a: Record<string, unknown>, now: Date): boolean {
  return isAdActive(a as AdWindowFields, now.getTime());
}
