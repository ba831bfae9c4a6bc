/**
 * Landed migrations never change (decision 0101): each one sends, on SQLite and on PostgreSQL, the very SQL
 * it sent when it landed, and a database migrated from empty has the very schema it had. The fixtures were
 * taken from the migrations as they stood before any of them called a frozen helper.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { migrations, openStore, type Dialect, type Store } from '../../server/db/index';
import { compiledMigrations, postgresSchema, sqliteSchema } from '../helpers/migration-dump';
import { createPgDatabase } from '../helpers/server';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));

/** Runs the landed migrations (those in the fixtures) on an empty database; a later one is not in the schema fixtures. */
async function migrateLanded(store: Store, dialect: Dialect): Promise<void> {
  const landed = Object.keys(fixture(`migration-sql-${dialect}.json`) as Record<string, string[]>);
  const all = migrations(dialect);
  const only = Object.fromEntries(landed.map((name) => [name, all[name]]));
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => only } });
  const { error, results } = await migrator.migrateToLatest();
  expect(error).toBeUndefined();
  expect(results?.map((r) => r.migrationName)).toEqual(landed);
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('landed migrations are frozen', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`every migration compiles to the SQL it had when it landed (${dialect})`, async () => {
      const sent = await compiledMigrations(dialect);
      const before = fixture(`migration-sql-${dialect}.json`) as Record<string, string[]>;
      // Each landed migration by name, then their order (a later migration may follow them).
      for (const [name, statements] of Object.entries(before)) expect(sent[name], name).toEqual(statements);
      expect(Object.keys(sent).slice(0, Object.keys(before).length)).toEqual(Object.keys(before));
    });
  }

  it('a SQLite database migrated from empty has the schema it had (sqlite_master)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-schema-'));
    dirs.push(dir);
    const store = openStore({ dataDir: dir });
    try {
      await migrateLanded(store, 'sqlite');
      expect(await sqliteSchema(store.db)).toEqual(fixture('schema-sqlite.json'));
    } finally {
      await store.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a PostgreSQL database migrated from empty has the schema it had',
    async () => {
      const pg = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
      const store = openStore({ dataDir: '', databaseUrl: pg.url });
      try {
        await migrateLanded(store, 'postgres');
        expect(await postgresSchema(store.db)).toEqual(fixture('schema-postgres.json'));
      } finally {
        await store.close();
        await pg.drop();
      }
    },
  );
});
