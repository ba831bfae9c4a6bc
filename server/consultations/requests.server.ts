import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Services } from '../services';
import { nowIso } from '../db/index';
import { checkUpload } from '../files/check';
import type { ParsedBody } from '../files/multipart';
import { AppError } from '../lib/errors';
import { buildIcs } from '../mail/ics.server';
import { displayName, type MailService } from '../mail/service.server';
import { firmSignature } from '../mail/templates.server';
import { clientConfirmation, firmNotification, type ConsultationMailData } from './mails.server';
import {
  CONSENT_FIELD,
  CONSULTATION_STATUSES,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  WHATSAPP_FIELD,
  WHATSAPP_NUMBER_FIELD,
  type ConsultationStatus,
} from '../../content/consultation';
import type { Whatsapp } from '../whatsapp/service.server';
import { CLIENT_LOCALES, isClientLocale, translator, type ClientLocale } from './catalogs/index';
import type { Intake } from './service.server';
import { consentGiven, consultationSchema } from '../../content/consultation-schema';
import type { ConsultationsTable, Database } from '../database';
import type { JsonObject } from '../../content/json';

export { CONSULTATION_STATUSES, MANUAL_STATUSES, type ConsultationStatus } from '../../content/consultation';

/** A consultation document: PDF, DOC, DOCX, JPG or PNG, checked by content, at most 10 MB. */
export const CONSULTATION_DOC_FORMATS = ['pdf', 'doc', 'docx', 'jpg', 'png'] as const;
export const CONSULTATION_DOC_MAX = 10 * 1024 * 1024;
export const CONSULTATION_MINUTES = 60;

const str = (v: unknown) =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim();

/**
 * The hidden honeypot field of the form (decision 0011): people never see or reach it, so a value there means a
 * bot filled every field it found. Such a request is answered like a success and otherwise dropped.
 */
/** Whether the honeypot field came back filled (any non-blank value, or a list holding one). */
export function honeypotFilled(fields: JsonObject): boolean {
  const v = fields[HONEYPOT_FIELD];
  const values = Array.isArray(v) ? v : [v];
  return values.some((x) => (typeof x === 'string' ? x.trim() !== '' : x !== undefined && x !== null));
}

export interface ConsultationInput {
  name: string;
  email: string;
  contactNumber: string;
  summary: string;
  requestedAt: Date;
  /** When the visitor confirmed the consent (the time of the submission); null when none was sent. */
  consentAt: Date | null;
}

/**
 * The server-side checks of the Book Consultation form, with the schema the browser also checks before it
 * sends (content/consultation.ts); throws 400 with the first message a visitor understands.
 */
export function validateConsultation(fields: unknown, now = new Date()): ConsultationInput {
  const r = consultationSchema(now).safeParse(fields);
  if (!r.success) throw new AppError(400, r.error.issues[0]?.message ?? 'Invalid input.');
  const v = r.data;
  return {
    name: v.name,
    email: v.email,
    contactNumber: v.contactNumber,
    summary: v.LegalIssueSummary,
    requestedAt: v.datetime,
    consentAt: v[CONSENT_FIELD],
  };
}

/**
 * The optional `locale` of a consultation call (decision 0071): absent or blank is none (the spec's call,
 * English); a language without a catalog is refused (400).
 */
export function requestLocale(fields: JsonObject): ClientLocale | null {
  const v = str(fields[LOCALE_FIELD]).toLowerCase();
  if (!v) return null;
  if (!isClientLocale(v)) throw new AppError(400, `locale must be one of ${CLIENT_LOCALES.join(', ')}.`);
  return v;
}

