import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { ResourceDef } from '../content/kit';
import { resources } from '../content/resources/index';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAdminRoutes } from './api/admin';
import { registerAdminAccountRoutes } from './auth/api.server';
import { AccountSecurity } from './auth/account-security.server';
import { registerAccountSecurityRoutes } from './auth/security-api.server';
import { registerAiRoutes } from './assistant/api.server';
import { registerDocsRoutes } from './api/docs';
import { answers, api, PUBLIC, str, validationMessage } from './api/route-schema';
import { markPublic, registerOriginCheck, registerRoleGuard } from './api/auth-hooks';
import { registerFileRoutes } from './api/files';
import { registerLifecycleRoutes } from './api/lifecycle';
import { registerPublicReads } from './api/public-reads';
import { registerResourceRoutes } from './api/resources';
import { registerSettingsRoutes } from './api/settings';
import { registerComplianceRoutes } from './compliance/routes';
import { ensureAdmin } from './auth/admins.server';
import { registerAdminWriteLimit } from './auth/limits.server';
import { purgeExpiredSessions } from './auth/sessions.server';
import type { Config } from './config';
import { openStore } from './database';
import { migrate } from './db/index';
import { seedDemoContent } from './demo/seed';
import { databaseRateLimitStore } from './cluster/rate-limit-store';
import { ContentVersionWatch } from './cluster/version';
import { S3FileStore } from './files/s3-store';
import { LocalFileStore } from './files/store';
import { registerMail } from './mail/index.server';
import { AppError, GENERIC_ERROR } from './lib/errors';
import { registerAudit } from './audit';
import { registerCacheControl } from './plugins/cache-control';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerRedirectRoutes } from './redirects/routes.server';
import { registerInsightsRoutes } from './insights/routes.server';
import { createFastPath, type FastPath } from './render/fast-path';
import { PageCache } from './render/page-cache';
import { readIslandsManifest } from './render/islands';
import { createRenderer, type BuildSource } from './render/react-router';
import { createServices, type Services } from './services';
import type { ChangeEvent } from './content/service';
import { changedKeys } from './cdn/keys';
import { PurgeQueue } from './cdn/purge-queue';

export interface BuildOptions {
  /** The React Router server build, or a loader for it (dev). Without one, pages answer 503. */
  build?: BuildSource;
  /** Folder of built client files (build/client). */
  clientDir?: string;
  mode?: 'production' | 'development';
  logger?: FastifyServerOptions['logger'];
  /** Wraps the HTTP server (the dev server puts Vite's middleware in front). */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** The content groups served (default: every declaration in content/resources; a test adds a throwaway one). */
  groups?: readonly ResourceDef[];
}

export interface Built {
  app: FastifyInstance;
  services: Services;
  /** Set when a first administrator was created with a random password (print it once). */
  createdAdmin: { email: string; password?: string } | null;
  /** Every route the server registered. */
  routes: RegisteredRoute[];
  /** Cached answers written before Fastify (decision 0020); absent when caching or the poll is off. */
  fastPath?: FastPath;
  /** The CDN purge queue (decision 0048); absent without CDN_PURGE_URL or a provider. */
  purges?: PurgeQueue;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config?: unknown;
  /** The route's own schema (operationId, tags, summary, …): described from it in the API reference. */
  schema?: unknown;
}

/** A full disk (or quota) during a write: nothing was saved, and the operator has to act. */
export const OUT_OF_SPACE =
  'The server is out of disk space, so nothing was saved. Please try again later, and tell whoever runs the website.';

