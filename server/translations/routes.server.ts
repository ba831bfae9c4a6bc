import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, ROLES_OF, answer, errors, route, Rule36Refusal } from '../api/route-schema';
import { auditOverride } from '../compliance/publish-check';
import { parseId } from '../content/coerce';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { TRANSLATED_LOCALES } from './service.server';

const tags = ['Translations'];
const texts = z.record(z.string(), z.string()).meta({ description: 'Translated text by field name' });
const Translation = z.strictObject({
  group: z.string(),
  id: z.number().int(),
  locale: z.string().meta({ description: 'The locale of the translation', enum: [...TRANSLATED_LOCALES] }),
  state: z.enum(['missing', 'draft', 'published', 'outdated']).meta({
    description: 'missing, draft, published, or outdated (published, made from English text that has changed since)',
  }),
  fields: texts,
  draft: texts.nullable(),
  source: z.record(z.string(), z.string()).meta({ description: 'The English text of the translatable fields, now' }),
  source_then: z.record(z.string(), z.string()).nullable().meta({
    description:
      'The English text the translation was made from or last confirmed against (null when not known): what changed in English is its difference from `source`',
  }),
  machine: z.boolean().meta({ description: 'A machine draft nobody has reviewed yet' }),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  slug: z
    .strictObject({
      source: z.string().meta({
        description: 'The English slug: the address in English, and in this locale while the translation has none',
      }),
      value: z.string().nullable().meta({
        description:
          'The slug of the version in `fields` (the live one when published); null: the English slug is used',
      }),
      draft: z.string().nullable().meta({ description: 'The slug of the pending draft, when `draft` is not null' }),
    })
    .nullable()
    .meta({
      description:
        "The row's address in this locale (decision 0082), for groups whose rows are addressed by a slug (events); null for the others",
    }),
});
const TranslationAnswer = answer({ translation: Translation });

const STATUS = 'Status must be draft or published.';
/** The translated fields sit beside `status` (as the spec's own writes send their fields); `override_reason` as for English. */
const SaveBody = z
  .object({
    status: z.enum(['draft', 'published'], STATUS).default('draft'),
    override_reason: z.string().max(1000, 'The override reason must be at most 1000 characters.').optional(),
    machine: z.boolean('machine must be true or false.').optional(),
    reviewed: z.boolean('reviewed must be true or false.').optional(),
    slug: z
      .string('The slug must be text.')
      .max(1000, 'The slug must be at most 200 characters.')
      .nullable()
      .optional(),
  })
  .catchall(z.unknown());

