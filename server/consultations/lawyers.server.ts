import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { hoursHold, LawyerBodySchema, MODES, type Lawyer, type LawyerBody, type Mode } from '../../content/lawyers';
import { addDays, firmDay, weekdayOf, wallClock, zonedInstant, type BookingRules } from '../../content/rules/slots';
import type { SiteSettings } from '../../content/settings';
import type { Database } from '../database';
import { AppError } from '../lib/errors';
import { foldLine, icsDate, icsText } from '../mail/ics.server';
import type { Services } from '../services';

type Db = Kysely<Database> | Transaction<Database>;

/** What a booking or a slot listing asks of the lawyer (decision 0067); every part optional. */
export interface Routing {
  office: string | null;
  mode: Mode | null;
  practiceAreaId: number | null;
  lawyerId: number | null;
}

/** A lawyer free at a slot, and the office whose hours hold it. */
/** The routing fields a slot listing or a booking may carry (a query's or a body's; a form may repeat one). */
export interface RoutingRequest {
  readonly office?: unknown;
  readonly mode?: unknown;
  readonly practice_area?: unknown;
  readonly lawyer?: unknown;
}

export interface FreeLawyer {
  lawyer: Lawyer;
  office: string;
}

/** The calendar feed keeps a cancelled consultation this long (then it leaves the feed). */
export const FEED_CANCELLED_DAYS = 30;

const one = (v: unknown): string =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim();

function list<T>(raw: string, ok: (v: unknown) => v is T): T[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter(ok) : [];
  } catch {
    return [];
  }
}

/** The firm's office cities: the headquarters first, then the other offices. */
export function officeCities(settings: SiteSettings): string[] {
  return [settings.headquarters.city, ...settings.offices.map((o) => o.city)];
}

export function officeAddress(settings: SiteSettings, city: string | null): string {
  if (!city) return settings.headquarters.address;
  return (
    [settings.headquarters, ...settings.offices].find((o) => o.city === city)?.address ?? settings.headquarters.address
  );
}

