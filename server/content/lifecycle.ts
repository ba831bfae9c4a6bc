/**
 * The content lifecycle of every group (decision 0015): drafts and pending drafts, publish and
 * unpublish, scheduling, revisions, trash, the order the firm sets, the admin list with paging and search,
 * and signed preview links. Written once against the declarations in content/resources.
 */
import { ALT_FLAG, altKeys, titleFieldOf } from '../../content/alt';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type RawBuilder } from 'kysely';
import type { ResourceDef } from '../../content/kit';
import { groupOf, resources } from '../../content/resources/index';
import { allVariantPaths } from '../../content/rules/image-variants';
import { bumpContentVersion } from '../cluster/version';
import { typedTrx, type Store } from '../database';
import { dynamic, type DynamicDb } from '../db/schema';
import type { FileStore } from '../files/store';
import { deleteImageMeta } from '../files/variants';
import { AppError } from '../lib/errors';
import { parseId } from './coerce';
import type { ContentRows, ExtensionPlan, Row } from './types';
import type { ContentStatus } from './tables';
import type { WorkItem } from '../../content/admin-views';

/** Dynamic access to the content tables (their names come from the declarations). */
export type LooseDb = DynamicDb;

export type { ContentStatus, LifecycleColumns, LifecycleTables } from './tables';

export const LIFECYCLE_COLUMNS = ['status', 'pending_draft', 'deleted_at', 'publish_at', 'unpublish_at', 'position'] as const;

export type ListStatus = 'published' | 'draft' | 'scheduled' | 'trash' | 'all';
export const LIST_STATUSES: readonly ListStatus[] = ['published', 'draft', 'scheduled', 'trash', 'all'];

export const REVISIONS_KEPT = 50;
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
export const ADMIN_PAGE_SIZE = 50;
const TRASH_PREFIX = 'private/trash/';
const RETIRED_PREFIX = 'private/retired/';

/** The content of a row as a revision keeps it: declared fields, file paths and nested lists (speakers). */
export type Snapshot = Record<string, unknown>;


export interface WriteOptions {
  /** Who wrote (the administrator's email, or 'scheduler'), recorded with the revision. */
  actor?: string;
  /** The Rule 36 publish check (decision 0019): may refuse the write; skipped for drafts (checked on publish). */
  before?: (values: Row, existing: Row | null) => Promise<void>;
}

/** What a preview request shows in place of the stored public row. */
export interface PreviewOverlay {
  key: string;
  id: number;
  /** The pending draft of a published row (null: the row itself is the draft). */
  snapshot: Snapshot | null;
}

export function readStatus(raw: unknown): ContentStatus | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === 'draft' || raw === 'published') return raw;
  throw new AppError(400, 'Status must be draft or published.');
}

export function snapshotKeys(r: ResourceDef): string[] {
  return [...Object.keys(r.fields), ...Object.keys(r.files), ...altKeys(r), ...Object.keys(r.lists ?? {})];
}

export function snapshotOf(r: ResourceDef, row: Row): Snapshot {
  const out: Snapshot = {};
  for (const k of snapshotKeys(r)) if (k in row) out[k] = row[k] ?? null;
  return out;
}

/** Every stored file a snapshot refers to. */
export function snapshotFiles(r: ResourceDef, snap: Snapshot | null | undefined): string[] {
  if (!snap) return [];
  const out = Object.keys(r.files)
    .map((n) => snap[n])
    .filter((v): v is string => typeof v === 'string' && v !== '');
  const speakers = snap.speakers;
  if (Array.isArray(speakers)) {
    for (const s of speakers) {
      const image = s && typeof s === 'object' ? (s as Record<string, unknown>).image : undefined;
      if (typeof image === 'string' && image !== '') out.push(image);
    }
  }
  return out;
}

export function parseDraft(raw: unknown): Snapshot | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : null;
  } catch {
    return null;
  }
}

/** Writes a snapshot's content onto the stored row (and its nested lists). */
export async function applySnapshot(db: LooseDb, r: ResourceDef, id: number, snap: Snapshot, now: string): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const k of [...Object.keys(r.fields), ...Object.keys(r.files)]) if (k in snap) set[k] = snap[k] ?? null;
  await db
    .updateTable(r.table)
    .set({ ...set, updated_at: now })
    .where(r.id, '=', id)
    .execute();
  // Nested lists (an event's speakers): the snapshot's items replace the stored ones, in order.
  for (const [name, list] of Object.entries(r.lists ?? {})) {
    const items = snap[name];
    if (!Array.isArray(items)) continue;
    await db.deleteFrom(list.table).where(list.parent, '=', id).execute();
    const columns = [...Object.keys(list.fields), ...(list.image ? [list.image.column] : [])];
    for (const [position, item] of items.entries()) {
      const src = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
      const values: Record<string, unknown> = { [list.parent]: id, position };
      for (const c of columns) values[c] = typeof src[c] === 'string' ? src[c] : '';
      await db.insertInto(list.table).values(values).execute();
    }
  }
}