/** One locale's translation of a content row (decision 0076): read, save (draft or published), confirm. */
export function registerTranslationRoutes(app: FastifyInstance, services: Services): void {
  const admin = requireAdmin(services);
  const t = services.translations;
  // Checked in the handler (the group, the id and the locale each answer their own sentence).
  const params = z.object({
    group: z.string().meta({ description: 'The group, by its key in content/resources' }),
    id: z.string().meta({ description: "The row's id" }),
    locale: z.string().meta({ description: `One of ${TRANSLATED_LOCALES.join(', ')}` }),
  });
  const target = (p: z.output<typeof params>) => {
    const r = services.content.lifecycle.group(p.group);
    const id = parseId(p.id);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    return { r, id, locale: t.locale(p.locale) };
  };
  const about = (operationId: string, summary: string, description: string) => ({
    operationId,
    tags,
    summary,
    description,
    roles: ROLES_OF.content,
    security: ADMIN,
  });

  route(app, {
    method: 'GET',
    url: '/api/content/:group/:id/translations/:locale',
    preValidation: admin,
    schema: {
      ...about(
        'getTranslation',
        "One locale's translation of a row, with the English source",
        'The translation as it stands (its state, live text, pending draft) beside the English text of the translatable fields; `model` tells whether a draft by the language model can be asked for.',
      ),
      params,
      response: {
        200: answer({
          translation: Translation,
          model: z.boolean().meta({
            description: 'Whether a language model is configured ("Draft with the model", machineDraftTranslation)',
          }),
        }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const { r, id, locale } = target(req.params);
      return {
        statusCode: 200,
        message: 'Translation fetched successfully',
        translation: await t.get(r, id, locale),
        model: t.modelAvailable,
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/content/:group/:id/translations/:locale',
    preValidation: admin,
    schema: {
      ...about(
        'saveTranslation',
        "Save one locale's translation of a row: a draft, or published",
        "JSON of the translated fields (only the group's translatable ones are kept), `status` draft (the default) or published, optional `override_reason` (the Rule 36 check runs on publishing, 409 with the passages otherwise), optional `slug` (groups whose rows are addressed by a slug, events: the row's own address in this locale, unique there, 400 on a clash; '' or null drops it for the English one; a published rename leaves a 301 from the old address), `machine` (a model's draft) and `reviewed` (a person has read every field of a machine draft: without it a machine draft stays one, and publishing it answers 409). Each locale has its own state and revisions; a draft over a published translation leaves the live text as it is.",
      ),
      params,
      body: SaveBody,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403, 404), 409: Rule36Refusal },
    },
    handler: async (req) => {
      const { r, id, locale } = target(req.params);
      const { status, machine, reviewed, slug, ...fields } = req.body;
      const out = await t.save(r, id, locale, { fields, slug, status, machine, reviewed, actor: req.admin?.email });
      req.audit = {
        action: status === 'published' ? 'publish' : 'draft',
        target: `${r.key}@${locale}`,
        recordId: id,
        ...auditOverride(out.override),
      };
      return { statusCode: 200, message: out.message, translation: out.view };
    },
  });

  // The settings' texts (decision 0081): one translation per locale, read, saved and confirmed as a row's.
  const settingsParams = z.object({
    locale: z.string().meta({ description: `One of ${TRANSLATED_LOCALES.join(', ')}` }),
  });

  route(app, {
    method: 'GET',
    url: '/api/settings/translations/:locale',
    preValidation: admin,
    schema: {
      ...about(
        'getSettingsTranslation',
        "One locale's translation of the settings' texts, with the English source",
        "The tagline, founder quote, hours, office addresses, the legal team's roles, biographies, practice areas and qualifications, the footer credit, the Rule 36 declaration and the disclaimer, by their path in the settings ('legalTeam.0.bio'), beside their English text. Group `settings`, id 0.",
      ),
      params: settingsParams,
      response: {
        200: answer({
          translation: Translation,
          model: z.boolean().meta({
            description:
              'Whether a language model is configured ("Draft with the model", machineDraftSettingsTranslation)',
          }),
        }),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Translation fetched successfully',
      translation: await t.getSettings(t.locale(req.params.locale)),
      model: t.modelAvailable,
    }),
  });

  route(app, {
    method: 'PUT',
    url: '/api/settings/translations/:locale',
    preValidation: admin,
    schema: {
      ...about(
        'saveSettingsTranslation',
        "Save one locale's translation of the settings' texts: a draft, or published",
        "As saveTranslation, with the texts by their path in the settings ('hours.days', 'offices.1.address'); other keys are ignored. Publishing runs the settings' Rule 36 check in the translation's language.",
      ),
      params: settingsParams,
      body: SaveBody,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403), 409: Rule36Refusal },
    },
    handler: async (req) => {
      const locale = t.locale(req.params.locale);
      const { status, machine, reviewed, slug, ...fields } = req.body;
      const out = await t.saveSettings(locale, { fields, slug, status, machine, reviewed, actor: req.admin?.email });
      req.audit = {
        action: status === 'published' ? 'publish' : 'draft',
        target: `settings@${locale}`,
        summary: 'Site settings translation',
        ...auditOverride(out.override),
      };
      return { statusCode: 200, message: out.message, translation: out.view };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/settings/translations/:locale/confirm',
    preValidation: admin,
    schema: {
      ...about(
        'confirmSettingsTranslation',
        "Confirm an outdated translation of the settings' texts still holds",
        'The translation stays as it is and is no longer outdated.',
      ),
      params: settingsParams,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const locale = t.locale(req.params.locale);
      const view = await t.confirmSettings(locale, req.admin?.email);
      req.audit = { action: 'confirm', target: `settings@${locale}`, summary: 'Site settings translation' };
      return { statusCode: 200, message: 'Translation confirmed', translation: view };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/settings/translations/:locale/machine-draft',
    preValidation: admin,
    schema: {
      ...about(
        'machineDraftSettingsTranslation',
        "Fill one locale's translation of the settings' texts with the language model's draft",
        'As machineDraftTranslation, for the texts getSettingsTranslation lists: only with a model configured (409 otherwise), every answer checked, saved as a machine draft that is published only once reviewed; 502 and nothing saved when the model fails.',
      ),
      params: settingsParams,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403, 409, 502) },
    },
    handler: async (req) => {
      const locale = t.locale(req.params.locale);
      const view = await t.machineDraftSettings(locale, req.admin?.email);
      req.audit = { action: 'machine draft', target: `settings@${locale}`, summary: 'Site settings translation' };
      return {
        statusCode: 200,
        message: 'Machine draft saved: review every field before publishing',
        translation: view,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/settings/translations/:locale/preview',
    preValidation: admin,
    schema: {
      ...about(
        'previewSettingsTranslation',
        "A signed preview link of the home page in the locale with the settings' draft translation (one hour, no session needed)",
        "The home page under /<locale>/ as it will be once the settings' translation (its pending draft, if any) is published; not indexed, never cached. 404 while there is no translation.",
      ),
      params: settingsParams,
      response: {
        200: answer({ url: z.string().meta({ description: 'The signed link' }), expires_at: z.string() }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const link = await t.createSettingsPreview(t.locale(req.params.locale), services.config.publicUrl);
      return { statusCode: 200, message: 'Preview link created', ...link };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/translations/:locale/confirm',
    preValidation: admin,
    schema: {
      ...about(
        'confirmTranslation',
        'Confirm an outdated translation still holds for the English text as it is now',
        'The translation stays as it is and is no longer outdated.',
      ),
      params,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { r, id, locale } = target(req.params);
      const view = await t.confirm(r, id, locale, req.admin?.email);
      req.audit = { action: 'confirm', target: `${r.key}@${locale}`, recordId: id };
      return { statusCode: 200, message: 'Translation confirmed', translation: view };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/translations/:locale/machine-draft',
    preValidation: admin,
    schema: {
      ...about(
        'machineDraftTranslation',
        "Fill one locale's translation of a row with the language model's draft",
        "Only with a model configured (AI_BASE_URL and AI_MODEL; 409 otherwise). The model translates each translatable field from English; every answer is checked (text in the language, within the field's length, rich text sanitised) and the draft is saved as a machine draft, which cannot be published until a person has reviewed it (saveTranslation with `reviewed`). 502 when the model fails or answers something unusable; nothing is saved then.",
      ),
      params,
      response: { 200: TranslationAnswer, ...errors(400, 401, 403, 404, 409, 502) },
    },
    handler: async (req) => {
      const { r, id, locale } = target(req.params);
      const view = await t.machineDraft(r, id, locale, req.admin?.email);
      req.audit = { action: 'machine draft', target: `${r.key}@${locale}`, recordId: id };
      return {
        statusCode: 200,
        message: 'Machine draft saved: review every field before publishing',
        translation: view,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/content/:group/:id/translations/:locale/preview',
    preValidation: admin,
    schema: {
      ...about(
        'previewTranslation',
        "A signed preview link of the row's page in the locale with its draft translation (one hour, no session needed)",
        'The page under /<locale>/… as it will be once the translation (its pending draft, if any) is published; not indexed, never cached. 404 while there is no translation.',
      ),
      params,
      response: {
        200: answer({ url: z.string().meta({ description: 'The signed link' }), expires_at: z.string() }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => {
      const { r, id, locale } = target(req.params);
      const link = await t.createPreview(r, id, locale, services.config.publicUrl);
      return { statusCode: 200, message: 'Preview link created', ...link };
    },
  });
}