/** A long random token (256 bits) for a lawyer's private calendar feed. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The instants a firm day runs between (the day's midnight to the next, in the firm's zone). */
function dayBounds(rules: BookingRules, day: string): [string, string] {
  const start = zonedInstant(day, 0, rules.timeZone) ?? Date.parse(`${day}T00:00:00Z`) - 14 * 3600_000;
  const next = addDays(day, 1);
  const end = zonedInstant(next, 0, rules.timeZone) ?? Date.parse(`${next}T00:00:00Z`) + 14 * 3600_000;
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

/**
 * Bookable lawyers (decision 0067): their booking fields, which of them match a routing and are free at a
 * slot, the assignment of a booking (one row of lawyer_slot_seats per live booking: its primary key
 * (lawyer_id, slot_start) keeps a lawyer from being booked twice at one time), and the calendar feed.
 */
export class Lawyers {
  constructor(readonly services: Services) {}

  get db(): Kysely<Database> {
    return this.services.store.db;
  }

  static fromRow(r: Selectable<Database['lawyers']>): Lawyer {
    const hoursRaw = (() => {
      try {
        const v: unknown = JSON.parse(String(r.hours));
        return v && typeof v === 'object' && !Array.isArray(v) ? (v as Lawyer['hours']) : {};
      } catch {
        return {};
      }
    })();
    return {
      lawyer_id: Number(r.lawyer_id),
      name: String(r.name),
      work_email: String(r.work_email),
      active: Number(r.active) === 1,
      video: Number(r.video) === 1,
      offices: list(String(r.offices), (v): v is string => typeof v === 'string'),
      practice_areas: list(String(r.practice_areas), (v): v is number => typeof v === 'number'),
      hours: hoursRaw,
    };
  }

  async all(db: Db = this.db): Promise<Lawyer[]> {
    const rows = await db.selectFrom('lawyers').selectAll().orderBy('name').orderBy('lawyer_id').execute();
    return rows.map((r) => Lawyers.fromRow(r));
  }

  async get(id: number, db: Db = this.db): Promise<Lawyer | null> {
    const r = await db.selectFrom('lawyers').selectAll().where('lawyer_id', '=', id).executeTakeFirst();
    return r ? Lawyers.fromRow(r) : null;
  }

  async feedToken(id: number): Promise<string | null> {
    const r = await this.db.selectFrom('lawyers').select('feed_token').where('lawyer_id', '=', id).executeTakeFirst();
    return r?.feed_token ?? null;
  }

  feedUrl(token: string): string {
    return `${this.services.config.publicUrl}/calendar/${token}.ics`;
  }

  /** Checks a lawyer's fields against the settings' offices and the case categories; answers them in their stored form. */
  async check(raw: unknown): Promise<LawyerBody> {
    const r = LawyerBodySchema.safeParse(raw ?? {});
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new AppError(
        400,
        issue
          ? issue.path.length && issue.message.startsWith('Invalid')
            ? `The field ${issue.path.join('.')} is not valid.`
            : issue.message
          : 'The request is not valid.',
      );
    }
    const body = r.data;
    const settings = await this.services.settings.get();
    const cities = officeCities(settings);
    const canonical = (city: string): string => {
      const found = cities.find((c) => c.toLowerCase() === city.trim().toLowerCase());
      if (!found) throw new AppError(400, `Unknown office “${city}”. The offices are: ${cities.join(', ')}.`);
      return found;
    };
    const offices = [...new Set(body.offices.map(canonical))];
    const hours: LawyerBody['hours'] = {};
    for (const [city, week] of Object.entries(body.hours)) {
      const c = canonical(city);
      if (!offices.includes(c))
        throw new AppError(400, `Hours are given for ${c}, but the lawyer does not sit in that office.`);
      hours[c] = week;
    }
    const areas = [...new Set(body.practice_areas)];
    if (areas.length) {
      const found = await this.db
        .selectFrom('case_categories')
        .select('case_category_id')
        .where('case_category_id', 'in', areas)
        .execute();
      const known = new Set(found.map((f) => Number(f.case_category_id)));
      const missing = areas.find((a) => !known.has(a));
      if (missing !== undefined)
        throw new AppError(400, `There is no case category ${missing} (practice areas are case categories).`);
    }
    return { ...body, offices, hours, practice_areas: areas };
  }

  private values(b: LawyerBody) {
    return {
      name: b.name,
      work_email: b.work_email,
      active: b.active ? 1 : 0,
      video: b.video ? 1 : 0,
      offices: JSON.stringify(b.offices),
      practice_areas: JSON.stringify(b.practice_areas),
      hours: JSON.stringify(b.hours),
    };
  }

  async add(raw: unknown): Promise<Lawyer> {
    const b = await this.check(raw);
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('lawyers')
      .values({ ...this.values(b), feed_token: newFeedToken(), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return Lawyers.fromRow(row);
  }

  async update(id: number, raw: unknown): Promise<Lawyer> {
    const b = await this.check(raw);
    const res = await this.db
      .updateTable('lawyers')
      .set({ ...this.values(b), updated_at: new Date().toISOString() })
      .where('lawyer_id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(404, 'Lawyer not found');
    return (await this.get(id))!;
  }

  /** A lawyer with live bookings cannot be deleted (switch them off instead): 409. */
  async remove(id: number): Promise<void> {
    const live = await this.db
      .selectFrom('lawyer_slot_seats')
      .select('consultation_id')
      .where('lawyer_id', '=', id)
      .executeTakeFirst();
    if (live) throw new AppError(409, 'This lawyer has bookings. Reassign them or switch the lawyer off instead.');
    await this.db.updateTable('consultations').set({ lawyer_id: null }).where('lawyer_id', '=', id).execute();
    const res = await this.db.deleteFrom('lawyers').where('lawyer_id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw new AppError(404, 'Lawyer not found');
  }

  /** A new feed token: the old one answers 404 from this moment (decision 0069). */
  async rotate(id: number): Promise<string> {
    const token = newFeedToken();
    const res = await this.db
      .updateTable('lawyers')
      .set({ feed_token: token, updated_at: new Date().toISOString() })
      .where('lawyer_id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(404, 'Lawyer not found');
    return token;
  }

  /** Reads the routing fields of a slot listing or a booking (all optional); a wrong one is a 400. */
  async routing(fields: RoutingRequest, settings: SiteSettings): Promise<Routing | null> {
    const officeRaw = one(fields.office);
    const modeRaw = one(fields.mode);
    const areaRaw = one(fields.practice_area);
    const lawyerRaw = one(fields.lawyer);
    if (!officeRaw && !modeRaw && !areaRaw && !lawyerRaw) return null;
    let office: string | null = null;
    if (officeRaw) {
      const cities = officeCities(settings);
      office = cities.find((c) => c.toLowerCase() === officeRaw.toLowerCase()) ?? null;
      if (!office) throw new AppError(400, `office must be one of the firm’s offices: ${cities.join(', ')}.`);
    }
    if (modeRaw && !(MODES as readonly string[]).includes(modeRaw))
      throw new AppError(400, 'mode must be in_person or video.');
    const whole = (v: string, name: string) => {
      if (!/^[1-9]\d{0,9}$/.test(v)) throw new AppError(400, `${name} must be a whole number from 1.`);
      return Number(v);
    };
    const practiceAreaId = areaRaw ? whole(areaRaw, 'practice_area') : null;
    if (practiceAreaId !== null) {
      const found = await this.db
        .selectFrom('case_categories')
        .select('case_category_id')
        .where('case_category_id', '=', practiceAreaId)
        .executeTakeFirst();
      if (!found) throw new AppError(400, 'practice_area must be the id of a case category.');
    }
    const lawyerId = lawyerRaw ? whole(lawyerRaw, 'lawyer') : null;
    return { office, mode: (modeRaw || null) as Mode | null, practiceAreaId, lawyerId };
  }

  /** Whether a lawyer takes bookings of this routing (hours aside). */
  matches(l: Lawyer, r: Routing | null): boolean {
    if (!l.active) return false;
    if (!r) return true;
    if (r.lawyerId !== null && l.lawyer_id !== r.lawyerId) return false;
    if (r.office !== null && !l.offices.includes(r.office)) return false;
    if (r.mode === 'video' && !l.video) return false;
    if (r.practiceAreaId !== null && !l.practice_areas.includes(r.practiceAreaId)) return false;
    return true;
  }

  /** The office whose hours hold a slot for this lawyer and routing, or null. */
  holds(l: Lawyer, r: Routing | null, rules: BookingRules, startIso: string): string | null {
    const w = wallClock(Date.parse(startIso), rules.timeZone);
    const offices = r?.office ? [r.office] : l.offices;
    return hoursHold(l, offices, weekdayOf(w.day), w.minutes, rules.slotMinutes);
  }

  /** Live bookings of lawyers between two instants: 'lawyerId|slotStart'. */
  async busy(db: Db, fromIso: string, toIso: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('lawyer_slot_seats')
      .select(['lawyer_id', 'slot_start'])
      .where('slot_start', '>=', fromIso)
      .where('slot_start', '<=', toIso)
      .execute();
    return new Set(rows.map((r) => `${Number(r.lawyer_id)}|${r.slot_start}`));
  }

  /** The matching lawyers free at a slot, with the office whose hours hold it. */
  freeAt(lawyers: Lawyer[], r: Routing | null, rules: BookingRules, startIso: string, busy: Set<string>): FreeLawyer[] {
    const out: FreeLawyer[] = [];
    for (const l of lawyers) {
      if (!this.matches(l, r) || busy.has(`${l.lawyer_id}|${startIso}`)) continue;
      const office = this.holds(l, r, rules, startIso);
      if (office) out.push({ lawyer: l, office });
    }
    return out;
  }

  /**
   * Inside the booking's transaction: takes the slot for a free matching lawyer, the least booked that firm
   * day first (then the lowest id). Each try is an insert that does nothing on the primary key
   * (lawyer_id, slot_start), so of simultaneous bookings of a lawyer's slot exactly one is written. Null
   * when no matching lawyer is free (the caller answers 409 and the transaction stores nothing).
   */
  async assign(
    trx: Db,
    consultationId: number,
    slot: Date,
    r: Routing,
    rules: BookingRules,
    now: Date,
  ): Promise<FreeLawyer | null> {
    const startIso = slot.toISOString();
    const lawyers = await this.all(trx);
    const candidates = this.freeAt(lawyers, r, rules, startIso, await this.busy(trx, startIso, startIso));
    if (!candidates.length) return null;
    const [from, to] = dayBounds(rules, firmDay(rules, slot));
    const counts = new Map<number, number>();
    const rows = await trx
      .selectFrom('lawyer_slot_seats')
      .select(['lawyer_id', (eb) => eb.fn.countAll().as('n')])
      .where('slot_start', '>=', from)
      .where('slot_start', '<', to)
      .groupBy('lawyer_id')
      .execute();
    for (const row of rows) counts.set(Number(row.lawyer_id), Number(row.n));
    candidates.sort(
      (a, b) =>
        (counts.get(a.lawyer.lawyer_id) ?? 0) - (counts.get(b.lawyer.lawyer_id) ?? 0) ||
        a.lawyer.lawyer_id - b.lawyer.lawyer_id,
    );
    for (const c of candidates) {
      if (await this.takeSeat(trx, c.lawyer.lawyer_id, startIso, consultationId, now)) return c;
    }
    return null;
  }

  async takeSeat(trx: Db, lawyerId: number, startIso: string, consultationId: number, now: Date): Promise<boolean> {
    const res = await trx
      .insertInto('lawyer_slot_seats')
      .values({
        lawyer_id: lawyerId,
        slot_start: startIso,
        consultation_id: consultationId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['lawyer_id', 'slot_start']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async releaseSeat(trx: Db, consultationId: number): Promise<void> {
    await trx.deleteFrom('lawyer_slot_seats').where('consultation_id', '=', consultationId).execute();
  }

  /** Records a change of a consultation in a lawyer's feed: SEQUENCE goes up on every change (decision 0069). */
  async touchFeed(
    trx: Db,
    lawyerId: number,
    consultationId: number,
    status: 'CONFIRMED' | 'CANCELLED',
    now: Date,
  ): Promise<void> {
    await trx
      .insertInto('lawyer_feed_events')
      .values({
        lawyer_id: lawyerId,
        consultation_id: consultationId,
        sequence: 0,
        status,
        changed_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(['lawyer_id', 'consultation_id']).doUpdateSet({
          sequence: sql<number>`lawyer_feed_events.sequence + 1`,
          status,
          changed_at: now.toISOString(),
        }),
      )
      .execute();
  }

  /** Marks a consultation cancelled in the feed of the lawyer who had it confirmed (nothing when it never was). */
  async cancelInFeed(trx: Db, consultationId: number, now: Date): Promise<void> {
    const rows = await trx
      .selectFrom('lawyer_feed_events')
      .select('lawyer_id')
      .where('consultation_id', '=', consultationId)
      .where('status', '=', 'CONFIRMED')
      .execute();
    for (const r of rows) await this.touchFeed(trx, Number(r.lawyer_id), consultationId, 'CANCELLED', now);
  }

  /**
   * A lawyer's calendar feed (decision 0069): the confirmed consultations and those cancelled in the last
   * 30 days, each under the UID of its invitation. Nothing of the client: "Consultation", the practice
   * area, the mode and the request's admin link.
   */
  async feed(lawyer: Lawyer, now: Date): Promise<string> {
    const settings = await this.services.settings.get();
    const since = new Date(now.getTime() - FEED_CANCELLED_DAYS * 86_400_000).toISOString();
    const rows = await this.db
      .selectFrom('lawyer_feed_events as f')
      .innerJoin('consultations as c', 'c.consultation_id', 'f.consultation_id')
      .leftJoin('case_categories as k', 'k.case_category_id', 'c.practice_area_id')
      .select([
        'f.sequence',
        'f.status',
        'f.changed_at',
        'c.consultation_id',
        'c.reference',
        'c.requested_at',
        'c.mode',
        'c.office',
        'k.case_name',
      ])
      .where('f.lawyer_id', '=', lawyer.lawyer_id)
      .where((eb) => eb.or([eb('f.status', '=', 'CONFIRMED'), eb('f.changed_at', '>=', since)]))
      .orderBy('c.requested_at')
      .execute();
    const host = new URL(this.services.config.publicUrl).hostname;
    const prodId = `-//${settings.firmName.replace(/[^A-Za-z0-9 &.-]/g, '')}//Lawyer calendar//EN`;
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:${prodId}`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${icsText(`Consultations – ${lawyer.name}`)}`,
    ];
    for (const r of rows) {
      const start = new Date(String(r.requested_at));
      const end = new Date(start.getTime() + settings.booking.slotMinutes * 60_000);
      const mode = r.mode === 'video' ? 'Video' : 'In person';
      const admin = `${this.services.config.publicUrl}/admin-side-bar/consultations?id=${Number(r.consultation_id)}`;
      const area = r.case_name ? String(r.case_name) : 'Not given';
      const cancelled = r.status === 'CANCELLED';
      lines.push(
        'BEGIN:VEVENT',
        `UID:${r.reference}@${host}`,
        `DTSTAMP:${icsDate(new Date(String(r.changed_at)))}`,
        `LAST-MODIFIED:${icsDate(new Date(String(r.changed_at)))}`,
        `DTSTART:${icsDate(start)}`,
        `DTEND:${icsDate(end)}`,
        `SEQUENCE:${Number(r.sequence)}`,
        'SUMMARY:Consultation',
        `DESCRIPTION:${icsText(`Practice area: ${area}\nMode: ${mode}\nRequest: ${admin}`)}`,
        `LOCATION:${icsText(r.mode === 'video' ? 'Video consultation' : officeAddress(settings, r.office ? String(r.office) : null))}`,
        `URL:${admin}`,
        `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
        `TRANSP:${cancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    return lines.map(foldLine).join('\r\n') + '\r\n';
  }
}
