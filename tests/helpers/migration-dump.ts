import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { migrations, type Dialect } from '../../server/db/index';
import type { DynamicTables } from '../../server/db/schema';

/**
 * Every statement each built-in migration sends, compiled for `dialect` without a database (Kysely's dummy
 * driver answers every query with no rows): name → the SQL texts with their parameters, in order. Frozen
 * migrations (decision 0101) must keep sending these, to the byte.
 */
export async function compiledMigrations(dialect: Dialect): Promise<Record<string, string[]>> {
  const sent: string[] = [];
  const db = new Kysely<DynamicTables>({
    dialect: {
      createAdapter: () => (dialect === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => (dialect === 'postgres' ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (event) => {
      const params = event.query.parameters.length ? ` -- ${JSON.stringify(event.query.parameters)}` : '';
      sent.push(`${event.query.sql}${params}`);
    },
  });
  const out: Record<string, string[]> = {};
  try {
    for (const [name, migration] of Object.entries(migrations(dialect))) {
      await migration.up(db);
      out[name] = sent.splice(0);
    }
  } finally {
    await db.destroy();
  }
  return out;
}

/** The schema of a migrated SQLite database as SQLite keeps it: every table's and index's CREATE statement. */
export async function sqliteSchema<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db);
  return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? '(implicit)'}`);
}

/** The schema of a migrated PostgreSQL database: columns with types, nullability and defaults; constraints; indexes. */
export async function postgresSchema<DB>(db: Kysely<DB>): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '-') as line
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const constraints = await sql<{ line: string }>`
    select conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) as line
    from pg_constraint where connamespace = 'public'::regnamespace order by conrelid::regclass::text, conname`.execute(
    db,
  );
  const indexes = await sql<{ line: string }>`
    select indexdef as line from pg_indexes where schemaname = 'public' order by tablename, indexname`.execute(db);
  return [...columns.rows, ...constraints.rows, ...indexes.rows].map((r) => r.line);
}
