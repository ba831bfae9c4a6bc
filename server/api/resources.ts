import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiPath, groupOf, resources } from '../../content/resources/index';
import { DEFAULT_FORMATS, type FileFieldDef, type ResourceDef, type Row } from '../../content/kit';
import { ALT_MAX, altColumn, altFileFields } from '../../content/alt';
import { fieldsSchema } from '../../content/input';
import { DEFAULT_LOCALE, LOCALES } from '../../content/locales';
import { itemName, rowSchema } from '../../content/row-schema';
import { summarise } from '../audit';
import { groupKeys, publicCacheControl, publicCacheHeaders } from '../cdn/keys';
import { publishCheck, RULE36_NOTE } from '../compliance/publish-check';
import { FORMAT_MIME } from '../files/check';
import { readBody } from '../files/multipart';
import { isDatabaseUnavailable } from '../db/index';
import { sendCached, type CachedPage, type PageCache } from '../render/page-cache';
import { TRANSLATED_LOCALES, translatableFields } from '../translations/service.server';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import {
  ADMIN,
  answer,
  documentedBody,
  errors,
  fromZod,
  oneOf,
  PUBLIC,
  ref,
  ROLES_OF,
  route,
  Rule36Refusal,
} from './route-schema';

/** Where the public list calls keep their answers, and the check that drops them after another instance's write. */
export interface ListCache {
  cache: PageCache;
  /** With CONTENT_VERSION_POLL_MS=0 only: a version read before every answer. */
  fresh?: () => Promise<void>;
}

// --- The schemas of a group's calls, from its declaration (decision 0094) ---------------------------

/** A file field of a form body: a file of the declared formats, checked by its content. */
function fileField(def: Pick<FileFieldDef, 'kind' | 'label' | 'formats'>) {
  const formats = def.formats ?? DEFAULT_FORMATS[def.kind];
  return z
    .file()
    .optional()
    .meta({
      description: `${def.label}: a file (${formats.join(', ')}), checked by its content`,
      contentMediaType: [...new Set(formats.map((f) => FORMAT_MIME[f]))].join(', '),
    });
}

/**
 * The body of add or update as the reference shows it, JSON and form data (with the files), the spec
 * client's kind first. The declared fields are the group's input schema (content/input.ts); the content
 * service reads the body with it and the spec's messages, so Fastify does not.
 */
