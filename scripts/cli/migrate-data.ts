import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openStore } from '../../server/database';
import { migrate, migrations } from '../../server/db/index';
import { dynamic, type DynamicTables } from '../../server/db/schema';

/**
 * npm run migrate-data -- --from sqlite:PATH --to postgres://…
 *
 * Copies a site's data from its SQLite file (PATH: the site.db file or the DATA_DIR holding it) into an
 * empty PostgreSQL database: takes a consistent snapshot of the SQLite file (safe while the site runs),
 * creates the schema with the same migrations, copies every table in foreign-key order in one
 * transaction, resets PostgreSQL's id sequences, and checks the row counts. Stored files stay where
 * they are (DATA_DIR, or copy them to the bucket for FILE_STORAGE=s3; see docs/deploy.md).
 */

/** Tables kept by the migration tool itself, never copied. */
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables a fresh database already has rows in (written by a migration): replaced by the source's rows. */
const SEEDED_BY_MIGRATION = new Set(['content_version']);

export interface MigrateResult {
  tables: { table: string; rows: number }[];
}

function parseArgs(argv: string[]): { from: string; to: string } {
  const get = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const from = get('--from');
  const to = get('--to');
  if (!from || !to || !from.startsWith('sqlite:') || !/^postgres(ql)?:\/\//.test(to)) {
    throw new UsageError('Usage: npm run migrate-data -- --from sqlite:PATH --to postgres://user:pass@host:5432/db');
  }
  return { from: from.slice('sqlite:'.length), to };
}

class UsageError extends Error {}

/** Orders tables so that every table comes after the tables its foreign keys point at. */
function dependencyOrder(src: Database.Database, tables: string[]): string[] {
  const deps = new Map<string, Set<string>>();
  for (const t of tables) {
    const fks = src.prepare(`PRAGMA foreign_key_list("${t.replace(/"/g, '""')}")`).all() as { table: string }[];
    deps.set(t, new Set(fks.map((f) => f.table).filter((x) => x !== t && tables.includes(x))));
  }
  const out: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, trail: Set<string>) => {
    if (done.has(t)) return;
    if (trail.has(t)) throw new Error(`foreign keys form a cycle through ${t}`);
    trail.add(t);
    for (const d of deps.get(t) ?? []) visit(d, trail);
    trail.delete(t);
    done.add(t);
    out.push(t);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return out;
}

export async function migrateData(fromPath: string, toUrl: string, log: (line: string) => void = console.log): Promise<MigrateResult> {
  const file = existsSync(fromPath) && statSync(fromPath).isDirectory() ? path.join(fromPath, 'site.db') : fromPath;
  if (!existsSync(file)) throw new UsageError(`No SQLite database at ${file}.`);

  // A consistent snapshot first: the site may keep running (and writing) while we copy.
  const work = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-migrate-'));
  const snapshot = path.join(work, 'site.db');
  const live = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await live.backup(snapshot);
  } finally {
    live.close();
  }
  const src = new Database(snapshot, { readonly: true });
  const source = new Kysely<DynamicTables>({ dialect: new SqliteDialect({ database: src }) });
  const target = openStore({ dataDir: work, databaseUrl: toUrl, poolMax: 2 });
  try {
    // The source must be at this version's schema (start the site once with this version first).
    const applied = (src.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name);
    const expected = Object.keys(migrations('sqlite')).sort();
    const missing = expected.filter((m) => !applied.includes(m));
    if (missing.length) {
      throw new UsageError(`The SQLite database lacks migrations ${missing.join(', ')}: start the site once with this version, then migrate.`);
    }

    await migrate(target);
    const tables = (src.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[])
      .map((r) => r.name)
      .filter((t) => !SKIP.has(t));
    const order = dependencyOrder(src, tables);

    for (const t of order) {
      if (SEEDED_BY_MIGRATION.has(t)) continue;
      const row = await dynamic(target.db).selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(row.n) > 0) throw new UsageError(`The PostgreSQL database is not empty (table ${t} has rows). Migrate into a new, empty database.`);
    }

    const result: MigrateResult = { tables: [] };
    await target.db.transaction().execute(async (trx) => {
      for (const t of [...order].reverse()) if (SEEDED_BY_MIGRATION.has(t)) await dynamic(trx).deleteFrom(t).execute();
      for (const t of order) {
        const columns = (src.prepare(`PRAGMA table_info("${t.replace(/"/g, '""')}")`).all() as { name: string }[]).map((c) => c.name);
        const batch = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, columns.length))));
        let copied = 0;
        for (let offset = 0; ; offset += batch) {
          const rows = await source.selectFrom(t).selectAll().orderBy(sql`rowid`).limit(batch).offset(offset).execute();
          if (!rows.length) break;
          await dynamic(trx).insertInto(t).values(rows).execute();
          copied += rows.length;
        }
        result.tables.push({ table: t, rows: copied });
      }
      // Every serial id column continues after the highest copied id.
      const serials = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(trx);
      for (const { table_name, column_name } of serials.rows) {
        await sql`SELECT setval(pg_get_serial_sequence(${table_name}, ${column_name}), COALESCE((SELECT MAX(${sql.ref(column_name)}) FROM ${sql.table(table_name)}), 0) + 1, false)`.execute(trx);
      }
    });

    // Check: every table holds as many rows as the snapshot.
    for (const { table, rows } of result.tables) {
      const row = await dynamic(target.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(row.n) !== rows) throw new Error(`table ${table}: copied ${rows} rows but PostgreSQL holds ${String(row.n)}`);
      log(`${table}: ${rows} rows`);
    }
    return result;
  } finally {
    await source.destroy();
    await target.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  try {
    const { from, to } = parseArgs(process.argv.slice(2));
    const result = await migrateData(from, to);
    const total = result.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Copied ${total} rows in ${result.tables.length} tables. Start the site with DATABASE_URL set to the new database.`);
    return 0;
  } catch (err) {
    console.error(err instanceof UsageError ? err.message : `Migration failed, nothing was copied: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && /migrate-data\.(js|ts|mjs)$/.test(process.argv[1])) {
  main().then((code) => process.exit(code));
}
