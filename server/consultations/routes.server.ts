import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { MODES } from '../../content/lawyers';
import { inZone, time12 } from '../../content/rules/slots';
import type { SiteSettings } from '../../content/settings';
import { requireAdmin } from '../api/auth-hooks';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { parseCsv } from './csv.server';
import type { IntakeTables } from './tables';
import { linkUsed, type LinkPayload } from './links.server';
import { escapeHtml, linkPage, officePhones, sendPage } from './pages.server';
import {
  ADMIN,
  PUBLIC,
  ROLES_OF,
  answer,
  errors,
  idField,
  oneOf,
  PageQuery,
  route,
  text,
  zodMessage,
} from '../api/route-schema';
import { DECISION_WORDS, DECISIONS, type Decision, type Intake, type IntakeRow } from './service.server';
import { formatInZone } from './mails.server';
import { translator, type MessageKey, type Translator } from './catalogs/index';
import { matchesAny } from '../content/lifecycle/admin-list';

const note = z.string().trim().max(2000, 'The note is too long (at most 2000 characters).').optional();
const DecideBody = z.object({
  consultation_id: idField('consultation_id'),
  action: z.enum(DECISIONS, `action must be one of ${DECISIONS.join(', ')}.`),
  note,
});
const ClearBody = z.object({
  consultation_id: idField('consultation_id'),
  action: z.enum(['clear', 'decline'], 'action must be clear or decline.'),
  note,
});
export const PARTY_KINDS = ['client', 'adverse'] as const;
const PartyBody = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(200, 'The name is too long (at most 200 characters).'),
  kind: z.enum(PARTY_KINDS, 'kind must be client or adverse.'),
  email: z.union([z.email('Please enter a valid email address.'), z.literal('')]).optional(),
  phone: z.string().trim().max(40, 'The phone number is too long.').optional(),
  note: z.string().trim().max(500, 'The note is too long (at most 500 characters).').optional(),
});
const PartyId = z.object({ party_id: idField('party_id') });
/** party_id first: its message comes before the fields'. */
const PartyUpdate = PartyId.extend(PartyBody.shape);
const CsvBody = z.object({
  csv: z.string('Please choose a CSV file.').max(2_000_000, 'The CSV file is too large (at most 2 MB).'),
});
/** A party as the calls return it (partyView). */
const Party = z.strictObject({
  party_id: z.number().int(),
  name: z.string(),
  kind: z.enum(PARTY_KINDS),
  email: z.string(),
  phone: z.string(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
const Decided = answer({ consultation: z.strictObject({ consultation_id: z.number().int(), status: z.string() }) });
/** An optional text parameter of a query (the handler or the service checks it further, with its own messages). */
export const queryText = (name: string, description: string) =>
  text(name, undefined, 'query parameter').optional().meta({ description });
/** The query of the free slots (routing fields: decision 0067; checked by Lawyers.routing with the spec's messages). */
const SlotsQuery = z.object({
  from: queryText('from', 'First day, YYYY-MM-DD in the firm’s time zone (default today)'),
  to: queryText('to', 'Last day, YYYY-MM-DD (default 13 days after from; at most 62 days)'),
  office: queryText('office', 'Routing (decision 0067): only lawyers who sit in this office (a city of the settings)'),
  practice_area: queryText('practice_area', 'Only lawyers with this practice area (a case_category_id)'),
  mode: oneOf('mode', MODES, 'query parameter')
    .optional()
    .meta({ description: 'in_person or video (lawyers who take video consultations)' }),
  lawyer: queryText('lawyer', 'Only this lawyer (lawyer_id)'),
});
const Slots = answer({
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  slots: z.array(
    z.strictObject({
      start: z.string(),
      end: z.string(),
      remaining: z
        .number()
        .int()
        .meta({ description: 'Places left; with routing, the number of matching lawyers free' }),
      lawyers: z
        .array(z.number().int())
        .optional()
        .meta({ description: 'The free (matching) lawyers’ ids; present once bookable lawyers exist' }),
      lawyer_names: z
        .array(z.string())
        .optional()
        .meta({ description: 'Their names, only when the settings show them' }),
    }),
  ),
});

/** A deletion's answer, with its entry in the audit log. */
export function deleted(req: FastifyRequest, target: string, recordId: number, message: string) {
  req.audit = { action: 'delete', target, recordId };
  return { statusCode: 200, message };
}

/** zod's first message as a 400. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new AppError(400, zodMessage(r.error));
  return r.data;
}

/** A conflict party as the calls answer it: blank contact details as ''. */
function partyView(p: Selectable<IntakeTables['conflict_parties']>) {
  return {
    party_id: Number(p.party_id),
    name: String(p.name),
    kind: p.kind,
    email: (p.email as string | null) ?? '',
    phone: (p.phone as string | null) ?? '',
    note: (p.note as string | null) ?? '',
    created_at: String(p.created_at),
    updated_at: String(p.updated_at),
  };
}

/** A slot start as the firm reads it: 'Mon 1 Mar 2027, 3:00 AM'. */
function slotLabel(iso: string, settings: SiteSettings): string {
  const z = inZone(iso, settings.booking.timeZone);
  const [y, m, d] = z.day.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).toUTCString().slice(0, 11); // 'Mon, 01 Mar'
  return `${day.replace(',', '')} ${y}, ${time12(z.time)}`;
}

export function registerIntakeRoutes(app: FastifyInstance, services: Services, intake: Intake): void {
  const admin = requireAdmin(services);
  const db = services.store.db;
  const about = (operationId: string, tags: string[], summary: string, description?: string) => ({
    operationId,
    tags,
    summary,
    ...(description ? { description } : {}),
    roles: ROLES_OF.intake,
    security: ADMIN,
  });

  // ── Public: free slots ──────────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET',
    url: '/api/consultations/slots',
    schema: {
      operationId: 'listConsultationSlots',
      roles: PUBLIC,
      tags: ['Consultations'],
      summary: 'Free consultation slots between two dates (the firm’s days), as ISO times with the places left',
      querystring: SlotsQuery,
      response: { 200: Slots, ...errors(400) },
    },
    handler: async (req, reply) => {
      const q = req.query;
      const { slots, from, to, settings } = await intake.listSlots(q.from, q.to, q);
      reply.header('cache-control', 'private, no-store');
      return {
        statusCode: 200,
        message: 'Slots fetched successfully',
        timeZone: settings.booking.timeZone,
        slotMinutes: settings.booking.slotMinutes,
        from,
        to,
        slots,
      };
    },
  });

  // ── Admin: decisions ────────────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'POST',
    url: '/api/consultations/decide',
    preValidation: admin,
    schema: {
      ...about(
        'decideConsultation',
        ['Consultations'],
        'Confirm, decline (with an optional note to the client), cancel, complete or mark a consultation as a no-show; the client is mailed',
        '409 when the request is not in a state that allows the action.',
      ),
      body: DecideBody,
      response: { 200: Decided, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const b = req.body;
      const row = await intake.decide(b.consultation_id, b.action, b.note || null);
      return decided(req, row, b.action, `${row.reference} → ${row.status}`, DECISION_WORDS[b.action].answer);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/consultations/clear-conflict',
    preValidation: admin,
    schema: {
      ...about(
        'clearConflict',
        ['Consultations'],
        'Clear a conflict hold (the request then waits for a decision) or decline the request',
      ),
      body: ClearBody,
      response: { 200: Decided, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const b = req.body;
      const row = await intake.clearConflict(b.consultation_id, b.action, b.note || null);
      return b.action === 'clear'
        ? decided(
            req,
            row,
            'clear-conflict',
            row.reference,
            'Conflict cleared: the request now waits for your decision.',
          )
        : decided(req, row, 'decline', row.reference, DECISION_WORDS.decline.answer);
    },
  });

  // ── Admin: the firm's clients and adverse parties ───────────────────────────────────────────────
  const parties = ['Conflict check'];
  const PartyAnswer = answer({ party: Party });
  // Without `page`, the whole list (as the first version answered); the admin screen asks for pages of 50.
  route(app, {
    method: 'GET',
    url: '/api/conflict-parties/getall',
    preValidation: admin,
    schema: {
      ...about(
        'listConflictParties',
        parties,
        'The firm’s clients and adverse parties, by name; `page` (and `size`, default 50) and `q` (name, email, phone or note) for one page',
      ),
      querystring: PageQuery,
      response: {
        200: answer({
          parties: z.array(Party),
          total: z.number().int().meta({ description: 'How many parties match (with `page`)' }),
          page: z.number().int().optional().meta({ description: 'The page (with `page`)' }),
          size: z.number().int().optional().meta({ description: 'The page size (with `page`)' }),
        }),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => {
      const { page, size, q } = req.query;
      let where = db.selectFrom('conflict_parties');
      if (q) where = where.where(matchesAny(['name', 'email', 'phone', 'note'], q.toLowerCase()));
      if (!page) {
        const rows = await where.selectAll().orderBy('name').orderBy('party_id').execute();
        return {
          statusCode: 200,
          message: 'Parties fetched successfully',
          parties: rows.map(partyView),
          total: rows.length,
        };
      }
      const [rows, count] = await Promise.all([
        where
          .selectAll()
          .orderBy('name')
          .orderBy('party_id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        statusCode: 200,
        message: 'Parties fetched successfully',
        parties: rows.map(partyView),
        total: Number(count.n),
        page,
        size,
      };
    },
  });
  /** The columns of a party as stored: blank contact details as null. */
  const partyRow = (b: z.output<typeof PartyBody>) => ({
    name: b.name,
    kind: b.kind,
    email: b.email || null,
    phone: b.phone || null,
    note: b.note || null,
  });
  route(app, {
    method: 'POST',
    url: '/api/conflict-parties/add',
    preValidation: admin,
    schema: {
      ...about('addConflictParty', parties, 'Add a client or adverse party'),
      body: PartyBody,
      response: { 200: PartyAnswer, ...errors(400, 401, 403) },
    },
    handler: async (req) => {
      const b = req.body;
      const now = new Date().toISOString();
      const row = await db
        .insertInto('conflict_parties')
        .values({ ...partyRow(b), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      req.audit = { action: 'add', target: 'conflict-party', recordId: Number(row.party_id), summary: b.name };
      return { statusCode: 200, message: 'Party added', party: partyView(row) };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/conflict-parties/update',
    preValidation: admin,
    schema: {
      ...about('updateConflictParty', parties, 'Edit a client or adverse party'),
      body: PartyUpdate,
      response: { 200: PartyAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { party_id, ...b } = req.body;
      const res = await db
        .updateTable('conflict_parties')
        .set({ ...partyRow(b), updated_at: new Date().toISOString() })
        .where('party_id', '=', party_id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(404, 'Party not found');
      const row = await db
        .selectFrom('conflict_parties')
        .selectAll()
        .where('party_id', '=', party_id)
        .executeTakeFirstOrThrow();
      req.audit = { action: 'update', target: 'conflict-party', recordId: party_id, summary: b.name };
      return { statusCode: 200, message: 'Party updated', party: partyView(row) };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/conflict-parties/delete',
    preValidation: admin,
    schema: {
      ...about('deleteConflictParty', parties, 'Delete a client or adverse party'),
      body: PartyId,
      response: { 200: answer(), ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { party_id } = req.body;
      const res = await db.deleteFrom('conflict_parties').where('party_id', '=', party_id).executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) throw new AppError(404, 'Party not found');
      return deleted(req, 'conflict-party', party_id, 'Party deleted');
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/conflict-parties/import',
    preValidation: admin,
    schema: {
      ...about(
        'importConflictParties',
        parties,
        'Import clients and adverse parties from CSV',
        'JSON {csv}: a header row with name and kind (client or adverse) and optionally email, phone, note; every row is checked first and nothing is stored when one is wrong.',
      ),
      body: CsvBody,
      response: { 200: answer({ imported: z.number().int() }), ...errors(400, 401, 403) },
    },
    handler: async (req) => {
      const rows = parseCsv(req.body.csv);
      if (rows.length < 2) throw new AppError(400, 'The CSV file needs a header row and at least one party.');
      const header = rows[0]!.map((h) => h.trim().toLowerCase());
      const col = (n: string) => header.indexOf(n);
      if (col('name') < 0 || col('kind') < 0)
        throw new AppError(400, 'The CSV header must name the columns name and kind (and may add email, phone, note).');
      const found = rows.slice(1).filter((r) => r.some((c) => c.trim() !== ''));
      if (found.length > 5000) throw new AppError(400, 'Import at most 5000 parties at a time.');
      const values = found.map((r, i) => {
        const get = (n: string) => (col(n) >= 0 ? (r[col(n)] ?? '').trim() : '');
        const res = PartyBody.safeParse({
          name: get('name'),
          kind: get('kind').toLowerCase(),
          email: get('email'),
          phone: get('phone'),
          note: get('note'),
        });
        if (!res.success) throw new AppError(400, `Row ${i + 2}: ${res.error.issues[0]?.message ?? 'invalid'}`);
        return res.data;
      });
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < values.length; i += 200) {
          await trx
            .insertInto('conflict_parties')
            .values(values.slice(i, i + 200).map((b) => ({ ...partyRow(b), created_at: now, updated_at: now })))
            .execute();
        }
      });
      req.audit = { action: 'import', target: 'conflict-party', summary: `${values.length} parties` };
      return {
        statusCode: 200,
        message: `${values.length} ${values.length === 1 ? 'party' : 'parties'} imported`,
        imported: values.length,
      };
    },
  });

  // ── The firm's one-click links (no sign-in) ─────────────────────────────────────────────────────
  const settings = () => services.settings.get();

  const decidePage = async (reply: FastifyReply, token: unknown, done?: string) => {
    const s = await settings();
    const v = intake.signer.verify(token, 'decide', intake.now());
    if (!v.ok) {
      const msg =
        v.reason === 'expired'
          ? 'This link has expired (links from the notification mail work for 7 days). Please decide in the consultations inbox.'
          : 'This link is not valid. Please decide in the consultations inbox.';
      return sendPage(
        reply,
        v.reason === 'expired' ? 410 : 400,
        'Link not usable',
        `<p class="alert">${escapeHtml(msg)}</p><p><a href="/admin-side-bar/consultations">Open the consultations inbox</a></p>`,
        s,
      );
    }
    const row = await intake.get(db, v.payload.id);
    if (!row)
      return sendPage(reply, 404, 'Request not found', '<p class="alert">This request no longer exists.</p>', s);
    const action = v.payload.a === 'decline' ? 'decline' : 'confirm';
    const details = `<dl><dt>Reference</dt><dd>${escapeHtml(row.reference)}</dd><dt>Client</dt><dd>${escapeHtml(row.name)}</dd><dt>Time</dt><dd>${escapeHtml(formatInZone(new Date(row.requested_at), s.booking.timeZone))}</dd><dt>Status</dt><dd>${escapeHtml(row.status.replace('_', ' '))}</dd></dl>`;
    if (done)
      return sendPage(
        reply,
        200,
        action === 'confirm' ? 'Consultation confirmed' : 'Request declined',
        `<p class="done">${escapeHtml(done)}</p>${details}`,
        s,
      );
    if (await linkUsed(db, v.payload))
      return sendPage(
        reply,
        409,
        'Link already used',
        `<p class="alert">This link has already been used.</p>${details}`,
        s,
      );
    const form =
      action === 'confirm'
        ? `<p>Confirm this consultation? The client gets a confirmation with a calendar invitation.</p><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${escapeHtml(String(token))}"><button class="ok" type="submit">Confirm consultation</button></form>`
        : `<p>Decline this request? The client is told, with your note if you write one.</p><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${escapeHtml(String(token))}"><label for="note">Note to the client (optional)</label><textarea id="note" name="note" rows="4" maxlength="2000"></textarea><button class="danger" type="submit">Decline request</button></form>`;
    return sendPage(
      reply,
      200,
      action === 'confirm' ? 'Confirm consultation' : 'Decline request',
      `${details}${form}<p class="note">This link works once, without signing in.</p>`,
      s,
    );
  };

  // Pages behind the signed links of the mails: the link is the authority (public).
  linkPage(app, services, '/consultation/decide', decidePage, async (reply, fields) => {
    const token = fields.t;
    const v = intake.signer.verify(token, 'decide', intake.now());
    if (!v.ok) return decidePage(reply, token);
    const action: Decision = v.payload.a === 'decline' ? 'decline' : 'confirm';
    const note = typeof fields.note === 'string' ? fields.note.trim().slice(0, 2000) : '';
    try {
      await intake.decide(v.payload.id, action, note || null, { link: v.payload });
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        return sendPage(
          reply,
          err.statusCode,
          'Nothing changed',
          `<p class="alert">${escapeHtml(err.message)}</p><p><a href="/admin-side-bar/consultations">Open the consultations inbox</a></p>`,
          await settings(),
        );
      }
      throw err;
    }
    return decidePage(
      reply,
      token,
      action === 'confirm'
        ? 'Confirmed. The client has been sent a confirmation with a calendar invitation.'
        : 'Declined. The client has been told.',
    );
  });

  // ── The client's link: cancel, or ask for another time (in the request's language, decision 0071) ──
  const managePage = async (
    reply: FastifyReply,
    token: unknown,
    notice?: { ok: boolean; key: 'page.cancelledDone' | 'page.movedDone' } | { ok: false; text: string },
  ) => {
    const s = await settings();
    const v = intake.signer.verify(token, 'manage', intake.now());
    const row = v.ok ? await intake.get(db, v.payload.id) : null;
    const tr = translator(row?.locale ?? (v.ok ? v.payload.l : v.l));
    const send = (status: number, title: string, body: string) => sendPage(reply, status, title, body, s, tr.lang);
    const call = `<p>${tr.h('page.call', {}, { phones: officePhones(s) })}</p>`;
    if (!v.ok && v.reason === 'invalid')
      return send(400, tr.t('page.invalidTitle'), `<p class="alert">${tr.h('page.invalid')}</p>${call}`);
    if (!v.ok)
      return send(
        410,
        tr.t('page.tooLateTitle'),
        `<p class="alert">${tr.h('page.tooLate', { hours: s.privacy.cancelCutoffHours })}</p>${call}`,
      );
    if (!row) return send(404, tr.t('page.notFoundTitle'), `<p class="alert">${tr.h('page.notFound')}</p>${call}`);
    const when = tr.when(new Date(row.requested_at), s.booking.timeZone);
    const details = `<dl><dt>${tr.h('page.reference')}</dt><dd>${escapeHtml(row.reference)}</dd><dt>${tr.h('page.time')}</dt><dd>${escapeHtml(when)}</dd><dt>${tr.h('page.status')}</dt><dd>${escapeHtml(statusForClient(row.status, tr))}</dd></dl>`;
    const text = notice ? ('key' in notice ? tr.t(notice.key) : notice.text) : '';
    const banner = notice ? `<p class="${notice.ok ? 'done' : 'alert'}">${escapeHtml(text)}</p>` : '';
    const title = tr.t('page.title');
    if (notice?.ok) return send(200, title, `${banner}${details}`);
    if (await linkUsed(db, v.payload))
      return send(409, tr.t('page.usedTitle'), `${banner}<p class="alert">${tr.h('page.used')}</p>${details}${call}`);
    if (!['new', 'contacted', 'scheduled', 'confirmed', 'conflict_review'].includes(row.status))
      return send(200, title, `${banner}${details}${call}`);
    const { slots } = await intake.listSlots(
      undefined,
      undefined,
      row.lawyer_id !== null
        ? {
            lawyer: String(row.lawyer_id),
            ...(row.mode === 'video' ? { mode: 'video' } : row.office ? { office: row.office } : {}),
          }
        : {},
    );
    const options = slots
      .slice(0, 300)
      .map(
        (sl) =>
          `<option value="${escapeHtml(sl.start)}">${escapeHtml(tr.locale === 'en' ? slotLabel(sl.start, s) : tr.when(new Date(sl.start), s.booking.timeZone))}</option>`,
      )
      .join('');
    const t = escapeHtml(String(token));
    const move = slots.length
      ? `<h2 style="font-size:1.15rem;margin-top:24px">${tr.h('page.moveHeading')}</h2><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${t}"><input type="hidden" name="action" value="move"><label for="slot">${tr.h('page.newTime', { zone: s.booking.timeZone })}</label><select id="slot" name="slot" required>${options}</select><button type="submit">${tr.h('page.moveButton')}</button></form>`
      : `<p>${tr.h('page.noOtherTimes')} ${tr.h('page.call', {}, { phones: officePhones(s) })}</p>`;
    const cancel = `<h2 style="font-size:1.15rem;margin-top:24px">${tr.h('page.cancelHeading')}</h2><form method="post" enctype="multipart/form-data"><input type="hidden" name="t" value="${t}"><input type="hidden" name="action" value="cancel"><button class="danger" type="submit">${tr.h('page.cancelButton')}</button></form>`;
    return send(
      200,
      title,
      `${banner}${details}${move}${cancel}<p class="note">${tr.h('page.until', { hours: s.privacy.cancelCutoffHours })}</p>`,
    );
  };

  linkPage(app, services, '/consultation/manage', managePage, async (reply, fields) => {
    const token = fields.t;
    const v = intake.signer.verify(token, 'manage', intake.now());
    if (!v.ok) return managePage(reply, token);
    const link: LinkPayload = v.payload;
    try {
      if (fields.action === 'cancel') {
        await intake.decide(link.id, 'cancel', null, { link, byClient: true });
        return managePage(reply, token, { ok: true, key: 'page.cancelledDone' });
      }
      if (fields.action === 'move') {
        await intake.move(link, typeof fields.slot === 'string' ? fields.slot : '');
        return managePage(reply, token, { ok: true, key: 'page.movedDone' });
      }
      throw new AppError(400, translator(link.l).t('page.chooseAction'));
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500)
        return managePage(reply, token, { ok: false, text: err.message });
      throw err;
    }
  });
}

/** A decision's answer (the request's new status), with its entry in the audit log. */
function decided(req: FastifyRequest, row: IntakeRow, action: string, summary: string, message: string) {
  req.audit = { action, target: 'consultation', recordId: row.consultation_id, summary };
  return { statusCode: 200, message, consultation: { consultation_id: row.consultation_id, status: row.status } };
}

const CLIENT_STATUS = {
  confirmed: 'status.confirmed',
  declined: 'status.declined',
  cancelled: 'status.cancelled',
  completed: 'status.completed',
  no_show: 'status.no_show',
  closed: 'status.closed',
} as const satisfies Record<string, MessageKey>;

function statusForClient(status: string, tr: Translator): string {
  return tr.t(
    Object.hasOwn(CLIENT_STATUS, status) ? CLIENT_STATUS[status as keyof typeof CLIENT_STATUS] : 'status.waiting',
  );
}
