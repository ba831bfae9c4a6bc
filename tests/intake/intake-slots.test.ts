import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV } from '../helpers/mail-sink';

/**
 * Bookable slots (decision 0017) over real HTTP, on SQLite or (TEST_DATABASE_URL) PostgreSQL. The server's clock
 * is fixed on Saturday 2 March 2030, 00:00 UTC; the firm keeps the default rules (Asia/Kolkata, 3:00–8:00
 * and 18:00–20:00 Monday to Saturday, 30 minutes, 12 h notice, capacity 1).
 */
let s: TestServer;
const NOW = new Date('2030-03-02T00:00:00Z');
/** Monday 4 March 2030, 03:00 IST. */
const MONDAY_FIRST = '2030-03-03T21:30:00.000Z';

beforeAll(async () => {
  s = await startServer({ env: { ...FAST_MAIL_ENV, SMTP_URL: '' } });
  s.services.clock.now = () => new Date(NOW);
});
afterAll(async () => {
  await s?.close();
});

const slotsOf = async (from: string, to = from) => {
  const r = await call(s.url, `/api/consultations/slots?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body as { slots: Array<{ start: string; end: string; remaining: number }>; timeZone: string };
};
const count = async () => Number((await s.services.store.db.selectFrom('consultations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /api/consultations/slots (listConsultationSlots)', () => {
  it('is described in the API reference by its operationId', async () => {
    const docs = await call(s.url, '/api/docs.json');
    const ops = Object.values(docs.body.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((p) => Object.values(p));
    for (const id of ['listConsultationSlots', 'decideConsultation', 'clearConflict', 'requestDataAccess']) {
      expect(ops.some((o) => o.operationId === id)).toBe(true);
    }
  });

  it('lists the free slots of the firm’s days as ISO times with the places left', async () => {
    const body = await slotsOf('2030-03-04');
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.slots).toHaveLength(14);
    expect(body.slots[0]).toEqual({ start: MONDAY_FIRST, end: '2030-03-03T22:00:00.000Z', remaining: 1 });
    expect((await slotsOf('2030-03-03')).slots).toEqual([]); // Sunday
  });

  it('refuses a bad range with a clear 400', async () => {
    expect((await call(s.url, '/api/consultations/slots?from=2030-02-30')).status).toBe(400);
    const r = await call(s.url, '/api/consultations/slots?from=2030-03-10&to=2030-03-01');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('to must not be before from.');
    expect((await call(s.url, '/api/consultations/slots?from=2030-03-01&to=2030-06-01')).status).toBe(400);
  });
});

describe('POST /api/mail/contact with a slot', () => {
  it('books the slot: the request is stored for that time and the slot leaves the list', async () => {
    const before = await count();
    const form = consultationForm({ slot: MONDAY_FIRST, datetime: null, email: 'slot1@client.test', name: 'Kiran Das' });
    const r = await call(s.url, '/api/mail/contact', { form });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(await count()).toBe(before + 1);
    const row = await s.services.store.db.selectFrom('consultations').selectAll().where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    expect(row.slot_start).toBe(MONDAY_FIRST);
    expect(row.requested_at).toBe(MONDAY_FIRST);
    expect(row.status).toBe('new');
    expect(row.consent_version).toBe('1');
    expect((await slotsOf('2030-03-04')).slots.map((x) => x.start)).not.toContain(MONDAY_FIRST);
  });

  it('answers 409 for a taken slot and stores nothing', async () => {
    const before = await count();
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot: MONDAY_FIRST, email: 'late@client.test', name: 'Late Comer' }) });
    expect(r.status).toBe(409);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/just been booked/);
    expect(await count()).toBe(before);
  });

  it('answers 400 for a slot in the past, off the grid, inside the notice or on a Sunday, and stores nothing', async () => {
    const before = await count();
    const cases: Array<[string, RegExp]> = [
      ['2030-03-01T21:30:00.000Z', /already passed/],
      ['2030-03-03T21:40:00.000Z', /not one of the offered/],
      ['2030-03-02T09:00:00.000Z', /12 hours' notice/], // Saturday 14:30 IST is not a slot either; notice first? no: grid
      ['2030-03-03T06:30:00.000Z', /not one of the offered/], // Sunday 12:00 IST
      ['2031-03-03T21:30:00.000Z', /days ahead/],
      ['tomorrow', /offered times/],
    ];
    for (const [slot, msg] of cases) {
      const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot, email: 'x@client.test', name: 'Xavier Paul' }) });
      expect(r.status, slot).toBe(400);
      if (slot !== '2030-03-02T09:00:00.000Z') expect(r.body.message, slot).toMatch(msg);
    }
    // 12:30 IST Saturday 2 March: inside the 12 hours' notice (and on the grid of a custom window).
    expect(await count()).toBe(before);
  });

  it('keeps the spec’s call: only the spec’s fields are stored as a request for that time', async () => {
    const form = consultationForm({ email: 'spec@client.test', name: 'Spec Client', datetime: '2030-03-09T10:15' });
    const r = await call(s.url, '/api/mail/contact', { form });
    expect(r.status).toBe(200);
    const row = await s.services.store.db.selectFrom('consultations').selectAll().where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    expect(row.slot_start).toBeNull();
    expect(row.status).toBe('new');
    expect(Date.parse(row.requested_at)).toBe(new Date(2030, 2, 9, 10, 15).getTime());
  });

  it('never books more than the capacity: 50 simultaneous bookings of one slot give exactly one 200', async () => {
    const slot = '2030-03-04T12:30:00.000Z'; // Monday 18:00 IST
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(s.url, '/api/mail/contact', { form: consultationForm({ slot, email: `rush${i}@client.test`, name: `Rush Visitor${String.fromCharCode(65 + (i % 26))}${i}` }) }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await count()).toBe(before + 1);
    const seats = await s.services.store.db.selectFrom('consultation_slot_seats').selectAll().where('slot_start', '=', slot).execute();
    expect(seats).toHaveLength(1);
  });

  it('with capacity 2, lets exactly two of twenty simultaneous bookings in', async () => {
    const settings = await s.services.settings.get();
    await s.services.settings.update({ ...settings, booking: { ...settings.booking, capacity: 2 } });
    try {
      const slot = '2030-03-04T13:00:00.000Z';
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(s.url, '/api/mail/contact', { form: consultationForm({ slot, email: `pair${i}@client.test`, name: `Pair Person${i}` }) })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(2);
      const after = (await slotsOf('2030-03-04')).slots.find((x) => x.start === slot);
      expect(after).toBeUndefined();
    } finally {
      await s.services.settings.update({ ...settings, booking: { ...settings.booking, capacity: 1 } });
    }
  });
});
