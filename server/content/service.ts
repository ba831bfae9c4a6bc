import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { ColumnValue, Mode, ReadRowOf, ResourceDef, ResourceKey, ValidationContext, Values } from '../../content/kit';
import { about, caseDetails, cases, groupOf, resourceByKey, resources } from '../../content/resources/index';
import { bumpContentVersion } from '../cluster/version';
import { nowIso } from '../db/index';
import type { Store } from '../database';
import { isImagePath, type ImageMetaMap } from '../../content/rules/image-variants';
import { checkUpload, storeCheckedFile, type UploadLimits } from '../files/check';
import type { ParsedBody, TempFile } from '../files/multipart';
import type { FileStore } from '../files/store';
import { loadImageMeta, removeWithVariants, saveImageMeta, type ImageMeta } from '../files/variants';
import { AppError } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';
import { parseId, resolveAlt } from './coerce';
import type { Database, DbOrTrx } from '../database';
import { groupTables, type StoredRow } from './group-tables';
import { parseInput } from '../../content/input';
import { extensions } from './extensions';
import type { ExtensionContext, Row, RowWriteHook } from './types';
import { ContentLifecycle } from './lifecycle/index';
import { LIFECYCLE_COLUMNS, readStatus, type LifecycleOptions, type WriteOptions } from './lifecycle/core';
import { parseDraft, snapshotFiles as snapshotFilesOf } from './lifecycle/snapshot';

/**
 * Rows read by table name (group-tables.ts), as their declaration types them: the one place the declaration
 * is taken at its word (the columns are the declaration's, the migrations made them from it;
 * tests/content/groups.test.ts), decision 0102.
 */
function declared<R extends ResourceDef>(_r: R, rows: Row[]): ReadRowOf<R>[] {
  return rows as ReadRowOf<R>[];
}

/** Public reads see published rows outside the trash; the admin sees every row. */
type Scope = 'public' | 'admin';
/** The service's own database handle type (a transaction of it included). */
type Db = DbOrTrx;

export type { Extension, ExtensionContext, ExtensionPlan, Row } from './types';

/**
 * Runs after a write's values are validated and before anything is stored (the Rule 36 publish check):
 * it may refuse the write by throwing. `existing` is the stored row of an update.
 */
export type BeforeWrite = (values: Row, existing: Row | null) => Promise<void>;

/** Emitted after every committed content write: { key } (used to invalidate rendered pages). */
/** version: the shared content version the write committed (decision 0020), when it bumped one. */
/** id: the one row the write changed, when it changed one (its surrogate key is purged, decision 0047). */
export type ChangeEvent = { key: ResourceKey | 'settings' | string; version?: number; id?: number };

export type { RowWriteHook } from './types';

export class ContentService {
  readonly changes = new EventEmitter();
  /** Hooks run in the transaction of each live write (RowWriteHook). */
  readonly rowWriteHooks: RowWriteHook[] = [];
  /** Drafts, revisions, trash, order, scheduling, preview (decisions 0015 and 0016). */
  readonly lifecycle: ContentLifecycle;
  /** The groups served (the declared ones and any registered), as this process holds them: pages read them here. */
  readonly groups: readonly ResourceDef[] = resources;

  constructor(
    private readonly store: Store,
    private readonly files: FileStore,
    private readonly limits: UploadLimits,
    lifecycle: LifecycleOptions = { trashDays: 30, scheduleMs: 60_000 },
  ) {
    this.lifecycle = new ContentLifecycle(this, store, files, lifecycle);
  }

  get db(): Kysely<Database> {
    return this.store.db;
  }

  private selectRows(r: ResourceDef, scope: Scope = 'public', db: Db = this.db) {
    let q = groupTables(db).selectFrom(r.table).selectAll(r.table);
    for (const [i, j] of (r.joins ?? []).entries()) {
      const ref = groupOf(j.ref);
      const alias = `j${i}`;
      q = q
        .leftJoin(`${ref.table} as ${alias}`, `${alias}.${ref.id}`, `${r.table}.${j.via}`)
        .select(j.columns.map((c) => `${alias}.${c}`)) as typeof q;
    }
    // --- lifecycle: drafts and the trash never reach a public read (a preview shows its one row) ---
    if (scope === 'public') {
      const preview = this.lifecycle.overlayFor(r.key);
      q = q.where((eb) => {
        const visible = eb.and([eb(`${r.table}.status`, '=', 'published'), eb(`${r.table}.deleted_at`, 'is', null)]);
        return preview ? eb.or([visible, eb(`${r.table}.${r.id}`, '=', preview.id)]) : visible;
      });
    }
    return q;
  }

