/**
 * Databases made once per test run and copied (decision 0092). A fresh test server used to run every
 * migration (about 2 s on SQLite, 3.5 s on PostgreSQL) and, with demo content, the whole demo seed (about
 * 15 s: every picture resized); now the first server of the run that needs one makes the template the way a
 * server makes it (the migrations, or a whole first start with demo content), and every later one starts on a
 * copy: the SQLite file copied, or on PostgreSQL `CREATE DATABASE … TEMPLATE`. The server then starts as
 * usual on the copy (its migrations find nothing to do, the demo seed finds its marker).
 *
 * Templates live in the run's folder (made by the global setup, removed with its PostgreSQL templates at the
 * end of the run), so they are never older than the code under test. Test workers are separate processes:
 * the first one to need a template makes it under a lock (an exclusive mkdir), the others wait for it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { migrate } from '../../server/db/index';
import { openStore } from '../../server/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this test run's templates (tests/helpers/global-setup.ts). */
    testRunDir: string;
    /** The run's id: the PostgreSQL templates are named lexfirm_tpl_<id>_… */
    testRunId: string;
  }
}

/** The run's folder and id, or null outside a Vitest run with the global setup (then nothing is copied). */
export function testRun(): { dir: string; id: string } | null {
  try {
    const dir = inject('testRunDir');
    const id = inject('testRunId');
    return dir && id ? { dir, id } : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Makes `name` once per run: the first caller runs make() under an exclusive lock, any other (in this or
 * another worker process) waits until it is done. A failure is recorded, so the waiting callers fail with it.
 */
async function once(dir: string, name: string, make: () => Promise<void>): Promise<void> {
  const done = path.join(dir, `${name}.done`);
  const failed = path.join(dir, `${name}.failed`);
  if (existsSync(done)) return;
  let mine = false;
  try {
    mkdirSync(path.join(dir, `${name}.lock`));
    mine = true;
  } catch {
    /* another worker makes it */
  }
  if (mine) {
    try {
      await make();
      writeFileSync(done, new Date().toISOString());
      return;
    } catch (err) {
      writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
  const deadline = Date.now() + 300_000;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`template ${name} could not be made: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`template ${name}: waited 5 minutes for another test worker to make it`);
    await sleep(100);
  }
}

/** The name of the run's PostgreSQL template `kind` (a valid unquoted identifier). */
export function pgTemplateName(runId: string, kind: string): string {
  return `lexfirm_tpl_${runId}_${kind}`;
}

/** Creates database `name` (empty) on the server of adminUrl. */
async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const { default: pgLib } = await import('pg');
  for (let attempt = 0; ; attempt++) {
    const admin = new pgLib.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return;
    } catch (err) {
      // Two copies of one template started at the same moment: PostgreSQL refuses the second while the first
      // holds the template (55006, "source database … is being accessed by other users"); it is tried again.
      const code = (err as { code?: string }).code;
      if (code !== '55006' || attempt >= 50) throw err;
    } finally {
      await admin.end();
    }
    await sleep(100 + Math.random() * 200);
  }
}

/** A database URL naming database `name` on the server of adminUrl. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Copies database `template` into a new database `name` (PostgreSQL's own file-level copy). */
export function copyPgDatabase(adminUrl: string, name: string, template: string): Promise<void> {
  return createDatabase(adminUrl, name, template);
}

/** The store the server's migrations at start use on PostgreSQL: one connection, no per-query timeout. */
const OWN_CONNECTION = { poolMax: 1, connectTimeoutMs: 10_000, queryTimeoutMs: 0 };

/** Runs every migration on the database `options` open, and closes it. */
async function migrated(options: Parameters<typeof openStore>[0]): Promise<void> {
  const store = openStore(options);
  try {
    await migrate(store);
  } finally {
    await store.close();
  }
}

/**
 * The run's migrated, empty SQLite file (site.db): every migration run on it, nothing else, which is what
 * a first start has before it adds the administrator.
 */
export async function migratedSqliteTemplate(run: { dir: string }): Promise<string> {
  const dir = path.join(run.dir, 'migrated-sqlite');
  await once(run.dir, 'migrated-sqlite', async () => {
    mkdirSync(dir, { recursive: true });
    await migrated({ dataDir: dir });
  });
  return path.join(dir, 'site.db');
}

/** The run's migrated, empty PostgreSQL database (the name of the template to copy). */
export async function migratedPgTemplate(run: { dir: string; id: string }, adminUrl: string): Promise<string> {
  const name = pgTemplateName(run.id, 'migrated');
  await once(run.dir, 'migrated-pg', async () => {
    await createDatabase(adminUrl, name);
    // As the server migrates on PostgreSQL: one connection of its own, no per-query timeout.
    await migrated({ dataDir: run.dir, databaseUrl: databaseUrl(adminUrl, name), ...OWN_CONNECTION });
  });
  return name;
}

/**
 * The run's demo site: a data folder (and on PostgreSQL a template database) left by a whole first start with
 * DEMO_CONTENT=on; start() is that start (startServer, given the folder and database), then closed.
 */
export async function demoTemplate(
  run: { dir: string; id: string },
  adminUrl: string | undefined,
  start: (dataDir: string, databaseUrl: string | undefined) => Promise<{ close(): Promise<void> }>,
): Promise<{ dataDir: string; pgTemplate?: string }> {
  const kind = adminUrl ? 'demo-pg' : 'demo-sqlite';
  const dataDir = path.join(run.dir, kind);
  const pgTemplate = adminUrl ? pgTemplateName(run.id, 'demo') : undefined;
  await once(run.dir, kind, async () => {
    mkdirSync(dataDir, { recursive: true });
    if (adminUrl && pgTemplate) await createDatabase(adminUrl, pgTemplate);
    const s = await start(dataDir, adminUrl && pgTemplate ? databaseUrl(adminUrl, pgTemplate) : undefined);
    await s.close();
  });
  return { dataDir, pgTemplate };
}

/** Copies a template data folder (the SQLite file and the stored files) into an empty folder. */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
}
