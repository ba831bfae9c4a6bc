import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, ROLES_OF, answer, errors, route, Rule36Refusal } from '../api/route-schema';
import { auditOverride } from '../compliance/publish-check';
import { parseId } from '../content/coerce';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { TRANSLATED_LOCALES, type SaveTranslation, type TranslationView } from './service.server';

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
/** A translation read for the editor, and whether the model can draft it (by the call named). */
const WithModel = (machineDraftCall: string) =>
  answer({
    translation: Translation,
    model: z.boolean().meta({
      description: `Whether a language model is configured ("Draft with the model", ${machineDraftCall})`,
    }),
  });
const PreviewAnswer = answer({ url: z.string().meta({ description: 'The signed link' }), expires_at: z.string() });

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

/** What a translation call acts on: one locale's translation of a content row, or of the settings' texts. */
interface Translated {
  /** How the audit log names it. */
  audit: { target: string; recordId?: number; summary?: string };
  get(): Promise<TranslationView>;
  save(input: SaveTranslation): ReturnType<Services['translations']['save']>;
  confirm(actor?: string): Promise<TranslationView>;
  machineDraft(actor?: string): Promise<TranslationView>;
  preview(origin: string): Promise<{ url: string; expires_at: string }>;
}

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
  /** A content row's translation, from the path's group, id and locale (each answers its own sentence). */
  const rowOf = (p: z.output<typeof params>): Translated => {
    const r = services.content.lifecycle.group(p.group);
    const id = parseId(p.id);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    const locale = t.locale(p.locale);
    return {
      audit: { target: `${r.key}@${locale}`, recordId: id },
      get: () => t.get(r, id, locale),
      save: (input) => t.save(r, id, locale, input),
      confirm: (actor) => t.confirm(r, id, locale, actor),
      machineDraft: (actor) => t.machineDraft(r, id, locale, actor),
      preview: (origin) => t.createPreview(r, id, locale, origin),
    };
  };
  /** The settings' texts' translation (decision 0081: group `settings`, id 0), from the path's locale. */
  const settingsOf = (p: { locale: string }): Translated => {
    const locale = t.locale(p.locale);
    return {
      audit: { target: `settings@${locale}`, summary: 'Site settings translation' },
      get: () => t.getSettings(locale),
      save: (input) => t.saveSettings(locale, input),
      confirm: (actor) => t.confirmSettings(locale, actor),
      machineDraft: (actor) => t.machineDraftSettings(locale, actor),
      preview: (origin) => t.createSettingsPreview(locale, origin),
    };
  };
  // The handlers of a row's calls and of the settings' calls: one body each.
  const fetched = async (x: Translated) => ({
    statusCode: 200,
    message: 'Translation fetched successfully',
    translation: await x.get(),
    model: t.modelAvailable,
  });
  const saved = async (req: FastifyRequest<{ Body: z.output<typeof SaveBody> }>, x: Translated) => {
    const { status, machine, reviewed, slug, ...fields } = req.body;
    const out = await x.save({ fields, slug, status, machine, reviewed, actor: req.admin?.email });
    req.audit = {
      action: status === 'published' ? 'publish' : 'draft',
      ...x.audit,
      ...auditOverride(out.override),
    };
    return { statusCode: 200, message: out.message, translation: out.view };
  };
  const confirmed = async (req: FastifyRequest, x: Translated) => {
    const view = await x.confirm(req.admin?.email);
    req.audit = { action: 'confirm', ...x.audit };
    return { statusCode: 200, message: 'Translation confirmed', translation: view };
  };
  const machineDrafted = async (req: FastifyRequest, x: Translated) => {
    const view = await x.machineDraft(req.admin?.email);
    req.audit = { action: 'machine draft', ...x.audit };
    return {
      statusCode: 200,
      message: 'Machine draft saved: review every field before publishing',
      translation: view,
    };
  };
  const previewed = async (x: Translated) => ({
    statusCode: 200,
    message: 'Preview link created',
    ...(await x.preview(services.config.publicUrl)),
  });
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
        200: WithModel('machineDraftTranslation'),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (req) => fetched(rowOf(req.params)),
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
    handler: async (req) => saved(req, rowOf(req.params)),
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
        200: WithModel('machineDraftSettingsTranslation'),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => fetched(settingsOf(req.params)),
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
    handler: async (req) => saved(req, settingsOf(req.params)),
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
    handler: async (req) => confirmed(req, settingsOf(req.params)),
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
    handler: async (req) => machineDrafted(req, settingsOf(req.params)),
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
      response: { 200: PreviewAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => previewed(settingsOf(req.params)),
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
    handler: async (req) => confirmed(req, rowOf(req.params)),
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
    handler: async (req) => machineDrafted(req, rowOf(req.params)),
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
      response: { 200: PreviewAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => previewed(rowOf(req.params)),
  });
}