  /** Rows in list order: the order the firm set for ordered groups, else by id. */
  private selectSorted(r: ResourceDef, scope: Scope = 'public', db: Db = this.db) {
    const q = this.selectRows(r, scope, db);
    return r.ordered
      ? q.orderBy(`${r.table}.position`, 'asc').orderBy(`${r.table}.${r.id}`, r.order)
      : q.orderBy(`${r.table}.${r.id}`, r.order);
  }

  /** One row as the admin sees it (drafts and trash included), read through `db` (a transaction). */
  async readRow(db: Db, r: ResourceDef, id: number): Promise<Row | null> {
    const row = await this.selectRows(r, 'admin', db).where(`${r.table}.${r.id}`, '=', id).executeTakeFirst();
    return row ? (await this.decorate(r, [row], 'admin', db))[0]! : null;
  }

  /** Rows by id as the admin sees them (any order). */
  async readRows(db: Db, r: ResourceDef, ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    const rows = await this.selectRows(r, 'admin', db).where(`${r.table}.${r.id}`, 'in', ids).execute();
    return this.decorate(r, rows, 'admin', db);
  }

  /** Tells this instance's caches that a group (one row `id` of it, when given) changed; the caller bumped the shared version. */
  notifyChange(key: string, id?: number): void {
    this.emit(key, undefined, id);
  }

  private async decorate(r: ResourceDef, rows: Row[], scope: Scope = 'public', db: Db = this.db): Promise<Row[]> {
    for (const row of rows) {
      row[r.id] = Number(row[r.id]);
      for (const [name, f] of Object.entries(r.fields)) {
        if ((f.type === 'ref' || f.type === 'int') && row[name] !== null && row[name] !== undefined) row[name] = Number(row[name]);
      }
    }
    await extensions[r.key]?.decorate?.(db, rows);
    // --- lifecycle: a preview shows the pending draft; public rows carry no lifecycle columns ---
    const preview = scope === 'public' ? this.lifecycle.overlayFor(r.key) : undefined;
    for (const row of rows) {
      if (preview?.snapshot && row[r.id] === preview.id) Object.assign(row, preview.snapshot);
      if (scope === 'public') for (const c of LIFECYCLE_COLUMNS) delete row[c];
      else {
        row.pending_draft = parseDraft(row.pending_draft);
        if (row.position !== null && row.position !== undefined) row.position = Number(row.position);
      }
    }
    await this.attachImageMeta(r, rows, db);
    return rows;
  }

  /**
   * Rows of groups with images carry `image_meta` (stored path → width, height, variant widths), so
   * public pages can give each image its size and a srcset (decision 0005). The spec's keys are untouched.
   */
  private async attachImageMeta(r: ResourceDef, rows: Row[], db: Db = this.db): Promise<void> {
    const fields = Object.entries(r.files)
      .filter(([, d]) => d.kind !== 'document')
      .map(([n]) => n);
    // Nested lists with an image per item (event speakers).
    const lists = Object.entries(r.lists ?? {}).flatMap(([name, l]) => (l.image ? [[name, l.image.column] as const] : []));
    if ((!fields.length && !lists.length) || !rows.length) return;
    const pathsOf = (row: Row): string[] =>
      [
        ...fields.map((n) => row[n]),
        ...lists.flatMap(([name, column]) => (Array.isArray(row[name]) ? (row[name] as Row[]).map((item) => item[column]) : [])),
      ].filter((p): p is string => typeof p === 'string' && isImagePath(p));
    const meta = await loadImageMeta(db, rows.flatMap(pathsOf));
    for (const row of rows) {
      const own: ImageMetaMap = {};
      for (const p of pathsOf(row)) {
        const m = meta.get(p);
        if (m) own[p] = m;
      }
      row.image_meta = own;
    }
  }

  async list<R extends ResourceDef>(r: R): Promise<ReadRowOf<R>[]> {
    const rows = await this.selectSorted(r).execute();
    return declared(r, await this.decorate(r, rows));
  }