function writeBody(r: ResourceDef, mode: 'add' | 'update') {
  const fields: Record<string, z.ZodType> = {};
  if (mode === 'update')
    fields[r.id] = z
      .number()
      .int()
      .min(1)
      .meta({ description: `Which ${r.label.toLowerCase()} to change (required)` });
  for (const [name, s] of Object.entries(fieldsSchema(r).shape)) {
    const def = r.fields[name]!;
    const target = def.type === 'ref' ? groupOf(def.ref!) : null;
    fields[name] = target ? s.meta({ description: `${def.label}: a \`${target.id}\` of ${target.admin.title}` }) : s;
  }
  const lists = Object.entries(r.lists ?? {});
  for (const [name, l] of lists) {
    fields[name] = z
      .string()
      .optional()
      .meta({
        description: `The ${l.label.toLowerCase()} as a JSON string: a list of {${[...Object.keys(l.fields), ...(l.image ? [l.image.column] : [])].join(', ')}} (at most ${l.max}). Entirely empty items are dropped. On update, absent means "keep them".`,
        contentMediaType: 'application/json',
        contentSchema: { type: 'array', items: ref(itemName(l)) },
      });
  }
  const files: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(r.files)) {
    files[name] = fileField(def);
    if (mode === 'update')
      fields[`remove_${name}`] = z
        .enum(['true', '1', 'yes'])
        .optional()
        .meta({ description: `Removes the stored ${def.label.toLowerCase()}` });
  }
  for (const name of altFileFields(r)) {
    fields[altColumn(name)] = z
      .string()
      .max(ALT_MAX)
      .optional()
      .meta({
        description: `Alt text of the ${r.files[name]!.label.toLowerCase()} (without it a new image gets the row's title, flagged for review)`,
      });
  }
  fields.status = z
    .enum(['draft', 'published'])
    .optional()
    .meta({
      description:
        mode === 'add'
          ? 'Optional: draft keeps the new row off the site; published (the default) puts it live (anything else: 400 "Status must be draft or published.")'
          : 'Optional: draft on a published row stores a pending draft and leaves the live row as it is; published publishes',
    });
  if (r.rule36.fields.length)
    fields.override_reason = z
      .string()
      .optional()
      .meta({ description: 'Why text with Rule 36 findings is published anyway (kept in the audit log)' });
  const merge =
    mode === 'update' ? ' A field absent from the body keeps its stored value; a field sent blank is cleared.' : '';
  const itemFiles = Object.fromEntries(
    lists.flatMap(([name, l]) =>
      l.image
        ? [
            [
              `^${l.image.fileField}_\\d+$`,
              fromZod(fileField({ kind: 'image', label: `${l.image.label} of item i (index in \`${name}\`)` })),
            ],
          ]
        : [],
    ),
  );
  const hasFiles = Object.keys(files).length > 0 || Object.keys(itemFiles).length > 0;
  const json = z.object(fields).meta({ description: `JSON body (no files).${merge}` });
  const form = z.object({ ...fields, ...files }).meta({
    description: hasFiles ? `Form data with files.${merge}` : `Also accepted as form data.${merge}`,
    ...(Object.keys(itemFiles).length ? { patternProperties: itemFiles } : {}),
  });
  return documentedBody(
    hasFiles || r.body === 'multipart'
      ? { 'multipart/form-data': form, 'application/json': json }
      : { 'application/json': json, 'multipart/form-data': form },
  );
}

/** Groups whose rows point at r: deleting a row they use answers 409. */
function dependents(r: ResourceDef, groups: readonly ResourceDef[]): ResourceDef[] {
  return groups.filter((d) => Object.values(d.fields).some((f) => f.type === 'ref' && f.ref === r.key));
}

/** 'an event', 'a case category', 'an FAQ'. */
function aName(r: ResourceDef): string {
  const n = r.label === r.label.toUpperCase() ? r.label : r.label[0]!.toLowerCase() + r.label.slice(1);
  return `${/^[aeiouAEIOUF]/.test(n) && !/^u[a-z]/.test(n) ? 'an' : 'a'} ${n}`;
}

/** A readable operationId part from a path segment: '/getallfaqs' → 'Getallfaqs'. */
const word = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .replace(/(^|\s)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase());

/** A success answer of a content call: the envelope and the spec's key of the group with this value. */
const keyed = (key: string, value: z.ZodType<unknown, unknown>) => answer({ [key]: value });

