import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, type Driver, type Migration } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type pgModule from 'pg';
import { lazy } from '../lib/lazy';
import { up as initial } from './migrations/0001-initial';
import { up as mailOutboxLease } from './migrations/0002-mail-outbox-lease';
import { up as auditLog } from './migrations/0003-audit-log';
import { up as imageMeta } from './migrations/0005-image-meta';
import { up as cluster } from './migrations/0006-cluster';
import { up as adminTokens } from './migrations/0007-admin-tokens';
import { up as consultationConsent } from './migrations/0008-consultation-consent';
import { up as contentLifecycle } from './migrations/0011-content-lifecycle';
import { up as contentRevisions } from './migrations/0012-content-revisions';
import { up as intake } from './migrations/0013-intake';
import { up as dataRights } from './migrations/0014-data-rights';
import { up as rule36 } from './migrations/0015-rule36';
import { up as imageAlt } from './migrations/0018-image-alt';
import { up as adminListIndexes } from './migrations/0019-admin-list-indexes';
import { up as mailAndErasureListIndexes } from './migrations/0020-mail-and-erasure-list-indexes';
import { up as lowerEmailIndexes } from './migrations/0021-lower-email-indexes';
import { up as redirectsAndInsights } from './migrations/0027-redirects-and-insights';
import { up as adminRoles } from './migrations/0028-admin-roles';
import { up as accountSecurity } from './migrations/0029-account-security';
import { up as cdnPurges } from './migrations/0030-cdn-purges';
import type { Dialect, DynamicTables } from './schema';

export type { Dialect };

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock at BEGIN, waiting up to busy_timeout for
 * another process that holds it. A deferred transaction that reads first and then writes cannot wait (its
 * read snapshot would be stale), so SQLite answers SQLITE_BUSY at once and the request failed.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** The PostgreSQL driver, loaded only when DATABASE_URL selects it. */
const pg = lazy<typeof pgModule>('pg');

/**
 * The data store: a Kysely instance plus what the rest of the server needs to know about it. The tables'
 * type comes from the caller (`server/database.ts` gives the product's `Database`); this layer knows no
 * feature's tables (decision 0037).
 */
export interface Store<DB = DynamicTables> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Path of the SQLite file (sqlite only). */
  file?: string;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  poolMax?: number;
}

export function openStore<DB = DynamicTables>(opts: StoreOptions): Store<DB> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new (pg().Pool)({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    // An idle pooled connection that the server drops (a PostgreSQL restart, a fail-over, an administrator
    // ending it) is reported here; the pool discards it and opens a new one on the next query. Without a
    // listener the event would be an uncaught exception that stops the whole process.
    pool.on('error', (err) => {
      process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'idle PostgreSQL connection lost', err: err.message })}\n`);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'site.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit reaches the disk before it is acknowledged (survives power loss, not only a crash).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

/** Versioned migrations, in order. Never edit one that has landed: add a new one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': { up: initial(dialect) },
    '0002-mail-outbox-lease': { up: mailOutboxLease(dialect) },
    '0003-audit-log': { up: auditLog(dialect) },
    '0005-image-meta': { up: imageMeta(dialect) },
    '0006-cluster': { up: cluster(dialect) },
    '0007-admin-tokens': { up: adminTokens(dialect) },
    '0008-consultation-consent': { up: consultationConsent(dialect) },
    '0011-content-lifecycle': { up: contentLifecycle(dialect) },
    '0012-content-revisions': { up: contentRevisions(dialect) },
    '0013-intake': { up: intake(dialect) },
    '0014-data-rights': { up: dataRights(dialect) },
    '0015-rule36': { up: rule36(dialect) },
    '0018-image-alt': { up: imageAlt(dialect) },
    '0019-admin-list-indexes': { up: adminListIndexes(dialect) },
    '0020-mail-and-erasure-list-indexes': { up: mailAndErasureListIndexes(dialect) },
    '0021-lower-email-indexes': { up: lowerEmailIndexes(dialect) },
    '0027-redirects-and-insights': { up: redirectsAndInsights(dialect) },
    '0028-admin-roles': { up: adminRoles(dialect) },
    '0029-account-security': { up: accountSecurity(dialect) },
    '0030-cdn-purges': { up: cdnPurges(dialect) },
  };
}

export async function migrate<DB>(store: Store<DB>): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrations(store.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`, { cause: error });
  }
  if (error) throw error;
}

/** ISO timestamp, the one format every stored time uses. */
export function nowIso(): string {
  return new Date().toISOString();
}