  /** One page of the list (page 1 first, in list order) and the number of rows in all. */
  async listPage<R extends ResourceDef>(r: R, page: number, perPage: number): Promise<{ rows: ReadRowOf<R>[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.selectSorted(r)
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.count(r),
    ]);
    return { rows: declared(r, await this.decorate(r, rows)), total };
  }

  async listWhere<R extends ResourceDef>(r: R, column: string, value: ColumnValue): Promise<ReadRowOf<R>[]> {
    const rows = await this.selectSorted(r)
      .where(`${r.table}.${column}`, '=', value)
      .execute();
    return declared(r, await this.decorate(r, rows));
  }

  async get<R extends ResourceDef>(r: R, id: number): Promise<ReadRowOf<R> | null> {
    const row = await this.selectRows(r).where(`${r.table}.${r.id}`, '=', id).executeTakeFirst();
    if (!row) return null;
    return declared(r, await this.decorate(r, [row]))[0]!;
  }

  /** Rows on the site (public), or every stored row including drafts and the trash ('all'). */
  async count(r: ResourceDef, scope: 'public' | 'all' = 'public'): Promise<number> {
    let q = groupTables(this.db)
      .selectFrom(r.table)
      .select((eb) => eb.fn.countAll().as('n'));
    if (scope === 'public') {
      // A preview counts its row in (a paged list page must reach it).
      const preview = this.lifecycle.overlayFor(r.key);
      q = q.where((eb) => {
        const visible = eb.and([eb('status', '=', 'published'), eb('deleted_at', 'is', null)]);
        return preview ? eb.or([visible, eb(r.id, '=', preview.id)]) : visible;
      });
    }
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async mustGet(r: ResourceDef, rawId: unknown): Promise<StoredRow> {
    const id = parseId(rawId);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    const row = await groupTables(this.db).selectFrom(r.table).selectAll().where(r.id, '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw new AppError(404, `${r.label} not found`);
    return row;
  }

  /** Every ref field must name an existing row; two refs that relate (a case of a category) must agree. */
  private async checkRefs(r: ResourceDef, values: Values): Promise<void> {
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.type !== 'ref' || values[name] === null || values[name] === undefined) continue;
      const ref = groupOf(f.ref!);
      const target = await groupTables(this.db).selectFrom(ref.table).selectAll().where(ref.id, '=', values[name]).where('deleted_at', 'is', null).executeTakeFirst();
      const invalid = `Selected ${f.label.toLowerCase()} is invalid`;
      if (!target) throw new AppError(400, invalid);
      for (const [other, of] of Object.entries(r.fields)) {
        if (other !== name && of.type === 'ref' && other in target && values[other] != null) {
          if (Number(target[other]) !== Number(values[other])) throw new AppError(400, invalid);
        }
      }
    }
  }

  /** The body's fields through the group's compiled input schema (content/input.ts): the values, or a 400 with the message. */
  private input(r: ResourceDef, mode: Mode, body: ParsedBody, ctx: ValidationContext, existing: Row | null): Values {
    const res = parseInput(r, mode, body.fields, ctx, existing, { html: sanitizeRichHtml });
    if (!res.ok) throw new AppError(400, res.message);
    return res.values;
  }

  private pickFile(r: ResourceDef, body: ParsedBody, name: string): TempFile | undefined {
    return name in r.files ? body.files.find((f) => f.field === name) : undefined;
  }

  /** The stored path of each new file of the write, by field. */
  private async storeNewFiles(r: ResourceDef, body: ParsedBody, written: string[], images: Map<string, ImageMeta>): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [name, def] of Object.entries(r.files)) {
      const tmp = this.pickFile(r, body, name);
      if (!tmp) continue;
      const checked = await checkUpload(tmp.tmp, def.label, def, this.limits, this.files.tmpDir);
      const { rel, meta } = await storeCheckedFile(this.files, checked, r.key.toLowerCase());
      written.push(rel);
      if (meta) images.set(rel, meta);
      out[name] = rel;
    }
    return out;
  }

  private extensionContext(body: ParsedBody, existing: Row | null, images: Map<string, ImageMeta>): ExtensionContext {
    return {
      db: this.db,
      body,
      existing,
      files: this.files,
      limits: this.limits,
      storeFile: async (tmp, label, def) => {
        const checked = await checkUpload(tmp.tmp, label, def, this.limits, this.files.tmpDir);
        const { rel, meta } = await storeCheckedFile(this.files, checked, 'speakers');
        if (meta) images.set(rel, meta);
        return rel;
      },
    };
  }

  private async removeFiles(paths: Iterable<string>): Promise<void> {
    // An image goes with its responsive variants.
    await Promise.all([...paths].map((p) => removeWithVariants(this.files, p)));
  }

  private emit(key: string, version?: number, id?: number): void {
    this.changes.emit('change', { key, version, ...(id === undefined ? {} : { id }) } satisfies ChangeEvent);
  }

  async create<R extends ResourceDef>(r: R, body: ParsedBody, opts: WriteOptions = {}): Promise<ReadRowOf<R>> {
    const status = readStatus(body.fields.status) ?? 'published';
    const ctx: ValidationContext = {
      mode: 'add',
      hasNewFile: (n) => !!this.pickFile(r, body, n),
      hasStoredFile: () => false,
    };
    const values = this.input(r, 'add', body, ctx, null);
    await this.checkRefs(r, values);
    // Rule 36 (decision 0019) is a publish check: a draft is checked when it is published.
    if (status !== 'draft') await opts.before?.(values, null);

    const written: string[] = [];
    const images = new Map<string, ImageMeta>();
    try {
      const stored = await this.storeNewFiles(r, body, written, images);
      Object.assign(values, stored, resolveAlt(r, body.fields, values, null, new Set(Object.keys(stored)), new Set()));
      const ext = extensions[r.key]?.prepare ? await extensions[r.key]!.prepare!(this.extensionContext(body, null, images)) : null;
      if (ext) written.push(...ext.written);
      let version = 0;
      const id = await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const position = await this.lifecycle.nextPosition(trx, r);
        const row = await groupTables(trx)
          .insertInto(r.table)
          .values({ ...values, status, position, created_at: now, updated_at: now })
          .returning(r.id)
          .executeTakeFirstOrThrow();
        const newId = Number(row[r.id]);
        version = await bumpContentVersion(trx);
        await ext?.apply(trx, newId);
        await saveImageMeta(trx, images, now);
        await this.lifecycle.recordRevision(trx, r, newId, status === 'draft' ? 'create draft' : 'create', opts.actor);
        return newId;
      });
      this.emit(r.key, version, id);
      return declared(r, [(await this.readRow(this.db, r, id))!])[0]!;
    } catch (err) {
      await this.removeFiles(written);
      throw err;
    }
  }

  async update<R extends ResourceDef>(r: R, body: ParsedBody, opts: WriteOptions = {}): Promise<ReadRowOf<R>> {
    // --- lifecycle: `status: draft` on a published row saves a pending draft; the live row is untouched ---
    const status = readStatus(body.fields.status);
    const live = await this.mustGet(r, body.fields[r.id]);
    const pending = status === 'draft' && live.status === 'published';
    const existing = pending ? this.lifecycle.withDraft(r, live) : live;
    const id = Number(existing[r.id]);
    const removals = new Set(
      Object.keys(r.files).filter((n) => ['1', 'true', 'yes'].includes(String(body.fields[`remove_${n}`] ?? '').toLowerCase())),
    );
    // The spec's client always sends the whole form, so the update is judged as sent: a required field that
    // is missing counts as blank and gets the spec's message (decision 0011). Only what passes is merged
    // (content/input.ts): an optional field the request leaves out keeps its stored value.
    const ctx: ValidationContext = {
      mode: 'update',
      hasNewFile: (n) => !!this.pickFile(r, body, n),
      hasStoredFile: (n) => !removals.has(n) && !!existing[n],
    };
    const values = this.input(r, 'update', body, ctx, existing);
    await this.checkRefs(r, values);
    const staysDraft = status === 'draft' || (status === undefined && live.status === 'draft');
    if (!staysDraft) await opts.before?.(values, existing);

    const written: string[] = [];
    const obsolete: string[] = [];
    const images = new Map<string, ImageMeta>();
    let version = 0;
    try {
      const newFiles = await this.storeNewFiles(r, body, written, images);
      for (const name of Object.keys(r.files)) {
        if (name in newFiles || removals.has(name)) {
          if (existing[name]) obsolete.push(String(existing[name]));
          values[name] = newFiles[name] ?? null;
        }
      }
      Object.assign(values, resolveAlt(r, body.fields, values, existing, new Set(Object.keys(newFiles)), removals));
      const ext = extensions[r.key]?.prepare ? await extensions[r.key]!.prepare!(this.extensionContext(body, existing, images)) : null;
      if (ext) written.push(...ext.written);
      if (pending) {
        await this.lifecycle.saveDraft(r, id, live, values, ext, (trx) => saveImageMeta(trx, images, nowIso()), opts.actor);
      } else {
        await this.db.transaction().execute(async (trx) => {
          const now = nowIso();
          await this.lifecycle.baseline(trx, r, id);
          const state = status === 'published' ? { status, pending_draft: null, publish_at: null } : {};
          await groupTables(trx).updateTable(r.table).set({ ...values, ...state, updated_at: now }).where(r.id, '=', id).execute();
          version = await bumpContentVersion(trx);
          await ext?.apply(trx, id);
          await saveImageMeta(trx, images, now);
          await this.lifecycle.recordRevision(trx, r, id, status === 'published' && live.status !== 'published' ? 'publish' : 'update', opts.actor);
        });
        // Publishing over a pending draft: the draft's own files are no longer needed.
        if (status === 'published') obsolete.push(...snapshotFilesOf(r, parseDraft(live.pending_draft)));
      }
      if (ext) obsolete.push(...ext.obsolete);
    } catch (err) {
      await this.removeFiles(written);
      throw err;
    }
    // Replaced files stay (privately) while a revision refers to them, so History can restore them.
    await this.lifecycle.retire(r, id, obsolete);
    if (!pending) this.emit(r.key, version, id);
    return declared(r, [(await this.readRow(this.db, r, id))!])[0]!;
  }

  /** Groups whose rows point at r (for refusing a delete that would orphan them). */
  private dependents(r: ResourceDef): { dep: ResourceDef; field: string }[] {
    return resources.flatMap((dep) =>
      Object.entries(dep.fields)
        .filter(([, f]) => f.type === 'ref' && f.ref === r.key)
        .map(([field]) => ({ dep, field })),
    );
  }

  /** The spec's delete: the row as it was stored (its columns, lifecycle ones included) goes to the trash. */
  async remove(r: ResourceDef, rawId: unknown, opts: WriteOptions = {}): Promise<StoredRow> {
    const existing = await this.mustGet(r, rawId);
    const id = Number(existing[r.id]);
    const blockers: string[] = [];
    for (const { dep, field } of this.dependents(r)) {
      const row = await groupTables(this.db)
        .selectFrom(dep.table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(field, '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const n = Number(row.n);
      if (n > 0) blockers.push(`${n} ${dep.admin.title.toLowerCase()}`);
    }
    if (blockers.length) {
      throw new AppError(
        409,
        `This ${r.label.toLowerCase()} is still used by ${blockers.join(' and ')}. Delete or move those first.`,
      );
    }
    // --- lifecycle: the row and its files go to the trash (restorable; purged after the retention) ---
    await this.lifecycle.trash(r, existing, opts.actor);
    return existing;
  }

  // --- The spec's special reads -------------------------------------------------------------

  async recentAbout(): Promise<ReadRowOf<typeof about> | null> {
    const r = about;
    const row = await this.selectRows(r).orderBy(`${r.table}.${r.id}`, 'desc').limit(1).executeTakeFirst();
    return row ? declared(r, await this.decorate(r, [row]))[0]! : null;
  }

  async casesByCategory(categoryId: number): Promise<ReadRowOf<typeof cases>[]> {
    return this.listWhere(cases, 'case_category_id', categoryId);
  }

  async caseDetailsByCase(caseId: number): Promise<ReadRowOf<typeof caseDetails>[]> {
    return this.listWhere(caseDetails, 'case_id', caseId);
  }

  async getByKey(key: ResourceKey, id: number): Promise<Row | null> {
    return this.get<ResourceDef>(resourceByKey[key], id);
  }

  /** Row counts of every group, for the dashboard. */
  async counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const r of resources) out[r.key] = await this.count(r);
    return out;
  }
}

export { resources, resourceByKey };
export type { Store };
