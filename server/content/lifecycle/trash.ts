/**
 * The trash (decision 0015): the spec's delete moves a row and its files there, off every public read at
 * once; it can be restored, or deleted forever with every file it or its revisions used.
 */
import type { ResourceDef } from '../../../content/kit';
import { groupOf, resources } from '../../../content/resources/index';
import { bumpContentVersion } from '../../cluster/version';
import { deleteImageMeta } from '../../files/variants';
import { AppError } from '../../lib/errors';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { moveMeta, moveWithVariants, removeEverywhere, RETIRED_PREFIX, TRASH_PREFIX } from './files';
import { baseline, recordRevision } from './revisions';
import { parseDraft, snapshotFiles, snapshotOf } from './snapshot';
import { groupTables } from '../group-tables';

/** The spec's delete: the row and its files go to the trash (off every public read at once). */
export async function trash(core: LifecycleCore, r: ResourceDef, existing: Row, actor?: string): Promise<void> {
  const id = Number(existing[r.id]);
  const current = await core.content.readRow(core.db, r, id);
  const files = [...new Set([...snapshotFiles(r, current ? snapshotOf(r, current) : null), ...snapshotFiles(r, parseDraft(existing.pending_draft))])];
  const moved: string[] = [];
  try {
    for (const f of files) if (await moveWithVariants(core.files, f, '', TRASH_PREFIX)) moved.push(f);
    await core.db.transaction().execute(async (trx) => {
      await baseline(core, trx, r, id);
      await groupTables(trx).updateTable(r.table).set({ deleted_at: core.now() }).where(r.id, '=', id).execute();
      await moveMeta(trx, files, '', TRASH_PREFIX);
      await bumpContentVersion(trx);
      await recordRevision(core, trx, r, id, 'trash', actor);
    });
  } catch (err) {
    for (const f of moved) await moveWithVariants(core.files, f, TRASH_PREFIX, '').catch(() => undefined);
    throw err;
  }
  core.content.notifyChange(r.key, id);
}

export async function restore(core: LifecycleCore, r: ResourceDef, id: number, actor?: string): Promise<Row> {
  const row = await core.raw(r, id, 'trash');
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.type !== 'ref' || row[name] === null || row[name] === undefined) continue;
    const ref = groupOf(f.ref!);
    const target = await groupTables(core.db).selectFrom(ref.table).select(ref.id).where(ref.id, '=', Number(row[name])).where('deleted_at', 'is', null).executeTakeFirst();
    if (!target) throw new AppError(409, `Its ${f.label.toLowerCase()} is in the trash. Restore that first.`);
  }
  const current = await core.content.readRow(core.db, r, id);
  const files = [...new Set([...snapshotFiles(r, current ? snapshotOf(r, current) : null), ...snapshotFiles(r, parseDraft(row.pending_draft))])];
  for (const f of files) await moveWithVariants(core.files, f, TRASH_PREFIX, '');
  await core.db.transaction().execute(async (trx) => {
    await groupTables(trx).updateTable(r.table).set({ deleted_at: null }).where(r.id, '=', id).execute();
    await moveMeta(trx, files, TRASH_PREFIX, '');
    await bumpContentVersion(trx);
    await recordRevision(core, trx, r, id, 'restore from trash', actor);
  });
  core.content.notifyChange(r.key, id);
  return (await core.content.readRow(core.db, r, id))!;
}

/** What deleting a row would do to the rows of other groups that point at it. */
export async function dependents(core: LifecycleCore, r: ResourceDef, id: number, which: 'live' | 'trash'): Promise<{ group: string; title: string; count: number }[]> {
  const out: { group: string; title: string; count: number }[] = [];
  for (const dep of resources) {
    for (const [field, f] of Object.entries(dep.fields)) {
      if (f.type !== 'ref' || f.ref !== r.key) continue;
      const row = await groupTables(core.db)
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
export async function purge(core: LifecycleCore, r: ResourceDef, id: number): Promise<void> {
  const row = await core.raw(r, id, 'trash');
  const blockers = await dependents(core, r, id, 'trash');
  if (blockers.length) {
    throw new AppError(
      409,
      `The trash still holds ${blockers.map((b) => `${b.count} ${b.title}`).join(' and ')} of this ${r.label.toLowerCase()}. Delete those forever first.`,
    );
  }
  const current = await core.content.readRow(core.db, r, id);
  const revs = await core.db
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
  await core.db.transaction().execute(async (trx) => {
    for (const list of Object.values(r.lists ?? {})) await groupTables(trx).deleteFrom(list.table).where(list.parent, '=', id).execute();
    await groupTables(trx).deleteFrom(r.table).where(r.id, '=', id).execute();
    await trx.deleteFrom('content_revisions').where('resource', '=', r.key).where('record_id', '=', id).execute();
    await trx.deleteFrom('preview_links').where('resource', '=', r.key).where('record_id', '=', id).execute();
    await trx.deleteFrom('content_source_hashes').where('resource', '=', r.key).where('record_id', '=', id).execute();
    await deleteImageMeta(trx, [...files].flatMap((f) => [f, TRASH_PREFIX + f, RETIRED_PREFIX + f]));
  });
  for (const f of files) await removeEverywhere(core.files, f);
}
