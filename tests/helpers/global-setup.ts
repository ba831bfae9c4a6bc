import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, buildIsStale } from '../../scripts/stale';

/**
 * Browser and page tests run against the production build: build once when it is missing or stale
 * (SKIP_BUILD=1 uses whatever build exists). The run's folder for the copied databases
 * (tests/helpers/templates.ts, decision 0092) is made here and removed at the end, with the run's
 * PostgreSQL templates.
 */
export default function setup(project: TestProject): () => Promise<void> {
  if (process.env.SKIP_BUILD !== '1' && buildIsStale()) {
    console.log('[tests] building the site first…');
    build();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-run-'));
  const id = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  project.provide('testRunDir', dir);
  project.provide('testRunId', id);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const { default: pgLib } = await import('pg');
    const admin = new pgLib.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `lexfirm_tpl_${id}_%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } catch (err) {
      console.log(
        `[tests] the run's PostgreSQL templates could not be dropped: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      await admin.end().catch(() => undefined);
    }
  };
}
