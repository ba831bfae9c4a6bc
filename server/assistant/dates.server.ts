/** Dates as the assistant reads them: local calendar days (YYYY-MM-DD) and the period a question names. */
import { format12h, isoToDmy } from '../../content/rules/dates';

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a Date as YYYY-MM-DD. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local day of a stored value: a day, or a timestamp ('2027-03-01T10:00:00.000Z'); '' when unreadable. */
export function dayOf(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? '' : localDay(d);
}

/** Admin display: DD/MM/YYYY, with a 12-hour time when there is one. */
export function showDay(day: unknown, time?: unknown): string {
  const d = typeof day === 'string' ? isoToDmy(day) : '';
  const t = typeof time === 'string' ? format12h(time) : '';
  return d && t ? `${d} ${t}` : d;
}

/** An inclusive range of local days with how to say it. */
export interface DayRange {
  from: string;
  to: string;
  label: string;
}

const range = (a: Date, b: Date, label: string): DayRange => ({ from: localDay(a), to: localDay(b), label });

/** The period a normalised question names: today, tomorrow, this/next/last week, month or year, or a month by name. */
export function rangeInPrompt(norm: string, now: Date): DayRange | null {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  if (/\btoday\b/.test(norm)) return range(now, now, 'today');
  if (/\btomorrow\b/.test(norm)) return range(new Date(y, m, d + 1), new Date(y, m, d + 1), 'tomorrow');
  const rel = /\b(this|next|last|coming|past|previous)\s+(week|month|year)\b/.exec(norm);
  if (rel) {
    const shift = /next|coming/.test(rel[1]!) ? 1 : /last|past|previous/.test(rel[1]!) ? -1 : 0;
    const label = `${['last', 'this', 'next'][shift + 1]} ${rel[2]}`;
    if (rel[2] === 'week') {
      const monday = d - ((now.getDay() + 6) % 7) + 7 * shift;
      return range(new Date(y, m, monday), new Date(y, m, monday + 6), label);
    }
    if (rel[2] === 'month') return range(new Date(y, m + shift, 1), new Date(y, m + shift + 1, 0), label);
    return range(new Date(y + shift, 0, 1), new Date(y + shift, 11, 31), label);
  }
  // 'may' is a month only after a preposition or before a year ('in May', 'May 2027'), not in 'may I'.
  const month = new RegExp(`\\b(?:(${MONTHS.join('|')})|(?:in|during|for) (may))\\b(?: (\\d{4}))?`).exec(norm);
  if (month && (month[1] !== 'may' || month[3])) {
    const i = MONTHS.indexOf(month[1] ?? month[2]!);
    const year = month[3] ? Number(month[3]) : y;
    const name = MONTHS[i]!;
    return range(
      new Date(year, i, 1),
      new Date(year, i + 1, 0),
      `in ${name[0]!.toUpperCase()}${name.slice(1)} ${year}`,
    );
  }
  return null;
}
