// npm test: every test (unit, API over real HTTP, browser) in one Vitest run on SQLite, then the API
// tests again on PostgreSQL when a server is reachable (TEST_DATABASE_URL, else the local one CI machines
// provide), then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { root } from './project';

process.chdir(root);
mkdirSync('.tmp', { recursive: true });

const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const extraArgs = process.argv.slice(2);
// The main run is the SQLite run: TEST_DATABASE_URL is for the PostgreSQL pass only.
const { TEST_DATABASE_URL: _pg, ...baseEnv } = process.env;

/** What Vitest's JSON reporter writes (the fields read here). */
interface JsonReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: { status?: string; fullName?: string; title?: string; failureMessages?: string[] }[];
  }[];
}

interface RunResult {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  status: number;
}

/** The first line of a failure message, shortened: enough to name the fault in a CI log's tail. */
function firstLine(message: string | undefined): string {
  return String(message ?? 'failed').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? 'failed';
}

/** One Vitest run; returns its counts from the JSON report. */
function vitest(report: string, args: string[], env: NodeJS.ProcessEnv): RunResult {
  rmSync(report, { force: true });
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env: { ...env, NODE_ENV: 'test' } },
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures: string[] = [];
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    for (const f of r.testResults ?? []) {
      const file = String(f.name ?? '').replace(root, '');
      if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) failures.push(`${file}: ${firstLine(f.message)}`);
      for (const a of f.assertionResults ?? [])
        if (a.status === 'failed') failures.push(`${file} > ${a.fullName ?? a.title}: ${firstLine((a.failureMessages ?? [])[0])}`);
    }
    passed = r.numPassedTests ?? 0;
    failed = r.numFailedTests ?? 0;
    skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    // A file that failed to load counts as a failure even though it ran no test.
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
    failed += brokenFiles;
  }
  if (run.status !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped, failures, status: run.status ?? 1 };
}

/** Null when PostgreSQL answers at url, else why not. */
async function pgUnreachable(url: string): Promise<string | null> {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('SELECT 1');
    } finally {
      await client.end();
    }
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.name : String(err);
  }
}

/**
 * The folders under tests/ the PostgreSQL pass does not run again, each with why: what is left is the API
 * tests by feature (tests/<feature>/, decision 0092), so a new feature folder is in the PostgreSQL pass
 * without a list to edit (decision 0107).
 */
const NOT_ON_POSTGRES: Readonly<Record<string, string>> = {
  e2e: 'the browser tests (Chromium): they run once, on SQLite',
  docs: 'the documentation checks: they read files, no database',
  deploy: 'the container test: the Dockerfile and the compose file, checked offline',
  helpers: 'the shared helpers, and their own unit test (closeBrowser): no database',
};

/** The API test folders (`tests/<name>/`), sorted: every folder under tests/ but those in NOT_ON_POSTGRES. */
const API_TEST_FOLDERS = readdirSync('tests', { withFileTypes: true })
  .filter((e) => e.isDirectory() && !Object.hasOwn(NOT_ON_POSTGRES, e.name))
  .map((e) => `tests/${e.name}/`)
  .sort();

const main = vitest('.tmp/vitest-report.json', extraArgs, baseEnv);
const total = { passed: main.passed, failed: main.failed, skipped: main.skipped };
const failures = main.failures.map((f) => `[sqlite] ${f}`);
let status = main.status;

if (extraArgs.length === 0) {
  const safeUrl = pgUrl.replace(/\/\/[^@/]*@/, '//…@');
  const why = await pgUnreachable(pgUrl);
  if (why) {
    console.log(`[tests] PostgreSQL pass skipped: no PostgreSQL at ${safeUrl} (${why}); set TEST_DATABASE_URL=postgres://… to run the API tests on PostgreSQL`);
    total.skipped += 1;
  } else {
    console.log(
      `[tests] API tests again on PostgreSQL (${safeUrl}, a fresh database per test server): ${API_TEST_FOLDERS.join(' ')}`,
    );
    // Without isolation: each worker keeps its modules from one file to the next, about half the pass's time
    // (decision 0107); a test that changes module state puts it back in its afterAll.
    const pgRun = vitest('.tmp/vitest-report-pg.json', ['--no-isolate', ...API_TEST_FOLDERS], {
      ...baseEnv,
      TEST_DATABASE_URL: pgUrl,
      SKIP_BUILD: '1',
    });
    total.passed += pgRun.passed;
    total.failed += pgRun.failed;
    total.skipped += pgRun.skipped;
    failures.push(...pgRun.failures.map((f) => `[postgres] ${f}`));
    if (pgRun.status !== 0) status = pgRun.status;
  }
}

// Named again at the very end, so the tail of a long log says what failed.
if (failures.length) console.log(`\nfailed tests:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(status);