/** Field names whose content differs between two snapshots. */
export function changedFields(r: ResourceDef, before: Snapshot | null, after: Snapshot): string[] {
  return snapshotKeys(r).filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

/** Moves a stored file through the FileStore (local disk or a bucket). False when it is not there. */
async function moveStored(files: FileStore, from: string, to: string): Promise<boolean> {
  const src = await files.open(from);
  if (!src) return false;
  const tmp = path.join(files.tmpDir, `move-${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(src.stream, createWriteStream(tmp));
    await files.put(tmp, to);
  } finally {
    await rm(tmp, { force: true });
  }
  await files.remove(from);
  return true;
}

/** Moves a stored file and its image variants between their public place and a private area. */
async function moveWithVariants(files: FileStore, rel: string, fromPrefix: string, toPrefix: string): Promise<boolean> {
  let moved = false;
  for (const p of [rel, ...allVariantPaths(rel)]) {
    if (await moveStored(files, fromPrefix + p, toPrefix + p)) moved = true;
  }
  return moved;
}

/** Image sizes (decision 0005) follow a file into and out of the trash or the retired area. */
async function moveMeta(db: LooseDb, paths: string[], fromPrefix: string, toPrefix: string): Promise<void> {
  for (const p of paths) {
    await db.deleteFrom('image_meta').where('path', '=', toPrefix + p).execute();
    await db.updateTable('image_meta').set({ path: toPrefix + p }).where('path', '=', fromPrefix + p).execute();
  }
}

async function removeEverywhere(files: FileStore, rel: string): Promise<void> {
  for (const prefix of ['', TRASH_PREFIX, RETIRED_PREFIX]) {
    await Promise.all([rel, ...allVariantPaths(rel)].map((p) => files.remove(prefix + p).catch(() => undefined)));
  }
}

const ROLLBACK = new Error('rollback');

function toIso(raw: unknown, label: string): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) throw new AppError(400, `Please give a valid date and time for ${label}.`);
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) throw new AppError(400, `Please give a valid date and time for ${label}.`);
  return d.toISOString();
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive search of `q` (lower-cased) in any of the columns (SQLite and PostgreSQL alike). */
export function matchesAny(columns: readonly string[], q: string) {
  const pattern = `%${escapeLike(q)}%`;
  return sql<boolean>`(${sql.join(columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`), sql` or `)})`;
}

/** One row on the dashboard's work list. */
export type { WorkItem };

export interface LifecycleOptions {
  /** Rows in the trash longer than this are purged with their files (days; decimals allowed). */
  trashDays: number;
  /** How often the scheduler looks for due publish/unpublish times and expired trash (ms). */
  scheduleMs: number;
  clock?: () => Date;
}

export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  status?: ListStatus;
  page?: number;
  perPage?: number;
}

/** A row of a group as the dashboard's work list shows it (titled by its first text field, else by its id). */
function workItem(r: ResourceDef, row: Row): WorkItem {
  const titleField = titleFieldOf(r);
  return {
    group: r.key,
    groupTitle: r.admin.title,
    id: Number(row[r.id]),
    title: titleField && row[titleField] ? String(row[titleField]) : `${r.label} #${String(row[r.id])}`,
    adminPath: `/admin-side-bar/${r.admin.path}`,
    status: String(row.status),
    pending: !!row.pending_draft,
    publish_at: (row.publish_at as string | null) ?? null,
    unpublish_at: (row.unpublish_at as string | null) ?? null,
  };
}

export class ContentLifecycle {
  /** Set while a preview link is rendered: that row is shown as it would be published. */
  readonly previewing = new AsyncLocalStorage<PreviewOverlay>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  readonly clock: () => Date;
  /** Rows this process published on schedule (the metrics read it, decision 0050). */
  scheduledPublishes = 0;

  constructor(
    private readonly content: ContentRows,
    private readonly store: Store,
    private readonly files: FileStore,
    readonly options: LifecycleOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  get db(): LooseDb {
    return dynamic(this.store.db);
  }

  private now(): string {
    return this.clock().toISOString();
  }

  /** The overlay of the current preview request for this group, if any. */
  overlayFor(key: string): PreviewOverlay | undefined {
    const o = this.previewing.getStore();
    return o && o.key === key ? o : undefined;
  }

  group(key: string): ResourceDef {
    const r = resources.find((x) => x.key === key);
    if (!r) throw new AppError(404, 'Unknown content group.');
    return r;
  }

  /** The raw stored row (lifecycle columns included). Trashed rows only when asked. */
  async raw(r: ResourceDef, rawId: unknown, where: 'live' | 'trash' | 'any' = 'live', db: LooseDb = this.db): Promise<Row> {
    const id = typeof rawId === 'number' ? rawId : Number(rawId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(400, r.missingIdMessage);
    let q = db.selectFrom(r.table).selectAll().where(r.id, '=', id);
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

  async nextPosition(db: LooseDb, r: ResourceDef): Promise<number> {
    const row = await db
      .selectFrom(r.table)
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    return Number(row?.p ?? 0) + 1;
  }

  // --- Revisions ---------------------------------------------------------------------------------

  private async lastSnapshot(db: LooseDb, r: ResourceDef, id: number): Promise<Snapshot | null | undefined> {
    const last = await db
      .selectFrom('content_revisions')
      .select('snapshot')
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .orderBy('revision_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last ? parseDraft(last.snapshot) : undefined;
  }

  /** Before the first change of a row that has no revision yet (older rows): records its current content. */
  async baseline(db: LooseDb, r: ResourceDef, id: number): Promise<void> {
    if ((await this.lastSnapshot(db, r, id)) !== undefined) return;
    const row = await this.content.readRow(db, r, id);
    if (!row) return;
    await db
      .insertInto('content_revisions')
      .values({
        resource: r.key,
        record_id: id,
        action: 'original',
        snapshot: JSON.stringify(snapshotOf(r, row)),
        changed: '[]',
        admin_email: null,
        created_at: String(row.updated_at ?? row.created_at ?? this.now()),
      })
      .execute();
  }

  /** Records a revision of the row's current content (or of `snap`, a pending draft) and prunes old ones. */
  async recordRevision(db: LooseDb, r: ResourceDef, id: number, action: string, actor: string | undefined, snap?: Snapshot): Promise<void> {
    // Every write that changes a row records a revision in its transaction: the row-write hooks run there too.
    for (const hook of this.content.rowWriteHooks) await hook(db, r, id);
    let snapshot = snap;
    if (!snapshot) {
      const row = await this.content.readRow(db, r, id);
      if (!row) return;
      snapshot = snapshotOf(r, row);
    }
    const before = await this.lastSnapshot(db, r, id);
    await db
      .insertInto('content_revisions')
      .values({
        resource: r.key,
        record_id: id,
        action,
        snapshot: JSON.stringify(snapshot),
        changed: JSON.stringify(changedFields(r, before ?? null, snapshot)),
        admin_email: actor ?? null,
        created_at: this.now(),
      })
      .execute();
  }

  /** Keeps the newest REVISIONS_KEPT revisions of a row; files only the dropped ones used are removed. */
  async prune(r: ResourceDef, id: number): Promise<void> {
    const all = await this.db
      .selectFrom('content_revisions')
      .select(['revision_id', 'snapshot'])
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .orderBy('revision_id', 'desc')
      .execute();
    if (all.length <= REVISIONS_KEPT) return;
    const kept = all.slice(0, REVISIONS_KEPT);
    const dropped = all.slice(REVISIONS_KEPT);
    const keep = new Set(kept.flatMap((k) => snapshotFiles(r, parseDraft(k.snapshot))));
    const row = await this.raw(r, id, 'any').catch(() => null);
    if (row) {
      const current = await this.content.readRow(this.db, r, id);
      for (const f of snapshotFiles(r, current ? snapshotOf(r, current) : null)) keep.add(f);
      for (const f of snapshotFiles(r, parseDraft(row.pending_draft))) keep.add(f);
    }
    const ids = dropped.map((d) => Number(d.revision_id));
    for (let i = 0; i < ids.length; i += 500) {
      await this.db.deleteFrom('content_revisions').where('revision_id', 'in', ids.slice(i, i + 500)).execute();
    }
    const gone = new Set(dropped.flatMap((d) => snapshotFiles(r, parseDraft(d.snapshot))).filter((f) => !keep.has(f)));
    for (const f of gone) {
      await Promise.all([f, ...allVariantPaths(f)].map((p) => this.files.remove(RETIRED_PREFIX + p).catch(() => undefined)));
    }
  }

  async revisions(r: ResourceDef, id: number): Promise<Row[]> {
    await this.raw(r, id, 'any');
    const rows = await this.db
      .selectFrom('content_revisions')
      .select(['revision_id', 'action', 'snapshot', 'changed', 'admin_email', 'created_at'])
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .orderBy('revision_id', 'desc')
      .execute();
    return rows.map((x) => ({
      revision_id: Number(x.revision_id),
      action: x.action,
      admin_email: x.admin_email,
      created_at: x.created_at,
      changed: (() => {
        try {
          const v: unknown = JSON.parse(String(x.changed));
          return Array.isArray(v) ? v : [];
        } catch {
          return [];
        }
      })(),
      snapshot: parseDraft(x.snapshot) ?? {},
    }));
  }

  /** Files a snapshot needs back in their public place: those retired since are brought back. */
  private async unretire(r: ResourceDef, snap: Snapshot): Promise<void> {
    for (const f of snapshotFiles(r, snap)) {
      if (await this.files.open(f)) continue;
      if (await moveWithVariants(this.files, f, RETIRED_PREFIX, '')) await moveMeta(this.db, [f], RETIRED_PREFIX, '');
    }
  }

  /** Files no longer used by the row: kept privately while a revision refers to them. */
  async retire(r: ResourceDef, id: number, paths: Iterable<string>): Promise<void> {
    const list = [...new Set(paths)].filter(Boolean);
    if (!list.length) return;
    const row = await this.raw(r, id, 'any').catch(() => null);
    const inUse = new Set<string>();
    if (row) {
      const current = await this.content.readRow(this.db, r, id);
      for (const f of snapshotFiles(r, current ? snapshotOf(r, current) : null)) inUse.add(f);
      for (const f of snapshotFiles(r, parseDraft(row.pending_draft))) inUse.add(f);
    }
    for (const f of list) {
      if (inUse.has(f)) continue;
      await moveWithVariants(this.files, f, '', RETIRED_PREFIX);
      await moveMeta(this.db, [f], '', RETIRED_PREFIX);
    }
    await this.prune(r, id);
  }

  async restoreRevision(r: ResourceDef, id: number, revisionId: number, actor?: string): Promise<Row> {
    const live = await this.raw(r, id);
    const rev = await this.db
      .selectFrom('content_revisions')
      .select('snapshot')
      .where('revision_id', '=', revisionId)
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .executeTakeFirst();
    const snap = rev ? parseDraft(rev.snapshot) : null;
    if (!snap) throw new AppError(404, 'Revision not found');
    await this.checkRefsOf(r, snap);
    const before = await this.content.readRow(this.db, r, id);
    const oldFiles = [...snapshotFiles(r, before ? snapshotOf(r, before) : null), ...snapshotFiles(r, parseDraft(live.pending_draft))];
    await this.unretire(r, snap);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.baseline(trx, r, id);
      await applySnapshot(trx, r, id, snap, now);
      await trx.updateTable(r.table).set({ pending_draft: null }).where(r.id, '=', id).execute();
      await bumpContentVersion(typedTrx(trx));
      await this.recordRevision(trx, r, id, 'restore', actor);
    });
    await this.retire(r, id, oldFiles);
    this.content.notifyChange(r.key, id);
    return (await this.content.readRow(this.db, r, id))!;
  }

  /** A snapshot may name rows that are gone since (a deleted category): refused with the usual message. */
  private async checkRefsOf(r: ResourceDef, snap: Snapshot): Promise<void> {
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.type !== 'ref' || snap[name] === null || snap[name] === undefined) continue;
      const ref = groupOf(f.ref!);
      const target = await this.db.selectFrom(ref.table).select(ref.id).where(ref.id, '=', Number(snap[name])).where('deleted_at', 'is', null).executeTakeFirst();
      if (!target) throw new AppError(409, `The ${f.label.toLowerCase()} of that version no longer exists. Restore it first or choose another.`);
    }
  }

  // --- Drafts and publishing ---------------------------------------------------------------------

  /**
   * Saves the next version of a published row as its pending draft: the update is applied inside a
   * transaction that is rolled back, after the resulting content was read, so the live row is untouched.
   */
  async saveDraft(
    r: ResourceDef,
    id: number,
    live: Row,
    values: Row,
    ext: ExtensionPlan | null,
    afterCommit: (db: LooseDb) => Promise<void>,
    actor?: string,
  ): Promise<void> {
    const draft = parseDraft(live.pending_draft);
    let snap: Snapshot | null = null;
    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (draft) await applySnapshot(trx, r, id, draft, now);
        await trx.updateTable(r.table).set(values).where(r.id, '=', id).execute();
        await ext?.apply(typedTrx(trx), id);
        const row = await this.content.readRow(trx, r, id);
        snap = row ? snapshotOf(r, row) : null;
        throw ROLLBACK;
      });
    } catch (err) {
      if (err !== ROLLBACK) throw err;
    }
    if (!snap) throw new AppError(404, `${r.label} not found`);
    const saved: Snapshot = snap;
    await this.db.transaction().execute(async (trx) => {
      await this.baseline(trx, r, id);
      await trx.updateTable(r.table).set({ pending_draft: JSON.stringify(saved) }).where(r.id, '=', id).execute();
      await afterCommit(trx);
      await this.recordRevision(trx, r, id, 'draft', actor, saved);
    });
  }

  /** The content a publish of this row would put on the site (its pending draft, else the row). */
  async contentToPublish(r: ResourceDef, id: number): Promise<Row> {
    const live = await this.raw(r, id);
    const draft = parseDraft(live.pending_draft);
    const current = await this.content.readRow(this.db, r, id);
    return { ...(current ?? live), ...(draft ?? {}) };
  }

  /** `check`: the Rule 36 publish check (decision 0019) of the content going live; it may refuse with 409. */
  async publish(r: ResourceDef, id: number, actor?: string, check?: (values: Row) => Promise<void>): Promise<Row> {
    const live = await this.raw(r, id);
    const draft = parseDraft(live.pending_draft);
    if (draft) await this.checkRefsOf(r, draft);
    if (check) await check(await this.contentToPublish(r, id));
    return this.settle(r, id, draft, 'publish', actor);
  }

  /** Takes a row off the site; it stays as a draft (a pending draft becomes its content). */
  async unpublish(r: ResourceDef, id: number, actor?: string): Promise<Row> {
    const live = await this.raw(r, id);
    const draft = parseDraft(live.pending_draft);
    return this.settle(r, id, draft, 'unpublish', actor);
  }

  /**
   * Publishes or unpublishes a row: a pending draft becomes its content, the state and the schedule field
   * it fulfils are set, and the step is recorded as a revision; replaced files are retired.
   */
  private async settle(r: ResourceDef, id: number, draft: ReturnType<typeof parseDraft>, action: 'publish' | 'unpublish', actor?: string): Promise<Row> {
    const before = await this.content.readRow(this.db, r, id);
    const oldFiles = snapshotFiles(r, before ? snapshotOf(r, before) : null);
    const now = this.now();
    const state =
      action === 'publish'
        ? ({ status: 'published', publish_at: null } as const)
        : ({ status: 'draft', unpublish_at: null } as const);
    await this.db.transaction().execute(async (trx) => {
      await this.baseline(trx, r, id);
      if (draft) await applySnapshot(trx, r, id, draft, now);
      await trx.updateTable(r.table).set({ ...state, pending_draft: null, updated_at: now }).where(r.id, '=', id).execute();
      await bumpContentVersion(typedTrx(trx));
      await this.recordRevision(trx, r, id, action, actor);
    });
    if (draft) await this.retire(r, id, oldFiles);
    this.content.notifyChange(r.key, id);
    return (await this.content.readRow(this.db, r, id))!;
  }

  async schedule(r: ResourceDef, id: number, body: Record<string, unknown>): Promise<Row> {
    const live = await this.raw(r, id);
    const publishAt = toIso(body.publish_at, 'publishing');
    const unpublishAt = toIso(body.unpublish_at, 'going off the site');
    const nextPublish = publishAt === undefined ? (live.publish_at as string | null) : publishAt;
    const nextUnpublish = unpublishAt === undefined ? (live.unpublish_at as string | null) : unpublishAt;
    if (publishAt && live.status === 'published' && !live.pending_draft) {
      throw new AppError(400, `This ${r.label.toLowerCase()} is already published. Save a draft of its next version to schedule it.`);
    }
    if (nextPublish && nextUnpublish && nextUnpublish <= nextPublish) {
      throw new AppError(400, 'The time it goes off the site must be after the time it is published.');
    }
    const set: Record<string, unknown> = {};
    if (publishAt !== undefined) set.publish_at = publishAt;
    if (unpublishAt !== undefined) set.unpublish_at = unpublishAt;
    if (Object.keys(set).length) await this.db.updateTable(r.table).set(set).where(r.id, '=', id).execute();
    return (await this.content.readRow(this.db, r, id))!;
  }

  // --- Trash -------------------------------------------------------------------------------------

  /** The spec's delete: the row and its files go to the trash (off every public read at once). */
  async trash(r: ResourceDef, existing: Row, actor?: string): Promise<void> {
    const id = Number(existing[r.id]);
    const current = await this.content.readRow(this.db, r, id);
    const files = [...new Set([...snapshotFiles(r, current ? snapshotOf(r, current) : null), ...snapshotFiles(r, parseDraft(existing.pending_draft))])];
    const moved: string[] = [];
    try {
      for (const f of files) if (await moveWithVariants(this.files, f, '', TRASH_PREFIX)) moved.push(f);
      await this.db.transaction().execute(async (trx) => {
        await this.baseline(trx, r, id);
        await trx.updateTable(r.table).set({ deleted_at: this.now() }).where(r.id, '=', id).execute();
        await moveMeta(trx, files, '', TRASH_PREFIX);
        await bumpContentVersion(typedTrx(trx));
        await this.recordRevision(trx, r, id, 'trash', actor);
      });
    } catch (err) {
      for (const f of moved) await moveWithVariants(this.files, f, TRASH_PREFIX, '').catch(() => undefined);
      throw err;
    }
    this.content.notifyChange(r.key, id);
  }

  async restore(r: ResourceDef, id: number, actor?: string): Promise<Row> {
    const row = await this.raw(r, id, 'trash');
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.type !== 'ref' || row[name] === null || row[name] === undefined) continue;
      const ref = groupOf(f.ref!);
      const target = await this.db.selectFrom(ref.table).select(ref.id).where(ref.id, '=', Number(row[name])).where('deleted_at', 'is', null).executeTakeFirst();
      if (!target) throw new AppError(409, `Its ${f.label.toLowerCase()} is in the trash. Restore that first.`);
    }
    const current = await this.content.readRow(this.db, r, id);
    const files = [...new Set([...snapshotFiles(r, current ? snapshotOf(r, current) : null), ...snapshotFiles(r, parseDraft(row.pending_draft))])];
    for (const f of files) await moveWithVariants(this.files, f, TRASH_PREFIX, '');
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable(r.table).set({ deleted_at: null }).where(r.id, '=', id).execute();
      await moveMeta(trx, files, TRASH_PREFIX, '');
      await bumpContentVersion(typedTrx(trx));
      await this.recordRevision(trx, r, id, 'restore from trash', actor);
    });
    this.content.notifyChange(r.key, id);
    return (await this.content.readRow(this.db, r, id))!;
  }

  /** What deleting a row would do to the rows of other groups that point at it. */
  async dependents(r: ResourceDef, id: number, which: 'live' | 'trash'): Promise<{ group: string; title: string; count: number }[]> {
    const out: { group: string; title: string; count: number }[] = [];
    for (const dep of resources) {
      for (const [field, f] of Object.entries(dep.fields)) {
        if (f.type !== 'ref' || f.ref !== r.key) continue;
        const row = await this.db
          .selectFrom(dep.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(field, '=', id)
          .where('deleted_at', which === 'live' ? 'is' : 'is not', null)
          .executeTakeFirstOrThrow();
        const n = Number(row.n);
        if (n > 0) out.push({ group: dep.key, title: dep.admin.title.toLowerCase(), count: n });
      }
    }
    return out;
  }

  /** Deletes a row in the trash for good, with every file it or its revisions used. */
  async purge(r: ResourceDef, id: number): Promise<void> {
    const row = await this.raw(r, id, 'trash');
    const blockers = await this.dependents(r, id, 'trash');
    if (blockers.length) {
      throw new AppError(
        409,
        `The trash still holds ${blockers.map((b) => `${b.count} ${b.title}`).join(' and ')} of this ${r.label.toLowerCase()}. Delete those forever first.`,
      );
    }
    const current = await this.content.readRow(this.db, r, id);
    const revs = await this.db
      .selectFrom('content_revisions')
      .select('snapshot')
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .execute();
    const files = new Set([
      ...snapshotFiles(r, current ? snapshotOf(r, current) : null),
      ...snapshotFiles(r, parseDraft(row.pending_draft)),
      ...revs.flatMap((x) => snapshotFiles(r, parseDraft(x.snapshot))),
    ]);
    await this.db.transaction().execute(async (trx) => {
      for (const list of Object.values(r.lists ?? {})) await trx.deleteFrom(list.table).where(list.parent, '=', id).execute();
      await trx.deleteFrom(r.table).where(r.id, '=', id).execute();
      await trx.deleteFrom('content_revisions').where('resource', '=', r.key).where('record_id', '=', id).execute();
      await trx.deleteFrom('preview_links').where('resource', '=', r.key).where('record_id', '=', id).execute();
      await deleteImageMeta(typedTrx(trx), [...files].flatMap((f) => [f, TRASH_PREFIX + f, RETIRED_PREFIX + f]));
    });
    for (const f of files) await removeEverywhere(this.files, f);
  }

  // --- Order -------------------------------------------------------------------------------------

  async reorder(r: ResourceDef, rawIds: unknown): Promise<void> {
    if (!r.ordered) throw new AppError(400, `${r.admin.title} are shown by date, not in an order you set.`);
    const bad = new AppError(400, 'Please send the new order as a list of ids, each once.');
    if (!Array.isArray(rawIds) || rawIds.length === 0 || rawIds.length > 10_000) throw bad;
    const ids = rawIds.map(parseId);
    if (ids.some((n) => n === null) || new Set(ids).size !== ids.length) throw bad;
    const rows: Row[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom(r.table)
          .select([r.id, 'position'])
          .where(r.id, 'in', ids.slice(i, i + 500))
          .where('deleted_at', 'is', null)
          .execute()),
      );
    }
    if (rows.length !== ids.length) throw new AppError(404, `${r.label} not found`);
    // The listed rows keep the places they had between them, in the new order (so a page can be reordered alone).
    const slots = rows.map((x) => Number(x.position ?? x[r.id])).sort((a, b) => a - b);
    for (let i = 1; i < slots.length; i++) if (slots[i]! <= slots[i - 1]!) slots[i] = slots[i - 1]! + 1;
    await this.db.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries()) {
        await trx.updateTable(r.table).set({ position: slots[i]! }).where(r.id, '=', id).execute();
      }
      await bumpContentVersion(typedTrx(trx));
    });
    this.content.notifyChange(r.key);
  }

  // --- The admin list ----------------------------------------------------------------------------

  sortable(r: ResourceDef): string[] {
    return [
      r.id,
      ...Object.entries(r.fields)
        .filter(([, f]) => f.column)
        .map(([n]) => n),
      ...Object.keys(r.files),
      'status',
      'position',
      'publish_at',
      'unpublish_at',
      'deleted_at',
      'created_at',
      'updated_at',
    ];
  }

  async list(r: ResourceDef, query: ListQuery): Promise<{ rows: Row[]; total: number; page: number; perPage: number; counts: Record<ListStatus, number> }> {
    const status = query.status ?? 'all';
    const perPage = query.perPage ?? ADMIN_PAGE_SIZE;
    const page = query.page ?? 1;
    const sort = query.sort ?? (r.ordered ? 'position' : r.id);
    if (!this.sortable(r).includes(sort)) throw new AppError(400, 'This list cannot be sorted by that column.');
    const dir = query.dir ?? (r.ordered || sort !== r.id ? 'asc' : r.order);
    const text = Object.entries(r.fields)
      .filter(([, f]) => f.type === 'text' || f.type === 'longtext' || f.type === 'html')
      .map(([n]) => n);
    const q = query.q?.trim().toLowerCase() ?? '';
    const t = r.table;
    const conds = (st: ListStatus): RawBuilder<boolean>[] => {
      const out: RawBuilder<boolean>[] = [];
      out.push(st === 'trash' ? sql<boolean>`${sql.ref(`${t}.deleted_at`)} is not null` : sql<boolean>`${sql.ref(`${t}.deleted_at`)} is null`);
      if (st === 'published') out.push(sql<boolean>`${sql.ref(`${t}.status`)} = 'published'`);
      if (st === 'draft') out.push(sql<boolean>`(${sql.ref(`${t}.status`)} = 'draft' or ${sql.ref(`${t}.pending_draft`)} is not null)`);
      if (st === 'scheduled') out.push(sql<boolean>`(${sql.ref(`${t}.publish_at`)} is not null or ${sql.ref(`${t}.unpublish_at`)} is not null)`);
      if (q && text.length) {
        out.push(matchesAny(text.map((n) => `${t}.${n}`), q));
      }
      return out;
    };
    // Every state's count in one pass over the table (five counting queries before: decision 0030).
    const countsQuery = this.db
      .selectFrom(t)
      .select(LIST_STATUSES.map((st) => sql<number | string>`count(case when ${sql.join(conds(st), sql` and `)} then 1 end)`.as(st)));
    let iq = this.db.selectFrom(t).select(`${t}.${r.id}`);
    for (const c of conds(status)) iq = iq.where(c);
    const idsQuery = iq
      .orderBy(sql`${sql.ref(`${t}.${sort}`)} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')}`)
      .orderBy(`${t}.${r.id}`, dir === 'desc' ? 'desc' : 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [idRows, counted] = await Promise.all([idsQuery.execute(), countsQuery.executeTakeFirstOrThrow()]);
    const ids = idRows.map((x) => Number(x[r.id]));
    const rows = await this.content.readRows(this.db, r, ids);
    const byId = new Map(rows.map((x) => [Number(x[r.id]), x]));
    const countsBy = Object.fromEntries(LIST_STATUSES.map((st) => [st, Number(counted[st])])) as Record<ListStatus, number>;
    return {
      rows: ids.map((id) => byId.get(id)).filter((x): x is Row => !!x),
      total: countsBy[status],
      page,
      perPage,
      counts: countsBy,
    };
  }

  // --- The dashboard's work list -----------------------------------------------------------------

  /** Drafts, pending drafts, scheduled items and items going off the site in the next 7 days, every group. */
  async worklist(): Promise<{ drafts: WorkItem[]; scheduled: WorkItem[]; goingOff: WorkItem[]; missingAlt: WorkItem[] }> {
    const now = this.clock();
    const week = new Date(now.getTime() + 7 * 86_400_000).toISOString();
    const drafts: WorkItem[] = [];
    const scheduled: WorkItem[] = [];
    const goingOff: WorkItem[] = [];
    for (const r of resources) {
      const rows = await this.db
        .selectFrom(r.table)
        .selectAll()
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([eb('status', '=', 'draft'), eb('pending_draft', 'is not', null), eb('publish_at', 'is not', null), eb('unpublish_at', 'is not', null)]),
        )
        .orderBy(r.id, 'desc')
        .limit(100)
        .execute();
      for (const row of rows) {
        const item = workItem(r, row);
        if (row.status === 'draft' || row.pending_draft) drafts.push(item);
        if (row.publish_at) scheduled.push(item);
        if (row.unpublish_at && String(row.unpublish_at) <= week) goingOff.push(item);
      }
    }
    // Images whose alt text was defaulted from the title (decision 0024): the administrator should write one.
    const missingAlt: WorkItem[] = [];
    for (const r of resources) {
      if (!altKeys(r).length) continue;
      const rows = await this.db
        .selectFrom(r.table)
        .selectAll()
        .where('deleted_at', 'is', null)
        .where(ALT_FLAG, '=', 1)
        .orderBy(r.id, 'desc')
        .limit(100)
        .execute();
      for (const row of rows) {
        missingAlt.push(workItem(r, row));
      }
    }
    scheduled.sort((x, y) => String(x.publish_at).localeCompare(String(y.publish_at)));
    goingOff.sort((x, y) => String(x.unpublish_at).localeCompare(String(y.unpublish_at)));
    return { drafts, scheduled, goingOff, missingAlt };
  }

  // --- Preview links -----------------------------------------------------------------------------

  async createPreview(r: ResourceDef, id: number, origin: string): Promise<{ url: string; expires_at: string }> {
    await this.raw(r, id);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expires = new Date(now.getTime() + PREVIEW_TTL_MS).toISOString();
    await this.db
      .insertInto('preview_links')
      .values({ token_hash: hashToken(token), resource: r.key, record_id: id, expires_at: expires, created_at: now.toISOString() })
      .execute();
    await this.db.deleteFrom('preview_links').where('expires_at', '<', now.toISOString()).execute();
    return { url: `${origin}/preview/${token}`, expires_at: expires };
  }

  /** The row a preview token shows and the public page it is seen on; null for an unknown or expired token. */
  async resolvePreview(token: string): Promise<{ overlay: PreviewOverlay; path: string } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const link = await this.db.selectFrom('preview_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!link || String(link.expires_at) <= this.now()) return null;
    const r = resources.find((x) => x.key === link.resource);
    if (!r) return null;
    const id = Number(link.record_id);
    const row = await this.raw(r, id).catch(() => null);
    if (!row) return null;
    const snapshot = parseDraft(row.pending_draft);
    const view = snapshot ? { ...row, ...snapshot } : row;
    const own = r.site.page?.(view);
    let pagePath = own ?? r.site.list;
    // A paged public list (decision 0008): the page the row will be on once published.
    const perPage = own ? undefined : r.site.perPage;
    if (perPage) {
      const t = r.table;
      const before = await this.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'published')
        .where('deleted_at', 'is', null)
        .where(r.id, '!=', id)
        .where((eb) =>
          r.ordered
            ? eb.or([eb('position', '<', Number(row.position ?? 0)), eb.and([eb('position', '=', Number(row.position ?? 0)), eb(r.id, r.order === 'desc' ? '>' : '<', id)])])
            : eb(r.id, r.order === 'desc' ? '>' : '<', id),
        )
        .executeTakeFirstOrThrow();
      const page = Math.floor(Number(before.n) / perPage) + 1;
      if (page > 1) pagePath = `${pagePath}?page=${page}`;
    }
    return { overlay: { key: r.key, id, snapshot }, path: pagePath };
  }

  // --- The scheduler -----------------------------------------------------------------------------

  /** Publishes, unpublishes and purges what is due. Several instances may run it at once: each row is claimed by one. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    const now = this.now();
    // A due row is claimed by moving its time to the end of a lease, not by clearing it (decision 0061): the
    // publish or unpublish clears it in its own transaction, so a failure between the claim and that commit
    // (the database gone, the process stopped) leaves the row scheduled, and it is done when the lease ends.
    const leaseEnd = new Date(this.clock().getTime() + Math.max(2 * this.options.scheduleMs, 60_000)).toISOString();
    let failure: { err: unknown } | null = null;
    for (const r of resources) {
      for (const [column, act] of [
        ['publish_at', async (id: number) => {
          await this.publish(r, id, 'scheduler');
          this.scheduledPublishes++;
        }],
        ['unpublish_at', (id: number) => this.unpublish(r, id, 'scheduler')],
      ] as const) {
        const due = await this.db
          .selectFrom(r.table)
          .select([r.id, column])
          .where(column, 'is not', null)
          .where(column, '<=', now)
          .where('deleted_at', 'is', null)
          .execute();
        for (const d of due) {
          const id = Number(d[r.id]);
          const claimed = await this.db.updateTable(r.table).set({ [column]: leaseEnd }).where(r.id, '=', id).where(column, '=', d[column]).executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) continue;
          try {
            await act(id);
          } catch (err) {
            // A refusal (a linked row gone) would come again: the schedule is dropped, as before. Any other
            // failure leaves it claimed until the lease ends; the other rows are still tried.
            if (err instanceof AppError) await this.db.updateTable(r.table).set({ [column]: null }).where(r.id, '=', id).where(column, '=', leaseEnd).execute();
            failure ??= { err };
          }
        }
      }
      const cutoff = new Date(this.clock().getTime() - this.options.trashDays * 86_400_000).toISOString();
      const old = await this.db.selectFrom(r.table).select(r.id).where('deleted_at', '<=', cutoff).execute();
      for (const o of old) {
        await this.purge(r, Number(o[r.id])).catch((err: unknown) => {
          // Blocked (dependents still in the trash) or already purged by another instance: next time.
          if (!(err instanceof AppError)) throw err;
        });
      }
    }
    if (failure) throw failure.err;
  }

  start(onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch(onError);
    }, this.options.scheduleMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
