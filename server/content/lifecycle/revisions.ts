/**
 * Revisions (decision 0015): every change of a row is recorded with who made it and what changed; the
 * newest REVISIONS_KEPT are kept; files only old revisions use wait in the retired area; a revision can be
 * made the current content again.
 */
import type { ResourceDef } from '../../../content/kit';
import { groupOf } from '../../../content/resources/index';
import { allVariantPaths } from '../../../content/rules/image-variants';
import { bumpContentVersion } from '../../cluster/version';
import { AppError } from '../../lib/errors';
import type { Row } from '../types';
import type { DbOrTrx } from '../../database';
import type { LifecycleCore } from './core';
import { moveMeta, moveWithVariants, RETIRED_PREFIX } from './files';
import { applySnapshot, changedFields, parseDraft, snapshotFiles, snapshotOf, type Snapshot } from './snapshot';
import { groupTables } from '../group-tables';

export const REVISIONS_KEPT = 50;

async function lastSnapshot(db: DbOrTrx, r: ResourceDef, id: number): Promise<Snapshot | null | undefined> {
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
export async function baseline(core: LifecycleCore, db: DbOrTrx, r: ResourceDef, id: number): Promise<void> {
  if ((await lastSnapshot(db, r, id)) !== undefined) return;
  const row = await core.content.readRow(db, r, id);
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
      created_at: String(row.updated_at ?? row.created_at ?? core.now()),
    })
    .execute();
}

/** Records a revision of the row's current content (or of `snap`, a pending draft) and prunes old ones. */
export async function recordRevision(
  core: LifecycleCore,
  db: DbOrTrx,
  r: ResourceDef,
  id: number,
  action: string,
  actor: string | undefined,
  snap?: Snapshot,
): Promise<void> {
  // Every write that changes a row records a revision in its transaction: the row-write hooks run there too.
  for (const hook of core.content.rowWriteHooks) await hook(db, r, id);
  let snapshot = snap;
  if (!snapshot) {
    const row = await core.content.readRow(db, r, id);
    if (!row) return;
    snapshot = snapshotOf(r, row);
  }
  const before = await lastSnapshot(db, r, id);
  await db
    .insertInto('content_revisions')
    .values({
      resource: r.key,
      record_id: id,
      action,
      snapshot: JSON.stringify(snapshot),
      changed: JSON.stringify(changedFields(r, before ?? null, snapshot)),
      admin_email: actor ?? null,
      created_at: core.now(),
    })
    .execute();
}

/** Keeps the newest REVISIONS_KEPT revisions of a row; files only the dropped ones used are removed. */
export async function prune(core: LifecycleCore, r: ResourceDef, id: number): Promise<void> {
  const all = await core.db
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
  const row = await core.raw(r, id, 'any').catch(() => null);
  if (row) {
    const current = await core.content.readRow(core.db, r, id);
    for (const f of snapshotFiles(r, current ? snapshotOf(r, current) : null)) keep.add(f);
    for (const f of snapshotFiles(r, parseDraft(row.pending_draft))) keep.add(f);
  }
  const ids = dropped.map((d) => Number(d.revision_id));
  for (let i = 0; i < ids.length; i += 500) {
    await core.db.deleteFrom('content_revisions').where('revision_id', 'in', ids.slice(i, i + 500)).execute();
  }
  const gone = new Set(dropped.flatMap((d) => snapshotFiles(r, parseDraft(d.snapshot))).filter((f) => !keep.has(f)));
  for (const f of gone) {
    await Promise.all([f, ...allVariantPaths(f)].map((p) => core.files.remove(RETIRED_PREFIX + p).catch(() => undefined)));
  }
}

export async function listRevisions(core: LifecycleCore, r: ResourceDef, id: number): Promise<Row[]> {
  await core.raw(r, id, 'any');
  const rows = await core.db
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
async function unretire(core: LifecycleCore, r: ResourceDef, snap: Snapshot): Promise<void> {
  for (const f of snapshotFiles(r, snap)) {
    if (await core.files.open(f)) continue;
    if (await moveWithVariants(core.files, f, RETIRED_PREFIX, '')) await moveMeta(core.db, [f], RETIRED_PREFIX, '');
  }
}

/** Files no longer used by the row: kept privately while a revision refers to them. */
export async function retire(core: LifecycleCore, r: ResourceDef, id: number, paths: Iterable<string>): Promise<void> {
  const list = [...new Set(paths)].filter(Boolean);
  if (!list.length) return;
  const row = await core.raw(r, id, 'any').catch(() => null);
  const inUse = new Set<string>();
  if (row) {
    const current = await core.content.readRow(core.db, r, id);
    for (const f of snapshotFiles(r, current ? snapshotOf(r, current) : null)) inUse.add(f);
    for (const f of snapshotFiles(r, parseDraft(row.pending_draft))) inUse.add(f);
  }
  for (const f of list) {
    if (inUse.has(f)) continue;
    await moveWithVariants(core.files, f, '', RETIRED_PREFIX);
    await moveMeta(core.db, [f], '', RETIRED_PREFIX);
  }
  await prune(core, r, id);
}

export async function restoreRevision(core: LifecycleCore, r: ResourceDef, id: number, revisionId: number, actor?: string): Promise<Row> {
  const live = await core.raw(r, id);
  const rev = await core.db
    .selectFrom('content_revisions')
    .select('snapshot')
    .where('revision_id', '=', revisionId)
    .where('resource', '=', r.key)
    .where('record_id', '=', id)
    .executeTakeFirst();
  const snap = rev ? parseDraft(rev.snapshot) : null;
  if (!snap) throw new AppError(404, 'Revision not found');
  await checkRefsOf(core, r, snap);
  const before = await core.content.readRow(core.db, r, id);
  const oldFiles = [...snapshotFiles(r, before ? snapshotOf(r, before) : null), ...snapshotFiles(r, parseDraft(live.pending_draft))];
  await unretire(core, r, snap);
  const now = core.now();
  await core.db.transaction().execute(async (trx) => {
    await baseline(core, trx, r, id);
    await applySnapshot(trx, r, id, snap, now);
    await groupTables(trx).updateTable(r.table).set({ pending_draft: null }).where(r.id, '=', id).execute();
    await bumpContentVersion(trx);
    await recordRevision(core, trx, r, id, 'restore', actor);
  });
  await retire(core, r, id, oldFiles);
  core.content.notifyChange(r.key, id);
  return (await core.content.readRow(core.db, r, id))!;
}

/** A snapshot may name rows that are gone since (a deleted category): refused with the usual message. */
export async function checkRefsOf(core: LifecycleCore, r: ResourceDef, snap: Snapshot): Promise<void> {
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.type !== 'ref' || snap[name] === null || snap[name] === undefined) continue;
    const ref = groupOf(f.ref!);
    const target = await groupTables(core.db).selectFrom(ref.table).select(ref.id).where(ref.id, '=', Number(snap[name])).where('deleted_at', 'is', null).executeTakeFirst();
    if (!target) throw new AppError(409, `The ${f.label.toLowerCase()} of that version no longer exists. Restore it first or choose another.`);
  }
}
