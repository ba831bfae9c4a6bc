import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { afterAll } from 'vitest';
import type { ResourceDef } from '../../content/kit';
import { buildApp, type Built } from '../../server/app';
import { loadConfig } from '../../server/config';
import { requestContext, requestIdOf } from '../../server/ops/request-id';
import {
  copyDataDir,
  copyPgDatabase,
  demoTemplate,
  migratedPgTemplate,
  migratedSqliteTemplate,
  testRun,
} from './templates';

/** A decoded JSON answer as a test reads it: loosely, its assertions checking the shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose type of the test suite
export type Json = any;

/** Where the production build lives (BUILD_DIR lets parallel work build elsewhere). */
export const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

export const ADMIN_EMAIL = 'admin@test.example';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestServer extends Built {
  url: string;
  dataDir: string;
  /** Signs in as the test administrator; returns the Cookie header value. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  demo?: boolean;
  pages?: boolean;
  dataDir?: string;
  /** The content groups served (default: every declaration); a test adds a throwaway one. */
  groups?: readonly ResourceDef[];
  /**
   * Start as a first start does: every migration (and with `demo`, the demo seed) run by this server,
   * instead of a copy of the run's template (tests/helpers/templates.ts). For the tests of the migrations
   * and of the seed themselves; a server on a given data folder always starts as given.
   */
  fresh?: boolean;
  /**
   * false: the server does not listen; call() and login() reach it through Fastify's inject (decision 0092),
   * faster than a round trip over a socket. For tests about what the API answers; whatever is about HTTP
   * itself (pages, headers on the wire, streaming uploads, rate limits per connection, nginx, other processes)
   * keeps the default real socket. `url` is then an address nothing listens on, so a stray fetch() fails.
   */
  socket?: boolean;
}

/** The servers started with `socket: false`, by their `url`: call() injects into them. */
const injected = new Map<string, Built['app']>();
let injectedCount = 0;

/**
 * Settings that change nothing the demo seed writes: a demo server given only these starts on a copy of the
 * run's demo site. Any other setting (the administrator, storage, the database…) gets a seed of its own.
 */
const DEMO_NEUTRAL_ENV = new Set([
  'ADMIN_WRITE_RATE_LIMIT',
  'CACHE_S_MAXAGE',
  'CACHE_STALE_WHILE_REVALIDATE',
  'CONSULTATION_RATE_LIMIT',
  'CONTENT_VERSION_POLL_MS',
  'FIRM_INBOX',
  'MAIL_FROM',
  'MAIL_POLL_MS',
  'MAIL_RETRY_BASE_MS',
  'MAIL_RETRY_MAX_MS',
  'PAGE_CACHE',
  'SMTP_URL',
]);

/**
 * A real server on a random port over a fresh SQLite file in a temporary folder.
 * `pages: true` serves the production build (built by the global setup) as well as the API.
 */
