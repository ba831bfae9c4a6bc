import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';
import { buildApp, type Built } from '../../server/app';
import { loadConfig } from '../../server/config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createPgDatabase, startServer, type PgDatabase } from '../helpers/server';

/**
 * npm run migrate-data -- --from sqlite:PATH --to postgres://… : a site with the demo content on SQLite is
 * copied into a fresh PostgreSQL database, and a server on that database answers every list call with
 * the same content, signs the same administrator in, and keeps numbering new rows after the copied ones.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const cli = path.resolve('dist/migrate-data.js');

/** Every group's list call (admin lists need the session). */
async function snapshot(url: string, cookie: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const r of resources) {
    const res = await call(url, `/api${r.base}${r.paths.list}`, { cookie });
    expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).toBe(200);
    out[r.key] = res.body[r.keys.list];
  }
  out.settings = (await call(url, '/api/settings/getsettings')).body.settings;
  return out;
}

describe.skipIf(!pgUrl)('npm run migrate-data (SQLite → PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let dataDir: string;
  let source: Built & { url: string };
  let target: PgDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-migrate-src-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_CONTENT: 'on',
      LOG_LEVEL: 'error',
    });
    const built = await buildApp(config, { logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = built.app.server.address();
    source = { ...built, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
    target = await createPgDatabase(pgUrl!);
  });

  afterAll(async () => {
    await source?.app.close();
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies a running site and the PostgreSQL server answers with the same content', async () => {
    expect(existsSync(cli), 'dist/migrate-data.js is built by the global setup').toBe(true);
    const login = async (url: string) => {
      const res = await fetch(`${url}/api/admin/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().find((c) => c.startsWith('lex_session='))!.split(';')[0]!;
    };
    const before = await snapshot(source.url, await login(source.url));
    expect((before.faqs as unknown[]).length).toBeGreaterThan(0);

    // While the SQLite site keeps running.
    const run = spawnSync(process.execPath, [cli, '--from', `sqlite:${dataDir}`, '--to', target.url], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/Copied \d+ rows in \d+ tables/);
    expect(run.stdout).toMatch(/faqs: \d+ rows/);

    // The same data folder (its files) with the PostgreSQL database.
    const pgServer = await startServer({ env: { DATABASE_URL: target.url }, dataDir });
    try {
      expect((await call(pgServer.url, '/api/health')).body.database).toBe('postgres');
      const cookie = await pgServer.login();
      expect(await snapshot(pgServer.url, cookie)).toEqual(before);

      // Ids continue after the copied rows (sequences were reset).
      const maxId = Math.max(...(before.faqs as { faqs_id: number }[]).map((f) => f.faqs_id));
      const add = await call(pgServer.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Migrated?', answer: 'Yes.' } });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const all = (await call(pgServer.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number; question: string }[];
      expect(all.find((f) => f.question === 'Migrated?')!.faqs_id).toBeGreaterThan(maxId);

      // A stored file of the copied content is served.
      const img = (before.gallery as { gallery_image: string }[])[0]?.gallery_image;
      if (img) expect((await fetch(`${pgServer.url}/${img}`)).status).toBe(200);
    } finally {
      await pgServer.close();
    }
  });

  it('refuses a database that already has content, and changes nothing', async () => {
    const run = spawnSync(process.execPath, [cli, '--from', `sqlite:${path.join(dataDir, 'site.db')}`, '--to', target.url], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/is not empty/);
  });

  it('explains its arguments', () => {
    const run = spawnSync(process.execPath, [cli, '--from', dataDir], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run migrate-data -- --from sqlite:PATH --to postgres://');
  });
});
