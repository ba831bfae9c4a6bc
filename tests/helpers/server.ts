import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll } from 'vitest';
import type { ResourceDef } from '../../content/kit';
import { buildApp, type Built } from '../../server/app';
import { loadConfig } from '../../server/config';

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
}

/**
 * A real server on a random port over a fresh SQLite file in a temporary folder.
 * `pages: true` serves the production build (built by the global setup) as well as the API.
 */
export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lexfirm-test-'));
  // TEST_DATABASE_URL=postgres://… runs the same tests on PostgreSQL: a fresh database per server, or,
  // for a given data folder, one database per folder (a restart on the same folder finds its data).
  let pg: PgDatabase | null = null;
  let pgOwned = false;
  if (process.env.TEST_DATABASE_URL && !opts.env?.DATABASE_URL) {
    if (opts.dataDir) {
      pg = folderDatabases.get(opts.dataDir) ?? null;
      if (!pg) {
        pg = await createPgDatabase(process.env.TEST_DATABASE_URL);
        folderDatabases.set(opts.dataDir, pg);
      }
    } else {
      pg = await createPgDatabase(process.env.TEST_DATABASE_URL);
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
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  if (!opts.env?.PUBLIC_URL) config.publicUrl = url;
  return {
    ...built,
    url,
    dataDir,
    async login() {
      const res = await fetch(`${url}/api/admin/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lex_session='));
      if (!cookie) throw new Error('no session cookie');
      return cookie.split(';')[0]!;
    },
    async close() {
      await built.app.close();
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
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const res = await fetch(`${base}${pathname}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
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

/** Creates an empty PostgreSQL database next to the one named by adminUrl; drop() removes it. */
export async function createPgDatabase(adminUrl: string): Promise<PgDatabase> {
  const { default: pgLib } = await import('pg');
  const name = `lexfirm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pgLib.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
