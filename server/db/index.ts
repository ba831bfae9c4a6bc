import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Driver, type LogEvent, type Migration } from 'kysely';
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
import { up as requestIds } from './migrations/0029-request-ids';
import { up as cdnPurges } from './migrations/0030-cdn-purges';
import { up as accountSecurity } from './migrations/0031-account-security';
import { up as bookableLawyers } from './migrations/0035-bookable-lawyers';
import { up as consultationLocale } from './migrations/0038-consultation-locale';
import { up as whatsapp } from './migrations/0039-whatsapp';
import { up as contentTranslations } from './migrations/0041-content-translations';
import { up as translationSource } from './migrations/0042-translation-source';
import { up as translationSlugs } from './migrations/0044-translation-slugs';
import { up as contentSourceHashes } from './migrations/0045-content-source-hashes';
import { CONNECTION_LOST_CODES } from '../lib/errors';
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
  /** The PostgreSQL pool (postgres only; the metrics read it). */
  pool?: PoolUse;
  /** Whether the database was last seen unreachable (decision 0051): a connection failed and none succeeded since. */
  readonly availability: Availability;
  close(): Promise<void>;
}

/** What the PostgreSQL pool holds right now. */
export interface PoolUse {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  poolMax?: number;
  /** How long a query waits for a connection (a new one, or a free one of a full pool) before it fails (ms). */
  connectTimeoutMs?: number;
  /** How long a PostgreSQL query may run before the client gives up on it (ms); unset or 0: no limit. */
  queryTimeoutMs?: number;
}

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended',
];

/**
 * Whether an error means the database cannot be reached (stopped, restarting, out of connections, the
 * network gone) rather than that the query was wrong: answered 503 instead of 500 (decision 0051).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now), 53300 (too many connections).
  if (CONNECTION_LOST_CODES.has(code) || /^08...$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Tracks whether the last database contact failed for want of a database (every query reports here). */
export class Availability {
  private downSince: number | null = null;
  /** Milliseconds since the database was first seen unreachable, or null when it answers. */
  get down(): number | null {
    return this.downSince === null ? null : Date.now() - this.downSince;
  }
  failed(err: unknown): void {
    if (this.downSince === null && isDatabaseUnavailable(err)) this.downSince = Date.now();
  }
  answered(): void {
    this.downSince = null;
  }
}

/** Kysely's per-query log, used only to keep `availability` current. */
function track(availability: Availability): (event: LogEvent) => void {
  return (event) => {
    if (event.level === 'error') availability.failed(event.error);
    else availability.answered();
  };
}

export function openStore<DB = DynamicTables>(opts: StoreOptions): Store<DB> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const availability = new Availability();
    // Bounded waits (decision 0051): with the database stopped or unreachable a query fails within
    // connectTimeoutMs (connecting, or waiting for a free pooled connection) and a sent query within
    // queryTimeoutMs, so a request answers 503 instead of hanging.
    const pool = new (pg().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      query_timeout: opts.queryTimeoutMs || undefined,
      // TCP keep-alive notices a peer that vanished without closing (a network cut, a killed host).
      keepAlive: true,
    });
    // An idle pooled connection that the server drops (a PostgreSQL restart, a fail-over, an administrator
    // ending it) is reported here; the pool discards it and opens a new one on the next query. Without a
    // listener the event would be an uncaught exception that stops the whole process.
    pool.on('error', (err) => {
      process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'idle PostgreSQL connection lost', err: err.message })}\n`);
    });
    // A connection that is checked out (inside a transaction, between two of its queries) when the server
    // goes away has no listener of the pool's: its 'error' event would be an uncaught exception that stops the
    // process. Every connection gets one of ours when it is made; its next query then fails, and the pool
    // discards it on release.
    pool.on('connect', (client) => {
      client.on('error', (err) => availability.failed(err));
    });
    // A failed connect (refused, timed out) never reaches Kysely's query log: reported here.
    const tracked = {
      connect: () =>
        pool.connect().catch((err: unknown) => {
          availability.failed(err);
          throw err;
        }),
      end: () => pool.end(),
    };
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: tracked }), log: track(availability) });
    return { db, dialect: 'postgres', pool, availability, close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'site.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit reaches the disk before it is acknowledged (survives power loss, not only a crash).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const availability = new Availability();
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }), log: track(availability) });
  return { db, dialect: 'sqlite', file, availability, close: () => db.destroy() };
}

/** Migrations registered by a group declared outside content/resources (a test's throwaway group): name → up. */
const registered = new Map<string, (dialect: Dialect) => Migration['up']>();

/** Adds a migration after this version's own (a registered group's table); before the server starts. */
export function registerMigration(name: string, up: (dialect: Dialect) => Migration['up']): void {
  registered.set(name, up);
}

/** Removes a migration added with registerMigration (the test's teardown, with its group). */
export function unregisterMigration(name: string): void {
  if (!registered.delete(name)) throw new Error(`migration '${name}' was not registered`);
}

/** Versioned migrations, in order. Never edit one that has landed: add a new one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    ...builtIn(dialect),
    ...Object.fromEntries([...registered].map(([name, up]) => [name, { up: up(dialect) }])),
  };
}

function builtIn(dialect: Dialect): Record<string, Migration> {
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
    '0029-request-ids': { up: requestIds(dialect) },
    '0030-cdn-purges': { up: cdnPurges(dialect) },
    '0031-account-security': { up: accountSecurity(dialect) },
    '0035-bookable-lawyers': { up: bookableLawyers(dialect) },
    '0038-consultation-locale': { up: consultationLocale(dialect) },
    '0039-whatsapp': { up: whatsapp(dialect) },
    '0041-content-translations': { up: contentTranslations(dialect) },
    '0042-translation-source': { up: translationSource(dialect) },
    '0044-translation-slugs': { up: translationSlugs(dialect) },
    '0045-content-source-hashes': { up: contentSourceHashes(dialect) },
  };
}

/** The start refused for a reason the operator must act on: printed as its one line, without a stack. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/** Names of the migrations the database has run that this version does not know (a newer version ran them). */
export async function unknownMigrations<DB>(store: Store<DB>): Promise<string[]> {
  const known = migrations(store.dialect);
  const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
  // A new database has no migration table yet.
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const ran = (await sql<{ name: string }>`select name from kysely_migration`.execute(store.db)).rows;
  return ran.map((r) => r.name).filter((name) => !(name in known)).sort();
}

/** Names of this version's migrations the database has not run yet. */
export async function pendingMigrations<DB>(store: Store<DB>): Promise<string[]> {
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations(store.dialect) } });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

export async function migrate<DB>(store: Store<DB>): Promise<void> {
  // A database migrated by a newer version: this one would not know its tables (decision 0051).
  const unknown = await unknownMigrations(store);
  if (unknown.length) {
    throw new StartRefused(
      `The database was migrated by a newer version of this site (unknown migration ${unknown.join(', ')}): run that version or newer, or restore a backup taken before the upgrade.`,
    );
  }
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
