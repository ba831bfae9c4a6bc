import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricType } from 'prom-client';
import type { Availability, PoolUse } from '../db/index';
import { media, PUBLIC, route } from '../api/route-schema';

/** What the metrics read when Prometheus scrapes (decision 0050): counts kept by the parts that do the work. */
export interface MetricSources {
  store: { availability: Availability; pool?: PoolUse };
  /** Messages waiting in the shared outbox, by status. */
  outboxDepth(): Promise<Record<'queued' | 'retrying', number>>;
  mailsSent(): number;
  mailsFailed(): number;
  scheduledPublishes(): number;
  consultationsReceived(): number;
  poolMax: number;
}

type Labels = 'route' | 'method' | 'status_class';
/** The methods named in the route label; any other is 'OTHER' (last). */
const METHOD_NAMES = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** From a cached answer written in well under a millisecond to a slow upload. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route label of a Fastify request: the route's pattern (never the raw path, which would make one
 * series per id or token), 'page' for the pages React Router renders (they reach the not-found handler),
 * '/assets/*' for the built files (one route each) and 'unmatched' for anything else no route took.
 */
export function routeLabel(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (url) return url.startsWith('/assets/') ? '/assets/*' : url;
  if ((req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && req.url !== '/api')
    return 'page';
  return 'unmatched';
}

/** The label of a cached answer written before Fastify: a list call's path, or 'page'. */
function cachedRoute(url: string): string {
  if (!url.startsWith('/api/')) return 'page';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * The metric type the text format writes ('# TYPE … histogram'). prom-client's typings declare MetricType as
 * a numeric enum that does not exist at run time; its metrics carry the string.
 */
const isMetricType = (v: unknown): v is MetricType => typeof v === 'string';
const HISTOGRAM_TYPE: MetricType = ((t: string) => {
  if (!isMetricType(t)) throw new Error(t);
  return t;
})('histogram');

const DURATION = {
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status class (cached answers written before the framework included)',
};

/** One series of the request-duration histogram: its labels, the count per bucket (the last above every bound), sum and count. */
interface Series {
  labels: Record<Labels, string>;
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * http_request_duration_seconds, counted in plain numbers and written out only when scraped (decision 0088).
 * prom-client's own observe() builds a labels object, hashes it into a string and finds the bucket by its
 * bound as a property name: 4 to 12 µs a call measured here, against about 110 µs of CPU for a whole cached
 * answer. Here an answer costs a map lookup, a short scan of the bounds and three additions.
 */
class DurationHistogram extends Histogram<Labels> {
  /** Series by route, then by method and status class (index METHOD_NAMES × STATUS_CLASSES). */
  private readonly byRoute = new Map<string, (Series | undefined)[]>();

  record(route: string, method: number, statusClass: number, seconds: number): void {
    let row = this.byRoute.get(route);
    if (!row) this.byRoute.set(route, (row = []));
    const i = method * STATUS_CLASSES.length + statusClass;
    let series = row[i];
    if (!series) {
      series = {
        labels: { route, method: METHOD_NAMES[method]!, status_class: STATUS_CLASSES[statusClass]! },
        buckets: new Float64Array(BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      row[i] = series;
    }
    let b = 0;
    while (b < BUCKETS.length && seconds > BUCKETS[b]!) b++;
    series.buckets[b]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The histogram as prom-client writes one: cumulative buckets with `le`, then `_sum` and `_count`, per series. */
  private snapshot(): Awaited<ReturnType<Histogram<Labels>['get']>> {
    const values: { value: number; labels: Partial<Record<Labels | 'le', string | number>>; metricName: string }[] = [];
    for (const row of this.byRoute.values())
      for (const series of row) {
        if (!series) continue;
        let total = 0;
        BUCKETS.forEach((le, b) => {
          total += series.buckets[b]!;
          values.push({ value: total, labels: { le, ...series.labels }, metricName: `${DURATION.name}_bucket` });
        });
        values.push({
          value: series.count,
          labels: { le: '+Inf', ...series.labels },
          metricName: `${DURATION.name}_bucket`,
        });
        values.push({ value: series.sum, labels: series.labels, metricName: `${DURATION.name}_sum` });
        values.push({ value: series.count, labels: series.labels, metricName: `${DURATION.name}_count` });
      }
    return {
      name: DURATION.name,
      help: DURATION.help,
      type: HISTOGRAM_TYPE,
      aggregator: 'sum',
      collect: () => undefined,
      values,
    };
  }

  override get(): ReturnType<Histogram<Labels>['get']> {
    return Promise.resolve(this.snapshot());
  }

  /** What the registry writes the text format from (it prefers this method when a metric has it). */
  getForPromString(): ReturnType<Histogram<Labels>['get']> {
    return this.get();
  }
}

/** Answers served from a cache, by cache and result, in plain numbers until scraped. */
type CacheCounts = Record<'pages' | 'lists', Record<'hit' | 'miss' | 'stale', number>>;

export class Metrics {
  readonly registry = new Registry();
  private readonly duration: DurationHistogram;
  private readonly cache: CacheCounts = {
    pages: { hit: 0, miss: 0, stale: 0 },
    lists: { hit: 0, miss: 0, stale: 0 },
  };

  constructor(sources: MetricSources) {
    const registry = this.registry;
    // Process CPU, memory, handles, GC, and the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    this.duration = new DurationHistogram({
      ...DURATION,
      labelNames: ['route', 'method', 'status_class'],
      buckets: BUCKETS,
      registers: [registry],
    });
    const counts = this.cache;
    new Counter({
      name: 'lexfirm_page_cache_requests_total',
      help: 'Answers looked up in the page cache (pages) and the public list calls cache (lists), by result (stale: a last copy answered while the database was unreachable)',
      labelNames: ['cache', 'result'],
      registers: [registry],
      collect() {
        this.reset();
        for (const cache of ['pages', 'lists'] as const)
          for (const result of ['hit', 'miss', 'stale'] as const) this.inc({ cache, result }, counts[cache][result]);
      },
    });

    // Counts kept by the worker, the scheduler and the consultation service of this process.
    const counted = (name: string, help: string, read: () => number) => {
      let last = 0;
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          const now = read();
          if (now > last) this.inc(now - last);
          last = now;
        },
      });
    };
    counted('lexfirm_mails_sent_total', 'Messages this instance handed to the mail server', sources.mailsSent);
    counted(
      'lexfirm_mails_failed_total',
      'Messages this instance gave up on (permanent error or too many attempts)',
      sources.mailsFailed,
    );
    counted(
      'lexfirm_scheduled_publishes_total',
      'Content rows this instance published at their scheduled time',
      sources.scheduledPublishes,
    );
    counted(
      'lexfirm_consultations_received_total',
      'Consultation requests this instance stored',
      sources.consultationsReceived,
    );

    const store = sources.store;
    new Gauge({
      name: 'lexfirm_mail_outbox_depth',
      help: 'Messages waiting in the shared outbox (all instances), by status; kept at the last value while the database is unreachable',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        try {
          const depth = await sources.outboxDepth();
          this.set({ status: 'queued' }, depth.queued);
          this.set({ status: 'retrying' }, depth.retrying);
        } catch {
          // The database is unreachable: lexfirm_database_up says so; the last depth stays.
        }
      },
    });
    new Gauge({
      name: 'lexfirm_database_up',
      help: '1 while the database answers, 0 once a connection to it failed (until one succeeds again)',
      registers: [registry],
      collect() {
        this.set(store.availability.down === null ? 1 : 0);
      },
    });
    const pool = store.pool;
    if (pool) {
      const poolGauge = (name: string, help: string, read: () => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read());
          },
        });
      poolGauge(
        'lexfirm_db_pool_connections',
        'PostgreSQL connections this instance holds open (busy and idle)',
        () => pool.totalCount,
      );
      poolGauge('lexfirm_db_pool_idle_connections', 'PostgreSQL connections open and idle', () => pool.idleCount);
      poolGauge(
        'lexfirm_db_pool_waiting_queries',
        'Queries waiting for a free PostgreSQL connection',
        () => pool.waitingCount,
      );
      poolGauge('lexfirm_db_pool_max_connections', 'The pool size (DATABASE_POOL_MAX)', () => sources.poolMax);
    }
  }

  /** One answer: its route label, method, status and duration in seconds. */
  observe(route: string, method: string, status: number, seconds: number): void {
    const m = METHOD_NAMES.indexOf(method);
    const sc = Math.floor(status / 100) - 1;
    this.duration.record(
      route,
      m < 0 ? METHOD_NAMES.length - 1 : m,
      sc >= 0 && sc < STATUS_CLASSES.length ? sc : STATUS_CLASSES.length - 1,
      seconds,
    );
  }

  /** A cached answer written before Fastify (decision 0020): always a cache hit. */
  observeCached(url: string, method: string, status: number, seconds: number): void {
    const route = cachedRoute(url);
    this.cache[route === 'page' ? 'pages' : 'lists'].hit += 1;
    this.observe(route, method, status, seconds);
  }

  /** A Fastify answer: timed from its arrival; a cache's X-Cache header counts as a hit or a miss. */
  observeReply(req: FastifyRequest, reply: FastifyReply): void {
    this.observe(routeLabel(req), req.method, reply.statusCode, reply.elapsedTime / 1000);
    const state = reply.getHeader('x-cache');
    if (state === 'HIT' || state === 'MISS' || state === 'STALE')
      this.cache[req.url.startsWith('/api/') ? 'lists' : 'pages'][
        state === 'HIT' ? 'hit' : state === 'MISS' ? 'miss' : 'stale'
      ] += 1;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

const UNAUTHORISED = JSON.stringify({ statusCode: 401, message: 'Metrics need the METRICS_TOKEN as a Bearer token.' });

/**
 * Exposes the metrics (decision 0050): with `port`, on a server of their own (no other route there; the
 * token is asked too when set); else at /metrics on the main port, behind the token. Returns a closer.
 */
export async function exposeMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  opts: { port?: number; host: string; token?: string },
): Promise<{ port?: number }> {
  const { token } = opts;
  if (opts.port === undefined) {
    if (!token) return {};
    route(app, {
      method: 'GET',
      url: '/metrics',
      logLevel: 'warn',
      // Open to the role guard (decision 0040): the token is the check, in the handler. Not an API call.
      schema: {
        roles: PUBLIC,
        hide: true,
        response: { 200: media('text/plain'), 401: media('application/json') },
      },
      handler: async (req, reply) => {
        if (!bearerMatches(req.headers.authorization, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .header('cache-control', 'no-store')
            .type('application/json')
            .send(UNAUTHORISED);
        }
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.registry.contentType)
          .send(await metrics.text());
      },
    });
    return {};
  }
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end(UNAUTHORISED);
      return;
    }
    metrics.text().then(
      (body) =>
        res
          .writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : opts.port };
}
