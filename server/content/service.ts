import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type { ResourceDef, ResourceKey, ValidationContext } from '../../content/kit';
import { resourceByKey, resources } from '../../content/resources/index';
import { bumpContentVersion } from '../cluster/version';
import { nowIso, type Store } from '../db/index';
import { isImagePath, type ImageMetaMap } from '../../content/rules/image-variants';
import { checkUpload, storeCheckedFile, type UploadLimits } from '../files/check';
import type { ParsedBody, TempFile } from '../files/multipart';
import type { FileStore } from '../files/store';
import { deleteImageMeta, loadImageMeta, removeWithVariants, saveImageMeta, type ImageMeta } from '../files/variants';
import { AppError } from '../lib/errors';
import { coerceValues, parseId } from './coerce';
import { extensions } from './extensions';

export type Row = Record<string, unknown>;

/** What a write extension (event speakers, …) does beside the main row. */
export interface ExtensionPlan {
  apply(trx: Transaction<any>, id: number): Promise<void>;
  /** Files this write stored (removed again if the write fails). */
  written: string[];
  /** Files that are no longer referenced once the write commits. */
  obsolete: string[];
}

export interface Extension {
  /** Adds derived data to rows read from the database (in place). */
  decorate?(db: Kysely<any>, rows: Row[]): Promise<void>;
  /** Reads and checks the extension's part of a write; stores its files. */
  prepare?(ctx: ExtensionContext): Promise<ExtensionPlan>;
  /** Files owned by a row through the extension (removed with the row). */
  ownedFiles?(db: Kysely<any>, id: number): Promise<string[]>;
}

export interface ExtensionContext {
  db: Kysely<any>;
  body: ParsedBody;
  existing: Row | null;
  files: FileStore;
  limits: UploadLimits;
  storeFile(tmp: TempFile, label: string, def: { kind: 'image' }): Promise<string>;
}

/**
 * Runs after a write's values are validated and before anything is stored (the Rule 36 publish check):
 * it may refuse the write by throwing. `existing` is the stored row of an update.
 */
export type BeforeWrite = (values: Row, existing: Row | null) => Promise<void>;

/** Emitted after every committed content write: { key } (used to invalidate rendered pages). */
/** version: the shared content version the write committed (decision 0020), when it bumped one. */
export type ChangeEvent = { key: ResourceKey | 'settings' | string; version?: number };

export class ContentService {
  readonly changes = new EventEmitter();

  constructor(
    private readonly store: Store,
    private readonly files: FileStore,
    private readonly limits: UploadLimits,
  ) {}

  get db(): Kysely<any> {
    return this.store.db;
  }

  private selectRows(r: ResourceDef) {
    let q = this.db.selectFrom(r.table).selectAll(r.table);
    for (const [i, j] of (r.joins ?? []).entries()) {
      const ref = resourceByKey[j.ref];
      const alias = `j${i}`;
      q = q
        .leftJoin(`${ref.table} as ${alias}`, `${alias}.${ref.id}`, `${r.table}.${j.via}`)
        .select(j.columns.map((c) => `${alias}.${c}`)) as typeof q;
    }
    return q;
  }

  private async decorate(r: ResourceDef, rows: Row[]): Promise<Row[]> {
    for (const row of rows) {
      row[r.id] = Number(row[r.id]);
      for (const [name, f] of Object.entries(r.fields)) {
        if ((f.type === 'ref' || f.type === 'int') && row[name] !== null && row[name] !== undefined) row[name] = Number(row[name]);
      }
    }
    await extensions[r.key]?.decorate?.(this.db, rows);
    await this.attachImageMeta(r, rows);
    return rows;
  }

  /**
   * Rows of groups with images carry `image_meta` (stored path → width, height, variant widths), so
   * public pages can give each image its size and a srcset (decision 0005). The spec's keys are untouched.
   */
  private async attachImageMeta(r: ResourceDef, rows: Row[]): Promise<void> {
    const fields = Object.entries(r.files)
      .filter(([, d]) => d.kind !== 'document')
      .map(([n]) => n);
    const speakers = r.key === 'event';
    if ((!fields.length && !speakers) || !rows.length) return;
    const pathsOf = (row: Row): string[] =>
      [...fields.map((n) => row[n]), ...(speakers && Array.isArray(row.speakers) ? (row.speakers as Row[]).map((sp) => sp.image) : [])].filter(
        (p): p is string => typeof p === 'string' && isImagePath(p),
      );
    const meta = await loadImageMeta(this.db, rows.flatMap(pathsOf));
    for (const row of rows) {
      const own: ImageMetaMap = {};
      for (const p of pathsOf(row)) {
        const m = meta.get(p);
        if (m) own[p] = m;
      }
      row.image_meta = own;
    }
  }

