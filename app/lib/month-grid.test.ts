/** The month grid the calendar widget and the demo calendar images share. */
import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, monthCells } from './month-grid';

const days = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('monthCells', () => {
  it('leaves the weekdays before the 1st blank and fills the last week with blanks', () => {
    // 1 February 2027 is a Monday, the 28th a Sunday.
    expect(monthCells(2027, 1)).toEqual([null, ...days(28), ...Array<null>(6).fill(null)]);
  });

  it('needs no blank before a month that starts on a Sunday, and knows leap years', () => {
    // 1 August 2027 is a Sunday; February 2028 has 29 days.
    expect(monthCells(2027, 7).slice(0, 31)).toEqual(days(31));
    expect(monthCells(2028, 1).filter((c) => c !== null)).toEqual(days(29));
  });

  it('puts each day in the column of its weekday, in whole weeks', () => {
    for (let m = 0; m < 12; m++) {
      const cells = monthCells(2026, m);
      expect(cells.length % 7).toBe(0);
      expect(cells.indexOf(1)).toBe(new Date(Date.UTC(2026, m, 1)).getUTCDay());
    }
    expect(MONTH_NAMES[10]).toBe('November');
  });
});
