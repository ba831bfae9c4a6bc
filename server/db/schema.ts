/**
 * What the store and the migrations know of the tables: nothing of any feature (decision 0037). The
 * product's typed `Database` is composed above this layer, in `server/database.ts`.
 */
import type { Kysely, Transaction } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Tables seen by name at run time (a generic reader that reaches a table through a string). Rows are
 * plain records.
 */
export type DynamicTables = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicTables>;

/** A typed connection or transaction viewed by table name (see DynamicTables). */
export function dynamic<DB>(db: Kysely<DB> | Transaction<DB>): DynamicDb {
  return db as unknown as DynamicDb;
}

/**
 * What a migration sees: the schema as it was when the migration was written, not today's `Database`
 * (a migration must never change meaning when a later one alters a table).
 */
export type MigrationDb = Kysely<DynamicTables>;
