import { rm } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { readBody } from '../files/multipart';
import { AppError } from '../lib/errors';
import { escapeHtml as esc } from '../mail/templates.server';
import type { Services } from '../services';
import { useLink, linkUsed } from './links.server';
import { forgetNameWords } from './names.server';
import { linkPage, sendPage } from './pages.server';
import {
  ADMIN,
  PUBLIC,
  ROLES_OF,
  answer,
  errors,
  documentedBody,
  idField,
  PageQuery,
  route,
  statusFilter,
} from '../api/route-schema';
import { matchesAny } from '../content/lifecycle/admin-list';
import { parse } from './routes.server';
import type { Intake } from './service.server';
import { ERASURE_STATUSES, type ErasureRequestRow } from '../../content/admin-views';
import { CLIENT_LOCALES, translator, type Translator } from './catalogs/index';

/** The privacy policy page in the reader's language (English at the spec's path). */
const policyPath = (tr: Translator) => (tr.locale === 'en' ? '/privacy-policy' : `/${tr.locale}/privacy-policy`);

export { ERASURE_STATUSES, type ErasureRequestRow };

/**
 * Data rights under the DPDP Act (decision 0018): a visitor asks by email address for a copy of their data or
 * its erasure; a one-time link mailed to that address proves it. The copy is a JSON download of their
 * requests. An erasure is recorded with a due date; the firm may hold it with a reason (a live matter);
 * unheld, it is carried out when due (or at once by the firm) and removes their requests, documents and
 * stored mail, keeping only a keyed one-way hash of the address and the date. A retention purge removes
 * requests that never became a confirmed consultation once older than the setting.
 */
export const DATA_LINK_MS = 24 * 3600_000;
/** Erasures are carried out within this time of the visitor's confirmation, unless held. */
export const ERASURE_DUE_DAYS = 30;
export const DATA_REQUEST_ANSWER =
  'Thank you. If we hold data for this address, we have sent it a link to confirm the request (valid for 24 hours). Please check your inbox.';

const RequestBody = z.object({
  email: z.email('Please enter a valid email address.').max(254, 'Please enter a valid email address.'),
  kind: z.enum(['access', 'erasure'], 'kind must be access or erasure.').default('access'),
  /** The visitor's language (decision 0071): the mail and the link's page are written in it. */
  locale: z.enum(CLIENT_LOCALES, `locale must be one of ${CLIENT_LOCALES.join(', ')}.`).optional(),
});

/** What was removed. */
export interface Removal {
  consultations: number;
  files: number;
  mails: number;
}

/** Due erasures carried out by one sweep of the intake timer (the rest by the next ones). */
export const ERASURES_PER_SWEEP = 50;

export class DataRights {
  constructor(
    private readonly services: Services,
    private readonly intake: Intake,
  ) {}

  private get db() {
    return this.services.store.db;
  }

