import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPath, resources } from '../../content/resources/index';
import type { ResourceDef } from '../../content/kit';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../content/locales';
import { AppError } from '../lib/errors';
import { summarise } from '../audit';
import { groupKeys, publicCacheControl, publicCacheHeaders } from '../cdn/keys';
import { publishCheck } from '../compliance/publish-check';
import { readBody } from '../files/multipart';
import { isDatabaseUnavailable } from '../db/index';
import { sendCached, type CachedPage, type PageCache } from '../render/page-cache';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import { groupSchemas } from './content-schemas';

/** Where the public list calls keep their answers, and the check that drops them after another instance's write. */
export interface ListCache {
  cache: PageCache;
  /** With CONTENT_VERSION_POLL_MS=0 only: a version read before every answer. */
  fresh?: () => Promise<void>;
}

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
    const schema = groupSchemas(r, groups);
    const ok = (message: string, key: string, value: unknown) => ({ statusCode: 200, message, [key]: value });

    // `?locale=ml`: the rows with their published translation's text where one exists (decision 0076).
    const listAnswer = async (locale?: string) => {
      const rows = await services.content.list(r);
      return ok(`${r.label} list fetched successfully`, r.keys.list, locale ? await services.translations.localize(r, rows, locale) : rows);
    };
    const localeOf = (req: FastifyRequest): string | undefined => {
      const raw = (req.query as { locale?: unknown } | undefined)?.locale;
      if (raw === undefined || raw === DEFAULT_LOCALE) return undefined;
      if (typeof raw !== 'string' || !LOCALES.includes(raw as Locale)) throw new AppError(400, `locale must be one of ${LOCALES.join(', ')}.`);
      return raw;
    };
    // A public list may be kept by shared caches under its group's keys (decision 0047).
    const caching = () => publicCacheHeaders(publicCacheControl(services.config.cdn), groupKeys(r));
    if (r.adminList) {
      app.get(apiPath(r, 'list'), { preHandler: admin, config: { resource: r.key }, schema: schema.list }, async (req: FastifyRequest) => listAnswer(localeOf(req)));
    } else if (!lists) {
      app.get(apiPath(r, 'list'), { config: { resource: r.key }, schema: schema.list }, async (req: FastifyRequest, reply: FastifyReply) => {
        const answer = await listAnswer(localeOf(req));
        for (const [k, v] of caching()) reply.header(k, v);
        return answer;
      });
    } else {
      const { cache, fresh } = lists;
      const path = apiPath(r, 'list');
      // One cached answer per language (`?locale=`); requests that miss together share one read and one
      // compression (of the same content generation).
      const building = new Map<string, { generation: number; entry: Promise<CachedPage> }>();
      const build = async (key: string, locale: string | undefined, generation: number) => {
        const body = Buffer.from(JSON.stringify(await listAnswer(locale)));
        const entry = await cache.build(200, [['content-type', 'application/json; charset=utf-8'], ...caching()], body, Number.POSITIVE_INFINITY);
        cache.set(key, entry, generation);
        return entry;
      };
      app.get(path, { config: { resource: r.key }, schema: schema.list }, async (req: FastifyRequest, reply: FastifyReply) => {
        const locale = localeOf(req);
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
      });
    }

    app.post(apiPath(r, 'add'), { preHandler: admin, config: { resource: r.key }, schema: schema.add }, async (req) => {
      const parsed = await body(req);
      try {
        const rule36 = publishCheck(services, r, parsed.fields); // Rule 36 (decision 0019): 409 or an audited override
        const row = await services.content.create(r, parsed, { actor: req.admin?.email, before: rule36.before });
        req.audit = { action: 'add', target: r.key, recordId: row[r.id] as number, summary: summarise(r.key, row), ...rule36.audit() };
        return ok(`${r.label} added successfully`, r.keys.add, row);
      } finally {
        await parsed.cleanup();
      }
    });

    const update = async (req: FastifyRequest) => {
      const parsed = await body(req);
      try {
        const rule36 = publishCheck(services, r, parsed.fields); // Rule 36 (decision 0019): 409 or an audited override
        const row = await services.content.update(r, parsed, { actor: req.admin?.email, before: rule36.before });
        req.audit = { action: 'update', target: r.key, recordId: row[r.id] as number, summary: summarise(r.key, row), ...rule36.audit() };
        return ok(`${r.label} updated successfully`, r.keys.update, row);
      } finally {
        await parsed.cleanup();
      }
    };
    app.post(apiPath(r, 'update'), { preHandler: admin, config: { resource: r.key }, schema: schema.update }, update);
    app.put(apiPath(r, 'update'), { preHandler: admin, config: { resource: r.key }, schema: schema.updatePut }, update);

    const remove = async (req: FastifyRequest) => {
      const parsed = await body(req);
      try {
        const id = parsed.fields[r.id] ?? (req.query as Record<string, unknown> | undefined)?.[r.id];
        const row = await services.content.remove(r, id, { actor: req.admin?.email });
        req.audit = { action: 'delete', target: r.key, recordId: row[r.id] as number, summary: summarise(r.key, row) };
        return { statusCode: 200, message: `${r.label} deleted successfully` };
      } finally {
        await parsed.cleanup();
      }
    };
    app.post(apiPath(r, 'delete'), { preHandler: admin, config: { resource: r.key }, schema: schema.delete }, remove);
    app.delete(apiPath(r, 'delete'), { preHandler: admin, config: { resource: r.key }, schema: schema.deleteDelete }, remove);
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
