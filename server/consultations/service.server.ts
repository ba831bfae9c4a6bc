import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';
import { firmDay, freeSlots, isDay, addDays, slotRefusal, type Slot } from '../../content/rules/slots';
import { NOTICE_VERSION } from '../../content/consultation';
import type { SiteSettings } from '../../content/settings';
import { AppError } from '../lib/errors';
import type { MailService } from '../mail/service.server';
import type { OutboxAttachment } from '../mail/outbox.server';
import type { Whatsapp } from '../whatsapp/service.server';
import type { Services } from '../services';
import { loadLinkSecret, LinkSigner, useLink, type LinkPayload } from './links.server';
import {
  cancelledMail,
  confirmedMail,
  consultationIcs,
  declinedMail,
  firmClientAction,
  firmExtra,
  lawyerMail,
  movedMail,
  receivedExtra,
  reminderMail,
  formatInZone,
  type ClientMailContext,
  type ConflictMatch,
} from './mails.server';
import { nameTokens, phoneKey, tokensMatch } from './names.server';
import { translator } from './catalogs/index';
import { Lawyers, officeAddress, type Routing, type RoutingRequest } from './lawyers.server';
import { MODE_LABELS, type Lawyer, type ReassignOverride } from '../../content/lawyers';
import type { JsonObject } from '../../content/json';

type Db = Kysely<IntakeDatabase> | Transaction<IntakeDatabase>;

export type { ConsultationIntakeColumns, IntakeTables } from './tables';

/** The tables intake reads and writes: the product's typed Database (server/database.ts). */
export type IntakeDatabase = Database;

export const DECISIONS = ['confirm', 'decline', 'cancel', 'complete', 'no_show'] as const;
export type Decision = (typeof DECISIONS)[number];

/** From which statuses each decision may be taken, and the status it leads to. */
const TRANSITIONS: Record<Decision, { from: string[]; to: string }> = {
  confirm: { from: ['new', 'contacted', 'scheduled'], to: 'confirmed' },
  decline: { from: ['new', 'contacted', 'scheduled', 'conflict_review'], to: 'declined' },
  cancel: { from: ['confirmed', 'new', 'contacted', 'scheduled', 'conflict_review'], to: 'cancelled' },
  complete: { from: ['confirmed'], to: 'completed' },
  no_show: { from: ['confirmed'], to: 'no_show' },
};
/** How each decision is told: in a refusal ("cannot be confirmed") and in the administrator's answer. */
export const DECISION_WORDS: Record<Decision, { past: string; answer: string }> = {
  confirm: { past: 'confirmed', answer: 'Consultation confirmed; the client has been sent an invitation.' },
  decline: { past: 'declined', answer: 'Request declined; the client has been told.' },
  cancel: { past: 'cancelled', answer: 'Consultation cancelled; the client has been sent a calendar cancellation.' },
  complete: { past: 'marked completed', answer: 'Consultation marked as completed.' },
  no_show: { past: 'marked as a no-show', answer: 'Consultation marked as a no-show.' },
};
const STATUS_WORDS: Record<string, string> = {
  new: 'waiting for a decision',
  contacted: 'waiting for a decision',
  scheduled: 'waiting for a decision',
  closed: 'closed',
  conflict_review: 'on conflict review',
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
  completed: 'completed',
  no_show: 'marked as a no-show',
};

export const DECIDE_LINK_MS = 7 * 24 * 3600_000;
export const REMINDER_BEFORE_MS = 24 * 3600_000;
export const OPPOSING_PARTY_MAX = 200;

const str = (v: unknown) =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim();

export interface Booking {
  slot: Date | null;
  /** Routing (decision 0067): the office, mode, practice area or lawyer asked for; null for the spec's call. */
  routing: Routing | null;
  opposingParty: string | null;
  noticeVersion: string;
}

export interface IntakeRow {
  consultation_id: number;
  reference: string;
  name: string;
  email: string;
  contact_number: string;
  requested_at: string;
  status: string;
  slot_start: string | null;
  opposing_party: string | null;
  decision_note: string | null;
  conflict: string | null;
  lawyer_id: number | null;
  office: string | null;
  mode: 'in_person' | 'video' | null;
  practice_area_id: number | null;
  video_room: string | null;
  /** The request's language (decision 0071); null: English. */
  locale: string | null;
  /** The WhatsApp number the client asked to be updated at (decision 0072); null: none. */
  whatsapp_to: string | null;
}

/** A slot as listConsultationSlots answers it: with the free lawyers' ids (and names when the settings show them). */
export type ListedSlot = Slot & { lawyers?: number[]; lawyer_names?: string[] };

/** Seconds-based revision number for the calendar event (a later mail always carries a higher one). */
function sequenceAt(now: Date): number {
  return Math.max(1, Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / 60_000));
}

/**
 * The intake flow (decision 0017): slots and their capacity, the states of a request and the mails of each
 * step, signed links, reminders and the conflict check. Every time rule reads `services.clock`.
 */
export class Intake {
  signer!: LinkSigner;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private lastPurge = 0;
  /** Set by the data-rights module: erasures due and the retention purge run in the same sweep. */
  extraSweeps: Array<(now: Date) => Promise<void>> = [];
  /** Bookable lawyers and routing (decision 0067). */
  readonly lawyers: Lawyers;

  constructor(
    readonly services: Services,
    readonly mail: MailService,
    /** WhatsApp updates (decision 0072); off (queues nothing) without the settings. */
    readonly whatsapp: Whatsapp,
  ) {
    this.lawyers = new Lawyers(services);
  }

  get db(): Kysely<IntakeDatabase> {
    return this.services.store.db;
  }
  now(): Date {
    return this.services.clock.now();
  }

