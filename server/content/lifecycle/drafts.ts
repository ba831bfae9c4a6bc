/**
 * Drafts and publishing (decision 0015): a published row's next version is saved as its pending draft;
 * publishing makes it the content (after the Rule 36 check, decision 0019); unpublishing keeps the row as
 * a draft.
 */
import type { ResourceDef, Values } from '../../../content/kit';
import { bumpContentVersion } from '../../cluster/version';
import { AppError } from '../../lib/errors';
import type { ExtensionPlan, Row } from '../types';
import type { DbOrTrx } from '../../database';
import type { LifecycleCore } from './core';
import { baseline, checkRefsOf, recordRevision, retire } from './revisions';
import { applySnapshot, parseDraft, snapshotFiles, snapshotOf, type Snapshot } from './snapshot';
import { groupTables } from '../group-tables';

const ROLLBACK = new Error('rollback');

/**
 * Saves the next version of a published row as its pending draft: the update is applied inside a
 * transaction that is rolled back, after the resulting content was read, so the live row is untouched.
 */
export async function saveDraft(
  core: LifecycleCore,
  r: ResourceDef,
  id: number,
  live: Row,
  values: Values,
  ext: ExtensionPlan | null,
  afterCommit: (db: DbOrTrx) => Promise<void>,
  actor?: string,
): Promise<void> {
  const draft = parseDraft(live.pending_draft);
  let snap: Snapshot | null = null;
  const now = core.now();
  try {
    await core.db.transaction().execute(async (trx) => {
      if (draft) await applySnapshot(trx, r, id, draft, now);
      await groupTables(trx).updateTable(r.table).set(values).where(r.id, '=', id).execute();
      await ext?.apply(trx, id);
      const row = await core.content.readRow(trx, r, id);
      snap = row ? snapshotOf(r, row) : null;
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  if (!snap) throw new AppError(404, `${r.label} not found`);
  const saved: Snapshot = snap;
  await core.db.transaction().execute(async (trx) => {
    await baseline(core, trx, r, id);
    await groupTables(trx).updateTable(r.table).set({ pending_draft: JSON.stringify(saved) }).where(r.id, '=', id).execute();
    await afterCommit(trx);
    await recordRevision(core, trx, r, id, 'draft', actor, saved);
  });
}

/** The content a publish of this row would put on the site (its pending draft, else the row). */
export async function contentToPublish(core: LifecycleCore, r: ResourceDef, id: number): Promise<Row> {
  const live = await core.raw(r, id);
  const draft = parseDraft(live.pending_draft);
  const current = await core.content.readRow(core.db, r, id);
  return { ...(current ?? live), ...(draft ?? {}) };
}

/** `check`: the Rule 36 publish check (decision 0019) of the content going live; it may refuse with 409. */
export async function publish(core: LifecycleCore, r: ResourceDef, id: number, actor?: string, check?: (values: Row) => Promise<void>): Promise<Row> {
  const live = await core.raw(r, id);
  const draft = parseDraft(live.pending_draft);
  if (draft) await checkRefsOf(core, r, draft);
  if (check) await check(await contentToPublish(core, r, id));
  return settle(core, r, id, draft, 'publish', actor);
}

/** Takes a row off the site; it stays as a draft (a pending draft becomes its content). */
export async function unpublish(core: LifecycleCore, r: ResourceDef, id: number, actor?: string): Promise<Row> {
  const live = await core.raw(r, id);
  const draft = parseDraft(live.pending_draft);
  return settle(core, r, id, draft, 'unpublish', actor);
}

/**
 * Publishes or unpublishes a row: a pending draft becomes its content, the state and the schedule field
 * it fulfils are set, and the step is recorded as a revision; replaced files are retired.
 */
async function settle(core: LifecycleCore, r: ResourceDef, id: number, draft: Snapshot | null, action: 'publish' | 'unpublish', actor?: string): Promise<Row> {
  const before = await core.content.readRow(core.db, r, id);
  const oldFiles = snapshotFiles(r, before ? snapshotOf(r, before) : null);
  const now = core.now();
  const state =
    action === 'publish'
      ? ({ status: 'published', publish_at: null } as const)
      : ({ status: 'draft', unpublish_at: null } as const);
  await core.db.transaction().execute(async (trx) => {
    await baseline(core, trx, r, id);
    if (draft) await applySnapshot(trx, r, id, draft, now);
    await groupTables(trx).updateTable(r.table).set({ ...state, pending_draft: null, updated_at: now }).where(r.id, '=', id).execute();
    await bumpContentVersion(trx);
    await recordRevision(core, trx, r, id, action, actor);
  });
  if (draft) await retire(core, r, id, oldFiles);
  core.content.notifyChange(r.key, id);
  return (await core.content.readRow(core.db, r, id))!;
}
