import { describe, expect, it } from 'vitest';
import { dmyToIso, format12h, formatPublicDate, isoToDmy } from './dates';

describe('date formats', () => {
  it('shows public dates as DD MMM YYYY', () => {
    expect(formatPublicDate('2027-03-05')).toBe('05 Mar 2027');
    expect(formatPublicDate('2026-12-31T10:00:00Z')).toBe('31 Dec 2026');
    expect(formatPublicDate('')).toBe('');
    expect(formatPublicDate('2026-13-01')).toBe('');
  });
  it('converts between ISO and DD/MM/YYYY', () => {
    expect(isoToDmy('2027-01-09')).toBe('09/01/2027');
    expect(dmyToIso('9/1/2027')).toBe('2027-01-09');
    expect(dmyToIso('31/02/2027')).toBe('');
    expect(dmyToIso('2027-01-09')).toBe('');
  });
  it('shows 12-hour times', () => {
    expect(format12h('00:30')).toBe('12:30 AM');
    expect(format12h('12:00')).toBe('12:00 PM');
    expect(format12h('23:59')).toBe('11:59 PM');
    expect(format12h('24:00')).toBe('');
  });
});
