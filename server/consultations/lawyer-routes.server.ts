import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LawyerBodySchema, REASSIGN_OVERRIDES, type Lawyer } from '../../content/lawyers';
import type { Access } from '../../content/roles';
import { addDays, firmDay, isDay, weekdayOf, WEEKDAYS } from '../../content/rules/slots';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, PUBLIC, ROLES_OF, answer, errors, idField, media, route } from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { Lawyers, officeCities } from './lawyers.server';
import { deleted, queryText } from './routes.server';
import type { Intake } from './service.server';

const LawyerId = z.object({ lawyer_id: idField('lawyer_id') });
const LawyerUpdate = LawyerId.extend(LawyerBodySchema.shape);
/** `override` (optional, decision 0084): the refusals the administrator confirms past, as a 409 listed them. */
const ReassignBody = z.object({
  consultation_id: idField('consultation_id'),
  lawyer_id: idField('lawyer_id'),
  override: z
    .array(z.enum(REASSIGN_OVERRIDES, `override must list some of: ${REASSIGN_OVERRIDES.join(', ')}.`), {
      error: `override must be a list of: ${REASSIGN_OVERRIDES.join(', ')}.`,
    })
    .max(REASSIGN_OVERRIDES.length, 'override names each reason once.')
    .optional(),
});

/** A lawyer as the calls answer it (viewOf). */
const LawyerView = z.strictObject({
  lawyer_id: z.number().int(),
  name: z.string(),
  work_email: z.string(),
  active: z.boolean(),
  video: z.boolean().meta({ description: 'Takes video consultations' }),
  offices: z.array(z.string()).meta({ description: 'Office cities (of the settings)' }),
  practice_areas: z.array(z.number().int()).meta({ description: 'case_category_id of each practice area' }),
  hours: z
    .record(z.string(), z.record(z.string(), z.array(z.strictObject({ from: z.string(), to: z.string() }))))
    .meta({ description: 'Weekly hours per office city, wall times in the firm’s zone' }),
  feed_url: z.string().nullable().meta({ description: 'The private calendar feed (administrators only)' }),
});
const LawyerAnswer = answer({ lawyer: LawyerView });
const PracticeArea = z.strictObject({ case_category_id: z.number().int(), case_name: z.string() });
const WeekQuery = z.object({
  from: queryText('from', 'First day, YYYY-MM-DD in the firm’s zone'),
  lawyer: queryText('lawyer', 'Only this lawyer'),
  office: queryText('office', 'Only this office'),
});

/**
 * Bookable lawyers (decision 0067), reassignment, the week view, the booking page's routing choices and the
 * lawyers' private calendar feeds (decision 0069).
 */
/** A practice area as the calls answer it. */
const practiceArea = (a: { case_category_id: number; case_name: string | null }) => ({
  case_category_id: Number(a.case_category_id),
  case_name: String(a.case_name ?? ''),
});
/** The practice areas some lawyers handle, each once, by id. */
const areasOf = (some: Lawyer[]) => [...new Set(some.flatMap((l) => l.practice_areas))].sort((a, b) => a - b);