  /** Records the request and mails the one-time link. The answer never tells whether the address is known. */
  async request(email: string, kind: 'access' | 'erasure', locale?: string): Promise<void> {
    const tr = translator(locale);
    const now = this.intake.now();
    const settings = await this.services.settings.get();
    const normal = email.trim().toLowerCase();
    const known = await this.db
      .selectFrom('consultations')
      .select('consultation_id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', normal))
      .limit(1)
      .executeTakeFirst();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('data_requests')
        .values({
          kind,
          email: normal,
          email_hash: this.intake.signer.hashEmail(normal),
          status: 'pending',
          created_at: now.toISOString(),
        })
        .returning('request_id')
        .executeTakeFirstOrThrow();
      const id = Number(row.request_id);
      const link = this.intake.url(
        `/privacy/data?t=${this.intake.signer.sign({ p: 'data', id, exp: now.getTime() + DATA_LINK_MS, ...(locale && tr.locale !== 'en' ? { l: tr.locale } : {}) })}`,
      );
      const firm = { firm: settings.firmName };
      const access = kind === 'access';
      const lines = known
        ? [
            tr.t(access ? 'data.knownAccess' : 'data.knownErasure', firm),
            tr.t('data.confirm'),
            link,
            '',
            tr.t('data.ignore'),
          ]
        : [
            tr.t(access ? 'data.unknownAccess' : 'data.unknownErasure', firm),
            tr.t('data.nothingHeld'),
            '',
            tr.t('data.ignoreShort'),
          ];
      await this.intake.mail.outbox.enqueue(
        {
          kind: 'data-request',
          to: normal,
          replyTo: settings.privacy.grievanceEmail,
          subject: tr.t(access ? 'data.subjectAccess' : 'data.subjectErasure', firm),
          text: `${lines.join('\n')}\n\n${settings.privacy.grievanceName}, ${settings.privacy.grievanceEmail}`,
          html: `<!doctype html><html${tr.locale === 'en' ? '' : ` lang="${tr.lang}"`}><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">${lines
            .filter(Boolean)
            .map((l) =>
              l === link
                ? `<p><a href="${esc(link)}">${esc(tr.t(access ? 'data.buttonAccess' : 'data.buttonErasure'))}</a></p>`
                : `<p>${esc(l)}</p>`,
            )
            .join(
              '',
            )}<p style="color:#555;font-size:13px">${esc(settings.privacy.grievanceName)}, ${esc(settings.privacy.grievanceEmail)}</p></body></html>`,
        },
        trx,
      );
    });
    this.intake.mail.kickWorker();
  }

  /** Every request of an address, as the visitor's copy. */
  async copy(email: string) {
    const rows = await this.db
      .selectFrom('consultations')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .orderBy('consultation_id')
      .execute();
    return {
      exported_at: this.intake.now().toISOString(),
      email,
      consultation_requests: rows.map((r) => ({
        reference: r.reference,
        name: r.name,
        email: r.email,
        contact_number: r.contact_number,
        legal_issue_summary: r.legal_issue_summary,
        requested_time: r.requested_at,
        booked_slot: r.slot_start ?? null,
        opposing_party: r.opposing_party ?? null,
        status: r.status,
        document: r.document_name ?? null,
        consent_given_at: r.consent_at ?? null,
        consent_notice_version: r.consent_version ?? null,
        submitted_at: r.created_at,
      })),
    };
  }

  /** Removes consultations (and their seats, documents, stored mail, .eml copies) by id or by address. */
  async removeConsultations(where: { ids?: number[]; email?: string }): Promise<Removal> {
    const db = this.db;
    let ids = where.ids ?? [];
    if (where.email) {
      const rows = await db
        .selectFrom('consultations')
        .select('consultation_id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', where.email!.toLowerCase()))
        .execute();
      ids = rows.map((r) => Number(r.consultation_id));
    }
    const removal: Removal = { consultations: 0, files: 0, mails: 0 };
    const files = new Set<string>();
    const mailIds: Array<{ id: number; kind: string }> = [];
    for (let i = 0; i < ids.length || (i === 0 && where.email); i += 200) {
      const chunk = ids.slice(i, i + 200);
      await db.transaction().execute(async (trx) => {
        const phones = new Set<string>();
        if (chunk.length) {
          for (const r of await trx
            .selectFrom('consultations')
            .select(['document_path', 'whatsapp_to'])
            .where('consultation_id', 'in', chunk)
            .execute()) {
            if (r.document_path) files.add(String(r.document_path));
            if (r.whatsapp_to) phones.add(String(r.whatsapp_to));
          }
        }
        let mq = trx.selectFrom('mail_outbox').select(['mail_id', 'kind', 'attachments', 'external_id']);
        mq = mq.where((eb) =>
          eb.or([
            ...(chunk.length ? [eb('consultation_id', 'in', chunk)] : []),
            ...(where.email ? [eb(eb.fn('lower', ['to_address']), '=', where.email.toLowerCase())] : []),
          ]),
        );
        const mails = chunk.length || where.email ? await mq.execute() : [];
        for (const m of mails) {
          mailIds.push({ id: Number(m.mail_id), kind: String(m.kind) });
          try {
            for (const a of JSON.parse(String(m.attachments)) as Array<{ path?: string }>)
              if (a.path?.startsWith('private/consultations/')) files.add(a.path);
          } catch {
            /* no attachments */
          }
        }
        if (mails.length)
          await trx
            .deleteFrom('mail_outbox')
            .where(
              'mail_id',
              'in',
              mails.map((m) => Number(m.mail_id)),
            )
            .execute();
        // WhatsApp (decision 0074): the delivery statuses of those messages and the inbound events of the
        // numbers go too; a STOP stays recorded (it keeps the number from being written to again).
        const wamids = mails.map((m) => m.external_id).filter((x): x is string => !!x);
        if (wamids.length) await trx.deleteFrom('whatsapp_events').where('external_id', 'in', wamids).execute();
        if (phones.size)
          await trx
            .deleteFrom('whatsapp_events')
            .where('kind', '=', 'message')
            .where('phone', 'in', [...phones])
            .execute();
        if (chunk.length) {
          await trx.deleteFrom('consultation_slot_seats').where('consultation_id', 'in', chunk).execute();
          const res = await trx.deleteFrom('consultations').where('consultation_id', 'in', chunk).executeTakeFirst();
          removal.consultations += Number(res.numDeletedRows);
        }
        removal.mails += mails.length;
      });
    }
    for (const f of files) {
      await this.services.files.remove(f).catch(() => undefined);
      removal.files++;
    }
    // The .eml copies written when no SMTP server is configured.
    const outboxDir = path.join(this.services.config.dataDir, 'outbox');
    for (const m of mailIds)
      await rm(path.join(outboxDir, `${String(m.id).padStart(6, '0')}-${m.kind}.eml`), { force: true });
    return removal;
  }

  /** Carries out a verified erasure: removes everything of the address; the request keeps only the hash. */
  async erase(requestId: number, by: string): Promise<Removal> {
    const now = this.intake.now();
    const req = await this.db
      .selectFrom('data_requests')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!req || req.kind !== 'erasure') throw new AppError(404, 'Erasure request not found');
    if (req.status === 'done') throw new AppError(409, 'This erasure was already carried out.');
    if (req.status === 'held') throw new AppError(409, 'This erasure is on hold. Release the hold first.');
    if (req.status !== 'verified' || !req.email)
      throw new AppError(409, 'The visitor has not confirmed this request yet.');
    const removal = await this.removeConsultations({ email: String(req.email) });
    forgetNameWords();
    await this.db
      .updateTable('data_requests')
      .set({ email: null })
      .where('email_hash', '=', String(req.email_hash))
      .execute();
    await this.db
      .updateTable('data_requests')
      .set({ status: 'done', completed_at: now.toISOString(), removed: removal.consultations })
      .where('request_id', '=', requestId)
      .execute();
    await this.db
      .insertInto('audit_log')
      .values({
        admin_id: null,
        admin_email: by,
        action: 'erase',
        target: 'data-subject',
        record_id: String(requestId),
        summary: `email hash ${String(req.email_hash).slice(0, 16)}…: ${removal.consultations} requests, ${removal.files} files, ${removal.mails} mails removed`,
        ip: null,
        created_at: now.toISOString(),
      })
      .execute();
    return removal;
  }

  /** Requests older than the retention setting that were never confirmed: removed, and the purge logged. */
  async purge(now: Date): Promise<number> {
    const months = (await this.services.settings.get()).privacy.retentionMonths;
    const cutoff = new Date(now.getTime());
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    const rows = await this.db
      .selectFrom('consultations')
      .select('consultation_id')
      .where('created_at', '<', cutoff.toISOString())
      .where('confirmed_at', 'is', null)
      .where('status', 'not in', ['confirmed', 'completed', 'no_show', 'scheduled'])
      .limit(5000)
      .execute();
    if (!rows.length) return 0;
    const removal = await this.removeConsultations({ ids: rows.map((r) => Number(r.consultation_id)) });
    forgetNameWords();
    await this.db
      .insertInto('audit_log')
      .values({
        admin_id: null,
        admin_email: 'system',
        action: 'retention-purge',
        target: 'consultations',
        record_id: null,
        summary: `${removal.consultations} unconfirmed requests older than ${months} months removed (${removal.files} files, ${removal.mails} mails), cut-off ${cutoff.toISOString().slice(0, 10)}`,
        ip: null,
        created_at: now.toISOString(),
      })
      .execute();
    return removal.consultations;
  }

  /**
   * Erasures due and not held, the longest due first: at most ERASURES_PER_SWEEP in one sweep (the rest in
   * the next, a minute later). Each erasure is a handful of statements, which on SQLite run synchronously:
   * the sweep gives the event loop a turn before each one, so visitors' requests are answered in between
   * instead of waiting for the whole batch. Returns how many were carried out.
   */
  async eraseDue(now: Date): Promise<number> {
    const due = await this.db
      .selectFrom('data_requests')
      .select('request_id')
      .where('kind', '=', 'erasure')
      .where('status', '=', 'verified')
      .where('due_at', '<=', now.toISOString())
      .orderBy('due_at')
      .orderBy('request_id')
      .limit(ERASURES_PER_SWEEP)
      .execute();
    let done = 0;
    for (const d of due) {
      await setImmediate();
      await this.erase(Number(d.request_id), 'system').then(
        () => done++,
        (err: unknown) => this.services.log.error({ err }, 'erasure failed'),
      );
    }
    return done;
  }
}

