/**
 * The content service's shared shapes: a row, a write extension (event speakers, …) and what the
 * lifecycle needs of the service. Their own module so the service, its extensions and the lifecycle
 * share them without importing each other in a circle (decision 0037).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ResourceDef } from '../../content/kit';
import type { Database, DbOrTrx } from '../database';
import type { UploadLimits } from '../files/check';
import type { ParsedBody, TempFile } from '../files/multipart';
import type { FileStore } from '../files/store';

export type { Row } from '../../content/kit';
import type { Row } from '../../content/kit';

/** What a write extension (event speakers, …) does beside the main row. */
export interface ExtensionPlan {
  apply(trx: Transaction<Database>, id: number): Promise<void>;
  /** Files this write stored (removed again if the write fails). */
  written: string[];
  /** Files that are no longer referenced once the write commits. */
  obsolete: string[];
}

export interface Extension {
  /** Adds derived data to rows read from the database (in place). */
  decorate?(db: Kysely<Database>, rows: Row[]): Promise<void>;
  /** Reads and checks the extension's part of a write; stores its files. */
  prepare?(ctx: ExtensionContext): Promise<ExtensionPlan>;
  /** Files owned by a row through the extension (removed with the row). */
  ownedFiles?(db: Kysely<Database>, id: number): Promise<string[]>;
}

export interface ExtensionContext {
  db: Kysely<Database>;
  body: ParsedBody;
  existing: Row | null;
  files: FileStore;
  limits: UploadLimits;
  storeFile(tmp: TempFile, label: string, def: { kind: 'image' }): Promise<string>;
}

/** What the lifecycle reads and signals through the content service. */
export interface ContentRows {
  readRow(db: DbOrTrx, r: ResourceDef, id: number): Promise<Row | null>;
  readRows(db: DbOrTrx, r: ResourceDef, ids: number[]): Promise<Row[]>;
  notifyChange(key: string, id?: number): void;
  /** Run in the transaction of each live write. */
  readonly rowWriteHooks: readonly RowWriteHook[];
}

/**
 * Runs inside the transaction of every write that changes a row's live content (create, update, publish,
 * unpublish, trash, restore, a restored revision), after the write: old addresses get their redirects there
 * (decision 0057), so they commit or roll back with it.
 */
export type RowWriteHook = (trx: DbOrTrx, r: ResourceDef, id: number) => Promise<void>;