export function registerLawyerRoutes(app: FastifyInstance, services: Services, intake: Intake): void {
  const admin = requireAdmin(services);
  const lawyers = intake.lawyers;
  const db = services.store.db;
  const viewOf = (l: Lawyer, token: string | null) => ({ ...l, feed_url: token ? lawyers.feedUrl(token) : null });

  const about = (operationId: string, tags: string, summary: string, roles: Access = ROLES_OF.intake) => ({
    operationId,
    tags: [tags],
    summary,
    roles,
    security: ADMIN,
  });

  route(app, {
    method: 'GET',
    url: '/api/lawyers/getall',
    preValidation: admin,
    schema: {
      ...about(
        'listBookableLawyers',
        'Lawyers',
        'The bookable lawyers with their offices, practice areas, weekly hours, video and on/off; the feed link for administrators',
      ),
      response: {
        200: answer({
          lawyers: z.array(LawyerView),
          offices: z.array(z.string()),
          practice_areas: z.array(PracticeArea),
        }),
        ...errors(401, 403),
      },
    },
    handler: async (req) => {
      const isAdmin = req.admin?.role === 'admin';
      const rows = await db.selectFrom('lawyers').select(['lawyer_id', 'feed_token']).execute();
      const tokens = new Map(rows.map((r) => [Number(r.lawyer_id), r.feed_token]));
      const all = await lawyers.all();
      const areas = await db
        .selectFrom('case_categories')
        .select(['case_category_id', 'case_name'])
        .orderBy('case_name')
        .execute();
      return {
        statusCode: 200,
        message: 'Lawyers fetched successfully',
        lawyers: all.map((l) => viewOf(l, isAdmin ? (tokens.get(l.lawyer_id) ?? null) : null)),
        offices: officeCities(await services.settings.get()),
        practice_areas: areas.map(practiceArea),
      };
    },
  });

  // Adding, editing and deleting lawyers and their feed links: administrators only.
  route(app, {
    method: 'POST',
    url: '/api/lawyers/add',
    preValidation: admin,
    schema: {
      ...about('addBookableLawyer', 'Lawyers', 'Add a bookable lawyer', ROLES_OF.admin),
      body: LawyerBodySchema,
      response: { 200: LawyerAnswer, ...errors(400, 401, 403) },
    },
    handler: async (req) => {
      const l = await lawyers.add(req.body);
      req.audit = { action: 'add', target: 'lawyer', recordId: l.lawyer_id, summary: l.name };
      return { statusCode: 200, message: 'Lawyer added', lawyer: viewOf(l, await lawyers.feedToken(l.lawyer_id)) };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/lawyers/update',
    preValidation: admin,
    schema: {
      ...about('updateBookableLawyer', 'Lawyers', 'Edit a lawyer’s booking settings', ROLES_OF.admin),
      body: LawyerUpdate,
      response: { 200: LawyerAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { lawyer_id, ...rest } = req.body;
      const l = await lawyers.update(lawyer_id, rest);
      req.audit = { action: 'update', target: 'lawyer', recordId: lawyer_id, summary: l.name };
      return { statusCode: 200, message: 'Lawyer updated', lawyer: viewOf(l, await lawyers.feedToken(lawyer_id)) };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/lawyers/delete',
    preValidation: admin,
    schema: {
      ...about(
        'deleteBookableLawyer',
        'Lawyers',
        'Delete a lawyer without live bookings (409 otherwise: switch them off instead)',
        ROLES_OF.admin,
      ),
      body: LawyerId,
      response: { 200: answer(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { lawyer_id } = req.body;
      await lawyers.remove(lawyer_id);
      return deleted(req, 'lawyer', lawyer_id, 'Lawyer deleted');
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/lawyers/rotate-feed',
    preValidation: admin,
    schema: {
      ...about(
        'rotateCalendarFeed',
        'Lawyers',
        'Issue a new private calendar feed link for a lawyer; the old link answers 404 at once',
        ROLES_OF.admin,
      ),
      body: LawyerId,
      response: { 200: answer({ feed_url: z.string() }), ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { lawyer_id } = req.body;
      const token = await lawyers.rotate(lawyer_id);
      req.audit = { action: 'rotate-feed', target: 'lawyer', recordId: lawyer_id };
      return {
        statusCode: 200,
        message: 'A new calendar link is issued; the old one no longer works.',
        feed_url: lawyers.feedUrl(token),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/consultations/reassign',
    preValidation: admin,
    schema: {
      ...about(
        'reassignConsultation',
        'Consultations',
        'Give a booked consultation to another lawyer; the old and the new lawyer are mailed',
      ),
      description:
        '409 when the new lawyer already has a consultation at that time, is switched off or does not take video consultations (for a video one). ' +
        '409 too when the lawyer does not sit in the office of an in-person one, does not handle its practice area or does not work at its time: ' +
        'that answer names each reason and lists them in `overridable`; sent again with `override` listing them, the consultation is reassigned (decision 0084).',
      body: ReassignBody,
      response: {
        200: answer({
          consultation: z.strictObject({
            consultation_id: z.number().int(),
            lawyer_id: z.number().int(),
            office: z.string().nullable(),
          }),
        }),
        ...errors(400, 401, 403, 404),
        409: answer({
          overridable: z
            .array(z.enum(REASSIGN_OVERRIDES))
            .optional()
            .meta({ description: 'The refusals `override` may confirm past (decision 0084)' }),
        }),
      },
    },
    handler: async (req) => {
      const b = req.body;
      const { row, from, to, overridden } = await intake.reassign(b.consultation_id, b.lawyer_id, b.override ?? []);
      req.audit = {
        action: 'reassign',
        target: 'consultation',
        recordId: row.consultation_id,
        summary: `${row.reference}: ${from ?? 'nobody'} → ${to}${overridden.length ? ` (overridden: ${overridden.join(', ')})` : ''}`,
        ...(overridden.length ? { detail: JSON.stringify({ reassignOverride: overridden }) } : {}),
      };
      return {
        statusCode: 200,
        message: `Reassigned to ${to}; both lawyers have been told.`,
        consultation: { consultation_id: row.consultation_id, lawyer_id: b.lawyer_id, office: row.office },
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/consultations/week',
    preValidation: admin,
    schema: {
      ...about(
        'listConsultationWeek',
        'Consultations',
        'The booked consultations of seven days from `from` (default this week’s Monday), per lawyer and office',
      ),
      querystring: WeekQuery,
      response: {
        200: answer({
          from: z.string(),
          to: z.string(),
          timeZone: z.string(),
          days: z.array(z.string()),
          bookings: z.array(
            z.strictObject({
              consultation_id: z.number().int(),
              reference: z.string(),
              start: z.string(),
              day: z.string(),
              status: z.string(),
              lawyer_id: z.number().int().nullable(),
              lawyer: z.string().nullable(),
              office: z.string().nullable(),
              mode: z.string().nullable(),
            }),
          ),
        }),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => {
      const q = req.query;
      const settings = await services.settings.get();
      const rules = settings.booking;
      const today = firmDay(rules, intake.now());
      let from = q.from ?? '';
      if (from && !isDay(from)) throw new AppError(400, 'from must be a date like 2027-03-01.');
      if (!from) from = addDays(today, -((WEEKDAYS.indexOf(weekdayOf(today)) + 6) % 7));
      const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
      let query = db
        .selectFrom('consultations as c')
        .leftJoin('lawyers as l', 'l.lawyer_id', 'c.lawyer_id')
        .select([
          'c.consultation_id',
          'c.reference',
          'c.slot_start',
          'c.status',
          'c.lawyer_id',
          'l.name',
          'c.office',
          'c.mode',
        ])
        .where('c.slot_start', '>=', `${addDays(from, -1)}T00:00:00.000Z`)
        .where('c.slot_start', '<=', `${addDays(from, 8)}T00:00:00.000Z`)
        .where('c.status', 'in', [
          'new',
          'contacted',
          'scheduled',
          'conflict_review',
          'confirmed',
          'completed',
          'no_show',
        ]);
      if (q.lawyer) {
        if (!/^[1-9]\d{0,9}$/.test(q.lawyer)) throw new AppError(400, 'lawyer must be a whole number from 1.');
        query = query.where('c.lawyer_id', '=', Number(q.lawyer));
      }
      if (q.office) query = query.where('c.office', '=', q.office);
      const rows = await query.orderBy('c.slot_start').execute();
      const bookings = rows
        .map((r) => ({
          consultation_id: Number(r.consultation_id),
          reference: String(r.reference),
          start: String(r.slot_start),
          day: firmDay(rules, new Date(String(r.slot_start))),
          status: String(r.status),
          lawyer_id: r.lawyer_id === null ? null : Number(r.lawyer_id),
          lawyer: r.name ?? null,
          office: r.office ?? null,
          mode: r.mode ?? null,
        }))
        .filter((b) => days.includes(b.day));
      return {
        statusCode: 200,
        message: 'Bookings fetched successfully',
        from,
        to: days[6]!,
        timeZone: rules.timeZone,
        days,
        bookings,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/consultations/routing',
    schema: {
      operationId: 'getConsultationRouting',
      tags: ['Consultations'],
      summary:
        'What the booking page offers: the offices with bookable lawyers, whether video is offered, and the practice areas of each',
      roles: PUBLIC,
      response: {
        200: answer({
          offices: z.array(
            z.strictObject({ city: z.string(), video: z.boolean(), practice_areas: z.array(z.number().int()) }),
          ),
          video: z.strictObject({ offered: z.boolean(), practice_areas: z.array(z.number().int()) }),
          practice_areas: z.array(PracticeArea),
        }),
      },
    },
    handler: async (_req, reply) => {
      const settings = await services.settings.get();
      const active = (await lawyers.all()).filter((l) => l.active);
      const areaIds = [...new Set(active.flatMap((l) => l.practice_areas))];
      const names = areaIds.length
        ? await db
            .selectFrom('case_categories')
            .select(['case_category_id', 'case_name'])
            .where('case_category_id', 'in', areaIds)
            .orderBy('case_name')
            .execute()
        : [];
      const offices = officeCities(settings)
        .map((city) => {
          const here = active.filter((l) => l.offices.includes(city));
          return { city, video: here.some((l) => l.video), practice_areas: areasOf(here) };
        })
        .filter((o) => o.practice_areas.length > 0 || active.some((l) => l.offices.includes(o.city)));
      const videoLawyers = active.filter((l) => l.video);
      reply.header('cache-control', 'private, no-store');
      return {
        statusCode: 200,
        message: 'Routing fetched successfully',
        offices,
        video: { offered: videoLawyers.length > 0, practice_areas: areasOf(videoLawyers) },
        practice_areas: names.map(practiceArea),
      };
    },
  });

  // A lawyer's private calendar feed (decision 0069): the long random token is the authority (public route).
  route(app, {
    method: 'GET',
    url: '/calendar/:file',
    schema: {
      roles: PUBLIC,
      hide: true,
      params: z.object({ file: z.string() }),
      response: { 200: media('text/calendar'), 404: media('text/plain') },
    },
    handler: async (req, reply) => {
      const file = req.params.file;
      const m = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
      const row = m
        ? await db.selectFrom('lawyers').selectAll().where('feed_token', '=', m[1]!).executeTakeFirst()
        : undefined;
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
      if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const body = await lawyers.feed(Lawyers.fromRow(row), intake.now());
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="consultations.ics"')
        .send(body);
    },
  });
}
