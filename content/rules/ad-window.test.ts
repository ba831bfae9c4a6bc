import { describe, expect, it } from 'vitest';
import { activeAds, isAdActive } from './ad-window';

const ad = { start_date: '2027-03-10', expiry_date: '2027-03-12' };
const at = (d: number, h = 0, mi = 0, s = 0, ms = 0) => new Date(2027, 2, d, h, mi, s, ms).getTime();

describe('ad display window', () => {
  it('is closed the millisecond before the start date begins', () => {
    expect(isAdActive(ad, at(10) - 1)).toBe(false);
  });
  it('opens at local midnight of the start date (inclusive)', () => {
    expect(isAdActive(ad, at(10))).toBe(true);
    expect(isAdActive(ad, at(11, 12))).toBe(true);
  });
  it('stays open through the end of the expiry date (inclusive)', () => {
    expect(isAdActive(ad, at(12, 23, 59, 59, 999))).toBe(true);
    expect(isAdActive(ad, at(13))).toBe(false);
  });
  it('a one-day window is open all that day', () => {
    const one = { start_date: '2027-03-10', expiry_date: '2027-03-10' };
    expect(isAdActive(one, at(10))).toBe(true);
    expect(isAdActive(one, at(10, 23, 59))).toBe(true);
    expect(isAdActive(one, at(11))).toBe(false);
  });
  it('never shows an ad with a missing or unreadable date', () => {
    expect(isAdActive({ start_date: '', expiry_date: '2027-03-12' }, at(11))).toBe(false);
    expect(isAdActive({ start_date: '2027-03-10', expiry_date: null }, at(11))).toBe(false);
    expect(isAdActive({ start_date: '2027-02-30', expiry_date: '2027-03-12' }, at(11))).toBe(false);
  });
  it('filters a list', () => {
    const list = [ad, { start_date: '2027-01-01', expiry_date: '2027-01-31' }];
    expect(activeAds(list, at(11))).toEqual([ad]);
  });
});
