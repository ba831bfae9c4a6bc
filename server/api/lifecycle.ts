import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../content/resources/index';
import { ADMIN_PAGE_SIZE, LIST_STATUSES } from '../content/lifecycle/admin-list';
import { parseId } from '../content/coerce';
import { publishCheck } from '../compliance/publish-check';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import { mayUse } from '../../content/roles';
import {
  answer,
  errors,
  idParam,
  oneOf,
  pagedAnswer,
  RowAnswer,
  route,
  Rule36Refusal,
  ROLES_OF,
  wholeNumber,
} from './route-schema';
import { TRANSLATED_LOCALES } from '../translations/service.server';
import type { TranslationState } from '../../content/locales';
import type { ResourceDef } from '../../content/kit';
import type { Row } from '../content/types';

/** The admin list's translation filter (decision 0078): `<locale>:<state>`, for example `ml:missing`. */
const TRANSLATION_FILTERS = TRANSLATED_LOCALES.flatMap((l) =>
  (['missing', 'draft', 'published', 'outdated'] as const).map((st) => `${l}:${st}`),
);
const translationFilter = (v: string): { locale: string; state: TranslationState } => {
  const [locale, state] = v.split(':') as [string, TranslationState];
  return { locale, state };
};

const TAG = 'Content lifecycle';
const session = [{ session: [] }];
/** What the audit of a row's change says beyond the row (decision 0019: a Rule 36 override's detail). */
type AuditMore = { summary?: string; detail?: string };

const INVALID_QUERY = 'The list query is not valid.';
const q = (name: string) => `The query parameter ${name}`;

/** A row's revision, a work-list item, a dependent group: JSON objects the admin screens read (content/admin-views.ts). */
const Json = z.record(z.string(), z.unknown());
const WorkItem = z.strictObject({
  group: z.string(),
  groupTitle: z.string(),
  id: z.number().int(),
  title: z.string(),
  adminPath: z.string(),
  status: z.string(),
  pending: z.boolean(),
  publish_at: z.string().nullable(),
  unpublish_at: z.string().nullable(),
});
const TranslationWork = z.strictObject({
  group: z.string(),
  groupTitle: z.string(),
  adminPath: z.string(),
  locale: z.string(),
  missing: z.number().int().meta({ description: 'Rows on the site in English without a translation' }),
  outdated: z.number().int().meta({ description: 'Published translations the English text changed under' }),
  href: z
    .string()
    .optional()
    .meta({ description: "Where the work is done, when it is not the group's filtered table (the settings' texts)" }),
});

const ListQuerySchema = z.object({
  q: z
    .string(`${q('q')} must be text.`)
    .max(200, INVALID_QUERY)
    .optional(),
  sort: z
    .string(`${q('sort')} must be text.`)
    .max(80, INVALID_QUERY)
    .optional(),
  dir: oneOf('dir', ['asc', 'desc'], 'query parameter').optional(),
  status: oneOf('status', LIST_STATUSES, 'query parameter').optional(),
  page: wholeNumber('page', 1, undefined, 'query parameter').max(1_000_000, INVALID_QUERY).optional(),
  perPage: wholeNumber('perPage', 1, 200, 'query parameter').optional(),
  translation: oneOf('translation', TRANSLATION_FILTERS as [string, ...string[]], 'query parameter')
    .optional()
    .meta({
      description:
        'Only the rows whose translation into the locale is in the state: `<locale>:<state>`, the state missing, draft, published or outdated (decision 0078)',
    }),
});

/** The body of publish (and the other calls that run the Rule 36 check): `override_reason`, other keys ignored. */
const OverrideBody = z
  .object({ override_reason: z.string('The field override_reason must be text.').optional() })
  .catchall(z.unknown());
const when = (name: string) =>
  z.string(`The field ${name} must be an ISO date-time, null or "".`).nullable().optional();