  async init(): Promise<void> {
    this.signer = new LinkSigner(await loadLinkSecret(this.db, this.services.config.linkSecret));
  }

  url(path: string): string {
    return `${this.services.config.publicUrl}${path}`;
  }

  // ── Slots ──────────────────────────────────────────────────────────────────────────────────────────

  /** Free slots of the firm's days from..to (defaults: today and the 13 days after), at most 62 days. */
  async listSlots(
    fromRaw: unknown,
    toRaw: unknown,
    routingFields: RoutingRequest = {},
  ): Promise<{ slots: ListedSlot[]; from: string; to: string; settings: SiteSettings }> {
    const settings = await this.services.settings.get();
    const routing = await this.lawyers.routing(routingFields, settings);
    const rules = settings.booking;
    const now = this.now();
    const today = firmDay(rules, now);
    const from = fromRaw === undefined || fromRaw === '' ? today : String(fromRaw);
    if (!isDay(from)) throw new AppError(400, 'from must be a date like 2027-03-01.');
    const to = toRaw === undefined || toRaw === '' ? addDays(from < today ? today : from, 13) : String(toRaw);
    if (!isDay(to)) throw new AppError(400, 'to must be a date like 2027-03-14.');
    if (to < from) throw new AppError(400, 'to must not be before from.');
    if (to > addDays(from, 61)) throw new AppError(400, 'Ask for at most 62 days at a time.');
    const start = from < today ? today : from;
    if (start > to) return { slots: [], from, to, settings };
    const lawyers = (await this.lawyers.all()).filter((l) => l.active);
    const rangeFrom = `${addDays(start, -1)}T00:00:00.000Z`;
    const rangeTo = `${addDays(to, 1)}T23:59:59.999Z`;
    if (routing) {
      // Routing (decision 0067): the firm's grid, each slot with the matching lawyers free at it.
      const busy = await this.lawyers.busy(this.db, rangeFrom, rangeTo);
      const slots: ListedSlot[] = [];
      for (const sl of freeSlots(rules, start, to, now, new Map())) {
        const free = this.lawyers.freeAt(lawyers, routing, rules, sl.start, busy);
        if (free.length)
          slots.push(
            this.withLawyers(
              sl,
              free.map((f) => f.lawyer),
              settings,
              free.length,
            ),
          );
      }
      return { slots, from, to, settings };
    }
    // Bookings from the day before (zone offsets) to the day after the range.
    const taken = new Map<string, number>();
    const rows = await this.db
      .selectFrom('consultation_slot_seats')
      .select(['slot_start', (eb) => eb.fn.countAll().as('n')])
      .where('slot_start', '>=', `${addDays(start, -1)}T00:00:00.000Z`)
      .where('slot_start', '<=', `${addDays(to, 1)}T23:59:59.999Z`)
      .groupBy('slot_start')
      .execute();
    for (const r of rows) taken.set(String(r.slot_start), Number(r.n));
    const slots: ListedSlot[] = freeSlots(rules, start, to, now, taken);
    if (!lawyers.length) return { slots, from, to, settings };
    // With bookable lawyers, each slot also says which of them are free (any office or mode).
    const busy = await this.lawyers.busy(this.db, rangeFrom, rangeTo);
    return {
      slots: slots.map((sl) =>
        this.withLawyers(
          sl,
          this.lawyers.freeAt(lawyers, null, rules, sl.start, busy).map((f) => f.lawyer),
          settings,
        ),
      ),
      from,
      to,
      settings,
    };
  }

  private withLawyers(
    sl: Slot,
    free: Array<{ lawyer_id: number; name: string }>,
    settings: SiteSettings,
    remaining?: number,
  ): ListedSlot {
    return {
      ...sl,
      ...(remaining !== undefined ? { remaining } : {}),
      lawyers: free.map((l) => l.lawyer_id),
      ...(settings.routing.showLawyerNames ? { lawyer_names: free.map((l) => l.name) } : {}),
    };
  }

  /**
   * Reads the intake fields of a consultation call (all optional): `slot`, `opposing_party`,
   * `notice_version`. A slot outside the rules is refused here (400), before anything is stored; a slot
   * given without the spec's `datetime` fills it in, and the slot wins over a different `datetime`.
   */
  async prepare(fields: JsonObject): Promise<Booking> {
    const slotRaw = str(fields.slot);
    const opposing = str(fields.opposing_party).replace(/\s+/g, ' ');
    if (opposing.length > OPPOSING_PARTY_MAX)
      throw new AppError(400, `The opposing party is too long (at most ${OPPOSING_PARTY_MAX} characters).`);
    const versionRaw = str(fields.notice_version);
    const noticeVersion =
      /^\d{1,4}$/.test(versionRaw) && Number(versionRaw) >= 1 && Number(versionRaw) <= NOTICE_VERSION
        ? versionRaw
        : String(NOTICE_VERSION);
    let slot: Date | null = null;
    const routing = await this.lawyers.routing(fields, await this.services.settings.get());
    if (routing && !slotRaw) throw new AppError(400, 'Please choose one of the offered times.');
    if (slotRaw) {
      const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(slotRaw)
        ? Date.parse(slotRaw)
        : NaN;
      if (Number.isNaN(t)) throw new AppError(400, 'Please choose one of the offered times.');
      const settings = await this.services.settings.get();
      const refusal = slotRefusal(settings.booking, new Date(t), this.now());
      if (refusal) throw new AppError(400, refusal);
      slot = new Date(t);
      fields.datetime = slot.toISOString();
    }
    return { slot, routing, opposingParty: opposing || null, noticeVersion };
  }

