import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, answer, errors, fromZod, jsonBody, media, PUBLIC, ROLES_OF, route } from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';

const tags = ['Insights'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const dayParam = (name: string) => z.string().refine(validDay, `${name} must be a date like 2026-11-25.`).optional();
export const RangeQuery = z.object({ from: dayParam('from'), to: dayParam('to') });

/** The beacon's body (a few hundred bytes; sent as text by navigator.sendBeacon). */
const HitBody = z.object({
  p: z.string().min(1).max(2000).meta({ description: 'location.pathname' }),
  s: z.string().max(2000).optional().meta({ description: 'location.search (only utm_campaign is read)' }),
  r: z.string().max(2000).optional().meta({ description: 'document.referrer (only its domain is kept)' }),
});

/** At most this many days in one range (a little over three years). */
const MAX_RANGE_DAYS = 1200;

const ranked = (what: string) =>
  z.array(z.strictObject({ key: z.string().meta({ description: what }), count: z.number().int() }));
const count = (description: string) => z.number().int().meta({ description });

/** The beacon's endpoint, the Insights page's figures (insightsSummary) and their CSV export (decision 0058). */
export function registerInsightsRoutes(app: FastifyInstance, services: Services): void {
  const insights = services.insights;
  const admin = requireAdmin(services);

  route(app, {
    method: 'POST',
    url: '/api/insights/hit',
    schema: {
      operationId: 'recordPageView',
      tags,
      roles: PUBLIC,
      summary:
        "The public pages' beacon: counts one page view (no cookie; DNT: 1, Sec-GPC: 1 and bots are not counted). Answers 204.",
      // sendBeacon sends the JSON as text: the handler parses and checks it (HitBody).
      requestBody: jsonBody(fromZod(HitBody)),
      response: { 204: { content: {} }, ...errors(400) },
    },
    handler: async (req, reply) => {
      let raw: unknown = req.body;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          throw new AppError(400, 'The page view is not valid JSON.');
        }
      }
      const hit = HitBody.safeParse(raw);
      if (!hit.success) throw new AppError(400, 'The page view needs p, the page path (and may give s and r).');
      await insights.recordHit(
        { ip: req.ip, headers: req.headers },
        { path: hit.data.p, search: hit.data.s, referrer: hit.data.r },
      );
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  });

  const range = async (q: z.output<typeof RangeQuery>): Promise<{ from: string; to: string }> => {
    const to = q.to ?? (await insights.today());
    let from = q.from;
    if (!from) {
      const d = new Date(`${to}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 29);
      from = d.toISOString().slice(0, 10);
    }
    if (from > to) throw new AppError(400, 'The start of the range must not be after its end.');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RANGE_DAYS)
      throw new AppError(400, `Choose a range of at most ${MAX_RANGE_DAYS} days.`);
    return { from, to };
  };
  // The figures are the administrator's (decision 0040).
  const about = { tags, roles: ROLES_OF.admin, security: ADMIN, querystring: RangeQuery };

  route(app, {
    method: 'GET',
    url: '/api/insights/summary',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'insightsSummary',
      summary:
        'The Insights figures of a date range (default: the last 30 days): totals, visits per day, top pages, referrers, campaigns, devices, languages, landing pages and consultation requests by landing page',
      response: {
        200: answer({
          from: z.string().meta({ description: 'First day (YYYY-MM-DD)' }),
          to: z.string().meta({ description: 'Last day' }),
          totals: z.strictObject({
            views: count('Page views'),
            visitors: count('Unique visitors, summed per day'),
            requests: count('Consultation requests counted'),
          }),
          days: z.array(z.strictObject({ day: z.string(), views: z.number().int(), visitors: z.number().int() })),
          pages: ranked('Path (by views)'),
          referrers: ranked('Referrer domain, "(direct)" or "(this site)" (by visits)'),
          campaigns: ranked('utm_campaign (by visits)'),
          devices: ranked('mobile, tablet or desktop (by visits)'),
          languages: ranked('Primary browser language (by visits)'),
          landings: ranked('Landing page (by visits)'),
          requests: ranked('Landing page of the visit (by consultation requests)'),
        }),
        ...errors(400),
      },
    },
    handler: async (req) => {
      const { from, to } = await range(req.query);
      return { statusCode: 200, message: 'Insights fetched successfully', ...(await insights.summary(from, to)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/insights/export',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'exportInsights',
      summary: 'The daily figures of a date range as CSV (day, kind, key, views, visits)',
      response: { 200: media('text/csv', { type: 'string' }), ...errors(400) },
    },
    handler: async (req, reply) => {
      const { from, to } = await range(req.query);
      const rows = await insights.rows(from, to);
      const cell = (v: string | number) => {
        const s = String(v);
        // Quoted when needed; a leading =, +, - or @ is prefixed so a spreadsheet never runs it as a formula.
        const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
        return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      };
      const csv =
        [
          'day,kind,key,views,visits',
          ...rows.map((r) => [r.day, r.kind, r.key, r.views, r.visits].map(cell).join(',')),
        ].join('\r\n') + '\r\n';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="insights-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
}