const ScheduleBody = OverrideBody.extend({ publish_at: when('publish_at'), unpublish_at: when('unpublish_at') });

/**
 * The lifecycle calls of every content group (decision 0015): admin list with paging, search, sort and state;
 * publish, unpublish, schedule, preview links, revisions, trash (restore, delete forever) and order.
 */
export function registerLifecycleRoutes(app: FastifyInstance, services: Services): void {
  // The groups served when the server is built (a registered group included).
  const groupKeys = resources.map((r) => r.key) as [string, ...string[]];
  const group = oneOf('group', groupKeys, 'path parameter').meta({
    description: 'The group, by its key in content/resources (faqs, blog, event, …)',
  });
  const groupParams = z.object({ group });
  const rowParams = z.object({ group, id: idParam('id').meta({ description: "The row's id (the group's spec id)" }) });
  const admin = requireAdmin(services);
  const life = services.content.lifecycle;
  const target = (p: { group: string; id?: string }) => {
    const r = life.group(p.group);
    const id = p.id === undefined ? 0 : parseId(p.id);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    return { r, id };
  };
  const actor = (req: FastifyRequest) => req.admin?.email;
  /**
   * The handler body of a call that changes one row (publish, unpublish, schedule, restore, a revision
   * restored): `change` makes the change as the signed-in administrator and says what more to audit (a
   * Rule 36 override, the schedule); the audit names the row, the answer carries it under the group's update key.
   */
  const rowChanged = async (
    req: FastifyRequest<{ Params: z.output<typeof rowParams> }>,
    action: string,
    message: (r: ResourceDef) => string,
    change: (r: ResourceDef, id: number, by: string | undefined) => Promise<{ row: Row; audit?: AuditMore }>,
  ) => {
    const { r, id } = target(req.params);
    const { row, audit } = await change(r, id, actor(req));
    req.audit = { action, target: r.key, recordId: id, ...audit };
    return { statusCode: 200, message: message(r), [r.keys.update]: row };
  };
  const about = { tags: [TAG], roles: ROLES_OF.content, security: session };
  /** The changed row, under the group's update key (updatedAbout, faq, data, …). */
  const rowAnswer = z
    .object({ statusCode: z.number().int(), message: z.string() })
    // One more key, named by the group: the row. (The envelope's own keys are of this union too.)
    .catchall(z.union([z.number(), z.string(), RowAnswer]))
    .meta({
      description: "The envelope and the row under the group's update key (the key its update call answers with)",
    });

  route(app, {
    method: 'GET',
    url: '/api/content/:group',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'listContent',
      summary: 'Admin list of one group: search, sort, state filter, 50 a page',
      description:
        'Rows as the administrator sees them (drafts, pending drafts, schedule and trash included). `q` searches the text fields; `sort` is any shown column (or status, position, publish_at, unpublish_at, updated_at); `status` is published, draft (drafts and pending drafts), scheduled, trash or all (everything outside the trash); `translation` keeps the rows whose translation into a locale is in a state (`ml:missing`, `hi:outdated`, …). Answers `rows` (each with `translations`, its state per locale, in groups with translatable text), `total`, `page`, `perPage` and `counts` per state.',
      params: groupParams,
      querystring: ListQuerySchema,
      response: {
        200: pagedAnswer(
          { rows: z.array(RowAnswer) },
          {
            perPage: z.number().int(),
            counts: z.record(z.enum(LIST_STATUSES), z.number().int()).meta({ description: 'Rows per state' }),
          },
        ),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const { r } = target(req.params);
      const { translation, ...query } = req.query;
      // The translation filter (decision 0078): the rows in that state, with the list's own search, sort and paging.
      const filter = translation ? translationFilter(translation) : undefined;
      const only = filter ? await services.translations.inStateCondition(r, filter.locale, filter.state) : undefined;
      const out = await life.list(r, {
        ...query,
        perPage: query.perPage ?? ADMIN_PAGE_SIZE,
        ...(only ? { only } : {}),
      });
      // Each row's translation state per locale (decision 0076): { ml: 'published', hi: 'missing' }.
      const states = await services.translations.states(r, out.rows);
      const rows = out.rows.map((row) =>
        states.size ? { ...row, translations: states.get(Number(row[r.id])) ?? {} } : row,
      );
      return { statusCode: 200, message: `${r.label} list fetched successfully`, ...out, rows };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/publish',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'publishContent',
      summary: 'Publish a draft or a pending draft',
      description:
        'Runs the Rule 36 publish check on the content going live: 409 with the findings unless `override_reason` is given (never in strict mode).',
      params: rowParams,
      body: OverrideBody,
      response: { 200: rowAnswer, ...errors(400, 401, 403, 404), 409: Rule36Refusal },
    },
    handler: (req) =>
      rowChanged(
        req,
        'publish',
        (r) => `${r.label} published successfully`,
        async (r, id, by) => {
          const rule36 = publishCheck(services, r, req.body); // Rule 36 (decision 0019): 409 or an audited override
          const row = await life.publish(r, id, by, (values) => rule36.before(values));
          return { row, audit: rule36.audit() };
        },
      ),
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/unpublish',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'unpublishContent',
      summary: 'Take a row off the site (kept as a draft)',
      params: rowParams,
      response: { 200: rowAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    handler: (req) =>
      rowChanged(
        req,
        'unpublish',
        (r) => `${r.label} taken off the site`,
        async (r, id, by) => ({
          row: await life.unpublish(r, id, by),
        }),
      ),
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/schedule',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'scheduleContent',
      summary: 'Set or clear publish_at and unpublish_at',
      description:
        'ISO date-times (`2026-12-01T09:00:00Z`); null or "" clears one; an absent one is kept. They take effect within a minute, on every instance.',
      params: rowParams,
      body: ScheduleBody,
      response: { 200: rowAnswer, ...errors(400, 401, 403, 404), 409: Rule36Refusal },
    },
    handler: (req) =>
      rowChanged(
        req,
        'schedule',
        () => 'Schedule saved',
        async (r, id) => {
          // A scheduled publish goes live unattended: its Rule 36 check (decision 0019) happens now.
          const rule36 = publishCheck(services, r, req.body);
          if (req.body.publish_at) await rule36.before(await life.contentToPublish(r, id));
          const row = await life.schedule(r, id, req.body);
          const summary = `publish ${String(row.publish_at ?? '-')}, unpublish ${String(row.unpublish_at ?? '-')}`;
          return { row, audit: { summary, ...rule36.audit() } };
        },
      ),
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/preview',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'previewContent',
      summary: 'A signed preview link of the row as it would be published (one hour, no session needed)',
      params: rowParams,
      response: {
        200: answer({ url: z.string().meta({ description: 'The signed link' }), expires_at: z.string() }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const { r, id } = target(req.params);
      const link = await life.createPreview(r, id, services.config.publicUrl);
      return { statusCode: 200, message: 'Preview link created', ...link };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/content/:group/:id/revisions',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'listRevisions',
      summary: "A row's revisions, newest first: who, when, what changed, and the content",
      params: rowParams,
      response: { 200: answer({ revisions: z.array(Json) }), ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { r, id } = target(req.params);
      return { statusCode: 200, message: 'Revisions fetched successfully', revisions: await life.revisions(r, id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/revisions/:revisionId/restore',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'restoreRevision',
      summary: 'Make a revision the current content again (recorded as a new revision)',
      params: rowParams.extend({ revisionId: idParam('revisionId') }),
      response: { 200: rowAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    handler: (req) =>
      rowChanged(
        req,
        'restore revision',
        () => 'Version restored',
        async (r, id, by) => {
          const revisionId = parseId(req.params.revisionId);
          if (revisionId === null)
            throw new AppError(400, 'The path parameter revisionId must be a whole number from 1.');
          return { row: await life.restoreRevision(r, id, revisionId, by) };
        },
      ),
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/restore',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'restoreContent',
      summary: 'Bring a row back out of the trash, files included',
      params: rowParams,
      response: { 200: rowAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    handler: (req) =>
      rowChanged(
        req,
        'restore',
        (r) => `${r.label} restored`,
        async (r, id, by) => ({ row: await life.restore(r, id, by) }),
      ),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/content/:group/:id',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'purgeContent',
      summary: 'Delete a row in the trash forever, with its files and revisions',
      params: rowParams,
      response: { 200: answer(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { r, id } = target(req.params);
      await life.purge(r, id);
      req.audit = { action: 'delete forever', target: r.key, recordId: id };
      return { statusCode: 200, message: `${r.label} deleted forever` };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/content/:group/:id/dependents',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'contentDependents',
      summary: 'What deleting this row would affect: rows of other groups that belong to it',
      params: rowParams,
      response: {
        200: answer({
          dependents: z.array(z.strictObject({ group: z.string(), title: z.string(), count: z.number().int() })),
        }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const { r, id } = target(req.params);
      await life.raw(r, id);
      return {
        statusCode: 200,
        message: 'Dependents fetched successfully',
        dependents: await life.dependents(r, id, 'live'),
      };
    },
  });

  /** How many consultation requests, or messages of the outbox, are in a status (the work list's counts). */
  const countIn = (table: 'consultations' | 'mail_outbox', status: 'new' | 'failed') =>
    services.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();

  route(app, {
    method: 'GET',
    url: '/api/content-worklist',
    preValidation: admin,
    schema: {
      operationId: 'contentWorkList',
      tags: [TAG],
      summary:
        "The dashboard's work list: drafts, scheduled items, items going off the site within 7 days, images without alt text (missingAlt), missing and outdated translations per locale and group (translations) for admin and editor; new consultation requests and failed mail for admin and intake",
      roles: ROLES_OF.staff,
      security: session,
      response: {
        200: answer({
          drafts: z.array(WorkItem),
          scheduled: z.array(WorkItem),
          goingOff: z.array(WorkItem),
          missingAlt: z.array(WorkItem),
          translations: z
            .array(TranslationWork)
            .meta({ description: 'Per locale and group with work to do (decision 0078)' }),
          newConsultations: z.number().int().optional().meta({ description: 'For admin and intake' }),
          failedMail: z.number().int().optional().meta({ description: 'For admin and intake' }),
        }),
        ...errors(401, 403),
      },
    },
    handler: async (req) => {
      const role = req.admin!.role;
      // Each role gets the parts it may act on (decision 0040): content items for admin and editor, the
      // consultation and mail counts for admin and intake.
      const content = mayUse(role, 'content');
      const intake = mayUse(role, 'intake');
      const [work, translations, consultations, mail] = await Promise.all([
        content ? life.worklist() : { drafts: [], scheduled: [], goingOff: [], missingAlt: [] },
        content ? services.translations.work() : [],
        intake ? countIn('consultations', 'new') : null,
        intake ? countIn('mail_outbox', 'failed') : null,
      ]);
      return {
        statusCode: 200,
        message: 'Work list fetched successfully',
        ...work,
        translations,
        ...(consultations && mail ? { newConsultations: Number(consultations.n), failedMail: Number(mail.n) } : {}),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/reorder',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'reorderContent',
      summary: "The group's new order as a list of ids (all rows, or one page of them)",
      params: groupParams,
      body: z.object({
        ids: z.unknown().optional().meta({ type: 'array', description: 'The ids in their new order (each checked)' }),
      }),
      response: { 200: answer(), ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { r } = target(req.params);
      await life.reorder(r, req.body.ids);
      req.audit = { action: 'reorder', target: r.key };
      return { statusCode: 200, message: 'Order saved' };
    },
  });
}
