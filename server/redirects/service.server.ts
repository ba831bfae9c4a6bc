import type { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type { ResourceDef } from '../../content/kit';
import STATIC_PAGES from '../../content/rules/public-pages.json';
import { bumpContentVersion } from '../cluster/version';
import { pageOf, pageWithSlug } from '../../content/kit';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../../content/locales';
import type { ChangeEvent, Row, RowWriteHook } from '../content/service';
import type { Database } from '../database';
import { groupTables } from '../content/group-tables';
import { AppError } from '../lib/errors';
import { parseCsv } from '../consultations/csv.server';
import { parseSource, parseTarget, pathKey, requestKeys, targetKey } from './paths';

/** At most this many redirects (each is one entry of the in-memory map of every instance). */
export const MAX_REDIRECTS = 20_000;
/** At most this many lines in one CSV import. */
export const MAX_IMPORT_LINES = 5000;

export type RedirectRow = Database['redirects'] extends infer T ? { [K in keyof T]: K extends 'redirect_id' ? number : T[K] } : never;

export interface RedirectInput {
  redirect_id?: number;
  from: string;
  to: string;
  status_code: 301 | 302;
  note?: string;
}

export interface Found {
  location: string;
  status: number;
}

const STATIC = new Set<string>(STATIC_PAGES);
/** The `settings` key marking that the rows live before redirects existed have their addresses recorded. */
const PATHS_RECORDED = 'redirects:paths-recorded';

/**
 * The address a row's page has of its own (decision 0057): its public path, unless that is a list page (an
 * FAQ is seen on /faqs) or is made from another row (a case's details are seen on the case's page), which a
 * change of this row must never redirect.
 */
export function ownPath(r: ResourceDef, row: Row): string | null {
  const p = pageOf(r, row);
  if (STATIC.has(p)) return null;
  const refs = Object.entries(r.fields).filter(([, f]) => f.type === 'ref');
  if (refs.length && pageOf(r, { ...row, ...Object.fromEntries(refs.map(([n]) => [n, -1])) }) !== p) return null;
  return p;
}

const isLive = (row: Row | undefined): row is Row => !!row && row.status === 'published' && (row.deleted_at === null || row.deleted_at === undefined);

/**
 * Redirects (decision 0057): old addresses answer 301 (or 302) to their current one in one hop. Rows are
 * written by renames (inside the content write's transaction, through the row-write hook) and by the
 * administrator; every target is final, because chains are collapsed when a redirect is written. Requests
 * look the address up in an in-memory map, read again whenever the shared content version moves (a write
 * here, or another instance's write seen by the poll), so a lookup is one Map read and a cached page never
 * waits for one: only an address that is not in the page cache reaches the lookup.
 */
export class RedirectService {
  private map = new Map<string, { target: string; status: number }>();
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ownOrigin: string,
    private readonly changes: EventEmitter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reads the redirects into memory again (reads queue behind one another, so the last one wins). */
  reload(): Promise<void> {
    const next = (this.loading ?? Promise.resolve()).then(() => this.read());
    const p: Promise<void> = next.finally(() => {
      if (this.loading === p) this.loading = null;
    });
    this.loading = p;
    return p;
  }

  /** Resolves once a reload under way (after a write) has finished. */
  async ready(): Promise<void> {
    while (this.loading) await this.loading;
  }

  private async read(): Promise<void> {
    const rows = await this.db.selectFrom('redirects').select(['from_key', 'to_target', 'status_code']).limit(MAX_REDIRECTS).execute();
    const map = new Map<string, { target: string; status: number }>();
    for (const r of rows) map.set(r.from_key, { target: r.to_target, status: Number(r.status_code) });
    this.map = map;
  }

  /** Where a request URL (path and query) redirects to, or null. The request's query follows a path target. */
  lookup(url: string): Found | null {
    if (this.map.size === 0) return null;
    const keys = requestKeys(url);
    for (const [i, key] of keys.entries()) {
      const hit = this.map.get(key);
      if (!hit) continue;
      const q = url.indexOf('?');
      // The query was not part of the match (i = 1, or none): it goes with the visitor to a path target.
      const carry = q >= 0 && (i === 1 || keys.length === 1) && hit.target.startsWith('/') && !hit.target.includes('?') && !hit.target.includes('#');
      return { location: carry ? hit.target + url.slice(q) : hit.target, status: hit.status };
    }
    return null;
  }

  /** Whether an address redirects (the sitemap leaves such addresses out). */
  redirects(path: string): boolean {
    return this.map.has(pathKey(path));
  }

  /**
   * The row-write hook: when a live row's own address changed, the old one redirects to the new one, every
   * redirect to the old one is pointed at the new one (one hop, however many renames), and a redirect from
   * the new address is deleted (a rename back: the page is live there again, no loop).
   */
  readonly onRowWrite: RowWriteHook = async (trx, r, id) => {
    const row = await groupTables(trx).selectFrom(r.table).selectAll().where(r.id, '=', id).executeTakeFirst();
    if (!isLive(row)) return;
    const path = ownPath(r, row);
    if (!path) return;
    const key = pathKey(path);
    const stored = await trx.selectFrom('public_paths').select('path').where('resource', '=', r.key).where('record_id', '=', id).executeTakeFirst();
    const moved = stored && stored.path !== path && pathKey(stored.path) !== key && !(await this.claimedByAnother(trx, r, id, stored.path));
    await this.addressMoved(trx, moved ? stored.path : null, path, `${r.label} renamed`);
    if (moved) await this.localesMoved(trx, r, row, id, stored.path);
    if (!stored) {
      await trx
        .insertInto('public_paths')
        .values({ resource: r.key, record_id: id, path })
        .onConflict((oc) => oc.columns(['resource', 'record_id']).doUpdateSet({ path }))
        .execute();
    }
    else if (stored.path !== path) await trx.updateTable('public_paths').set({ path }).where('resource', '=', r.key).where('record_id', '=', id).execute();
  };

  /**
   * A page's address is now `to`, in the caller's transaction (a renamed row; a translation's new slug, decision
   * 0082). With `from` (its old address): every redirect to `from` is pointed at `to` and `from` redirects there,
   * one hop however many renames. Either way nothing redirects away from `to`, the live address (this also drops
   * the self-redirect a rename back leaves). The caller moves the content version, so every instance reloads.
   */
  async addressMoved(trx: Kysely<Database>, from: string | null, to: string, note: string): Promise<void> {
    const key = pathKey(to);
    const now = this.now().toISOString();
    if (from !== null && pathKey(from) !== key) {
      const oldKey = pathKey(from);
      await trx.updateTable('redirects').set({ to_target: to, to_key: key, updated_at: now }).where('to_key', '=', oldKey).execute();
      await trx
        .insertInto('redirects')
        .values({ from_path: from, from_key: oldKey, to_target: to, to_key: key, status_code: 301, kind: 'auto', note, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('from_key').doUpdateSet({ to_target: to, to_key: key, status_code: 301, kind: 'auto', updated_at: now }))
        .execute();
    }
    await trx.deleteFrom('redirects').where('from_key', '=', key).execute();
  }

  /**
   * An English rename in the other locales (decision 0090): the row's old address under /ml/, /hi/… answers 301
   * to its address there now, in one hop. That is the locale's prefix on the new English address, or the page of
   * the row's live translation's own slug (decision 0082), which the old English slug there led to as well; an
   * old address that is another row's own address in that locale is left to that row.
   */
  private async localesMoved(trx: Kysely<Database>, r: ResourceDef, row: Row, id: number, from: string): Promise<void> {
    const slugs = r.site.slug;
    const own = slugs
      ? await trx
          .selectFrom('content_translations')
          .select(['record_id', 'locale', 'slug'])
          .where('resource', '=', r.key)
          .where('status', '=', 'published')
          .where('slug', 'is not', null)
          .execute()
      : [];
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue;
      const taken = own.some((t) => t.locale === locale && Number(t.record_id) !== id && slugs!.page(t.slug!) === from);
      if (taken) continue;
      const slug = own.find((t) => t.locale === locale && Number(t.record_id) === id)?.slug;
      const to = pageWithSlug(r, row, slug) ?? ownPath(r, row);
      if (to) await this.addressMoved(trx, localizedPath(locale, from), localizedPath(locale, to), `${r.label} renamed (${locale})`);
    }
  }

  /** Another live row of the group has that address too (two events of one title): it must keep its page. */
  private async claimedByAnother(trx: Kysely<Database>, r: ResourceDef, id: number, path: string): Promise<boolean> {
    const others = await trx.selectFrom('public_paths').select('record_id').where('resource', '=', r.key).where('path', '=', path).where('record_id', '!=', id).execute();
    if (!others.length) return false;
    const rows = await groupTables(trx)
      .selectFrom(r.table)
      .selectAll()
      .where(
        r.id,
        'in',
        others.map((o) => Number(o.record_id)),
      )
      .execute();
    return rows.some((o) => isLive(o) && ownPath(r, o) === path);
  }

  /**
   * Addresses of rows that were live before redirects existed: recorded at the first start with this code
   * (a marker row in `settings` says it was done; later writes record theirs through the hook).
   */
  async recordMissingPaths(groups: readonly ResourceDef[]): Promise<void> {
    const marker = await this.db.selectFrom('settings').select('key').where('key', '=', PATHS_RECORDED).executeTakeFirst();
    if (marker) return;
    for (const r of groups) {
      const known = new Set(
        (await this.db.selectFrom('public_paths').select('record_id').where('resource', '=', r.key).execute()).map((x) => Number(x.record_id)),
      );
      const rows = await groupTables(this.db).selectFrom(r.table).selectAll().where('status', '=', 'published').where('deleted_at', 'is', null).execute();
      const missing = rows
        .filter((row) => !known.has(Number(row[r.id])))
        .flatMap((row) => {
          const path = ownPath(r, row);
          return path ? [{ resource: r.key, record_id: Number(row[r.id]), path }] : [];
        });
      for (let i = 0; i < missing.length; i += 200) {
        await this.db
          .insertInto('public_paths')
          .values(missing.slice(i, i + 200))
          .onConflict((oc) => oc.columns(['resource', 'record_id']).doNothing())
          .execute();
      }
    }
    await this.db
      .insertInto('settings')
      .values({ key: PATHS_RECORDED, value: '1', updated_at: this.now().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  async list(opts: { page?: number; size: number; q?: string }): Promise<{ rows: RedirectRow[]; total: number }> {
    let where = this.db.selectFrom('redirects');
    if (opts.q) {
      const like = `%${opts.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where = where.where((eb) =>
        eb.or([eb(eb.fn('lower', ['from_path']), 'like', eb.val(like)), eb(eb.fn('lower', ['to_target']), 'like', eb.val(like))]),
      );
    }
    const size = opts.page ? opts.size : MAX_REDIRECTS;
    const page = opts.page ?? 1;
    const [rows, count] = await Promise.all([
      where.selectAll().orderBy('updated_at', 'desc').orderBy('redirect_id', 'desc').limit(size).offset((page - 1) * size).execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(view), total: Number(count.n) };
  }

  /** Adds or edits a manual redirect; chains are collapsed, loops refused. */
  async save(input: RedirectInput): Promise<{ redirect: RedirectRow; message: string }> {
    const out = await this.write(async (trx) => this.apply(trx, input));
    return out;
  }

  async remove(id: number): Promise<RedirectRow> {
    return this.write(async (trx) => {
      const row = await trx.selectFrom('redirects').selectAll().where('redirect_id', '=', id).executeTakeFirst();
      if (!row) throw new AppError(404, 'Redirect not found');
      await trx.deleteFrom('redirects').where('redirect_id', '=', id).execute();
      return view(row);
    });
  }

  /**
   * A CSV of old and new addresses (`from,to[,status]`, a header row optional): each good line is saved, each
   * bad one is reported with its line number and the reason; nothing of a bad line is stored.
   */
  async importCsv(csv: string): Promise<{ imported: number; errors: { line: number; message: string }[] }> {
    const rows = parseCsv(csv);
    const lines = rows.map((cells, i) => ({ line: i + 1, cells })).filter((l) => l.cells.some((c) => c.trim() !== ''));
    if (!lines.length) throw new AppError(400, 'The CSV has no lines. Give one redirect a line: old address, new address, and optionally 301 or 302.');
    const first = lines[0]!.cells.map((c) => c.trim().toLowerCase());
    const header = !(first[0] ?? '').startsWith('/') && !/^https?:\/\//.test(first[0] ?? '');
    const body = header ? lines.slice(1) : lines;
    if (body.length > MAX_IMPORT_LINES) throw new AppError(400, `Import at most ${MAX_IMPORT_LINES} redirects at a time.`);
    const errors: { line: number; message: string }[] = [];
    let imported = 0;
    await this.write(async (trx) => {
      for (const { line, cells } of body) {
        const [from = '', to = '', code = ''] = cells.map((c) => c.trim());
        const status = code === '' ? 301 : Number(code);
        if (status !== 301 && status !== 302) {
          errors.push({ line, message: `The status must be 301 or 302 (got "${code}").` });
          continue;
        }
        try {
          await this.apply(trx, { from, to, status_code: status });
          imported++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push({ line, message: err.message });
        }
      }
    });
    return { imported, errors };
  }

  /** Runs a write in a transaction that moves the content version (every instance reloads), then reloads here. */
  private async write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    let version = 0;
    const out = await this.db.transaction().execute(async (trx) => {
      // First: on PostgreSQL the version row's lock makes writers of redirects (and renames) take turns.
      version = await bumpContentVersion(trx);
      return fn(trx);
    });
    await this.reload();
    this.changes.emit('change', { key: 'redirects', version } satisfies ChangeEvent);
    return out;
  }

  /** Checks one redirect (nothing is written before every check passed), then stores it. */
  private async apply(trx: Transaction<Database>, input: RedirectInput): Promise<{ redirect: RedirectRow; message: string }> {
    const src = parseSource(input.from);
    if (!src.ok) throw new AppError(400, src.message);
    const tgt = parseTarget(input.to, this.ownOrigin);
    if (!tgt.ok) throw new AppError(400, tgt.message);
    const fromKey = pathKey(src.value);
    let target = tgt.value;
    let toKey = targetKey(target);
    if (toKey === fromKey) throw new AppError(400, `A redirect cannot lead to the address it starts from (${src.value}).`);
    const notes: string[] = [];
    const editing = input.redirect_id;
    if (editing !== undefined) {
      const own = await trx.selectFrom('redirects').select('redirect_id').where('redirect_id', '=', editing).executeTakeFirst();
      if (!own) throw new AppError(404, 'Redirect not found');
    }
    // Chain ahead: the target itself redirects. Point straight at its (final) target instead.
    if (toKey) {
      const next = await trx.selectFrom('redirects').selectAll().where('from_key', '=', toKey).executeTakeFirst();
      if (next && next.redirect_id !== editing) {
        if (next.to_key === fromKey) throw new AppError(409, `This would make a loop: ${next.from_path} already redirects to ${src.value}.`);
        notes.push(`${target} already redirects to ${next.to_target}, so this redirect points straight there.`);
        target = next.to_target;
        toKey = next.to_key;
      }
    }
    // Chain behind: redirects that lead to this source now lead to the final target.
    let incoming = await trx.selectFrom('redirects').selectAll().where('to_key', '=', fromKey).execute();
    if (editing !== undefined) incoming = incoming.filter((i) => i.redirect_id !== editing);
    const looping = incoming.find((i) => i.from_key === toKey);
    if (looping) throw new AppError(409, `This would make a loop: ${looping.from_path} redirects to ${src.value}.`);
    const sameSource = await trx.selectFrom('redirects').select(['redirect_id', 'kind']).where('from_key', '=', fromKey).executeTakeFirst();
    if (editing !== undefined && sameSource && sameSource.redirect_id !== editing) {
      throw new AppError(409, `A redirect from ${src.value} already exists. Edit that one instead.`);
    }
    if (editing === undefined && !sameSource) {
      const n = await trx.selectFrom('redirects').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      if (Number(n.n) >= MAX_REDIRECTS) throw new AppError(400, `The site already has ${MAX_REDIRECTS} redirects, the most it keeps.`);
    }
    const now = this.now().toISOString();
    if (incoming.length) {
      await trx.updateTable('redirects').set({ to_target: target, to_key: toKey, updated_at: now }).where('to_key', '=', fromKey).where('redirect_id', '!=', editing ?? -1).execute();
      notes.push(`${incoming.length === 1 ? `The redirect from ${incoming[0]!.from_path}` : `${incoming.length} redirects`} to ${src.value} now ${incoming.length === 1 ? 'leads' : 'lead'} straight to ${target}.`);
    }
    const values = { from_path: src.value, from_key: fromKey, to_target: target, to_key: toKey, status_code: input.status_code, kind: 'manual' as const, note: input.note?.trim() || null, updated_at: now };
    const id = editing ?? sameSource?.redirect_id;
    let saved;
    if (id !== undefined) {
      await trx.updateTable('redirects').set(values).where('redirect_id', '=', id).execute();
      saved = await trx.selectFrom('redirects').selectAll().where('redirect_id', '=', id).executeTakeFirstOrThrow();
    } else {
      saved = await trx.insertInto('redirects').values({ ...values, created_at: now }).returningAll().executeTakeFirstOrThrow();
    }
    const message = [`Redirect saved: ${src.value} → ${target} (${input.status_code}).`, ...notes].join(' ');
    return { redirect: view(saved), message };
  }
}

function view(row: Database['redirects'] extends infer T ? { [K in keyof T]: unknown } : never): RedirectRow {
  return {
    redirect_id: Number(row.redirect_id),
    from_path: String(row.from_path),
    from_key: String(row.from_key),
    to_target: String(row.to_target),
    to_key: row.to_key === null ? null : String(row.to_key),
    status_code: Number(row.status_code),
    kind: row.kind === 'auto' ? 'auto' : 'manual',
    note: row.note === null ? null : String(row.note),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}
