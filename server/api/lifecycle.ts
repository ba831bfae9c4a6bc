import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../content/resources/index';
import { ADMIN_PAGE_SIZE, LIST_STATUSES, type ListQuery } from '../content/lifecycle';
import { parseId } from '../content/coerce';
import { publishCheck } from '../compliance/publish-check';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import { mayUse } from '../../content/roles';
import { answers, arr, int, obj, ROLES_OF, str, type Schema } from './route-schema';

const TAG = 'Content lifecycle';
const session = [{ session: [] }];

/** The changed row, under the group's update key (updatedAbout, faq, data, …). */
const rowAnswer = answers({}, 404);
(rowAnswer[200]!.allOf as Schema[])[1] = obj({}, [], { description: "The row under the group's update key (the key its update call answers with)", additionalProperties: { type: 'object' } });
const counts = obj({}, [], { additionalProperties: int(), description: 'Rows per state' });

const ListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  sort: z.string().max(80).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  status: z.enum(LIST_STATUSES as [string, ...string[]]).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * The lifecycle calls of every content group (decision 0015): admin list with paging, search, sort and state;
 * publish, unpublish, schedule, preview links, revisions, trash (restore, delete forever) and order.
 */
export function registerLifecycleRoutes(app: FastifyInstance, services: Services): void {
  // The groups served when the server is built (a registered group included).
  const groupKeys = resources.map((r) => r.key);
  const groupParam = { type: 'string', enum: groupKeys, description: 'The group, by its key in content/resources (faqs, blog, event, …)' };
  const rowParams = {
    type: 'object',
    properties: { group: groupParam, id: { type: 'string', pattern: '^[0-9]{1,15}$', description: "The row's id (the group's spec id)" } },
    required: ['group', 'id'],
  };
  const admin = requireAdmin(services);
  const life = services.content.lifecycle;
  const params = (req: FastifyRequest) => {
    const p = req.params as { group: string; id?: string };
    const r = life.group(p.group);
    const id = p.id === undefined ? 0 : parseId(p.id);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    return { r, id };
  };
  const bodyOf = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const actor = (req: FastifyRequest) => req.admin?.email;

  app.get(
    '/api/content/:group',
    {
      preValidation: admin,
      schema: {
        operationId: 'listContent',
        tags: [TAG],
        summary: 'Admin list of one group: search, sort, state filter, 50 a page',
        description:
          'Rows as the administrator sees them (drafts, pending drafts, schedule and trash included). `q` searches the text fields; `sort` is any shown column (or status, position, publish_at, unpublish_at, updated_at); `status` is published, draft (drafts and pending drafts), scheduled, trash or all (everything outside the trash). Answers `rows`, `total`, `page`, `perPage` and `counts` per state.',
        roles: ROLES_OF.content, security: session, responses: answers({ rows: arr({ type: 'object' }), total: int(), page: int(), perPage: int(), counts }, 404),
        params: { type: 'object', properties: { group: groupParam }, required: ['group'] },
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string' },
            sort: { type: 'string' },
            dir: { type: 'string', enum: ['asc', 'desc'] },
            status: { type: 'string', enum: [...LIST_STATUSES] },
            page: { type: 'integer', minimum: 1 },
            perPage: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
      },
    },
    async (req) => {
      const { r } = params(req);
      const parsed = ListQuerySchema.safeParse(req.query ?? {});
      if (!parsed.success) throw new AppError(400, 'The list query is not valid.');
      const query = parsed.data as ListQuery;
      const out = await life.list(r, { ...query, perPage: query.perPage ?? ADMIN_PAGE_SIZE });
      return { statusCode: 200, message: `${r.label} list fetched successfully`, ...out };
    },
  );

  app.post(
    '/api/content/:group/:id/publish',
    {
      preValidation: admin,
      schema: {
        operationId: 'publishContent',
        tags: [TAG],
        summary: 'Publish a draft or a pending draft',
        description: 'Runs the Rule 36 publish check on the content going live: 409 with the findings unless `override_reason` is given (never in strict mode).',
        roles: ROLES_OF.content, security: session, responses: { ...rowAnswer, 409: answers({}, 409)[409]! },
        params: rowParams,
      },
    },
    async (req) => {
      const { r, id } = params(req);
      const rule36 = publishCheck(services, r, bodyOf(req)); // Rule 36 (decision 0019): 409 or an audited override
      const row = await life.publish(r, id, actor(req), (values) => rule36.before(values));
      req.audit = { action: 'publish', target: r.key, recordId: id, ...rule36.audit() };
      return { statusCode: 200, message: `${r.label} published successfully`, [r.keys.update]: row };
    },
  );

  app.post(
    '/api/content/:group/:id/unpublish',
    {
      preValidation: admin,
      schema: { operationId: 'unpublishContent', tags: [TAG], summary: 'Take a row off the site (kept as a draft)', roles: ROLES_OF.content, security: session, responses: rowAnswer, params: rowParams },
    },
    async (req) => {
      const { r, id } = params(req);
      const row = await life.unpublish(r, id, actor(req));
      req.audit = { action: 'unpublish', target: r.key, recordId: id };
      return { statusCode: 200, message: `${r.label} taken off the site`, [r.keys.update]: row };
    },
  );

  app.post(
    '/api/content/:group/:id/schedule',
    {
      preValidation: admin,
      schema: {
        operationId: 'scheduleContent',
        tags: [TAG],
        summary: 'Set or clear publish_at and unpublish_at',
        description: 'ISO date-times (`2026-12-01T09:00:00Z`); null or "" clears one; an absent one is kept. They take effect within a minute, on every instance.',
        roles: ROLES_OF.content, security: session, responses: { ...rowAnswer, 409: answers({}, 409)[409]! },
        params: rowParams,
        body: {
          type: 'object',
          properties: { publish_at: { type: ['string', 'null'] }, unpublish_at: { type: ['string', 'null'] }, override_reason: { type: 'string' } },
        },
      },
    },
    async (req) => {
      const { r, id } = params(req);
      // A scheduled publish goes live unattended: its Rule 36 check (decision 0019) happens now.
      const rule36 = publishCheck(services, r, bodyOf(req));
      if (bodyOf(req).publish_at) await rule36.before(await life.contentToPublish(r, id));
      const row = await life.schedule(r, id, bodyOf(req));
      req.audit = { action: 'schedule', target: r.key, recordId: id, summary: `publish ${String(row.publish_at ?? '-')}, unpublish ${String(row.unpublish_at ?? '-')}`, ...rule36.audit() };
      return { statusCode: 200, message: 'Schedule saved', [r.keys.update]: row };
    },
  );

  app.post(
    '/api/content/:group/:id/preview',
    {
      preValidation: admin,
      schema: {
        operationId: 'previewContent',
        tags: [TAG],
        summary: 'A signed preview link of the row as it would be published (one hour, no session needed)',
        roles: ROLES_OF.content, security: session, responses: answers({ url: str('The signed link'), expires_at: str() }, 404),
        params: rowParams,
      },
    },
    async (req) => {
      const { r, id } = params(req);
      const link = await life.createPreview(r, id, services.config.publicUrl);
      return { statusCode: 200, message: 'Preview link created', ...link };
    },
  );

  app.get(
    '/api/content/:group/:id/revisions',
    {
      preValidation: admin,
      schema: {
        operationId: 'listRevisions',
        tags: [TAG],
        summary: "A row's revisions, newest first: who, when, what changed, and the content",
        roles: ROLES_OF.content, security: session, responses: answers({ revisions: arr({ type: 'object' }) }, 404),
        params: rowParams,
      },
    },
    async (req) => {
      const { r, id } = params(req);
      return { statusCode: 200, message: 'Revisions fetched successfully', revisions: await life.revisions(r, id) };
    },
  );

  app.post(
    '/api/content/:group/:id/revisions/:revisionId/restore',
    {
      preValidation: admin,
      schema: {
        operationId: 'restoreRevision',
        tags: [TAG],
        summary: 'Make a revision the current content again (recorded as a new revision)',
        roles: ROLES_OF.content, security: session, responses: { ...rowAnswer, 409: answers({}, 409)[409]! },
        params: {
          type: 'object',
          properties: { ...rowParams.properties, revisionId: { type: 'string', pattern: '^[0-9]{1,15}$' } },
          required: ['group', 'id', 'revisionId'],
        },
      },
    },
    async (req) => {
      const { r, id } = params(req);
      const revisionId = parseId((req.params as { revisionId: string }).revisionId);
      if (revisionId === null) throw new AppError(400, 'The path parameter revisionId must be a whole number from 1.');
      const row = await life.restoreRevision(r, id, revisionId, actor(req));
      req.audit = { action: 'restore revision', target: r.key, recordId: id };
      return { statusCode: 200, message: 'Version restored', [r.keys.update]: row };
    },
  );

  app.post(
    '/api/content/:group/:id/restore',
    { preValidation: admin, schema: { operationId: 'restoreContent', tags: [TAG], summary: 'Bring a row back out of the trash, files included', roles: ROLES_OF.content, security: session, responses: { ...rowAnswer, 409: answers({}, 409)[409]! }, params: rowParams } },
    async (req) => {
      const { r, id } = params(req);
      const row = await life.restore(r, id, actor(req));
      req.audit = { action: 'restore', target: r.key, recordId: id };
      return { statusCode: 200, message: `${r.label} restored`, [r.keys.update]: row };
    },
  );

  app.delete(
    '/api/content/:group/:id',
    {
      preValidation: admin,
      schema: { operationId: 'purgeContent', tags: [TAG], summary: 'Delete a row in the trash forever, with its files and revisions', roles: ROLES_OF.content, security: session, responses: answers({}, 404, 409), params: rowParams },
    },
    async (req) => {
      const { r, id } = params(req);
      await life.purge(r, id);
      req.audit = { action: 'delete forever', target: r.key, recordId: id };
      return { statusCode: 200, message: `${r.label} deleted forever` };
    },
  );

  app.get(
    '/api/content/:group/:id/dependents',
    {
      preValidation: admin,
      schema: {
        operationId: 'contentDependents',
        tags: [TAG],
        summary: 'What deleting this row would affect: rows of other groups that belong to it',
        roles: ROLES_OF.content, security: session, responses: answers({ dependents: arr({ type: 'object' }) }, 404),
        params: rowParams,
      },
    },
    async (req) => {
      const { r, id } = params(req);
      await life.raw(r, id);
      return { statusCode: 200, message: 'Dependents fetched successfully', dependents: await life.dependents(r, id, 'live') };
    },
  );

  const worklistSchema = {
    operationId: 'contentWorkList',
    tags: [TAG],
    summary: "The dashboard's work list: drafts, scheduled items, items going off the site within 7 days, images without alt text (missingAlt) for admin and editor; new consultation requests and failed mail for admin and intake",
    roles: ROLES_OF.staff, security: session, responses: answers({ drafts: arr({ type: 'object' }), scheduled: arr({ type: 'object' }), goingOff: arr({ type: 'object' }), missingAlt: arr({ type: 'object' }), newConsultations: int(), failedMail: int() }),
    querystring: { type: 'object', properties: {} },
  };
  app.get(
    '/api/content-worklist',
    {
      preValidation: admin,
      schema: worklistSchema,
    },
    async (req) => {
      const db = services.store.db;
      const role = req.admin!.role;
      // Each role gets the parts it may act on (decision 0040): content items for admin and editor, the
      // consultation and mail counts for admin and intake.
      const content = mayUse(role, 'content');
      const intake = mayUse(role, 'intake');
      const [work, consultations, mail] = await Promise.all([
        content ? life.worklist() : { drafts: [], scheduled: [], goingOff: [], missingAlt: [] },
        intake ? db.selectFrom('consultations').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'new').executeTakeFirstOrThrow() : null,
        intake ? db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow() : null,
      ]);
      return {
        statusCode: 200,
        message: 'Work list fetched successfully',
        ...work,
        ...(consultations && mail ? { newConsultations: Number(consultations.n), failedMail: Number(mail.n) } : {}),
      };
    },
  );

  app.post(
    '/api/content/:group/reorder',
    {
      preValidation: admin,
      schema: {
        operationId: 'reorderContent',
        tags: [TAG],
        summary: "The group's new order as a list of ids (all rows, or one page of them)",
        roles: ROLES_OF.content, security: session, responses: answers({}, 404),
        params: { type: 'object', properties: { group: groupParam }, required: ['group'] },
        body: { type: 'object', properties: { ids: { type: 'array', items: {} } } },
      },
    },
    async (req) => {
      const { r } = params(req);
      await life.reorder(r, bodyOf(req).ids);
      req.audit = { action: 'reorder', target: r.key };
      return { statusCode: 200, message: 'Order saved' };
    },
  );
}
