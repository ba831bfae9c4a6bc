import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { migrations, type Store } from '../db/index';
import type { FileStore } from '../files/store';

export type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  /** What the answer shows: 'ok', or a short reason without addresses or paths (the probe is public). */
  checks: { database: CheckResult; migrations: CheckResult; storage: CheckResult };
  /** The errors behind a failed check, for the log. */
  errors: string[];
}

/** Rejects after ms with a sentence (a hung check must not hang the probe). */
function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0]!.slice(0, 200) || 'failed';
}

/**
 * Readiness (decision 0051): the database answers, every migration of this version has run, and file
 * storage (DATA_DIR or the bucket) takes a write. Each check is bounded by `timeoutMs`; the answer names
 * each check's state. Migrations a newer version ran are no reason to leave the load balancer: they only
 * add, and during a rolling upgrade the older instances keep serving (the refusal is at start).
 */
export async function checkReadiness<DB>(store: Store<DB>, files: FileStore, timeoutMs = 2000): Promise<Readiness> {
  const errors: string[] = [];
  const failed = (what: string, shown: string) => (err: unknown) => {
    errors.push(`${what}: ${reason(err)}`);
    return shown;
  };
  const database = within(timeoutMs, 'the database', sql`select 1`.execute(store.db)).then(() => 'ok', failed('database', 'unreachable'));
  const migrated = within(
    timeoutMs,
    'the database',
    sql<{ name: string }>`select name from kysely_migration`.execute(store.db).then((r) => {
      const ran = new Set(r.rows.map((row) => row.name));
      const pending = Object.keys(migrations(store.dialect)).filter((n) => !ran.has(n));
      return pending.length ? `pending: ${pending.join(', ')}` : 'ok';
    }),
  ).catch(failed('migrations', 'unknown'));
  const storage = within(timeoutMs, 'file storage', probeStorage(files)).then(() => 'ok', failed('storage', 'not writable'));
  const [d, m, s] = await Promise.all([database, migrated, storage]);
  return { ready: d === 'ok' && m === 'ok' && s === 'ok', checks: { database: d, migrations: m, storage: s }, errors };
}

/** Writes a small file through the store (the temporary folder, then the store's own put) and removes it. */
async function probeStorage(files: FileStore): Promise<void> {
  const name = `ready-${process.pid}-${randomBytes(6).toString('hex')}`;
  const tmp = path.join(files.tmpDir, name);
  const rel = `private/_ready/${name}`;
  try {
    await writeFile(tmp, 'ready\n');
    await files.put(tmp, rel);
    await files.remove(rel);
  } finally {
    await rm(tmp, { force: true });
  }
}