export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lexfirm-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL && !opts.env?.DATABASE_URL ? process.env.TEST_DATABASE_URL : undefined;
  // A new server on a folder of its own starts on a copy of the run's template (decision 0092): migrated,
  // or with demo content when nothing it is given changes the seed.
  const run = opts.fresh || opts.dataDir || opts.env?.DATABASE_URL ? null : testRun();
  const template = !run
    ? null
    : opts.demo
      ? Object.keys(opts.env ?? {}).every((k) => DEMO_NEUTRAL_ENV.has(k))
        ? {
            demo: await demoTemplate(run, adminUrl, (dir, databaseUrl) =>
              startServer({
                demo: true,
                fresh: true,
                dataDir: dir,
                env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
              }),
            ),
          }
        : null
      : { migrated: adminUrl ? await migratedPgTemplate(run, adminUrl) : await migratedSqliteTemplate(run) };
  if (template?.demo) copyDataDir(template.demo.dataDir, dataDir);
  else if (template?.migrated && !adminUrl) copyFileSync(template.migrated, path.join(dataDir, 'site.db'));
  const pgTemplate = template?.demo ? template.demo.pgTemplate : template?.migrated;
  // TEST_DATABASE_URL=postgres://… runs the same tests on PostgreSQL: a fresh database per server (a copy of
  // the run's template), or, for a given data folder, one database per folder (a restart on the same folder
  // finds its data).
  let pg: PgDatabase | null = null;
  let pgOwned = false;
  if (adminUrl) {
    if (opts.dataDir) {
      pg = folderDatabases.get(opts.dataDir) ?? null;
      if (!pg) {
        pg = await createPgDatabase(adminUrl);
        folderDatabases.set(opts.dataDir, pg);
      }
    } else {
      pg = await createPgDatabase(adminUrl, pgTemplate);
      pgOwned = true;
    }
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEMO_CONTENT: opts.demo ? 'on' : 'off',
    LOG_LEVEL: 'error',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...opts.env,
  });
  let build: ServerBuild | undefined;
  if (opts.pages) {
    build = (await import(pathToFileURL(path.resolve(BUILD_DIR, 'server/index.js')).href)) as ServerBuild;
  }
  const built = await buildApp(config, {
    build,
    clientDir: path.resolve(BUILD_DIR, 'client'),
    logger: { level: 'error' },
    ...(opts.groups ? { groups: opts.groups } : {}),
  });
  let url: string;
  if (opts.socket === false) {
    // A name that never resolves (RFC 6761 reserves .invalid), unique per server.
    url = `http://inject-${injectedCount++}.invalid`;
    injected.set(url, built.app);
    await built.app.ready();
  } else {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    url = `http://127.0.0.1:${port}`;
  }
  if (!opts.env?.PUBLIC_URL) config.publicUrl = url;
  return {
    ...built,
    url,
    dataDir,
    async login() {
      const res = await call(url, '/api/admin/adminlogin', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lex_session='));
      if (!cookie) throw new Error('no session cookie');
      return cookie.split(';')[0]!;
    },
    async close() {
      injected.delete(url);
      // A connection still open after 5 s (a browser's or fetch's keep-alive) must not hold the file's
      // afterAll until its timeout: close what is left.
      const force = setTimeout(() => built.app.server.closeAllConnections(), 5_000);
      await built.app.close().finally(() => clearTimeout(force));
      if (pgOwned) await pg?.drop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server of a whole test file, awaited at its top level: started (and signed in as the test
 * administrator) while the file loads, closed after its last test.
 */
export async function signedInServer(opts: StartOptions = {}): Promise<{ s: TestServer; cookie: string }> {
  const s = await startServer(opts);
  afterAll(() => s.close());
  return { s, cookie: await s.login() };
}

/** JSON or multipart call; returns status and parsed body. */
export async function call(
  base: string,
  pathname: string,
  opts: { method?: string; json?: unknown; form?: FormData; cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const body: BodyInit | undefined = opts.json !== undefined ? JSON.stringify(opts.json) : opts.form;
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const app = injected.get(base);
  let res: { status: number; text: string; headers: Headers };
  if (app) res = await injectLikeFetch(app, base, pathname, method, headers, body);
  else {
    const answer = await fetch(`${base}${pathname}`, { method, headers, body });
    res = { status: answer.status, text: await answer.text(), headers: answer.headers };
  }
  const text = res.text;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The request headers fetch() (undici) adds on its own: an injected call sends them too. */
const FETCH_HEADERS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

/**
 * One call through Fastify's inject, answered as fetch() answers it: fetch's own request headers, the
 * request id context the server's socket handler sets around Fastify (decision 0053), redirects within the
 * server followed as fetch follows them, the body decoded from gzip or deflate.
 */
async function injectLikeFetch(
  app: Built['app'],
  base: string,
  pathname: string,
  method: string,
  given: Record<string, string>,
  body: BodyInit | undefined,
): Promise<{ status: number; text: string; headers: Headers }> {
  let headers: Record<string, string> = { ...FETCH_HEADERS, host: new URL(base).host };
  for (const [k, v] of Object.entries(given)) headers[k.toLowerCase()] = v;
  let payload: Buffer | undefined;
  if (body !== undefined) {
    // FormData and strings encoded exactly as fetch encodes them (multipart boundary included).
    const encoded = new Request(base, { method: 'POST', body });
    payload = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type');
    if (type && !headers['content-type']) headers['content-type'] = type;
  }
  let url = pathname;
  for (let redirects = 0; ; redirects++) {
    const id = requestIdOf(headers['x-request-id']);
    const res = await requestContext.run(id, () =>
      app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) }),
    );
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(res.statusCode) && typeof location === 'string' && redirects < 20) {
      const next = new URL(location, `${base}${url}`);
      if (next.origin !== base)
        throw new Error(`${pathname} redirects off the test server (${location}): this test needs a socket`);
      // As fetch: 303, and 301/302 after a POST, continue as a GET without the body.
      if (res.statusCode === 303 ? method !== 'HEAD' : [301, 302].includes(res.statusCode) && method === 'POST') {
        method = 'GET';
        payload = undefined;
        const { 'content-type': _t, 'content-length': _l, ...rest } = headers;
        headers = rest;
      }
      url = `${next.pathname}${next.search}`;
      continue;
    }
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
    }
    const raw = res.rawPayload;
    const encoding = String(res.headers['content-encoding'] ?? '');
    const decoded = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw;
    return { status: res.statusCode, text: decoded.toString('utf8'), headers: out };
  }
}

export interface PgDatabase {
  url: string;
  drop(): Promise<void>;
}

/** PostgreSQL databases of given data folders (TEST_DATABASE_URL): dropped when the test file ends. */
const folderDatabases = new Map<string, PgDatabase>();
afterAll(async () => {
  const all = [...folderDatabases.values()];
  folderDatabases.clear();
  await Promise.all(all.map((d) => d.drop()));
});

/**
 * Creates a PostgreSQL database next to the one named by adminUrl, empty or a copy of database `template`;
 * drop() removes it.
 */
export async function createPgDatabase(adminUrl: string, template?: string): Promise<PgDatabase> {
  const { default: pgLib } = await import('pg');
  const name = `lexfirm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (template) await copyPgDatabase(adminUrl, name, template);
  else {
    const admin = new pgLib.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pgLib.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
