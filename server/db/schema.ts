/**
 * What the store and the migrations know of the tables: nothing of any feature (decision 0037). The
 * product's typed `Database` is composed above this layer, in `server/database.ts`.
 */
import type { DrainOuterGeneric, Kysely, Transaction } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Tables seen by name at run time (a generic reader that reaches a table through a string). Rows are
 * plain records.
 */
export type DynamicTables = Record<string, Record<string, unknown>>;

/**
 * A typed connection or transaction (a transaction stays that transaction) that also reads any table by
 * name, its row plain records (see DynamicTables): Kysely's `withTables`, not a cast. Code over a content
 * group's table uses `groupTables` (server/content/group-tables.ts, decision 0102) instead.
 */
export function dynamic<DB>(db: Transaction<DB>): Kysely<DrainOuterGeneric<DB & DynamicTables>>;
export function dynamic<DB>(db: Kysely<DB>): Kysely<DrainOuterGeneric<DB & DynamicTables>>;
export function dynamic<DB>(db: Kysely<DB>): Kysely<DrainOuterGeneric<DB & DynamicTables>> {
  return db.withTables<DynamicTables>();
}

/**
 * What a migration sees: the schema as it was when the migration was written, not today's `Database`
 * (a migration must never change meaning when a later one alters a table).
 */
export type MigrationDb = Kysely<DynamicTables>;
