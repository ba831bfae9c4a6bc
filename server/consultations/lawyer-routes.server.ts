import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LawyerBodySchema, type Lawyer } from '../../content/lawyers';
import { addDays, firmDay, isDay, weekdayOf, WEEKDAYS } from '../../content/rules/slots';
import { requireAdmin } from '../api/auth-hooks';
import {
  ADMIN,
  PUBLIC,
  ROLES_OF,
  answers,
  api,
  arr,
  bool,
  idField,
  int,
  nullable,
  obj,
  str,
  validBody,
  zodCompiler,
  type Schema,
} from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { Lawyers, officeCities } from './lawyers.server';
import type { Intake } from './service.server';

const LawyerId = z.object({ lawyer_id: idField('lawyer_id') });
const LawyerUpdate = LawyerId.extend(LawyerBodySchema.shape);
const ReassignBody = z.object({ consultation_id: idField('consultation_id'), lawyer_id: idField('lawyer_id') });

const week = obj({}, [], { additionalProperties: arr(obj({ from: str(), to: str() })) });
const lawyer = obj(
  {
    lawyer_id: int(),
    name: str(),
    work_email: str(),
    active: bool(),
    video: bool('Takes video consultations'),
    offices: arr(str(), { description: 'Office cities (of the settings)' }),
    practice_areas: arr(int(), { description: 'case_category_id of each practice area' }),
    hours: obj({}, [], {
      additionalProperties: week,
      description: 'Weekly hours per office city, wall times in the firm’s zone',
    }),
    feed_url: nullable(str('The private calendar feed (administrators only)')),
  },
  ['lawyer_id', 'name', 'work_email', 'active', 'video', 'offices', 'practice_areas', 'hours'],
);

/**
 * Bookable lawyers (decision 0067), reassignment, the week view, the booking page's routing choices and the
 * lawyers' private calendar feeds (decision 0069).
 */
