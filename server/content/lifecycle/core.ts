/**
 * What every part of the content lifecycle (decision 0015) shares: the database, the clock, the service's
 * rows and files, and reading one stored row of a group. The parts (drafts, revisions, trash, order, the
 * admin list, the work list, preview links, the scheduler) are functions over this core.
 */
import type { Kysely } from 'kysely';
import type { ResourceDef } from '../../../content/kit';
import { resources } from '../../../content/resources/index';
import type { Database, DbOrTrx, Store } from '../../database';
import { groupTables, type StoredRow } from '../group-tables';
import type { FileStore } from '../../files/store';
import { AppError } from '../../lib/errors';
import type { ContentStatus } from '../tables';
import type { ContentRows, Row } from '../types';
import { parseDraft } from './snapshot';

export type { ContentStatus, LifecycleColumns, LifecycleTables } from '../tables';

export const LIFECYCLE_COLUMNS = ['status', 'pending_draft', 'deleted_at', 'publish_at', 'unpublish_at', 'position'] as const;

export interface WriteOptions {
  /** Who wrote (the administrator's email, or 'scheduler'), recorded with the revision. */
  actor?: string;
  /** The Rule 36 publish check (decision 0019): may refuse the write; skipped for drafts (checked on publish). */
  before?: (values: Row, existing: Row | null) => Promise<void>;
}

export interface LifecycleOptions {
  /** Rows in the trash longer than this are purged with their files (days; decimals allowed). */
  trashDays: number;
  /** How often the scheduler looks for due publish/unpublish times and expired trash (ms). */
  scheduleMs: number;
  clock?: () => Date;
}

export function readStatus(raw: unknown): ContentStatus | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === 'draft' || raw === 'published') return raw;
  throw new AppError(400, 'Status must be draft or published.');
}

export class LifecycleCore {
  readonly clock: () => Date;

  constructor(
    readonly content: ContentRows,
    readonly store: Store,
    readonly files: FileStore,
    readonly options: LifecycleOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** The typed database: transactions start here; a group's table is read through `groupTables` (decision 0102). */
  get db(): Kysely<Database> {
    return this.store.db;
  }

  now(): string {
    return this.clock().toISOString();
  }

  group(key: string): ResourceDef {
    const r = resources.find((x) => x.key === key);
    if (!r) throw new AppError(404, 'Unknown content group.');
    return r;
  }

  /** The raw stored row (lifecycle columns included). Trashed rows only when asked. */
  async raw(r: ResourceDef, rawId: unknown, where: 'live' | 'trash' | 'any' = 'live', db: DbOrTrx = this.db): Promise<StoredRow> {
    const id = typeof rawId === 'number' ? rawId : Number(rawId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(400, r.missingIdMessage);
    let q = groupTables(db).selectFrom(r.table).selectAll().where(r.id, '=', id);
    if (where === 'live') q = q.where('deleted_at', 'is', null);
    if (where === 'trash') q = q.where('deleted_at', 'is not', null);
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError(404, where === 'trash' ? `${r.label} is not in the trash` : `${r.label} not found`);
    return row;
  }

  /** The raw row with its pending draft's content in place of the live content (for editing the draft). */
  withDraft(r: ResourceDef, live: Row): Row {
    const draft = parseDraft(live.pending_draft);
    return draft ? { ...live, ...draft } : live;
  }

  async nextPosition(db: DbOrTrx, r: ResourceDef): Promise<number> {
    const row = await groupTables(db)
      .selectFrom(r.table)
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    return Number(row?.p ?? 0) + 1;
  }
}