const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A request reference, CR-XXXX-XXXX (also what a dropped honeypot request is told, so it looks real). */
export function newReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += REF_ALPHABET[b % REF_ALPHABET.length];
  return `CR-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** The inbox's routing filters (decision 0067). */
export interface ConsultationFilter {
  lawyer?: number;
  office?: string;
  mode?: 'in_person' | 'video';
  practiceArea?: number;
}

/** A stored consultation request as read (its status one of the declared ones). */
export type ConsultationRow = Omit<Selectable<ConsultationsTable>, 'status'> & { status: ConsultationStatus };

/**
 * Consultation requests (decision 0105): a booking stored with its document, its intake steps and its
 * messages in one unit of work, and the inbox's reads and status changes. The messages go through the
 * mail outbox; mail knows nothing of consultations.
 */
export class Consultations {
  constructor(
    private readonly services: Services,
    private readonly mail: MailService,
    /** The intake flow (decision 0017): slots, conflict check, states and links. */
    private readonly intake: Intake,
    /** WhatsApp updates (decision 0072); off (queues nothing) without the settings. */
    private readonly whatsapp: Whatsapp,
  ) {}

  /** Consultation requests this process stored (the metrics read it, decision 0050). */
  consultationsReceived = 0;

  private get db() {
    return this.services.store.db;
  }

  /**
   * The WhatsApp number a request asks updates at (decision 0072): the ticked box with its number, or the
   * contact number when it is left blank. Null when the box is not ticked, or WhatsApp is not configured
   * (the field is then ignored, as the form does not offer it); a number that cannot be one is refused.
   */
  whatsappOptIn(fields: JsonObject, contactNumber: string): string | null {
    if (!this.whatsapp.enabled || !consentGiven(fields[WHATSAPP_FIELD])) return null;
    const given = str(fields[WHATSAPP_NUMBER_FIELD]);
    const number = this.whatsapp.number(given || contactNumber);
    if (!number) throw new AppError(400, 'Please enter a valid WhatsApp number, with the country code.');
    return number;
  }

  /**
   * Stores a consultation request with its document and its two messages in one unit of work; the
   * caller answers only after this returns. A failure removes the stored document.
   */
  async createConsultation(body: ParsedBody): Promise<{ reference: string; consultationId: number }> {
    // Intake fields (slot, opposing party, notice version): a refused slot stops here, before anything is stored.
    const booking = await this.intake.prepare(body.fields);
    const input = validateConsultation(body.fields, this.services.clock.now());
    const locale = requestLocale(body.fields);
    const tr = translator(locale);
    const whatsappTo = this.whatsappOptIn(body.fields, input.contactNumber);
    const unknown = body.files.find((f) => f.field !== 'document');
    if (unknown)
      throw new AppError(
        400,
        `Unexpected file field "${displayName(unknown.field, 'file')}". Please attach the document as "document".`,
      );
    if (body.files.length > 1) throw new AppError(400, 'Please attach at most one document.');

    const settings = await this.services.settings.get();
    const firmInbox = await this.mail.firmInboxAddress();
    const files = this.services.files;
    let stored: { path: string; name: string; mime: string } | null = null;
    const upload = body.files[0];
    if (upload) {
      const checked = await checkUpload(
        upload.tmp,
        'Document',
        { kind: 'document', formats: CONSULTATION_DOC_FORMATS },
        { image: CONSULTATION_DOC_MAX, document: CONSULTATION_DOC_MAX, video: CONSULTATION_DOC_MAX },
        files.tmpDir,
      );
      const rel = `private/consultations/${randomBytes(16).toString('hex')}.${checked.format}`;
      const ext = `.${checked.format}`;
      let name = displayName(upload.filename, `document${ext}`);
      if (!name.toLowerCase().endsWith(ext) && !(checked.format === 'jpg' && /\.jpe?g$/i.test(name))) name += ext;
      await files.put(checked.tmp, rel);
      stored = { path: rel, name, mime: checked.mime };
    }

    try {
      const created = await this.db.transaction().execute(async (trx) => {
        const now = this.services.clock.now().toISOString();
        let reference = newReference();
        for (let i = 0; i < 5; i++) {
          const taken = await trx
            .selectFrom('consultations')
            .select('consultation_id')
            .where('reference', '=', reference)
            .executeTakeFirst();
          if (!taken) break;
          reference = newReference();
        }
        const row = await trx
          .insertInto('consultations')
          .values({
            reference,
            name: input.name,
            email: input.email,
            contact_number: input.contactNumber,
            legal_issue_summary: input.summary,
            requested_at: input.requestedAt.toISOString(),
            document_path: stored?.path ?? null,
            document_name: stored?.name ?? null,
            document_type: stored?.mime ?? null,
            consent_at: input.consentAt?.toISOString() ?? null,
            locale,
            whatsapp_to: whatsappTo,
            status: 'new',
            created_at: now,
            updated_at: now,
          })
          .returning('consultation_id')
          .executeTakeFirstOrThrow();
        const consultationId = Number(row.consultation_id);
        const data: ConsultationMailData = {
          reference,
          name: input.name,
          email: input.email,
          contactNumber: input.contactNumber,
          summary: input.summary,
          requestedAt: input.requestedAt,
          documentName: stored?.name,
          consentAt: input.consentAt,
          adminUrl: `${this.services.config.publicUrl}/admin-side-bar/consultations`,
        };
        const extra = await this.intake.afterInsert(
          trx,
          {
            consultationId,
            reference,
            name: input.name,
            email: input.email,
            contactNumber: input.contactNumber,
            requestedAt: input.requestedAt,
            locale,
          },
          booking,
          settings,
          !!input.consentAt,
        );
        const firm = firmNotification(data, settings);
        firm.text += `\n\n${extra.firm.text}`;
        firm.html = firm.html.replace('</body>', `${extra.firm.html}</body>`);
        if (extra.held) firm.subject = `[Conflict review] ${firm.subject}`;
        // The assigned lawyer gets the firm's mail too, one-click links included (decision 0067).
        for (const to of [firmInbox, ...(extra.lawyer ? [extra.lawyer.email] : [])]) {
          await this.mail.outbox.enqueue(
            {
              kind: 'consultation-firm',
              to,
              replyTo: input.email,
              ...firm,
              attachments: stored ? [{ filename: stored.name, contentType: stored.mime, path: stored.path }] : [],
              consultationId,
            },
            trx,
          );
        }
        const client = clientConfirmation(data, settings, locale);
        const sig = firmSignature(settings, tr).text;
        client.text = client.text.replace(`\n\n${sig}`, `\n\n${extra.client.text}\n\n${sig}`);
        client.html = client.html.replace(
          '<p style="color:#555;font-size:13px',
          `${extra.client.html}<p style="color:#555;font-size:13px`,
        );
        const ics = buildIcs(
          {
            uid: `${reference}@${new URL(this.services.config.publicUrl).hostname}`,
            start: input.requestedAt,
            durationMinutes: CONSULTATION_MINUTES,
            summary: tr.t('received.icsSummary', { firm: settings.firmName }),
            description: tr.t('received.icsDescription', { reference }),
            location: settings.headquarters.address,
            organizer: { name: settings.firmName, email: settings.email },
          },
          `-//${settings.firmName.replace(/[^A-Za-z0-9 &.-]/g, '')}//Consultations//EN`,
        );
        await this.mail.outbox.enqueue(
          {
            kind: 'consultation-client',
            to: input.email,
            replyTo: settings.email,
            ...client,
            attachments: [
              {
                filename: 'consultation.ics',
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: ics,
              },
            ],
            consultationId,
          },
          trx,
        );
        if (whatsappTo) {
          // The box ticked again is a new opt-in: an earlier STOP from this number no longer holds (decision 0074).
          await this.whatsapp.optIn(trx, whatsappTo);
          await this.whatsapp.queue(trx, {
            update: 'received',
            kind: 'consultation-client',
            to: whatsappTo,
            locale,
            params: [input.name, reference, tr.when(input.requestedAt, settings.booking.timeZone)],
            consultationId,
          });
        }
        return { reference, consultationId };
      });
      this.consultationsReceived++;
      return created;
    } catch (err) {
      if (stored) await files.remove(stored.path).catch(() => undefined);
      throw err;
    } finally {
      this.mail.kickWorker();
    }
  }

  /**
   * One page of consultation requests, newest first (optionally in one status), with the number that match
   * and the number in each status: the inbox reads a page at a time however many requests are stored.
   */
  async listConsultations(opts: {
    status?: string;
    page: number;
    perPage: number;
    filter?: ConsultationFilter;
  }): Promise<{
    rows: ConsultationRow[];
    total: number;
    counts: Record<ConsultationStatus, number>;
  }> {
    let q = this.db
      .selectFrom('consultations')
      .selectAll()
      .orderBy('consultation_id', 'desc')
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage);
    if (opts.status) q = q.where('status', '=', opts.status);
    const f = opts.filter ?? {};
    // Routing filters (decision 0067): lawyer, office, mode, practice area; the counts follow them.
    let counted = this.db.selectFrom('consultations');
    const routed = [
      ['lawyer_id', f.lawyer],
      ['office', f.office],
      ['mode', f.mode],
      ['practice_area_id', f.practiceArea],
    ] as const;
    for (const [column, value] of routed) {
      if (value === undefined) continue;
      q = q.where(column, '=', value);
      counted = counted.where(column, '=', value);
    }
    const [rows, grouped] = await Promise.all([
      q.execute(),
      counted
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .groupBy('status')
        .execute(),
    ]);
    const counts = Object.fromEntries(CONSULTATION_STATUSES.map((st) => [st, 0])) as Record<ConsultationStatus, number>;
    for (const g of grouped) if (g.status in counts) counts[g.status as ConsultationStatus] = Number(g.n);
    const total = opts.status
      ? (counts[opts.status as ConsultationStatus] ?? 0)
      : Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      rows: rows.map((r) => ({ ...r, consultation_id: Number(r.consultation_id) }) as ConsultationRow),
      total,
      counts,
    };
  }

  async getConsultation(id: number): Promise<ConsultationRow | null> {
    const r = await this.db
      .selectFrom('consultations')
      .selectAll()
      .where('consultation_id', '=', id)
      .executeTakeFirst();
    return r ? ({ ...r, consultation_id: Number(r.consultation_id) } as ConsultationRow) : null;
  }

  async setConsultationStatus(id: number, status: ConsultationStatus): Promise<ConsultationRow | null> {
    const res = await this.db
      .updateTable('consultations')
      .set({ status, updated_at: nowIso() })
      .where('consultation_id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    return this.getConsultation(id);
  }
}

/** Consultation requests nobody has handled yet (the dashboard card). */
export async function countNewConsultations(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('consultations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'new')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