  /**
   * Takes a place of the slot for a stored request, inside the caller's transaction: seats 1..capacity
   * are primary keys with the slot's start, so of any number of simultaneous bookings only `capacity`
   * can ever be written. False when the slot is full.
   */
  async takeSeat(trx: Db, slot: Date, consultationId: number, capacity: number): Promise<boolean> {
    const slotStart = slot.toISOString();
    for (let seat = 1; seat <= capacity; seat++) {
      const res = await trx
        .insertInto('consultation_slot_seats')
        .values({ slot_start: slotStart, seat, consultation_id: consultationId, created_at: this.now().toISOString() })
        .onConflict((oc) => oc.columns(['slot_start', 'seat']).doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    }
    return false;
  }

  async releaseSeat(trx: Db, consultationId: number): Promise<void> {
    await trx.deleteFrom('consultation_slot_seats').where('consultation_id', '=', consultationId).execute();
    await this.lawyers.releaseSeat(trx, consultationId);
  }

  // ── Conflict check ────────────────────────────────────────────────────────────────────────────────

  /**
   * What of a new request matches past consultations or the firm's list of parties (at most 20, in the
   * order of the rows). Every stored name is compared, so the loop is kept cheap: the request's names are
   * split into words once, each row's once, only the columns used are read, and the scan stops at the
   * 20th match (the answer is the first 20).
   */
  async findConflicts(
    trx: Db,
    req: { name: string; email: string; contactNumber: string; opposingParty: string | null },
    excludeId?: number,
  ): Promise<ConflictMatch[]> {
    const LIMIT = 20;
    const out: ConflictMatch[] = [];
    const email = req.email.toLowerCase();
    const phone = phoneKey(req.contactNumber);
    const name = nameTokens(req.name);
    const opposing = req.opposingParty ? nameTokens(req.opposingParty) : null;
    let past = trx.selectFrom('consultations').select(['reference', 'name', 'email', 'opposing_party']);
    if (excludeId) past = past.where('consultation_id', '<>', excludeId);
    for (const p of await past.execute()) {
      if (out.length >= LIMIT) break;
      const label = () => `request ${p.reference} (${p.name})`;
      const pName = nameTokens(String(p.name));
      // The visitor against an earlier visitor (not themselves again under the same address).
      if (tokensMatch(name, pName) && String(p.email).toLowerCase() !== email) {
        out.push({
          field: 'name',
          source: 'consultation',
          matched: String(p.reference),
          why: `The name “${req.name}” is like the client of ${label()}.`,
        });
      }
      if (p.opposing_party && tokensMatch(name, nameTokens(String(p.opposing_party)))) {
        out.push({
          field: 'name',
          source: 'consultation',
          matched: String(p.reference),
          why: `The name “${req.name}” is like the opposing party (“${p.opposing_party}”) of ${label()}.`,
        });
      }
      if (req.opposingParty && opposing && tokensMatch(opposing, pName)) {
        out.push({
          field: 'opposing_party',
          source: 'consultation',
          matched: String(p.reference),
          why: `The opposing party “${req.opposingParty}” is like the client of ${label()}.`,
        });
      }
    }
    if (out.length >= LIMIT) return out.slice(0, LIMIT);
    for (const party of await trx.selectFrom('conflict_parties').select(['name', 'kind', 'email', 'phone']).execute()) {
      if (out.length >= LIMIT) break;
      const partyName = String(party.name);
      const label = () => `the firm’s ${party.kind === 'client' ? 'client' : 'adverse party'} “${party.name}”`;
      const tokens = nameTokens(partyName);
      if (tokensMatch(name, tokens))
        out.push({
          field: 'name',
          source: 'list',
          matched: partyName,
          why: `The name “${req.name}” is like ${label()}.`,
        });
      if (party.email && String(party.email).toLowerCase() === email)
        out.push({
          field: 'email',
          source: 'list',
          matched: partyName,
          why: `The email address is that of ${label()}.`,
        });
      if (phone && party.phone && phoneKey(String(party.phone)) === phone)
        out.push({
          field: 'phone',
          source: 'list',
          matched: partyName,
          why: `The phone number is that of ${label()}.`,
        });
      if (req.opposingParty && opposing && tokensMatch(opposing, tokens)) {
        out.push({
          field: 'opposing_party',
          source: 'list',
          matched: partyName,
          why: `The opposing party “${req.opposingParty}” is like ${label()}.`,
        });
      }
    }
    return out.slice(0, LIMIT);
  }

  /**
   * Inside the transaction that stored a new request: takes the slot's place (409 when full, which undoes
   * the whole request), runs the conflict check, and records slot, opposing party, notice version and
   * status. Answers the extra blocks for the firm's and the client's "received" mails.
   */
  async afterInsert(
    trx: Transaction<IntakeDatabase>,
    row: {
      consultationId: number;
      reference: string;
      name: string;
      email: string;
      contactNumber: string;
      requestedAt: Date;
      locale?: string | null;
    },
    booking: Booking,
    settings: SiteSettings,
    consented: boolean,
  ): Promise<{
    firm: { text: string; html: string };
    client: { text: string; html: string };
    held: boolean;
    lawyer?: { email: string; name: string };
  }> {
    // A routed booking (decision 0067) holds a lawyer's time instead of a place of the firm's slot.
    const assigned =
      booking.slot && booking.routing
        ? await this.lawyers.assign(
            trx,
            row.consultationId,
            booking.slot,
            booking.routing,
            settings.booking,
            this.now(),
          )
        : null;
    if (booking.slot && booking.routing && !assigned) {
      throw new AppError(409, 'Sorry, that time has just been booked by someone else. Please choose another time.');
    }
    if (
      booking.slot &&
      !booking.routing &&
      !(await this.takeSeat(trx, booking.slot, row.consultationId, settings.booking.capacity))
    ) {
      throw new AppError(409, 'Sorry, that time has just been booked by someone else. Please choose another time.');
    }
    const conflicts = await this.findConflicts(
      trx,
      { ...row, opposingParty: booking.opposingParty },
      row.consultationId,
    );
    const held = conflicts.length > 0;
    await trx
      .updateTable('consultations')
      .set({
        slot_start: booking.slot?.toISOString() ?? null,
        opposing_party: booking.opposingParty,
        consent_version: consented ? booking.noticeVersion : null,
        conflict: held ? JSON.stringify(conflicts) : null,
        ...(held ? { status: 'conflict_review' } : {}),
        ...(assigned && booking.routing
          ? {
              lawyer_id: assigned.lawyer.lawyer_id,
              office: assigned.office,
              mode: booking.routing.mode ?? 'in_person',
              practice_area_id: booking.routing.practiceAreaId,
            }
          : {}),
      })
      .where('consultation_id', '=', row.consultationId)
      .execute();
    const now = this.now();
    const exp = now.getTime() + DECIDE_LINK_MS;
    const firm = firmExtra({
      conflicts,
      slot: !!booking.slot,
      opposingParty: booking.opposingParty,
      ...(held
        ? {}
        : {
            confirmUrl: this.url(
              `/consultation/decide?t=${this.signer.sign({ p: 'decide', id: row.consultationId, a: 'confirm', exp })}`,
            ),
            declineUrl: this.url(
              `/consultation/decide?t=${this.signer.sign({ p: 'decide', id: row.consultationId, a: 'decline', exp })}`,
            ),
          }),
    });
    const client = receivedExtra(
      this.clientContext(settings, row.reference, row.name, row.requestedAt, row.consultationId, {
        locale: row.locale,
      }),
    );
    if (assigned) {
      const mode = MODE_LABELS[booking.routing?.mode ?? 'in_person'];
      const line = `Assigned to ${assigned.lawyer.name} · ${mode}${booking.routing?.mode === 'video' ? '' : ` at the ${assigned.office} office`}.`;
      firm.text = `${line}\n${firm.text}`;
      firm.html = `<p><strong>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</strong></p>${firm.html}`;
      return { firm, client, held, lawyer: { email: assigned.lawyer.work_email, name: assigned.lawyer.name } };
    }
    return { firm, client, held };
  }

  /** The context of a client mail, in the request's language (decision 0071), with a manage link valid until the cutoff (none once it passed). */
  clientContext(
    settings: SiteSettings,
    reference: string,
    name: string,
    when: Date,
    consultationId: number,
    where: { videoRoom?: string | null; office?: string | null; locale?: string | null } = {},
  ): ClientMailContext {
    const exp = when.getTime() - settings.privacy.cancelCutoffHours * 3600_000;
    const manageUrl =
      exp > this.now().getTime()
        ? this.url(
            `/consultation/manage?t=${this.signer.sign({ p: 'manage', id: consultationId, exp, ...(where.locale ? { l: where.locale } : {}) })}`,
          )
        : undefined;
    return {
      reference,
      name,
      when,
      settings,
      manageUrl,
      locale: where.locale ?? null,
      ...(where.videoRoom ? { videoUrl: this.videoUrl(where.videoRoom) } : {}),
      ...(where.office ? { address: officeAddress(settings, where.office) } : {}),
    };
  }

  /** A video consultation's meeting link (decision 0068). */
  videoUrl(room: string): string {
    return `${this.services.config.videoMeetingBaseUrl}/${room}`;
  }

  /** An unguessable room name: 128 random bits (decision 0068). */
  static newRoom(): string {
    return `consultation-${randomBytes(16).toString('hex')}`;
  }

  // ── Decisions ─────────────────────────────────────────────────────────────────────────────────────

  async get(db: Db, id: number): Promise<IntakeRow | null> {
    const r = await db.selectFrom('consultations').selectAll().where('consultation_id', '=', id).executeTakeFirst();
    return r
      ? ({
          ...r,
          consultation_id: Number(r.consultation_id),
          lawyer_id: r.lawyer_id === null ? null : Number(r.lawyer_id),
          practice_area_id: r.practice_area_id === null ? null : Number(r.practice_area_id),
        } as IntakeRow)
      : null;
  }

  uid(reference: string): string {
    return `${reference}@${new URL(this.services.config.publicUrl).hostname}`;
  }

  /**
   * Moves a request to the decision's status with a conditional update (two clicks, two instances: one
   * wins, the other is told the request is no longer waiting) and queues the client's mail in the same
   * transaction. `link` is used up in that transaction too.
   */
  async decide(
    id: number,
    decision: Decision,
    note: string | null,
    opts: { link?: LinkPayload; byClient?: boolean } = {},
  ): Promise<IntakeRow> {
    const settings = await this.services.settings.get();
    const t = TRANSITIONS[decision];
    const now = this.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (opts.link && !(await useLink(trx, opts.link, now)))
          throw new AppError(409, 'This link has already been used.');
        const row = await this.get(trx, id);
        if (!row) throw new AppError(404, 'Consultation not found');
        if (!t.from.includes(row.status)) {
          throw new AppError(
            409,
            `This request is ${STATUS_WORDS[row.status] ?? row.status}, so it cannot be ${DECISION_WORDS[decision].past}.`,
          );
        }
        const res = await trx
          .updateTable('consultations')
          .set({
            status: t.to,
            ...(decision === 'decline' || decision === 'cancel' ? { decision_note: note } : {}),
            ...(decision === 'confirm'
              ? { decision_note: null, reminder_queued_at: null, confirmed_at: now.toISOString() }
              : {}),
            updated_at: now.toISOString(),
          })
          .where('consultation_id', '=', id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1)
          throw new AppError(409, 'This request changed a moment ago. Please reload and try again.');
        let current: IntakeRow = { ...row, status: t.to };
        if (decision === 'decline' || decision === 'cancel') {
          await this.releaseSeat(trx, id);
          // The lawyer's feed shows it cancelled; a video room is retired with it (decisions 0068, 0069).
          await this.lawyers.cancelInFeed(trx, id, now);
          if (row.video_room)
            await trx
              .updateTable('consultations')
              .set({ video_room: null })
              .where('consultation_id', '=', id)
              .execute();
        }
        if (decision === 'confirm') {
          if (row.mode === 'video') {
            current = { ...current, video_room: Intake.newRoom() };
            await trx
              .updateTable('consultations')
              .set({ video_room: current.video_room })
              .where('consultation_id', '=', id)
              .execute();
          }
          if (row.lawyer_id !== null) await this.lawyers.touchFeed(trx, row.lawyer_id, id, 'CONFIRMED', now);
        }
        await this.queueDecisionMail(trx, current, decision, note, settings, now, !!opts.byClient);
        await this.queueLawyerDecisionMail(trx, row, current, decision, settings, now);
        return current;
      });
    } finally {
      this.mail.kickWorker();
    }
  }

  /** The calendar event of a consultation for one attendee: the client, or the lawyer (decision 0067). */
  private event(
    row: IntakeRow,
    settings: SiteSettings,
    now: Date,
    attendee: { name: string; email: string },
    method: 'REQUEST' | 'CANCEL',
    place: Pick<Parameters<typeof consultationIcs>[0], 'videoUrl' | 'address' | 'locale'>,
  ): string {
    return consultationIcs({
      uid: this.uid(row.reference),
      start: new Date(row.requested_at),
      minutes: settings.booking.slotMinutes,
      reference: row.reference,
      settings,
      attendee,
      method,
      sequence: sequenceAt(now),
      stamp: now,
      ...place,
    });
  }

  private async queueDecisionMail(
    trx: Db,
    row: IntakeRow,
    decision: Decision,
    note: string | null,
    settings: SiteSettings,
    now: Date,
    byClient: boolean,
    whatsapp = true,
  ): Promise<void> {
    const when = new Date(row.requested_at);
    const ctx = this.clientContext(settings, row.reference, row.name, when, row.consultation_id, {
      videoRoom: row.video_room,
      office: row.office,
      locale: row.locale,
    });
    const ics = (method: 'REQUEST' | 'CANCEL'): OutboxAttachment => ({
      filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: this.event(row, settings, now, { name: row.name, email: row.email }, method, {
        ...(method === 'REQUEST' && ctx.videoUrl ? { videoUrl: ctx.videoUrl } : {}),
        ...(ctx.address ? { address: ctx.address } : {}),
        locale: row.locale,
      }),
    });
    let msg: { subject: string; text: string; html: string } | null = null;
    let attachments: OutboxAttachment[] = [];
    if (decision === 'confirm') {
      msg = confirmedMail(ctx);
      attachments = [ics('REQUEST')];
    } else if (decision === 'decline') {
      msg = declinedMail(ctx, note);
    } else if (decision === 'cancel') {
      msg = cancelledMail(ctx, byClient);
      attachments = [ics('CANCEL')];
    }
    if (!msg) return;
    await this.mail.outbox.enqueue(
      {
        kind: 'consultation-client',
        to: row.email,
        replyTo: settings.email,
        ...msg,
        attachments,
        consultationId: row.consultation_id,
      },
      trx,
    );
    if (whatsapp && (decision === 'confirm' || decision === 'cancel'))
      await this.queueWhatsapp(trx, row, decision === 'confirm' ? 'confirmed' : 'cancelled', settings);
    if (byClient) {
      const firm = firmClientAction(
        row.reference,
        row.name,
        'cancelled the consultation',
        this.url('/admin-side-bar/consultations'),
      );
      await this.mail.outbox.enqueue(
        {
          kind: 'consultation-firm',
          to: await this.mail.firmInboxAddress(),
          replyTo: row.email,
          ...firm,
          consultationId: row.consultation_id,
        },
        trx,
      );
    }
  }

  /**
   * The WhatsApp update of a step (decision 0072), when the client asked for them: in the request's language,
   * with the time in the firm's zone and, for confirmed and reminder, where it takes place.
   */
  private async queueWhatsapp(
    trx: Db,
    row: IntakeRow,
    update: 'confirmed' | 'reminder' | 'cancelled',
    settings: SiteSettings,
  ): Promise<void> {
    const wa = this.whatsapp;
    if (!wa.enabled || !row.whatsapp_to) return;
    const when = translator(row.locale).when(new Date(row.requested_at), settings.booking.timeZone);
    // Where it takes place: the video link of a confirmed video consultation, else the booking's office (decision 0068).
    const place = row.video_room
      ? this.videoUrl(row.video_room)
      : row.office
        ? officeAddress(settings, row.office)
        : settings.headquarters.address;
    const params = update === 'cancelled' ? [row.name, when, row.reference] : [row.name, when, place, row.reference];
    await wa.queue(trx, {
      update,
      kind: update === 'reminder' ? 'consultation-reminder' : 'consultation-client',
      to: row.whatsapp_to,
      locale: row.locale,
      params,
      consultationId: row.consultation_id,
    });
  }

  /**
   * The assigned lawyer's mail of a decision (decision 0067): a confirmation carries the invitation (with the
   * video link of a video consultation); a decline or a cancellation tells them the time is free again.
   */
  private async queueLawyerDecisionMail(
    trx: Db,
    before: IntakeRow,
    row: IntakeRow,
    decision: Decision,
    settings: SiteSettings,
    now: Date,
  ): Promise<void> {
    if (row.lawyer_id === null || !['confirm', 'decline', 'cancel'].includes(decision)) return;
    if (
      decision !== 'confirm' &&
      !['confirmed', 'new', 'contacted', 'scheduled', 'conflict_review'].includes(before.status)
    )
      return;
    const lawyer = await this.lawyers.get(row.lawyer_id, trx);
    if (!lawyer) return;
    const when = new Date(row.requested_at);
    const whenText = formatInZone(when, settings.booking.timeZone);
    const videoUrl = decision === 'confirm' && row.video_room ? this.videoUrl(row.video_room) : undefined;
    const where = row.mode === 'video' ? 'by video' : `at the ${row.office ?? settings.headquarters.city} office`;
    const word = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' }[
      decision as 'confirm' | 'decline' | 'cancel'
    ];
    const msg = lawyerMail({
      subject: `Consultation ${row.reference} ${word}: ${whenText}`,
      lines: [`The consultation ${row.reference} (${row.name}) on ${whenText}, ${where}, is ${word}.`],
      adminUrl: this.url(`/admin-side-bar/consultations?id=${row.consultation_id}`),
      ...(videoUrl ? { videoUrl } : {}),
    });
    const attachments: OutboxAttachment[] =
      decision === 'confirm'
        ? [
            {
              filename: 'invite.ics',
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: this.event(row, settings, now, { name: lawyer.name, email: lawyer.work_email }, 'REQUEST', {
                ...(videoUrl ? { videoUrl } : {}),
                ...(row.office ? { address: officeAddress(settings, row.office) } : {}),
              }),
            },
          ]
        : [];
    await this.mail.outbox.enqueue(
      {
        kind: 'consultation-firm',
        to: lawyer.work_email,
        replyTo: settings.email,
        ...msg,
        attachments,
        consultationId: row.consultation_id,
      },
      trx,
    );
  }

  /**
   * Gives a booked consultation to another lawyer (decision 0067): the new lawyer's time is taken with the
   * same primary key as a booking (409 when they are busy then), the old one is freed, both lawyers are
   * mailed, and a confirmed consultation moves from one lawyer's feed to the other's. A lawyer who does not
   * sit in the consultation's office, handle its practice area or work at its time is refused with a 409
   * naming each reason and listing them in `overridable`, unless `override` names every one of them
   * (decision 0084); a lawyer already booked then, switched off, or without video for a video consultation is
   * never overridable.
   */
  async reassign(
    id: number,
    lawyerId: number,
    override: readonly ReassignOverride[] = [],
  ): Promise<{ row: IntakeRow; from: string | null; to: string; overridden: ReassignOverride[] }> {
    const settings = await this.services.settings.get();
    const now = this.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await this.get(trx, id);
        if (!row) throw new AppError(404, 'Consultation not found');
        if (!row.slot_start) throw new AppError(409, 'This request has no booked time, so it has no lawyer to change.');
        if (!['new', 'contacted', 'scheduled', 'conflict_review', 'confirmed'].includes(row.status)) {
          throw new AppError(
            409,
            `This request is ${STATUS_WORDS[row.status] ?? row.status}, so its lawyer cannot be changed.`,
          );
        }
        const lawyer = await this.lawyers.get(lawyerId, trx);
        if (!lawyer) throw new AppError(404, 'Lawyer not found');
        if (!lawyer.active) throw new AppError(409, `${lawyer.name} is not taking bookings (switched off).`);
        if (row.mode === 'video' && !lawyer.video)
          throw new AppError(409, `${lawyer.name} does not take video consultations.`);
        if (row.lawyer_id === lawyerId)
          throw new AppError(409, `The consultation is already assigned to ${lawyer.name}.`);
        const busy = `${lawyer.name} already has a consultation at that time.`;
        if ((await this.lawyers.busy(trx, row.slot_start, row.slot_start)).has(`${lawyerId}|${row.slot_start}`)) {
          throw new AppError(409, busy);
        }
        const misfits = await this.reassignMisfits(trx, row, lawyer, settings);
        const left = misfits.filter((m) => !override.includes(m.reason));
        if (left.length) {
          throw new AppError(409, misfits.map((m) => m.sentence).join(' '), {
            overridable: misfits.map((m) => m.reason),
          });
        }
        const old = row.lawyer_id !== null ? await this.lawyers.get(row.lawyer_id, trx) : null;
        await this.lawyers.releaseSeat(trx, id);
        // Two reassignments at once: the seat's primary key still lets only one of them have the lawyer then.
        if (!(await this.lawyers.takeSeat(trx, lawyerId, row.slot_start, id, now))) throw new AppError(409, busy);
        const office = row.office;
        await trx
          .updateTable('consultations')
          .set({ lawyer_id: lawyerId, office, mode: row.mode ?? 'in_person', updated_at: now.toISOString() })
          .where('consultation_id', '=', id)
          .execute();
        if (row.status === 'confirmed') {
          await this.lawyers.cancelInFeed(trx, id, now);
          await this.lawyers.touchFeed(trx, lawyerId, id, 'CONFIRMED', now);
        }
        const whenText = formatInZone(new Date(row.requested_at), settings.booking.timeZone);
        const adminUrl = this.url(`/admin-side-bar/consultations?id=${id}`);
        const where = row.mode === 'video' ? 'by video' : `at the ${office ?? settings.headquarters.city} office`;
        if (old) {
          const m = lawyerMail({
            subject: `Consultation ${row.reference} reassigned: ${whenText}`,
            lines: [
              `The consultation ${row.reference} on ${whenText} is now with ${lawyer.name}; it is no longer yours.`,
            ],
            adminUrl,
          });
          await this.mail.outbox.enqueue(
            { kind: 'consultation-firm', to: old.work_email, replyTo: settings.email, ...m, consultationId: id },
            trx,
          );
        }
        const waiting = ['new', 'contacted', 'scheduled'].includes(row.status);
        const exp = now.getTime() + DECIDE_LINK_MS;
        const m = lawyerMail({
          subject: `Consultation ${row.reference} assigned to you: ${whenText}`,
          lines: [
            `The consultation ${row.reference} (${row.name}) on ${whenText}, ${where}, is now assigned to you${old ? ` (it was with ${old.name})` : ''}.`,
            `Status: ${STATUS_WORDS[row.status] ?? row.status}.`,
          ],
          adminUrl,
          ...(row.status === 'confirmed' && row.video_room ? { videoUrl: this.videoUrl(row.video_room) } : {}),
          ...(waiting
            ? {
                confirmUrl: this.url(
                  `/consultation/decide?t=${this.signer.sign({ p: 'decide', id, a: 'confirm', exp })}`,
                ),
                declineUrl: this.url(
                  `/consultation/decide?t=${this.signer.sign({ p: 'decide', id, a: 'decline', exp })}`,
                ),
              }
            : {}),
        });
        await this.mail.outbox.enqueue(
          { kind: 'consultation-firm', to: lawyer.work_email, replyTo: settings.email, ...m, consultationId: id },
          trx,
        );
        return {
          row: { ...row, lawyer_id: lawyerId, office },
          from: old?.name ?? null,
          to: lawyer.name,
          overridden: misfits.map((m) => m.reason),
        };
      });
    } finally {
      this.mail.kickWorker();
    }
  }

  /**
   * What keeps a lawyer from taking a booked consultation, each with its sentence (decision 0084): the office
   * the client was told (an in-person consultation stays there, decision 0067), the practice area asked
   * for, and the lawyer's own hours at that time (in that office; in any of theirs for a video consultation
   * or one booked without an office). Hours are not named when the office is: a lawyer has none there.
   */
  private async reassignMisfits(
    trx: Db,
    row: IntakeRow,
    lawyer: Lawyer,
    settings: SiteSettings,
  ): Promise<Array<{ reason: ReassignOverride; sentence: string }>> {
    const out: Array<{ reason: ReassignOverride; sentence: string }> = [];
    const office = row.mode !== 'video' ? row.office : null;
    if (office && !lawyer.offices.includes(office)) {
      out.push({ reason: 'office', sentence: `${lawyer.name} does not sit in the ${office} office.` });
    }
    if (row.practice_area_id !== null && !lawyer.practice_areas.includes(row.practice_area_id)) {
      const area = await trx
        .selectFrom('case_categories')
        .select('case_name')
        .where('case_category_id', '=', row.practice_area_id)
        .executeTakeFirst();
      const name = area?.case_name ? `${area.case_name} matters` : 'this practice area';
      out.push({ reason: 'practice_area', sentence: `${lawyer.name} does not handle ${name}.` });
    }
    const slot = row.slot_start!;
    const routing: Routing = { office, mode: null, practiceAreaId: null, lawyerId: null };
    if (!out.some((m) => m.reason === 'office') && !this.lawyers.holds(lawyer, routing, settings.booking, slot)) {
      const when = formatInZone(new Date(slot), settings.booking.timeZone);
      out.push({
        reason: 'hours',
        sentence: `${lawyer.name} does not work at that time (${when})${office ? ` in the ${office} office` : ''}.`,
      });
    }
    return out;
  }

  /** Clears a conflict hold (the request then waits for a decision) or declines the request. */
  async clearConflict(id: number, action: 'clear' | 'decline', note: string | null): Promise<IntakeRow> {
    if (action === 'decline') {
      const row = await this.get(this.db, id);
      if (!row) throw new AppError(404, 'Consultation not found');
      if (row.status !== 'conflict_review')
        throw new AppError(409, `This request is ${STATUS_WORDS[row.status] ?? row.status}, not on conflict review.`);
      return this.decide(id, 'decline', note);
    }
    const res = await this.db
      .updateTable('consultations')
      .set({ status: 'new', updated_at: this.now().toISOString() })
      .where('consultation_id', '=', id)
      .where('status', '=', 'conflict_review')
      .executeTakeFirst();
    const row = await this.get(this.db, id);
    if (!row) throw new AppError(404, 'Consultation not found');
    if (Number(res.numUpdatedRows) !== 1)
      throw new AppError(409, `This request is ${STATUS_WORDS[row.status] ?? row.status}, not on conflict review.`);
    return row;
  }

  // ── The client's link: cancel, or ask for another time ────────────────────────────────────────────

  /** Moves a request to another free slot (the client's "ask for another time"): it waits for the firm again. */
  async move(link: LinkPayload, slotRaw: string): Promise<IntakeRow> {
    const fields: JsonObject = { slot: slotRaw };
    if (!slotRaw) throw new AppError(400, 'Please choose one of the offered times.');
    const booking = await this.prepare(fields);
    const slot = booking.slot!;
    const settings = await this.services.settings.get();
    const now = this.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await useLink(trx, link, now))) throw new AppError(409, 'This link has already been used.');
        const row = await this.get(trx, link.id);
        if (!row) throw new AppError(404, 'Consultation not found');
        if (!['new', 'contacted', 'scheduled', 'confirmed', 'conflict_review'].includes(row.status)) {
          throw new AppError(
            409,
            `This request is ${STATUS_WORDS[row.status] ?? row.status}, so its time cannot be changed.`,
          );
        }
        if (row.lawyer_id !== null) {
          const lawyer = await this.lawyers.get(row.lawyer_id, trx);
          const routing = {
            office: row.mode === 'video' ? null : row.office,
            mode: null,
            practiceAreaId: null,
            lawyerId: null,
          };
          if (!lawyer || !this.lawyers.holds(lawyer, routing, settings.booking, slot.toISOString())) {
            throw new AppError(
              400,
              'That time is not one of the offered consultation times. Please choose another time.',
            );
          }
        }
        await this.releaseSeat(trx, row.consultation_id);
        // A routed booking keeps its lawyer: it takes that lawyer's new time (decision 0067).
        const seated =
          row.lawyer_id !== null
            ? await this.lawyers.takeSeat(trx, row.lawyer_id, slot.toISOString(), row.consultation_id, now)
            : await this.takeSeat(trx, slot, row.consultation_id, settings.booking.capacity);
        if (!seated) {
          throw new AppError(409, 'Sorry, that time has just been booked by someone else. Please choose another time.');
        }
        if (row.status === 'confirmed') {
          await this.lawyers.cancelInFeed(trx, row.consultation_id, now);
          if (row.video_room)
            await trx
              .updateTable('consultations')
              .set({ video_room: null })
              .where('consultation_id', '=', row.consultation_id)
              .execute();
        }
        const status = row.status === 'conflict_review' ? 'conflict_review' : 'new';
        await trx
          .updateTable('consultations')
          .set({
            slot_start: slot.toISOString(),
            requested_at: slot.toISOString(),
            status,
            reminder_queued_at: null,
            updated_at: now.toISOString(),
          })
          .where('consultation_id', '=', row.consultation_id)
          .execute();
        const ctx = this.clientContext(settings, row.reference, row.name, slot, row.consultation_id, {
          videoRoom: row.video_room,
          office: row.office,
          locale: row.locale,
        });
        if (row.status === 'confirmed') {
          // The confirmed time leaves the client's calendar; the firm confirms the new one.
          await this.queueDecisionMail(trx, row, 'cancel', null, settings, now, false, false).catch(() => undefined);
        }
        await this.mail.outbox.enqueue(
          {
            kind: 'consultation-client',
            to: row.email,
            replyTo: settings.email,
            ...movedMail(ctx),
            consultationId: row.consultation_id,
          },
          trx,
        );
        const exp = now.getTime() + DECIDE_LINK_MS;
        const extra =
          status === 'new'
            ? firmExtra({
                conflicts: [],
                slot: true,
                opposingParty: row.opposing_party,
                confirmUrl: this.url(
                  `/consultation/decide?t=${this.signer.sign({ p: 'decide', id: row.consultation_id, a: 'confirm', exp })}`,
                ),
                declineUrl: this.url(
                  `/consultation/decide?t=${this.signer.sign({ p: 'decide', id: row.consultation_id, a: 'decline', exp })}`,
                ),
              })
            : { text: '', html: '' };
        const firm = firmClientAction(
          row.reference,
          row.name,
          `asked to move the consultation to ${slot.toISOString()}`,
          this.url('/admin-side-bar/consultations'),
        );
        await this.mail.outbox.enqueue(
          {
            kind: 'consultation-firm',
            to: await this.mail.firmInboxAddress(),
            replyTo: row.email,
            subject: firm.subject,
            text: `${firm.text}\n\n${extra.text}`,
            html: firm.html.replace('</body>', `${extra.html}</body>`),
            consultationId: row.consultation_id,
          },
          trx,
        );
        return { ...row, status, slot_start: slot.toISOString(), requested_at: slot.toISOString() };
      });
    } finally {
      this.mail.kickWorker();
    }
  }

  // ── Reminders and other timed work ────────────────────────────────────────────────────────────────

  /**
   * Queues the reminder of every confirmed consultation starting within the next 24 hours whose reminder
   * is not queued yet. The conditional update on reminder_queued_at and the outbox row share a
   * transaction: with several instances sweeping at once, each reminder is queued (and so sent) once.
   */
  async queueReminders(): Promise<number> {
    const now = this.now();
    const settings = await this.services.settings.get();
    const due = await this.db
      .selectFrom('consultations')
      .select('consultation_id')
      .where('status', '=', 'confirmed')
      .where('reminder_queued_at', 'is', null)
      .where('requested_at', '>', now.toISOString())
      .where('requested_at', '<=', new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString())
      .execute();
    let queued = 0;
    for (const d of due) {
      const id = Number(d.consultation_id);
      await this.db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('consultations')
          .set({ reminder_queued_at: now.toISOString() })
          .where('consultation_id', '=', id)
          .where('status', '=', 'confirmed')
          .where('reminder_queued_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return;
        const row = (await this.get(trx, id))!;
        const ctx = this.clientContext(settings, row.reference, row.name, new Date(row.requested_at), id, {
          videoRoom: row.video_room,
          office: row.office,
          locale: row.locale,
        });
        await this.mail.outbox.enqueue(
          {
            kind: 'consultation-reminder',
            to: row.email,
            replyTo: settings.email,
            ...reminderMail(ctx),
            consultationId: id,
          },
          trx,
        );
        await this.queueWhatsapp(trx, row, 'reminder', settings);
        queued++;
      });
    }
    if (queued) this.mail.kickWorker();
    return queued;
  }

  /** Everything timed: reminders, then the data-rights work (erasures due, the retention purge). */
  async sweep(): Promise<void> {
    await this.queueReminders();
    const now = this.now();
    for (const s of this.extraSweeps) await s(now);
  }

  /** Whether the hourly work (the retention purge) is due; records that it ran. */
  hourly(now: Date): boolean {
    if (now.getTime() - this.lastPurge < 3600_000) return false;
    this.lastPurge = now.getTime();
    return true;
  }

  start(intervalMs: number): void {
    const tick = () => {
      this.sweeping = this.sweep()
        .catch((err: unknown) => this.services.log.error({ err }, 'intake sweep failed'))
        .finally(() => {
          this.sweeping = null;
          if (this.timer) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 1000).unref();
  }

  /** Stops the timer and waits for a sweep in progress, so none runs on once the database closes. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sweeping;
  }
}