export function registerDataRightsRoutes(app: FastifyInstance, services: Services, intake: Intake): DataRights {
  const rights = new DataRights(services, intake);
  intake.extraSweeps.push(
    async (now) => {
      await rights.eraseDue(now);
    },
    async (now) => {
      if (intake.hourly(now)) await rights.purge(now);
    },
  );
  const admin = requireAdmin(services);
  const db = services.store.db;
  const limit = services.config.consultationRateLimit;
  const wantsHtml = (req: FastifyRequest) =>
    String(req.headers['content-type'] ?? '').startsWith('multipart/') &&
    String(req.headers.accept ?? '').includes('text/html');

  route(app, {
    method: 'POST',
    url: '/api/privacy/request',
    config: limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {},
    schema: {
      operationId: 'requestDataAccess',
      tags: ['Privacy'],
      roles: PUBLIC,
      summary:
        'Ask for a copy of one’s data or its erasure: a one-time link is mailed to the address (the same answer whether or not it is known)',
      description:
        'JSON or form {email, kind: access | erasure (default access)}. A form posted by a browser (Accept: text/html) gets a page.',
      // JSON or a form (readBody), so the handler checks the fields with RequestBody (a form has no JSON body to validate).
      requestBody: documentedBody({ 'application/json': RequestBody, 'multipart/form-data': RequestBody }),
      response: { 200: answer(), ...errors(400) },
    },
    handler: async (req, reply) => {
      const body = await readBody(req, services.files.tmpDir, 1);
      await body.cleanup();
      const html = wantsHtml(req);
      const asked = typeof body.fields.locale === 'string' ? body.fields.locale : undefined;
      const tr = translator(asked);
      try {
        const b = parse(RequestBody, body.fields);
        await rights.request(b.email, b.kind, b.locale);
      } catch (err) {
        if (html && err instanceof AppError && err.statusCode < 500) {
          return sendPage(
            reply,
            err.statusCode,
            tr.t('data.pageTitle'),
            `<p class="alert">${esc(err.message)}</p><p><a href="${policyPath(tr)}#your-data">${tr.h('data.back')}</a></p>`,
            await services.settings.get(),
            tr.lang,
          );
        }
        throw err;
      }
      if (html)
        return sendPage(
          reply,
          200,
          tr.t('data.answerTitle'),
          `<p class="done">${tr.h('data.answer')}</p><p><a href="${policyPath(tr)}">${tr.h('data.backToPolicy')}</a></p>`,
          await services.settings.get(),
          tr.lang,
        );
      return { statusCode: 200, message: asked ? tr.t('data.answer') : DATA_REQUEST_ANSWER };
    },
  });

  /** The page behind the data link, in the language the request was made in (decision 0071). */
  const dataPage = async (reply: FastifyReply, token: unknown, done?: Date) => {
    const s = await services.settings.get();
    const v = intake.signer.verify(token, 'data', intake.now());
    const tr = translator(v.ok ? v.payload.l : v.l);
    const send = (status: number, title: string, body: string) => sendPage(reply, status, title, body, s, tr.lang);
    const again = tr.h('data.askAgain', {}, { policy: `<a href="${policyPath(tr)}">${tr.h('data.policy')}</a>` });
    if (!v.ok)
      return send(
        v.reason === 'expired' ? 410 : 400,
        tr.t('data.unusableTitle'),
        `<p class="alert">${tr.h(v.reason === 'expired' ? 'data.expired' : 'data.invalid')} ${again}</p>`,
      );
    const r = await db
      .selectFrom('data_requests')
      .selectAll()
      .where('request_id', '=', v.payload.id)
      .executeTakeFirst();
    if (!r) return send(404, tr.t('page.notFoundTitle'), `<p class="alert">${tr.h('data.notFound')}</p>`);
    if (done)
      return send(
        200,
        tr.t('data.erasureDoneTitle'),
        `<p class="done">${tr.h('data.erasureDone', { due: tr.when(done, s.booking.timeZone) })}</p>`,
      );
    if (await linkUsed(db, v.payload))
      return send(409, tr.t('page.usedTitle'), `<p class="alert">${tr.h('data.used')} ${again}</p>`);
    const t = esc(String(token));
    const email = { email: `<strong>${esc(String(r.email))}</strong>` };
    if (r.kind === 'access') {
      return send(
        200,
        tr.t('data.accessTitle'),
        `<p>${tr.h('data.accessBody', {}, email)}</p><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${t}"><button type="submit">${tr.h('data.accessButton')}</button></form>`,
      );
    }
    return send(
      200,
      tr.t('data.erasureTitle'),
      `<p>${tr.h('data.erasureBody', { days: ERASURE_DUE_DAYS }, email)}</p><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${t}"><button class="danger" type="submit">${tr.h('data.erasureButton')}</button></form>`,
    );
  };

  // The page behind the emailed one-time link: the link is the authority (public).
  linkPage(app, services, '/privacy/data', dataPage, async (reply, fields) => {
    const token = fields.t;
    const now = intake.now();
    const v = intake.signer.verify(token, 'data', now);
    if (!v.ok) return dataPage(reply, token);
    const r = await db
      .selectFrom('data_requests')
      .selectAll()
      .where('request_id', '=', v.payload.id)
      .executeTakeFirst();
    if (!r || r.status !== 'pending' || !r.email) return dataPage(reply, token);
    if (!(await useLink(db, v.payload, now))) return dataPage(reply, token);
    if (r.kind === 'access') {
      const copy = await rights.copy(String(r.email));
      await db
        .updateTable('data_requests')
        .set({ status: 'done', verified_at: now.toISOString(), completed_at: now.toISOString(), email: null })
        .where('request_id', '=', r.request_id)
        .execute();
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-data.json"')
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(copy, null, 2));
    }
    const due = new Date(now.getTime() + ERASURE_DUE_DAYS * 86_400_000);
    await db
      .updateTable('data_requests')
      .set({ status: 'verified', verified_at: now.toISOString(), due_at: due.toISOString() })
      .where('request_id', '=', r.request_id)
      .execute();
    return dataPage(reply, token, due);
  });

  // ── Admin: erasure requests ─────────────────────────────────────────────────────────────────────
  const about = (operationId: string, summary: string) => ({
    operationId,
    tags: ['Privacy'],
    summary,
    roles: ROLES_OF.intake,
    security: ADMIN,
  });
  const Id = z.object({ request_id: idField('request_id') });
  const Hold = Id.extend({
    reason: z
      .string()
      .trim()
      .min(1, 'Please give the reason for the hold.')
      .max(500, 'The reason is too long (at most 500 characters).'),
  });
  // Without `page`, the latest 500 (as the first version answered); the admin screen asks for pages of 50.
  const RequestsQuery = PageQuery.extend({ status: statusFilter(ERASURE_STATUSES) });
  const RequestView = z.strictObject({
    request_id: z.number().int(),
    email: z.string().nullable().meta({ description: 'null once the erasure is carried out' }),
    status: z.string().meta({ description: ERASURE_STATUSES.join(', ') }),
    created_at: z.string(),
    verified_at: z.string().nullable(),
    due_at: z.string().nullable(),
    hold_reason: z.string().nullable(),
    completed_at: z.string().nullable(),
    removed: z.number().int().nullable(),
  });
  const requestView = (r: Omit<ErasureRequestRow, 'status'> & { status: string }) => ({
    request_id: Number(r.request_id),
    email: r.email ?? null,
    status: r.status,
    created_at: r.created_at,
    verified_at: r.verified_at,
    due_at: r.due_at,
    hold_reason: r.hold_reason,
    completed_at: r.completed_at,
    removed: r.removed === null || r.removed === undefined ? null : Number(r.removed),
  });
  route(app, {
    method: 'GET',
    url: '/api/privacy/requests',
    preValidation: admin,
    schema: {
      ...about(
        'listDataRequests',
        'Erasure requests with their due dates, holds and outcomes, newest first (the latest 500); `page` (and `size`, default 50) for one page, `q` (the address) and `status` to narrow it',
      ),
      querystring: RequestsQuery,
      response: {
        200: answer({
          requests: z.array(RequestView),
          total: z.number().int().optional().meta({ description: 'How many requests match (with `page`)' }),
          page: z.number().int().optional().meta({ description: 'The page (with `page`)' }),
          size: z.number().int().optional().meta({ description: 'The page size (with `page`)' }),
        }),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => {
      const { page, size, q, status } = req.query;
      // Confirmed erasures only (an unconfirmed one is the visitor's, not yet the firm's), by `data_requests (kind, request_id, status)`.
      let where = db.selectFrom('data_requests').where('kind', '=', 'erasure');
      where = status ? where.where('status', '=', status) : where.where('status', '<>', 'pending');
      if (q) where = where.where(matchesAny(['email'], q.toLowerCase()));
      const columns = [
        'request_id',
        'email',
        'status',
        'created_at',
        'verified_at',
        'due_at',
        'hold_reason',
        'completed_at',
        'removed',
      ] as const;
      const message = 'Erasure requests fetched successfully';
      if (!page)
        return {
          statusCode: 200,
          message,
          requests: (await where.select(columns).orderBy('request_id', 'desc').limit(500).execute()).map(requestView),
        };
      const [rows, count] = await Promise.all([
        where
          .select(columns)
          .orderBy('request_id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { statusCode: 200, message, requests: rows.map(requestView), total: Number(count.n), page, size };
    },
  });
  const refused = errors(400, 401, 403, 404, 409);
  /** The hold and its release: an erasure from one state to the other (else 409 with `refusal`), audited. */
  const erasureMove = <B extends typeof Id>(
    url: string,
    operationId: string,
    summary: string,
    body: B,
    move: (b: z.infer<B>) => {
      from: 'verified' | 'held';
      to: { status: 'verified' | 'held'; hold_reason: string | null };
      refusal: string;
      audit: { action: string; summary?: string };
      message: string;
    },
  ) =>
    route(app, {
      method: 'POST',
      url,
      preValidation: admin,
      schema: { ...about(operationId, summary), body, response: { 200: answer(), ...refused } },
      handler: async (req) => {
        // The route's own body: TypeScript does not resolve the request's type over a generic schema.
        const b = req.body as z.infer<B>;
        const id = b.request_id;
        const m = move(b);
        const res = await db
          .updateTable('data_requests')
          .set(m.to)
          .where('request_id', '=', id)
          .where('kind', '=', 'erasure')
          .where('status', '=', m.from)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new AppError(409, m.refusal);
        req.audit = { ...m.audit, target: 'data-request', recordId: id };
        return { statusCode: 200, message: m.message };
      },
    });
  erasureMove(
    '/api/privacy/requests/hold',
    'holdDataRequest',
    'Hold an erasure with a reason (a live matter)',
    Hold,
    (b) => ({
      from: 'verified',
      to: { status: 'held', hold_reason: b.reason },
      refusal: 'Only a confirmed erasure that has not been carried out can be held.',
      audit: { action: 'hold', summary: b.reason },
      message: 'Erasure held',
    }),
  );
  erasureMove(
    '/api/privacy/requests/release',
    'releaseDataRequest',
    'Release the hold of an erasure (it is carried out when due)',
    Id,
    () => ({
      from: 'held',
      to: { status: 'verified', hold_reason: null },
      refusal: 'This erasure is not on hold.',
      audit: { action: 'release' },
      message: 'Hold released',
    }),
  );
  route(app, {
    method: 'POST',
    url: '/api/privacy/requests/erase',
    preValidation: admin,
    schema: {
      ...about('eraseDataRequest', 'Carry out a confirmed erasure now'),
      body: Id,
      response: {
        200: answer({
          removed: z.strictObject({
            consultations: z.number().int(),
            files: z.number().int(),
            mails: z.number().int(),
          }),
        }),
        ...refused,
      },
    },
    handler: async (req) => {
      const b = req.body;
      const removal = await rights.erase(b.request_id, req.admin?.email ?? 'administrator');
      req.audit = { action: 'erase', target: 'data-request', recordId: b.request_id };
      return {
        statusCode: 200,
        message: `Erased: ${removal.consultations} requests, ${removal.files} files, ${removal.mails} mails.`,
        removed: removal,
      };
    },
  });
  return rights;
}
