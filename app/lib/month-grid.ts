/**
 * A month laid out as the rows of a wall calendar: the calendar widget of the public pages and the demo
 * calendar images (scripts/demo-images/calendar.ts) draw their months from it.
 */

/** The English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The cells of `month` (0 = January) of `year`, week by week from Sunday: null before the 1st and after the
 * last day (to the end of its week), else the day of the month. A cell's index modulo 7 is its weekday.
 */
export function monthCells(year: number, month: number): (number | null)[] {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(first).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  return cells;
}
