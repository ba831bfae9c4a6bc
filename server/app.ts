import { z } from 'zod';
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
import { answer, errors, media, PUBLIC, route, validationMessage } from './api/route-schema';
import { markPublic, registerOriginCheck, registerRoleGuard } from './api/auth-hooks';
import { registerFileRoutes } from './api/files';
import { registerLifecycleRoutes } from './api/lifecycle';
import { registerPublicReads } from './api/public-reads';
import { registerSearchRoutes } from './search/api.server';
import { registerResourceRoutes } from './api/resources';
import { registerSettingsRoutes } from './api/settings';
import { registerComplianceRoutes } from './compliance/routes';
import { ensureAdmin } from './auth/admins.server';
import { registerAdminWriteLimit } from './auth/limits.server';
import { purgeExpiredSessions } from './auth/sessions.server';
import type { Config } from './config';
import { openStore, type Store } from './database';
import { isDatabaseUnavailable, migrate } from './db/index';
import { seedDemoContent } from './demo/seed';
import { databaseRateLimitStore } from './cluster/rate-limit-store';
import { ContentVersionWatch } from './cluster/version';
import { S3FileStore } from './files/s3-store';
import { LocalFileStore } from './files/store';
import { registerMail } from './mail/index.server';
import { registerConsultations } from './consultations/index.server';
import { registerWhatsapp } from './whatsapp/index.server';
import { AppError, GENERIC_ERROR } from './lib/errors';
import { registerAudit } from './audit';
import { registerCacheControl } from './plugins/cache-control';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerRedirectRoutes } from './redirects/routes.server';
import { registerTranslationRoutes } from './translations/routes.server';
import { registerInsightsRoutes } from './insights/routes.server';
import { createFastPath, type FastPath } from './render/fast-path';
import { PageCache } from './render/page-cache';
import { readIslandsManifest } from './render/islands';
import { createRenderer, type BuildSource } from './render/react-router';
import { createServices, type Services } from './services';
import type { ChangeEvent } from './content/service';
import { Metrics, exposeMetrics } from './ops/metrics';
import { checkReadiness } from './ops/ready';
import { requestContext, requestIdOf } from './ops/request-id';
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
  /** The Prometheus metrics (decision 0050); absent unless METRICS_PORT or METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** The port of the metrics' own server (METRICS_PORT; the chosen one when it was 0). */
  metricsPort?: number;
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