  async list(r: ResourceDef): Promise<Row[]> {
    const rows = await this.selectRows(r).orderBy(`${r.table}.${r.id}`, r.order).execute();
    return this.decorate(r, rows as Row[]);
  }

  /** One page of the list (page 1 first, in list order) and the number of rows in all. */
  async listPage(r: ResourceDef, page: number, perPage: number): Promise<{ rows: Row[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.selectRows(r)
        .orderBy(`${r.table}.${r.id}`, r.order)
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.count(r),
    ]);
    return { rows: await this.decorate(r, rows as Row[]), total };
  }

  async listWhere(r: ResourceDef, column: string, value: unknown): Promise<Row[]> {
    const rows = await this.selectRows(r)
      .where(`${r.table}.${column}`, '=', value)
      .orderBy(`${r.table}.${r.id}`, r.order)
      .execute();
    return this.decorate(r, rows as Row[]);
  }

  async get(r: ResourceDef, id: number): Promise<Row | null> {
    const row = await this.selectRows(r).where(`${r.table}.${r.id}`, '=', id).executeTakeFirst();
    if (!row) return null;
    return (await this.decorate(r, [row as Row]))[0]!;
  }

  async count(r: ResourceDef): Promise<number> {
    const row = await this.db.selectFrom(r.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async mustGet(r: ResourceDef, rawId: unknown): Promise<Row> {
    const id = parseId(rawId);
    if (id === null) throw new AppError(400, r.missingIdMessage);
    const row = await this.db.selectFrom(r.table).selectAll().where(r.id, '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, `${r.label} not found`);
    return row as Row;
  }

  /** Every ref field must name an existing row; two refs that relate (a case of a category) must agree. */
  private async checkRefs(r: ResourceDef, values: Row): Promise<void> {
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.type !== 'ref' || values[name] === null || values[name] === undefined) continue;
      const ref = resourceByKey[f.ref!];
      const target = await this.db.selectFrom(ref.table).selectAll().where(ref.id, '=', values[name]).executeTakeFirst();
      const invalid = `Selected ${f.label.toLowerCase()} is invalid`;
      if (!target) throw new AppError(400, invalid);
      for (const [other, of] of Object.entries(r.fields)) {
        if (other !== name && of.type === 'ref' && other in target && values[other] != null) {
          if (Number(target[other]) !== Number(values[other])) throw new AppError(400, invalid);
        }
      }
    }
  }

  private pickFile(r: ResourceDef, body: ParsedBody, name: string): TempFile | undefined {
    return name in r.files ? body.files.find((f) => f.field === name) : undefined;
  }

  private async storeNewFiles(r: ResourceDef, body: ParsedBody, written: string[], images: Map<string, ImageMeta>): Promise<Row> {
    const out: Row = {};
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

  private emit(key: string, version?: number): void {
    this.changes.emit('change', { key, version } satisfies ChangeEvent);
  }

  async create(r: ResourceDef, body: ParsedBody, before?: BeforeWrite): Promise<Row> {
    const values = coerceValues(r, body.fields);
    const ctx: ValidationContext = {
      mode: 'add',
      hasNewFile: (n) => !!this.pickFile(r, body, n),
      hasStoredFile: () => false,
    };
    const message = r.validate(values, ctx);
    if (message) throw new AppError(400, message);
    await this.checkRefs(r, values);
    await before?.(values, null);

    const written: string[] = [];
    const images = new Map<string, ImageMeta>();
    try {
      Object.assign(values, await this.storeNewFiles(r, body, written, images));
      const ext = extensions[r.key]?.prepare ? await extensions[r.key]!.prepare!(this.extensionContext(body, null, images)) : null;
      if (ext) written.push(...ext.written);
      let version = 0;
      const id = await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto(r.table)
          .values({ ...values, created_at: now, updated_at: now })
          .returning(r.id)
          .executeTakeFirstOrThrow();
        const newId = Number(row[r.id]);
        version = await bumpContentVersion(trx);
        await ext?.apply(trx, newId);
        await saveImageMeta(trx, images, now);
        return newId;
      });
      this.emit(r.key, version);
      return (await this.get(r, id))!;
    } catch (err) {
      await this.removeFiles(written);
      throw err;
    }
  }

  async update(r: ResourceDef, body: ParsedBody, before?: BeforeWrite): Promise<Row> {
    const existing = await this.mustGet(r, body.fields[r.id]);
    const id = Number(existing[r.id]);
    const removals = new Set(
      Object.keys(r.files).filter((n) => ['1', 'true', 'yes'].includes(String(body.fields[`remove_${n}`] ?? '').toLowerCase())),
    );
    // The spec's client always sends the whole form, so the update is judged as sent: a required field that
    // is missing counts as blank and gets the spec's message (decision 0011). Only what passes is merged:
    // an optional field the request leaves out keeps its stored value.
    const sent = coerceValues(r, body.fields);
    const ctx: ValidationContext = {
      mode: 'update',
      hasNewFile: (n) => !!this.pickFile(r, body, n),
      hasStoredFile: (n) => !removals.has(n) && !!existing[n],
    };
    const message = r.validate(sent, ctx);
    if (message) throw new AppError(400, message);
    const values: Row = {};
    for (const name of Object.keys(r.fields)) values[name] = name in body.fields ? sent[name] : (existing[name] ?? null);
    await this.checkRefs(r, values);
    await before?.(values, existing);

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
      const ext = extensions[r.key]?.prepare ? await extensions[r.key]!.prepare!(this.extensionContext(body, existing, images)) : null;
      if (ext) written.push(...ext.written);
      await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        await trx.updateTable(r.table).set({ ...values, updated_at: now }).where(r.id, '=', id).execute();
        version = await bumpContentVersion(trx);
        await ext?.apply(trx, id);
        await deleteImageMeta(trx, [...obsolete, ...(ext?.obsolete ?? [])]);
        await saveImageMeta(trx, images, now);
      });
      if (ext) obsolete.push(...ext.obsolete);
    } catch (err) {
      await this.removeFiles(written);
      throw err;
    }
    await this.removeFiles(obsolete);
    this.emit(r.key, version);
    return (await this.get(r, id))!;
  }

  /** Groups whose rows point at r (for refusing a delete that would orphan them). */
  private dependents(r: ResourceDef): { dep: ResourceDef; field: string }[] {
    return resources.flatMap((dep) =>
      Object.entries(dep.fields)
        .filter(([, f]) => f.type === 'ref' && f.ref === r.key)
        .map(([field]) => ({ dep, field })),
    );
  }

  async remove(r: ResourceDef, rawId: unknown): Promise<Row> {
    const existing = await this.mustGet(r, rawId);
    const id = Number(existing[r.id]);
    const blockers: string[] = [];
    for (const { dep, field } of this.dependents(r)) {
      const row = await this.db
        .selectFrom(dep.table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(field, '=', id)
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
    const owned = (await extensions[r.key]?.ownedFiles?.(this.db, id)) ?? [];
    const files = [...Object.keys(r.files).map((n) => existing[n]).filter(Boolean).map(String), ...owned];
    let version = 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom(r.table).where(r.id, '=', id).execute();
      version = await bumpContentVersion(trx);
      await deleteImageMeta(trx, files);
    });
    await this.removeFiles(files);
    this.emit(r.key, version);
    return existing;
  }

  // --- The spec's special reads -------------------------------------------------------------

  async recentAbout(): Promise<Row | null> {
    const r = resourceByKey.about;
    const row = await this.db.selectFrom(r.table).selectAll().orderBy(r.id, 'desc').limit(1).executeTakeFirst();
    return row ? (await this.decorate(r, [row as Row]))[0]! : null;
  }

  async casesByCategory(categoryId: number): Promise<Row[]> {
    return this.listWhere(resourceByKey.cases, 'case_category_id', categoryId);
  }

  async caseDetailsByCase(caseId: number): Promise<Row[]> {
    return this.listWhere(resourceByKey.caseDetails, 'case_id', caseId);
  }

  async getByKey(key: ResourceKey, id: number): Promise<Row | null> {
    return this.get(resourceByKey[key], id);
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