export function registerLawyerRoutes(app: FastifyInstance, services: Services, intake: Intake): void {
  const admin = requireAdmin(services);
  const lawyers = intake.lawyers;
  const db = services.store.db;
  const viewOf = (l: Lawyer, token: string | null) => ({ ...l, feed_url: token ? lawyers.feedUrl(token) : null });

  app.get(
    '/api/lawyers/getall',
    {
      preValidation: admin,
      schema: api({
        operationId: 'listBookableLawyers',
        tags: ['Lawyers'],
        summary:
          'The bookable lawyers with their offices, practice areas, weekly hours, video and on/off; the feed link for administrators',
        roles: ROLES_OF.intake,
        security: ADMIN,
        responses: answers({
          lawyers: arr(lawyer),
          offices: arr(str()),
          practice_areas: arr(obj({ case_category_id: int(), case_name: str() })),
        }),
      }),
    },
    async (req) => {
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
        practice_areas: areas.map((a) => ({
          case_category_id: Number(a.case_category_id),
          case_name: String(a.case_name ?? ''),
        })),
      };
    },
  );

  const write = (
    operationId: string,
    summary: string,
    body: z.ZodType,
    ok: Record<string, Schema>,
    codes: number[],
  ) => ({
    preValidation: admin,
    validatorCompiler: zodCompiler,
    schema: api({
      operationId,
      tags: ['Lawyers'],
      summary,
      roles: ROLES_OF.admin,
      security: ADMIN,
      body,
      responses: answers(ok, ...codes),
    }),
  });
  app.post(
    '/api/lawyers/add',
    write('addBookableLawyer', 'Add a bookable lawyer', LawyerBodySchema, { lawyer }, [400]),
    async (req) => {
      const l = await lawyers.add(req.body);
      req.audit = { action: 'add', target: 'lawyer', recordId: l.lawyer_id, summary: l.name };
      return { statusCode: 200, message: 'Lawyer added', lawyer: viewOf(l, await lawyers.feedToken(l.lawyer_id)) };
    },
  );
  app.post(
    '/api/lawyers/update',
    write('updateBookableLawyer', 'Edit a lawyer’s booking settings', LawyerUpdate, { lawyer }, [400, 404]),
    async (req) => {
      const { lawyer_id, ...rest } = validBody(LawyerUpdate, req);
      const l = await lawyers.update(lawyer_id, rest);
      req.audit = { action: 'update', target: 'lawyer', recordId: lawyer_id, summary: l.name };
      return { statusCode: 200, message: 'Lawyer updated', lawyer: viewOf(l, await lawyers.feedToken(lawyer_id)) };
    },
  );
  app.post(
    '/api/lawyers/delete',
    write(
      'deleteBookableLawyer',
      'Delete a lawyer without live bookings (409 otherwise: switch them off instead)',
      LawyerId,
      {},
      [400, 404, 409],
    ),
    async (req) => {
      const { lawyer_id } = validBody(LawyerId, req);
      await lawyers.remove(lawyer_id);
      req.audit = { action: 'delete', target: 'lawyer', recordId: lawyer_id };
      return { statusCode: 200, message: 'Lawyer deleted' };
    },
  );
  app.post(
    '/api/lawyers/rotate-feed',
    write(
      'rotateCalendarFeed',
      'Issue a new private calendar feed link for a lawyer; the old link answers 404 at once',
      LawyerId,
      { feed_url: str() },
      [400, 404],
    ),
    async (req) => {
      const { lawyer_id } = validBody(LawyerId, req);
      const token = await lawyers.rotate(lawyer_id);
      req.audit = { action: 'rotate-feed', target: 'lawyer', recordId: lawyer_id };
      return {
        statusCode: 200,
        message: 'A new calendar link is issued; the old one no longer works.',
        feed_url: lawyers.feedUrl(token),
      };
    },
  );

  app.post(
    '/api/consultations/reassign',
    {
      preValidation: admin,
      validatorCompiler: zodCompiler,
      schema: api({
        operationId: 'reassignConsultation',
        tags: ['Consultations'],
        summary: 'Give a booked consultation to another lawyer; the old and the new lawyer are mailed',
        description:
          '409 when the new lawyer already has a consultation at that time, is switched off, does not take video consultations (for a video one) or does not sit in the office of an in-person one.',
        roles: ROLES_OF.intake,
        security: ADMIN,
        body: ReassignBody,
        responses: answers(
          { consultation: obj({ consultation_id: int(), lawyer_id: int(), office: nullable(str()) }) },
          400,
          404,
          409,
        ),
      }),
    },
    async (req) => {
      const b = validBody(ReassignBody, req);
      const { row, from, to } = await intake.reassign(b.consultation_id, b.lawyer_id);
      req.audit = {
        action: 'reassign',
        target: 'consultation',
        recordId: row.consultation_id,
        summary: `${row.reference}: ${from ?? 'nobody'} → ${to}`,
      };
      return {
        statusCode: 200,
        message: `Reassigned to ${to}; both lawyers have been told.`,
        consultation: { consultation_id: row.consultation_id, lawyer_id: b.lawyer_id, office: row.office },
      };
    },
  );

  app.get(
    '/api/consultations/week',
    {
      preValidation: admin,
      schema: api({
        operationId: 'listConsultationWeek',
        tags: ['Consultations'],
        summary:
          'The booked consultations of seven days from `from` (default this week’s Monday), per lawyer and office',
        roles: ROLES_OF.intake,
        security: ADMIN,
        querystring: obj({
          from: str('First day, YYYY-MM-DD in the firm’s zone'),
          lawyer: str('Only this lawyer'),
          office: str('Only this office'),
        }),
        responses: answers(
          {
            from: str(),
            to: str(),
            timeZone: str(),
            days: arr(str()),
            bookings: arr(
              obj({
                consultation_id: int(),
                reference: str(),
                start: str(),
                day: str(),
                status: str(),
                lawyer_id: nullable(int()),
                lawyer: nullable(str()),
                office: nullable(str()),
                mode: nullable(str()),
              }),
            ),
          },
          400,
        ),
      }),
    },
    async (req) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      const settings = await services.settings.get();
      const rules = settings.booking;
      const today = firmDay(rules, intake.now());
      let from = typeof q.from === 'string' && q.from ? q.from : '';
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
      if (typeof q.lawyer === 'string' && q.lawyer) {
        if (!/^[1-9]\d{0,9}$/.test(q.lawyer)) throw new AppError(400, 'lawyer must be a whole number from 1.');
        query = query.where('c.lawyer_id', '=', Number(q.lawyer));
      }
      if (typeof q.office === 'string' && q.office) query = query.where('c.office', '=', q.office);
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
  );

  app.get(
    '/api/consultations/routing',
    {
      schema: api({
        operationId: 'getConsultationRouting',
        tags: ['Consultations'],
        summary:
          'What the booking page offers: the offices with bookable lawyers, whether video is offered, and the practice areas of each',
        roles: PUBLIC,
        responses: answers({
          offices: arr(obj({ city: str(), video: bool(), practice_areas: arr(int()) })),
          video: obj({ offered: bool(), practice_areas: arr(int()) }),
          practice_areas: arr(obj({ case_category_id: int(), case_name: str() })),
        }),
      }),
    },
    async (_req, reply) => {
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
          return {
            city,
            video: here.some((l) => l.video),
            practice_areas: [...new Set(here.flatMap((l) => l.practice_areas))].sort((a, b) => a - b),
          };
        })
        .filter((o) => o.practice_areas.length > 0 || active.some((l) => l.offices.includes(o.city)));
      const videoLawyers = active.filter((l) => l.video);
      reply.header('cache-control', 'private, no-store');
      return {
        statusCode: 200,
        message: 'Routing fetched successfully',
        offices,
        video: {
          offered: videoLawyers.length > 0,
          practice_areas: [...new Set(videoLawyers.flatMap((l) => l.practice_areas))].sort((a, b) => a - b),
        },
        practice_areas: names.map((n) => ({
          case_category_id: Number(n.case_category_id),
          case_name: String(n.case_name ?? ''),
        })),
      };
    },
  );

  // A lawyer's private calendar feed (decision 0069): the long random token is the authority (public route).
  app.get('/calendar/:file', { schema: { roles: PUBLIC, hide: true } }, async (req, reply) => {
    const file = (req.params as { file: string }).file;
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
  });
}
