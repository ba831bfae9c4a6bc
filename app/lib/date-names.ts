/**
 * Dates of the Indian locales without `Intl` in the browser (decision 0104). The first `Intl` object a page
 * makes loads the browser's ICU data: a long task of tens of milliseconds on a phone, paid by every Malayalam
 * and Hindi page whose islands show a date (the calendar widget, the booking page's days) and by no English
 * page (the spec's formats are plain code). So the server takes each format apart once with `Intl` (its
 * order, separators, month and weekday names), checks the pieces give `Intl`'s own answer for every day of
 * three years, and sends them with the page's catalog; `formatDay` puts a day together from them on both
 * sides. A format the pieces cannot rebuild is left out, and `Intl` formats it as before.
 */

/** The formats of a day the pages use: '2027 മാർച്ച് 5', 'മാർ 5, വെള്ളി', '2027 മാർച്ച്' (Hindi: '5 मार्च 2027'). */
export type DayKind = 'date' | 'day' | 'month';

/** One piece of a format: the day or year number, the month or weekday name, or text between them. */
export type DatePiece = 'd' | 'y' | 'M' | 'w' | { s: string };

/** One format taken apart: its pieces in order, the month names (January first), the weekday names (Sunday first). */
export interface DayFormat {
  pieces: DatePiece[];
  months: string[];
  weekdays: string[];
}

export type DateNames = Partial<Record<DayKind, DayFormat>>;

/** The Intl options of each kind (the firm's time zone is added where they are used). */
export const DAY_OPTIONS: Record<DayKind, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  month: { month: 'long', year: 'numeric' },
};

/**
 * 'YYYY-MM-DD' (a longer ISO string is cut to its day) as numbers, or null; a day past the month's end moves
 * into the next month, as `Date` reads it ('2027-02-30' is the 2nd of March).
 */
export function dayParts(iso: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return { y: day.getUTCFullYear(), m: day.getUTCMonth() + 1, d: day.getUTCDate() };
}

/** A day put together from a format's pieces; '' when the day is unreadable. */
export function fromPieces(f: DayFormat, iso: string): string {
  const p = dayParts(iso);
  if (!p) return '';
  const weekday = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
  let out = '';
  for (const piece of f.pieces) {
    if (piece === 'd') out += String(p.d);
    else if (piece === 'y') out += String(p.y);
    else if (piece === 'M') out += f.months[p.m - 1] ?? '';
    else if (piece === 'w') out += f.weekdays[weekday] ?? '';
    else out += piece.s;
  }
  return out;
}

/**
 * A format taken apart with `format(iso)`'s parts (the server's Intl), or null when its pieces do not give
 * back exactly what `format` answers for every day from `from` for `days` days.
 */
export function takeApart(
  parts: (iso: string) => Intl.DateTimeFormatPart[],
  format: (iso: string) => string,
  from = '2026-01-01',
  days = 3 * 366,
): DayFormat | null {
  const pieces: DatePiece[] = [];
  // The 5th of March 2027: a day and a year that cannot be mistaken for each other.
  for (const part of parts('2027-03-05')) {
    if (part.type === 'day' && part.value === '5') pieces.push('d');
    else if (part.type === 'year' && part.value === '2027') pieces.push('y');
    else if (part.type === 'month') pieces.push('M');
    else if (part.type === 'weekday') pieces.push('w');
    else if (part.type === 'literal') pieces.push({ s: part.value });
    else return null;
  }
  const named = (iso: string, type: 'month' | 'weekday') => parts(iso).find((x) => x.type === type)?.value ?? '';
  const months = Array.from({ length: 12 }, (_, i) => named(`2027-${String(i + 1).padStart(2, '0')}-15`, 'month'));
  // 2027-03-07 is a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, i) => named(`2027-03-${String(7 + i).padStart(2, '0')}`, 'weekday'));
  const f: DayFormat = { pieces, months, weekdays };
  const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  for (let i = 0; i < days; i++) {
    const iso = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    if (fromPieces(f, iso) !== format(iso)) return null;
  }
  return f;
}
