import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, ROLES_OF, answers, api, bool, nullable, obj, str, validBody, zodCompiler } from '../api/route-schema';
import { auditOverride } from '../compliance/publish-check';
import { parseId } from '../content/coerce';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { TRANSLATED_LOCALES } from './service.server';

const tags = ['Translations'];
const STATES = ['missing', 'draft', 'published', 'outdated'];
const texts = obj({}, [], { additionalProperties: { type: 'string' }, description: 'Translated text by field name' });
const translation = obj(
  {
    group: str(),
    id: { type: 'integer' },
    locale: str('The locale of the translation', { enum: [...TRANSLATED_LOCALES] }),
    state: str('missing, draft, published, or outdated (published, made from English text that has changed since)', { enum: STATES }),
    fields: texts,
    draft: nullable({ ...texts, type: 'object' }),
    source: obj({}, [], { additionalProperties: { type: 'string' }, description: 'The English text of the translatable fields, now' }),
    machine: bool('A machine draft nobody has reviewed yet'),
    updated_at: nullable(str()),
    updated_by: nullable(str()),
  },
  ['group', 'id', 'locale', 'state', 'fields', 'source'],
);

const STATUS = 'Status must be draft or published.';
/** The translated fields sit beside `status` (as the spec's own writes send their fields); `override_reason` as for English. */
const SaveBody = z
  .object({
    status: z.enum(['draft', 'published'], STATUS).default('draft'),
    override_reason: z.string().max(1000, 'The override reason must be at most 1000 characters.').optional(),
    machine: z.boolean('machine must be true or false.').optional(),
  })
  .catchall(z.unknown());

/** One locale's translation of a content row (decision 0076): read, save (draft or published), confirm. */
export function registerTranslationRoutes(app: FastifyInstance, services: Services): void {
  const admin = requireAdmin(services);
  const t = services.translations;
  // Checked in the handler (the group, the id and the locale each answer their own sentence).
  const params = z.object({
    group: z.string().describe('The group, by its key in content/resources'),
    id: z.string().describe("The row's id"),
    locale: z.string().describe(`One of ${TRANSLATED_LOCALES.join(', ')}`),
  });
  const target = (req: FastifyRequest) => {
    const p = req.params as { group: string; id: string; locale: string };
    const r = services.content.lifecycle.group(p.group);
    const id = parseId(p.id);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    return { r, id, locale: t.locale(p.locale) };
  };
  const schema = (operationId: string, summary: string, description: string, body?: z.ZodType, errors: number[] = []) => ({
    validatorCompiler: zodCompiler,
    schema: {
      ...api({ operationId, tags, summary, description, roles: ROLES_OF.content, security: ADMIN, ...(body ? { body } : {}), responses: answers({ translation }, 400, 404, ...errors) }),
      params,
    },
  });

  app.get(
    '/api/content/:group/:id/translations/:locale',
    { preValidation: admin, ...schema('getTranslation', "One locale's translation of a row, with the English source", 'The translation as it stands (its state, live text, pending draft) beside the English text of the translatable fields.') },
    async (req) => {
      const { r, id, locale } = target(req);
      return { statusCode: 200, message: 'Translation fetched successfully', translation: await t.get(r, id, locale) };
    },
  );

  app.put(
    '/api/content/:group/:id/translations/:locale',
    {
      preValidation: admin,
      ...schema(
        'saveTranslation',
        "Save one locale's translation of a row: a draft, or published",
        "JSON of the translated fields (only the group's translatable ones are kept), `status` draft (the default) or published, optional `override_reason` (the Rule 36 check runs on publishing, 409 with the passages otherwise) and `machine` (a model's draft: it must be saved again by a person before it can be published). Each locale has its own state and revisions; a draft over a published translation leaves the live text as it is.",
        SaveBody,
        [409],
      ),
    },
    async (req) => {
      const { r, id, locale } = target(req);
      const body = validBody(SaveBody, req);
      const { status, machine, ...fields } = body;
      const out = await t.save(r, id, locale, { fields, status, machine, actor: req.admin?.email });
      req.audit = { action: status === 'published' ? 'publish' : 'draft', target: `${r.key}@${locale}`, recordId: id, ...auditOverride(out.override) };
      return { statusCode: 200, message: out.message, translation: out.view };
    },
  );

  app.post(
    '/api/content/:group/:id/translations/:locale/confirm',
    { preValidation: admin, ...schema('confirmTranslation', 'Confirm an outdated translation still holds for the English text as it is now', 'The translation stays as it is and is no longer outdated.') },
    async (req) => {
      const { r, id, locale } = target(req);
      const view = await t.confirm(r, id, locale, req.admin?.email);
      req.audit = { action: 'confirm', target: `${r.key}@${locale}`, recordId: id };
      return { statusCode: 200, message: 'Translation confirmed', translation: view };
    },
  );
}
