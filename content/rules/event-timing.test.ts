import { describe, expect, it } from 'vitest';
import { canReadMore, eventStatus, hasTiming, isDetailable, localDateTime, splitCountdown } from './event-timing';

const ev = {
  event_start_date: '2027-03-10',
  event_start_time: '10:00',
  event_end_date: '2027-03-10',
  event_end_time: '12:30',
  event_address: 'Town Hall, Kochi',
  speakers: [{ speaker_name: 'A' }],
};
const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0, ms = 0) =>
  new Date(y, mo - 1, d, h, mi, s, ms).getTime();

describe('event timing', () => {
  it('counts down before the start with days, hours, minutes and seconds', () => {
    expect(eventStatus(ev, at(2027, 3, 8, 8, 59, 30))).toEqual({
      kind: 'countdown',
      left: { days: 2, hours: 1, minutes: 0, seconds: 30 },
    });
  });
  it('one millisecond before the start still counts down (1 s left)', () => {
    expect(eventStatus(ev, at(2027, 3, 10, 10, 0) - 1)).toEqual({
      kind: 'countdown',
      left: { days: 0, hours: 0, minutes: 0, seconds: 1 },
    });
  });
  it('is live at the start, during, and at the end itself', () => {
    expect(eventStatus(ev, at(2027, 3, 10, 10, 0))).toEqual({ kind: 'live' });
    expect(eventStatus(ev, at(2027, 3, 10, 11, 15))).toEqual({ kind: 'live' });
    expect(eventStatus(ev, at(2027, 3, 10, 12, 30))).toEqual({ kind: 'live' });
  });
  it('has ended one millisecond after the end', () => {
    expect(eventStatus(ev, at(2027, 3, 10, 12, 30) + 1)).toEqual({ kind: 'ended' });
    expect(eventStatus(ev, at(2030, 1, 1, 0, 0), 'detail')).toEqual({ kind: 'ended' });
  });
  it('with any start or end field missing: no status in the list, ended on the detail page', () => {
    for (const f of ['event_start_date', 'event_start_time', 'event_end_date', 'event_end_time'] as const) {
      const partial = { ...ev, [f]: '' };
      expect(eventStatus(partial, at(2020, 1, 1, 0, 0))).toBeNull();
      expect(eventStatus(partial, at(2020, 1, 1, 0, 0), 'detail')).toEqual({ kind: 'ended' });
      expect(hasTiming({ ...ev, [f]: null })).toBe(false);
    }
  });
  it('rejects unreadable dates and times', () => {
    expect(localDateTime('2027-02-30', '10:00')).toBeNull();
    expect(localDateTime('2027-02-10', '24:00')).toBeNull();
    expect(localDateTime('10/02/2027', '10:00')).toBeNull();
    expect(localDateTime('2027-02-10', '9:05')?.getHours()).toBe(9);
  });
  it('splits spans, never negative', () => {
    expect(splitCountdown(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('event Read More and detail rules', () => {
  it('shows Read More only with all four times, an address and at least one speaker', () => {
    expect(canReadMore(ev)).toBe(true);
    expect(canReadMore({ ...ev, speakers: [] })).toBe(false);
    expect(canReadMore({ ...ev, speakers: undefined })).toBe(false);
    expect(canReadMore({ ...ev, event_address: '  ' })).toBe(false);
    expect(canReadMore({ ...ev, event_end_time: '' })).toBe(false);
  });
  it('finds on the detail page only events with dates, times and an address (speakers not needed)', () => {
    expect(isDetailable({ ...ev, speakers: [] })).toBe(true);
    expect(isDetailable({ ...ev, event_address: '' })).toBe(false);
    expect(isDetailable({ ...ev, event_start_date: null })).toBe(false);
  });
});