/**
 * The four calls of every content group, on the spec's legacy paths, from the one declaration. The public
 * lists always return every row (the spec's clients expect complete lists), so with `lists` their JSON is
 * serialised and compressed once per content change instead of once per request.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  services: Services,
  lists?: ListCache,
  groups: readonly ResourceDef[] = resources,
): void {
  const admin = requireAdmin(services);
  const maxFile = Math.max(services.config.limits.image, services.config.limits.document, services.config.limits.video);
  const body = (req: FastifyRequest) => readBody(req, services.files.tmpDir, maxFile);

  for (const r of groups) {
    const tags = [r.admin.title];
    const row = rowSchema(r);
    const id = (call: keyof ResourceDef['paths'], method = '') => `${r.key}${word(r.paths[call])}${method}`;
    const files = Object.keys(r.files).length > 0 || Object.values(r.lists ?? {}).some((l) => l.image);
    const writeErrors = errors(400, 401, 403, ...(files ? [413, 415] : []));
    const rule36 = r.rule36.fields.length > 0;
    // The answers of add and update: the row under the spec's key; with the publish check, its 409.
    const written = (key: string) =>
      rule36 ? { 200: keyed(key, row), ...writeErrors, 409: Rule36Refusal } : { 200: keyed(key, row), ...writeErrors };
    const deps = dependents(r, groups);
    const config = { resource: r.key };
    const ok = (message: string, key: string, value: Row | Row[]) => ({ statusCode: 200, message, [key]: value });

    // `?locale=ml`: the rows with their published translation's text where one exists (decision 0076).
    const translated = translatableFields(r).length > 0 && TRANSLATED_LOCALES.length > 0;
    const listSchema = {
      operationId: id('list'),
      tags,
      summary: `All ${r.admin.title.toLowerCase()} (${r.order === 'desc' ? 'newest first' : 'oldest first'})`,
      roles: r.adminList ? ROLES_OF.content : PUBLIC,
      security: r.adminList ? ADMIN : [],
      ...(translated
        ? {
            description: `With \`?locale=\` (${TRANSLATED_LOCALES.join(', ')}), rows answer their published translation's text where one exists, the English text otherwise (decision 0076). Without it, English.`,
          }
        : {}),
      querystring: z.object({
        locale: oneOf('locale', LOCALES, 'query parameter')
          .optional()
          .meta({ description: 'Optional: the language of the translated fields' }),
      }),
      response: { 200: keyed(r.keys.list, z.array(row)), ...errors(400, ...(r.adminList ? [401] : [])) },
    };
    const listAnswer = async (locale: string | undefined) => {
      const rows = await services.content.list(r);
      const lang = locale === DEFAULT_LOCALE ? undefined : locale;
      return ok(
        `${r.label} list fetched successfully`,
        r.keys.list,
        lang ? await services.translations.localize(r, rows, lang) : rows,
      );
    };
    // A public list may be kept by shared caches under its group's keys (decision 0047).
    const caching = () => publicCacheHeaders(publicCacheControl(services.config.cdn), groupKeys(r));
    if (r.adminList) {
      route(app, {
        method: 'GET',
        url: apiPath(r, 'list'),
        preHandler: admin,
        config,
        schema: listSchema,
        handler: async (req) => listAnswer(req.query.locale),
      });
    } else if (!lists) {
      route(app, {
        method: 'GET',
        url: apiPath(r, 'list'),
        config,
        schema: listSchema,
        handler: async (req, reply) => {
          const answer = await listAnswer(req.query.locale);
          for (const [k, v] of caching()) reply.header(k, v);
          return answer;
        },
      });
    } else {
      const { cache, fresh } = lists;
      const path = apiPath(r, 'list');
      // One cached answer per language (`?locale=`); requests that miss together share one read and one
      // compression (of the same content generation).
      const building = new Map<string, { generation: number; entry: Promise<CachedPage> }>();
      const build = async (key: string, locale: string | undefined, generation: number) => {
        const body = Buffer.from(JSON.stringify(await listAnswer(locale)));
        const entry = await cache.build(
          200,
          [['content-type', 'application/json; charset=utf-8'], ...caching()],
          body,
          Number.POSITIVE_INFINITY,
        );
        cache.set(key, entry, generation);
        return entry;
      };
      route(app, {
        method: 'GET',
        url: path,
        config,
        schema: listSchema,
        handler: async (req, reply) => {
          const locale = req.query.locale === DEFAULT_LOCALE ? undefined : req.query.locale;
          const key = locale ? `${path}?locale=${locale}` : path;
          if (fresh) await fresh();
          const hit = cache.get(key);
          if (hit) return sendCached(req, reply, hit, 'HIT');
          const generation = cache.generation;
          let mine = building.get(key);
          if (mine?.generation !== generation) {
            const started = { generation, entry: build(key, locale, generation) };
            building.set(key, started);
            const done = () => (building.get(key) === started ? building.delete(key) : undefined);
            started.entry.then(done, done);
            mine = started;
          }
          try {
            return sendCached(req, reply, await mine.entry, 'MISS');
          } catch (err) {
            // The database is unreachable: the list's last copy, if any (decision 0051).
            const old = isDatabaseUnavailable(err) ? cache.staleCopy(key) : undefined;
            if (old) return sendCached(req, reply, old, 'STALE');
            throw err;
          }
        },
      });
    }

    /** An add or an update (decision 0019's Rule 36 check first): the row written, audited, its upload cleaned up. */
    const write = async (req: FastifyRequest, action: 'add' | 'update') => {
      const parsed = await body(req);
      try {
        const rule36 = publishCheck(services, r, parsed.fields); // 409, or an audited override
        const opts = { actor: req.admin?.email, before: rule36.before };
        const row =
          action === 'add'
            ? await services.content.create(r, parsed, opts)
            : await services.content.update(r, parsed, opts);
        req.audit = {
          action,
          target: r.key,
          recordId: row[r.id] as number,
          summary: summarise(r.key, row),
          ...rule36.audit(),
        };
        return ok(`${r.label} ${action === 'add' ? 'added' : 'updated'} successfully`, r.keys[action], row);
      } finally {
        await parsed.cleanup();
      }
    };

    route(app, {
      method: 'POST',
      url: apiPath(r, 'add'),
      preHandler: admin,
      config,
      schema: {
        operationId: id('add'),
        tags,
        summary: `Add ${aName(r)}`,
        ...(rule36 ? { description: RULE36_NOTE } : {}),
        roles: ROLES_OF.content,
        security: ADMIN,
        requestBody: writeBody(r, 'add'),
        response: written(r.keys.add),
      },
      handler: (req) => write(req, 'add'),
    });

    const updateBody = writeBody(r, 'update');
    for (const [method, suffix] of [
      ['POST', ''],
      ['PUT', 'Put'],
    ] as const) {
      route(app, {
        method,
        url: apiPath(r, 'update'),
        preHandler: admin,
        config,
        schema: {
          operationId: id('update', suffix),
          tags,
          summary: `Update ${aName(r)} (merges: absent fields keep their value)`,
          description: `Without \`${r.id}\` the answer is 400 "${r.missingIdMessage}".${rule36 ? ` ${RULE36_NOTE}` : ''}`,
          roles: ROLES_OF.content,
          security: ADMIN,
          requestBody: updateBody,
          response: { ...written(r.keys.update), ...errors(404) },
        },
        handler: (req) => write(req, 'update'),
      });
    }

    for (const method of ['POST', 'DELETE'] as const) {
      route(app, {
        method,
        url: apiPath(r, 'delete'),
        preHandler: admin,
        config,
        schema: {
          operationId: id('delete', method === 'DELETE' ? 'Delete' : ''),
          tags,
          summary: `Delete ${aName(r)} and its files${method === 'DELETE' ? ' (the id in the body or the query)' : ''}`,
          ...(deps.length
            ? {
                description: `Refused with 409 while ${deps.map((d) => d.admin.title).join(' or ')} still refer to it.`,
              }
            : {}),
          roles: ROLES_OF.content,
          security: ADMIN,
          requestBody: documentedBody(
            { 'application/json': z.object({ [r.id]: z.number().int().min(1) }) },
            method === 'POST',
          ),
          // The id may come in the query instead (a DELETE often has no body); the content service checks it.
          querystring: z.object({
            [r.id]: z.string().optional().meta({ description: 'The id, when no body is sent' }),
          }),
          response: { 200: answer(), ...errors(400, 401, 403, 404, ...(deps.length ? [409] : [])) },
        },
        handler: async (req) => {
          const parsed = await body(req);
          try {
            const row = await services.content.remove(r, parsed.fields[r.id] ?? req.query[r.id], {
              actor: req.admin?.email,
            });
            req.audit = {
              action: 'delete',
              target: r.key,
              recordId: row[r.id] as number,
              summary: summarise(r.key, row),
            };
            return { statusCode: 200, message: `${r.label} deleted successfully` };
          } finally {
            await parsed.cleanup();
          }
        },
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The content group a route belongs to (for the API reference and audit). */
    resource?: string;
  }
}

export function resourceFor(key: string): ResourceDef | undefined {
  return resources.find((r) => r.key === key);
}
