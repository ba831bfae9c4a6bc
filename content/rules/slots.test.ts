import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING } from '../settings';
import { freeSlots, inZone, parseHoursLine, slotRefusal, zonedInstant, type BookingRules } from './slots';

const rules = (over: Partial<BookingRules> = {}): BookingRules => ({ ...DEFAULT_BOOKING, ...over });
/** 2027-03-01 is a Monday. Midnight 1 March in Kolkata is 18:30Z on 28 February. */
const NOW = new Date('2027-02-27T00:00:00Z');

describe('free slots', () => {
  it('follows the default hours in the firm zone: 3:00–8:00 and 18:00–20:00 IST in 30-minute slots', () => {
    const slots = freeSlots(rules(), '2027-03-01', '2027-03-01', NOW);
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({ start: '2027-02-28T21:30:00.000Z', end: '2027-02-28T22:00:00.000Z', remaining: 1 });
    expect(inZone(slots[0]!.start, 'Asia/Kolkata')).toEqual({ day: '2027-03-01', time: '03:00', offset: '+05:30' });
    expect(inZone(slots[9]!.start, 'Asia/Kolkata').time).toBe('07:30');
    expect(inZone(slots[10]!.start, 'Asia/Kolkata').time).toBe('18:00');
    expect(inZone(slots[13]!.start, 'Asia/Kolkata').time).toBe('19:30');
  });

  it('has none on Sunday or on a closed date', () => {
    expect(freeSlots(rules(), '2027-03-07', '2027-03-07', NOW)).toEqual([]); // Sunday
    expect(freeSlots(rules({ closedDates: ['2027-03-02'] }), '2027-03-02', '2027-03-02', NOW)).toEqual([]);
    expect(freeSlots(rules({ closedDates: ['2027-03-02'] }), '2027-03-03', '2027-03-03', NOW)).toHaveLength(14);
  });

  it('keeps the minimum notice: a slot 12 h ahead is offered, one a minute less is not', () => {
    const first = Date.parse('2027-02-28T21:30:00Z');
    const justEnough = new Date(first - 12 * 3600_000);
    expect(freeSlots(rules(), '2027-03-01', '2027-03-01', justEnough)[0]?.start).toBe('2027-02-28T21:30:00.000Z');
    const tooLate = new Date(first - 12 * 3600_000 + 60_000);
    expect(freeSlots(rules(), '2027-03-01', '2027-03-01', tooLate)[0]?.start).toBe('2027-02-28T22:00:00.000Z');
    expect(slotRefusal(rules(), new Date(first), tooLate)).toMatch(/12 hours' notice/);
    expect(slotRefusal(rules(), new Date(first), justEnough)).toBeNull();
  });

  it('stops at the horizon', () => {
    const slots = freeSlots(rules({ horizonDays: 2 }), '2027-03-01', '2027-03-10', NOW);
    expect(slots.every((s) => Date.parse(s.start) <= NOW.getTime() + 2 * 86_400_000)).toBe(true);
    expect(slotRefusal(rules({ horizonDays: 2 }), new Date('2027-03-05T21:30:00Z'), NOW)).toMatch(/2 days ahead/);
  });

  it('leaves the buffer between slots and never runs past the end of the window', () => {
    const r = rules({ weeklyHours: { ...DEFAULT_BOOKING.weeklyHours, mon: [{ from: '10:00', to: '12:00' }] }, slotMinutes: 45, bufferMinutes: 15 });
    const times = freeSlots(r, '2027-03-01', '2027-03-01', NOW).map((s) => inZone(s.start, 'Asia/Kolkata').time);
    expect(times).toEqual(['10:00', '11:00']); // 12:00 would end at 12:45
    expect(slotRefusal(r, new Date(zonedInstant('2027-03-01', 10 * 60 + 45, 'Asia/Kolkata')!), NOW)).toMatch(/not one of the offered/);
  });

  it('counts bookings against the capacity and hides a full slot', () => {
    const taken = new Map([['2027-02-28T21:30:00.000Z', 1], ['2027-02-28T22:00:00.000Z', 2]]);
    const slots = freeSlots(rules({ capacity: 2 }), '2027-03-01', '2027-03-01', NOW, taken);
    expect(slots[0]).toMatchObject({ start: '2027-02-28T21:30:00.000Z', remaining: 1 });
    expect(slots.find((s) => s.start === '2027-02-28T22:00:00.000Z')).toBeUndefined();
  });

  it('refuses a past time, an off-grid time and a closed day with a clear message', () => {
    expect(slotRefusal(rules(), new Date('2027-02-01T21:30:00Z'), NOW)).toMatch(/already passed/);
    expect(slotRefusal(rules(), new Date('2027-02-28T21:40:00Z'), NOW)).toMatch(/not one of the offered/);
    expect(slotRefusal(rules({ closedDates: ['2027-03-01'] }), new Date('2027-02-28T21:30:00Z'), NOW)).toMatch(/closed/);
    expect(slotRefusal(rules(), new Date('nope'), NOW)).toMatch(/offered times/);
  });

  it('uses the firm zone across its own daylight-saving change (London, 28 March 2027)', () => {
    const r = rules({ timeZone: 'Europe/London', weeklyHours: { ...DEFAULT_BOOKING.weeklyHours, sat: [{ from: '09:00', to: '10:00' }], sun: [{ from: '00:30', to: '02:30' }] } });
    const now = new Date('2027-03-20T00:00:00Z');
    expect(freeSlots(r, '2027-03-27', '2027-03-27', now).map((s) => s.start)).toEqual(['2027-03-27T09:00:00.000Z', '2027-03-27T09:30:00.000Z']);
    // Sunday: 01:00–02:00 local does not exist; 00:30 is GMT, 02:00 is BST.
    expect(freeSlots(r, '2027-03-28', '2027-03-28', now).map((s) => s.start)).toEqual([
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z', // 02:00 BST
    ]);
    expect(zonedInstant('2027-03-28', 60, 'Europe/London')).toBeNull();
  });

  it('shows a Kolkata day to a New York visitor with the right offset across their daylight-saving change', () => {
    // New York moves to EDT at 07:00Z on 14 March 2027 (12:30 IST on Sunday). The Monday slots of 15 March
    // are after it; the Saturday slots of 13 March before it.
    const now = new Date('2027-03-01T00:00:00Z');
    const sat = freeSlots(rules(), '2027-03-13', '2027-03-13', now);
    const mon = freeSlots(rules(), '2027-03-15', '2027-03-15', now);
    expect(inZone(sat[0]!.start, 'America/New_York')).toEqual({ day: '2027-03-12', time: '16:30', offset: '-05:00' });
    expect(inZone(mon[0]!.start, 'America/New_York')).toEqual({ day: '2027-03-14', time: '17:30', offset: '-04:00' });
    // The same wall slot in the firm zone is one hour later for the visitor after the change.
    const sunday = rules({ weeklyHours: { ...DEFAULT_BOOKING.weeklyHours, sun: [{ from: '12:00', to: '13:00' }] } });
    const sun = freeSlots(sunday, '2027-03-14', '2027-03-14', now).map((s) => inZone(s.start, 'America/New_York'));
    expect(sun).toEqual([
      { day: '2027-03-14', time: '01:30', offset: '-05:00' },
      { day: '2027-03-14', time: '03:00', offset: '-04:00' }, // 02:00 EST would not exist: 12:30 IST is 03:00 EDT
    ]);
  });
});

describe('hours lines', () => {
  it('parses the admin’s line of hours and refuses nonsense', () => {
    expect(parseHoursLine('03:00-08:00, 18:00-20:00')).toEqual([
      { from: '03:00', to: '08:00' },
      { from: '18:00', to: '20:00' },
    ]);
    expect(parseHoursLine('9:00 – 13:00')).toEqual([{ from: '09:00', to: '13:00' }]);
    expect(parseHoursLine('')).toEqual([]);
    expect(parseHoursLine('18:00-08:00')).toBeNull();
    expect(parseHoursLine('morning')).toBeNull();
  });
});