/** Builds the whole server: data store migrated and seeded, API, files, pages. Tests use it directly. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<Built> {
  const requestLogging = config.logLevel === 'debug' || config.logLevel === 'trace';
  const https = config.publicUrl.startsWith('https:');
  // Rendered public pages, and the JSON of the public list calls, are cached in production until content
  // changes (or, for pages, a time boundary passes), with every header of their answers built once.
  const caching = opts.mode !== 'development' && config.pageCache;
  // Set once the services exist: cached 404 answers are counted on the fast path too (decision 0057).
  const late: { notFound?: Services['notFound'] } = {};
  const security = (secure: boolean, contentType: string) => securityHeaders({ https: secure, contentType });
  const pageCache = caching ? new PageCache(64 * 1024 * 1024, security) : undefined;
  const listCache = caching ? new PageCache(32 * 1024 * 1024, security) : undefined;
  // Cache hits are answered before Fastify (decision 0020), unless every request must be logged or must
  // wait for a content-version read (CONTENT_VERSION_POLL_MS=0).
  const fastPath =
    caching && config.contentVersionPollMs > 0 && !requestLogging && !opts.serverFactory
      ? createFastPath({ pages: pageCache, lists: listCache, https, trustProxy: config.trustProxy, onNotFound: (req) => late.notFound?.record(req.url ?? '', req.headers['user-agent'], req.headers.referer) })
      : undefined;
  const serverFactory: FastifyServerOptions['serverFactory'] =
    opts.serverFactory ??
    (fastPath
      ? (handler, o) => {
          // What Fastify does for its own HTTP/1 server, with the cache in front of its handler.
          const server = http.createServer(o.http ?? {}, (req, res) => {
            if (!fastPath(req, res)) handler(req, res);
          });
          const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
          const keepAlive = n(o.keepAliveTimeout);
          const requestTimeout = n(o.requestTimeout);
          const connectionTimeout = n(o.connectionTimeout);
          const perSocket = n(o.maxRequestsPerSocket);
          if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive;
          if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
          if (connectionTimeout !== undefined) server.setTimeout(connectionTimeout);
          if (perSocket) server.maxRequestsPerSocket = perSocket;
          return server;
        }
      : undefined);
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    routerOptions: { maxParamLength: 500 },
    ...(serverFactory ? { serverFactory } : {}),
  });
  // Every route, as registered (the API reference and the route-walking tests read it).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url, config: r.config, schema: r.schema });
  });

  const store = openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax });
  await migrate(store);
  // The AWS SDK (about 20 MB resident) is loaded only when files go to a bucket.
  const files = config.s3
    ? await S3FileStore.create({ dataDir: config.dataDir, ...config.s3 })
    : new LocalFileStore(config.dataDir);
  try {
    await files.init();
  } catch (err) {
    await store.close();
    throw err;
  }
  const services = createServices(config, store, files, app.log);
  late.notFound = services.notFound;
  const createdAdmin = await ensureAdmin(store.db, { email: config.adminEmail, password: config.adminPassword });
  if (config.demoContent) await seedDemoContent(services);
  // Rows live before redirects existed get their address recorded, so their first rename redirects too.
  await services.redirects.recordMissingPaths(opts.groups ?? resources);
  await services.redirects.reload();
  await purgeExpiredSessions(store.db);

  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await store.close();
    if (files instanceof S3FileStore) files.close();
  });

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fieldSize: 2 * 1024 * 1024, fields: 200, files: 60, parts: 300 },
  });
  // Counters live in the database, so several instances on one database share them (decision 0007).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(store.db) });
  registerAdminWriteLimit(app, config.adminWriteRateLimit);
  registerOriginCheck(app, config.publicUrl);
  // Every route declares the roles it allows; this one guard enforces them (decision 0040).
  registerRoleGuard(app, services);
  registerSecurityHeaders(app, { https });
  registerCacheControl(app);
  registerAudit(app, services);
  // JSON and other text answers are compressed; cached pages arrive already compressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

  app.setErrorHandler((err, req, reply) => {
    // Answered before the whole body arrived (a refused or failed upload): close the connection, or the
    // client's unsent remainder would block the next request on it.
    if (!req.raw.complete) reply.header('connection', 'close');
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ ...err.extra, statusCode: err.statusCode, message: err.message });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') {
      req.log.error({ err }, 'out of disk space');
      return reply.code(507).send({ statusCode: 507, message: OUT_OF_SPACE });
    }
    const status = e.statusCode ?? 500;
    // Refused by the route's schema: the spec's message of that call, or a sentence naming the field.
    if (e.code === 'FST_ERR_VALIDATION') {
      return reply.code(400).send({ statusCode: 400, message: validationMessage(err as FastifyError, req.routeOptions.schema) });
    }
    if (status === 429) {
      return reply.code(429).send({ statusCode: 429, message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ statusCode: 413, message: 'The request is too large.' });
    }
    if (status === 415) {
      return reply.code(415).send({ statusCode: 415, message: 'This content type is not supported.' });
    }
    if (status >= 400 && status < 500) {
      const message = e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON.' : 'The request could not be understood.';
      return reply.code(status).send({ statusCode: status, message });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ statusCode: 500, message: GENERIC_ERROR });
  });

  const health = api({
    operationId: 'health',
    tags: ['Service'],
    roles: PUBLIC,
    summary: 'Health check: 200 once the database answers',
    responses: answers({ database: str('sqlite or postgres', { enum: ['sqlite', 'postgres'] }) }, 503),
  });
  app.get('/api/health', { schema: health }, async (_req, reply) => {
    try {
      await store.db.selectFrom('admins').select('admin_id').limit(1).execute();
      return { statusCode: 200, message: 'ok', database: store.dialect };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.code(503).send({ statusCode: 503, message: 'database unavailable' });
    }
  });

  const clearCaches = () => {
    pageCache?.clear();
    listCache?.clear();
  };

  // Another instance's write (or one of ours) moved the shared content version: drop what we cached.
  const contentVersion = new ContentVersionWatch(
    store.db,
    () => {
      clearCaches();
      services.settings.invalidate();
      void services.redirects.reload().catch((err: unknown) => app.log.error({ err }, 'redirects reload failed'));
    },
    (err) => app.log.error({ err }, 'content version check failed'),
  );
  await contentVersion.check();
  // A write of this instance: cleared at once, and its version needs no second clear by the poll.
  services.content.changes.on('change', (e: ChangeEvent) => {
    clearCaches();
    // A rename wrote its redirect in the write's transaction; the map is read again (the redirects' own
    // writes reload it before they answer).
    if (e.key !== 'redirects') void services.redirects.reload().catch((err: unknown) => app.log.error({ err }, 'redirects reload failed'));
    if (e.version) contentVersion.adopt(e.version);
  });
  // The CDN forgets exactly what the write touched (decision 0048): only the instance that wrote queues it.
  const purges = config.cdn.purge ? new PurgeQueue(store.db, config.cdn.purge, app.log) : undefined;
  if (purges) {
    services.content.changes.on('change', (e: ChangeEvent) => {
      purges.enqueue(changedKeys(e.key, e.id)).catch((err: unknown) => app.log.error({ err }, 'CDN purge could not be queued'));
    });
    purges.start();
    app.addHook('onClose', async () => purges.stop());
  }
  // Another instance's write shows here within CONTENT_VERSION_POLL_MS (ours clear the caches at once);
  // 0: a version read before every cached answer, as decision 0007 first had it.
  const strictFreshness = config.contentVersionPollMs === 0;
  if (strictFreshness) services.settings.useFreshnessCheck(() => contentVersion.check());
  else contentVersion.watch(config.contentVersionPollMs);
  app.addHook('onClose', async () => contentVersion.stop());
  const fresh = strictFreshness ? () => contentVersion.check() : undefined;

  const mail = await registerMail(app, services);
  const accountSecurity = new AccountSecurity(services, mail);
  registerAdminRoutes(app, services, accountSecurity);
  registerAccountSecurityRoutes(app, services, accountSecurity);
  registerSettingsRoutes(app, services);
  registerComplianceRoutes(app, services);
  registerPublicReads(app, services);
  registerResourceRoutes(app, services, listCache && { cache: listCache, fresh }, opts.groups);
  registerLifecycleRoutes(app, services);
  registerFileRoutes(app, services);
  registerAiRoutes(app, services);
  registerAdminAccountRoutes(app, services, mail, accountSecurity);
  registerRedirectRoutes(app, services);
  registerDocsRoutes(app, services, routes, opts.groups);
  services.notFound.start(5000, (err) => app.log.error({ err }, 'not-found report flush failed'));
  app.addHook('onClose', async () => services.notFound.stop().catch(() => undefined));
  registerInsightsRoutes(app, services);
  services.insights.start(5000, 60_000, (err) => app.log.error({ err }, 'insights flush or sweep failed'));
  app.addHook('onClose', async () => services.insights.stop().catch(() => undefined));

  // Built client files: hashed assets cached for a year, the rest briefly.
  const clientDir = opts.clientDir ?? path.resolve('build/client');
  if (existsSync(clientDir)) {
    const publicFiles = async (scope: FastifyInstance) => {
      scope.addHook('onRoute', markPublic);
      await scope.register(fastifyStatic, staticOptions);
    };
    const staticOptions = {
      root: clientDir,
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    } satisfies FastifyStaticOptions;
    await app.register(publicFiles);
  }

  const islands = (opts.mode ?? 'production') === 'production' ? readIslandsManifest(clientDir) : null;
  const render = opts.build ? createRenderer(opts.build, services, opts.mode ?? 'production', pageCache, islands) : null;

  // A signed preview link (decision 0016): the row's public page as it would be published; 404 when tampered or expired.
  app.get('/preview/:token', { schema: { roles: PUBLIC, hide: true } }, async (req, reply) => {
    const found = await services.content.lifecycle.resolvePreview((req.params as { token: string }).token);
    if (!found || !render) {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'private, no-store');
      if (!render) return reply.code(404).send({ statusCode: 404, message: 'Not found' });
      return render(req, reply, { path: '/__preview-not-found' });
    }
    return render(req, reply, found);
  });

  // Scheduled publishing, unpublishing and the trash's purge, every CONTENT_SCHEDULE_MS on every instance.
  services.content.lifecycle.start((err) => app.log.error({ err }, 'content scheduler failed'));
  app.addHook('onClose', async () => {
    await services.content.lifecycle.stop();
  });
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ statusCode: 404, message: 'Not found' });
    }
    if (!render) {
      return reply.code(503).send({ statusCode: 503, message: 'The site is not built yet. Run npm run build.' });
    }
    if (strictFreshness) await contentVersion.check();
    // An old address (a renamed item, an old site's page) answers its redirect before any page is rendered.
    await services.redirects.ready();
    const moved = services.redirects.lookup(req.url);
    if (moved) {
      return reply.code(moved.status).header('location', moved.location).header('cache-control', 'no-cache').send();
    }
    await render(req, reply);
    if (reply.statusCode === 404) services.notFound.record(req.url, req.headers['user-agent'], req.headers.referer);
    return reply;
  });

  return { app, services, createdAdmin, routes, fastPath, purges };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