/** The database cannot be reached (stopped, restarting, unreachable): the answer of any call that needed it (decision 0051). */
export const DATABASE_UNAVAILABLE = 'The site cannot reach its database right now. Please try again in a minute.';

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
  // Search results pages, one entry per normalized query and page, in their own small cache so that
  // visitors' queries can never push the site's pages out of the page cache (decision 0054).
  const searchCache = caching ? new PageCache(8 * 1024 * 1024, security) : undefined;
  // Cache hits are answered before Fastify (decision 0020), unless every request must be logged or must
  // wait for a content-version read (CONTENT_VERSION_POLL_MS=0).
  const fastPath =
    caching && config.contentVersionPollMs > 0 && !requestLogging && !opts.serverFactory
      ? createFastPath({
          pages: pageCache,
          lists: listCache,
          search: searchCache,
          https,
          trustProxy: config.trustProxy,
          onNotFound: (req) => late.notFound?.record(req.url ?? '', req.headers['user-agent'], req.headers.referer),
        })
      : undefined;
  // Set once the store is open (the metrics read it); the front below only reads it per request.
  let metrics: Metrics | undefined;
  /**
   * In front of Fastify's handler: the request id (decision 0053), then a cached answer straight from
   * memory (decision 0020, timed for the metrics), else Fastify with the id as the request's async context
   * (the outbox reads it when the request queues mail).
   */
  const front =
    (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
    (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const id = requestIdOf(req.headers['x-request-id']);
      res.setHeader('x-request-id', id);
      if (fastPath) {
        const m = metrics;
        const start = m ? performance.now() : 0;
        if (fastPath(req, res)) {
          m?.observeCached(req.url ?? '', req.method ?? 'GET', res.statusCode, (performance.now() - start) / 1000);
          return;
        }
      }
      requestContext.run(id, handler, req, res);
    };
  const given = opts.serverFactory;
  const serverFactory: FastifyServerOptions['serverFactory'] = given
    ? (handler, o) => given(front(handler), o)
    : (handler, o) => {
        // What Fastify does for its own HTTP/1 server, with the request id and the cache in front of its handler.
        const server = http.createServer(o.http ?? {}, front(handler));
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
      };
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    routerOptions: { maxParamLength: 500 },
    serverFactory,
    // The id chosen in front (a sane incoming X-Request-Id, else a UUID): every log line of the request
    // carries it as reqId. app.inject() bypasses the front and gets one here.
    genReqId: (req) => requestContext.getStore() ?? requestIdOf(req.headers['x-request-id']),
  });
  // Every route, as registered (the API reference and the route-walking tests read it).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routes.push({ method: String(method), url: r.url, config: r.config, schema: r.schema });
  });

  const store = openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    queryTimeoutMs: config.databaseTimeouts.queryMs,
  });
  try {
    await migrateWithoutQueryTimeout(store, config);
  } catch (err) {
    await store.close();
    throw err;
  }
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
  // The declared groups only: a group added for a test has no rows from before.
  await services.redirects.recordMissingPaths(resources);
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
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Without a database every call that needs it answers 503 at once (the pool's bounded waits), and a page
  // whose render failed for that reason too (decision 0051).
  app.addHook('onSend', async (req, reply, payload) => {
    // Set on the raw answer in front of Fastify already; here for app.inject() too (decision 0053).
    reply.header('x-request-id', req.id);
    if (reply.statusCode >= 500 && reply.statusCode !== 503 && store.availability.down !== null)
      reply.code(503).header('retry-after', '5');
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    // Answered before the whole body arrived (a refused or failed upload): close the connection, or the
    // client's unsent remainder would block the next request on it.
    if (!req.raw.complete) reply.header('connection', 'close');
    if (err instanceof AppError) {
      // A fault outside the request (a service out of reach) is logged with what caused it.
      if (err.statusCode >= 500) req.log.error({ err: err.cause ?? err }, err.message);
      return reply.code(err.statusCode).send({ ...err.extra, statusCode: err.statusCode, message: err.message });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') {
      req.log.error({ err }, 'out of disk space');
      return reply.code(507).send({ statusCode: 507, message: OUT_OF_SPACE });
    }
    const status = e.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      req.log.warn({ err: e.message }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ statusCode: 503, message: DATABASE_UNAVAILABLE });
    }
    // Refused by the route's schema: the spec's message of that call, or a sentence naming the field.
    if (e.code === 'FST_ERR_VALIDATION') {
      return reply
        .code(400)
        .send({ statusCode: 400, message: validationMessage(err as FastifyError, req.routeOptions.schema) });
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ statusCode: 429, message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ statusCode: 413, message: 'The request is too large.' });
    }
    if (status === 415) {
      return reply.code(415).send({ statusCode: 415, message: 'This content type is not supported.' });
    }
    if (status >= 400 && status < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code?.startsWith('FST_ERR_CTP')
          ? 'The request body is not valid JSON.'
          : 'The request could not be understood.';
      return reply.code(status).send({ statusCode: status, message });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ statusCode: 500, message: GENERIC_ERROR });
  });

  route(app, {
    method: 'GET',
    url: '/api/health',
    schema: {
      operationId: 'health',
      tags: ['Service'],
      roles: PUBLIC,
      summary: 'Health check: 200 once the database answers',
      response: {
        200: answer({ database: z.enum(['sqlite', 'postgres']).meta({ description: 'sqlite or postgres' }) }),
        ...errors(503),
      },
    },
    handler: async (_req, reply) => {
      try {
        await store.db.selectFrom('admins').select('admin_id').limit(1).execute();
        return { statusCode: 200, message: 'ok', database: store.dialect };
      } catch (err) {
        app.log.error({ err }, 'health check failed');
        return reply.code(503).send({ statusCode: 503, message: 'database unavailable' });
      }
    },
  });

  const checks = z
    .strictObject({
      database: z.string().meta({ description: 'The database answers a query' }),
      migrations: z.string().meta({ description: 'Every migration of this version has run' }),
      storage: z.string().meta({ description: 'File storage (DATA_DIR or the bucket) takes a write' }),
    })
    .meta({ description: "Each check: 'ok', or why not" });
  route(app, {
    method: 'GET',
    url: '/api/ready',
    schema: {
      operationId: 'ready',
      tags: ['Service'],
      roles: PUBLIC,
      summary:
        'Readiness: 200 only when the database answers, every migration has run and file storage takes a write; else 503 naming what is not ready',
      response: { 200: answer({ checks }), 503: answer({ checks }) },
    },
    handler: async (req, reply) => {
      const r = await checkReadiness(store, files);
      if (r.errors.length) req.log.warn({ errors: r.errors }, 'not ready');
      reply.header('cache-control', 'no-store');
      if (r.ready) return { statusCode: 200, message: 'ready', checks: r.checks };
      const failing = Object.entries(r.checks)
        .filter(([, v]) => v !== 'ok')
        .map(([k, v]) => `${k} ${v}`);
      return reply.code(503).send({ statusCode: 503, message: `not ready: ${failing.join('; ')}`, checks: r.checks });
    },
  });

  const clearCaches = () => {
    pageCache?.clear();
    listCache?.clear();
    searchCache?.clear();
    services.search.invalidate();
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
    if (e.key !== 'redirects')
      void services.redirects.reload().catch((err: unknown) => app.log.error({ err }, 'redirects reload failed'));
    if (e.version) contentVersion.adopt(e.version);
  });
  // The CDN forgets exactly what the write touched (decision 0048): only the instance that wrote queues it.
  const purges = config.cdn.purge ? new PurgeQueue(store.db, config.cdn.purge, app.log) : undefined;
  if (purges) {
    services.content.changes.on('change', (e: ChangeEvent) => {
      purges
        .enqueue(changedKeys(e.key, e.id))
        .catch((err: unknown) => app.log.error({ err }, 'CDN purge could not be queued'));
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

  // Mail is the outbox and its transports; the features queue their messages there (decision 0105).
  const mail = await registerMail(app, services);
  const whatsapp = await registerWhatsapp(app, services, mail);
  const consultations = await registerConsultations(app, services, mail, whatsapp);
  const accountSecurity = new AccountSecurity(services, mail);
  registerAdminRoutes(app, services, accountSecurity);
  registerAccountSecurityRoutes(app, services, accountSecurity);
  registerSettingsRoutes(app, services);
  registerComplianceRoutes(app, services);
  registerPublicReads(app, services);
  registerSearchRoutes(app, services, fresh);
  registerResourceRoutes(app, services, listCache && { cache: listCache, fresh }, opts.groups);
  registerLifecycleRoutes(app, services);
  registerFileRoutes(app, services);
  registerAiRoutes(app, services);
  registerAdminAccountRoutes(app, services, mail, accountSecurity);
  registerRedirectRoutes(app, services);
  registerTranslationRoutes(app, services);
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
      // The build writes .br and .gz beside each text asset (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    } satisfies FastifyStaticOptions;
    await app.register(publicFiles);
  }

  const islands = (opts.mode ?? 'production') === 'production' ? readIslandsManifest(clientDir) : null;
  const render = opts.build
    ? createRenderer(opts.build, services, opts.mode ?? 'production', pageCache, islands, searchCache)
    : null;

  // A signed preview link (decision 0016): the row's public page as it would be published; 404 when tampered or expired.
  // A translation's preview link (decision 0078) is one of these too: the row's page in that language with
  // its draft translation applied.
  route(app, {
    method: 'GET',
    url: '/preview/:token',
    schema: {
      roles: PUBLIC,
      hide: true,
      params: z.object({ token: z.string() }),
      response: { 200: media('text/html'), 404: media('text/html') },
    },
    handler: async (req, reply) => {
      const token = req.params.token;
      const found = await services.content.lifecycle.resolvePreview(token);
      const translated = found ? null : await services.translations.resolvePreview(token);
      if ((!found && !translated) || !render) {
        reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'private, no-store');
        if (!render) return reply.code(404).send({ statusCode: 404, message: 'Not found' });
        return render(req, reply, { path: '/__preview-not-found' });
      }
      if (translated)
        return services.translations.previewing.run(translated.translation, () => render(req, reply, translated));
      return render(req, reply, found!);
    },
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

  let metricsPort: number | undefined;
  if (config.metrics) {
    const lifecycle = services.content.lifecycle;
    const worker = app.mailWorker;
    metrics = new Metrics({
      store,
      poolMax: config.databasePoolMax,
      outboxDepth: () => outboxDepth(store),
      mailsSent: () => worker.sent,
      mailsFailed: () => worker.failed,
      scheduledPublishes: () => lifecycle.scheduledPublishes,
      consultationsReceived: () => consultations.consultationsReceived,
    });
    const m = metrics;
    app.addHook('onResponse', (req, reply, done) => {
      m.observeReply(req, reply);
      done();
    });
    metricsPort = (await exposeMetrics(app, m, config.metrics)).port;
  }
  // One line per answer Fastify gave (cached answers written before it are counted in the metrics, not
  // logged, decision 0053): its id, route, status and time. LOG_LEVEL=debug logs Fastify's own lines instead.
  if (!requestLogging) {
    app.addHook('onResponse', (req, reply, done) => {
      if (reply.statusCode >= 500 && reply.statusCode !== 503)
        req.log.error(
          {
            method: req.method,
            route: req.routeOptions.url,
            path: req.url.split('?', 1)[0],
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          'request failed',
        );
      else
        req.log.info(
          {
            method: req.method,
            route: req.routeOptions.url,
            path: req.routeOptions.url ? undefined : req.url.split('?', 1)[0],
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          'request',
        );
      done();
    });
  }

  return { app, services, createdAdmin, routes, fastPath, purges, metrics, metricsPort };
}

/** Queued and retrying messages of the shared outbox (the metrics' outbox depth). */
async function outboxDepth(store: Store): Promise<Record<'queued' | 'retrying', number>> {
  const rows = await store.db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .where('status', 'in', ['queued', 'retrying'])
    .groupBy('status')
    .execute();
  const depth = { queued: 0, retrying: 0 };
  for (const r of rows) if (r.status === 'queued' || r.status === 'retrying') depth[r.status] = Number(r.n);
  return depth;
}

/**
 * Migrations run at start. On PostgreSQL through a connection of their own without the per-query timeout
 * (an index on a large table may take longer than any request should); SQLite has no such timeout.
 */
async function migrateWithoutQueryTimeout(store: Store, config: Config): Promise<void> {
  if (store.dialect !== 'postgres') return migrate(store);
  const own = openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolMax: 1,
    connectTimeoutMs: 10_000,
    queryTimeoutMs: 0,
  });
  try {
    await migrate(own);
  } finally {
    await own.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
