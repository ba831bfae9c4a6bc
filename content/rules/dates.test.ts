import { describe, expect, it } from 'vitest';
import {
  dmyToIso,
  format12h,
  formatAdminDay,
  formatAdminTime,
  formatLongWhen,
  formatPublicDate,
  isoToDmy,
} from './dates';

describe('date formats', () => {
  // The visitor-facing formats: public dates as DD MMM YYYY, times on a 12-hour clock ('' when unreadable).
  it.each([
    [formatPublicDate, '2027-03-05', '05 Mar 2027'],
    [formatPublicDate, '2026-12-31T10:00:00Z', '31 Dec 2026'],
    [formatPublicDate, '', ''],
    [formatPublicDate, '2026-13-01', ''],
    [format12h, '00:30', '12:30 AM'],
    [format12h, '12:00', '12:00 PM'],
    [format12h, '23:59', '11:59 PM'],
    [format12h, '24:00', ''],
  ])('%o shows %j as %j', (format, given, shown) => expect(format(given)).toBe(shown));
  it('converts between ISO and DD/MM/YYYY', () => {
    expect(isoToDmy('2027-01-09')).toBe('09/01/2027');
    expect(dmyToIso('9/1/2027')).toBe('2027-01-09');
    expect(dmyToIso('31/02/2027')).toBe('');
    expect(dmyToIso('2027-01-09')).toBe('');
  });
});

describe('admin times (formatAdminDay, formatAdminTime)', () => {
  // Built in the runtime's own time zone, as the admin screens show them.
  const at = (h: number, m: number, s = 0) => new Date(2026, 10, 4, h, m, s).toISOString();

  it('writes DD/MM/YYYY and a 12-hour time, midnight and noon as 12', () => {
    expect(formatAdminDay(at(9, 5))).toBe('04/11/2026');
    expect(formatAdminTime(at(0, 5))).toBe('04/11/2026 12:05 AM');
    expect(formatAdminTime(at(12, 0))).toBe('04/11/2026 12:00 PM');
    expect(formatAdminTime(at(23, 59, 7), { seconds: true })).toBe('04/11/2026 11:59:07 PM');
  });

  it('gives an empty string for a missing or unreadable time', () => {
    expect(formatAdminDay(null)).toBe('');
    expect(formatAdminTime(undefined)).toBe('');
    expect(formatAdminTime('not a time')).toBe('');
  });
});

describe('formatLongWhen', () => {
  it('names the day, the month and the time zone', () => {
    expect(formatLongWhen(new Date(2026, 10, 24, 10, 15))).toMatch(/^Tuesday,? 24 Nov 2026,? 10:15\s?am \S+/i);
  });
});
