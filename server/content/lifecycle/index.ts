/**
 * The content lifecycle of every group (decision 0015): drafts and pending drafts, publish and unpublish,
 * scheduling, revisions, trash, the order the firm sets, the admin list with paging and search, the
 * dashboard's work list and signed preview links (decision 0016). Written once against the declarations in
 * content/resources; each part is its own module over the shared core (core.ts), and this class is the one
 * object the service, the routes and the server hold.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ResourceDef, Values } from '../../../content/kit';
import type { ExtensionPlan, Row } from '../types';
import { list, type ListQuery, type ListStatus } from './admin-list';
import { LifecycleCore } from './core';
import type { DbOrTrx } from '../../database';
import { contentToPublish, publish, saveDraft, unpublish } from './drafts';
import { reorder } from './order';
import { createPreview, previewPath, resolvePreview, type PreviewOverlay } from './preview';
import { baseline, listRevisions, recordRevision, restoreRevision, retire } from './revisions';
import { schedule, Scheduler, type ScheduleRequest } from './scheduler';
import type { Snapshot } from './snapshot';
import { dependents, purge, restore, trash } from './trash';
import { worklist, type WorkItem } from './worklist';

export class ContentLifecycle extends LifecycleCore {
  /** Set while a preview link is rendered: that row is shown as it would be published. */
  readonly previewing = new AsyncLocalStorage<PreviewOverlay>();
  private readonly scheduler = new Scheduler(this);

  /** Rows this process published on schedule (the metrics read it, decision 0050). */
  get scheduledPublishes(): number {
    return this.scheduler.scheduledPublishes;
  }

  /** The overlay of the current preview request for this group, if any. */
  overlayFor(key: string): PreviewOverlay | undefined {
    const o = this.previewing.getStore();
    return o && o.key === key ? o : undefined;
  }

  // --- Revisions (revisions.ts) ---
  baseline(db: DbOrTrx, r: ResourceDef, id: number): Promise<void> {
    return baseline(this, db, r, id);
  }
  recordRevision(db: DbOrTrx, r: ResourceDef, id: number, action: string, actor: string | undefined, snap?: Snapshot): Promise<void> {
    return recordRevision(this, db, r, id, action, actor, snap);
  }
  revisions(r: ResourceDef, id: number): Promise<Row[]> {
    return listRevisions(this, r, id);
  }
  retire(r: ResourceDef, id: number, paths: Iterable<string>): Promise<void> {
    return retire(this, r, id, paths);
  }
  restoreRevision(r: ResourceDef, id: number, revisionId: number, actor?: string): Promise<Row> {
    return restoreRevision(this, r, id, revisionId, actor);
  }

  // --- Drafts and publishing (drafts.ts) ---
  saveDraft(r: ResourceDef, id: number, live: Row, values: Values, ext: ExtensionPlan | null, afterCommit: (db: DbOrTrx) => Promise<void>, actor?: string): Promise<void> {
    return saveDraft(this, r, id, live, values, ext, afterCommit, actor);
  }
  contentToPublish(r: ResourceDef, id: number): Promise<Row> {
    return contentToPublish(this, r, id);
  }
  publish(r: ResourceDef, id: number, actor?: string, check?: (values: Row) => Promise<void>): Promise<Row> {
    return publish(this, r, id, actor, check);
  }
  unpublish(r: ResourceDef, id: number, actor?: string): Promise<Row> {
    return unpublish(this, r, id, actor);
  }

  // --- Trash (trash.ts) ---
  trash(r: ResourceDef, existing: Row, actor?: string): Promise<void> {
    return trash(this, r, existing, actor);
  }
  restore(r: ResourceDef, id: number, actor?: string): Promise<Row> {
    return restore(this, r, id, actor);
  }
  dependents(r: ResourceDef, id: number, which: 'live' | 'trash'): Promise<{ group: string; title: string; count: number }[]> {
    return dependents(this, r, id, which);
  }
  purge(r: ResourceDef, id: number): Promise<void> {
    return purge(this, r, id);
  }

  // --- Order (order.ts), the admin list (admin-list.ts), the work list (worklist.ts) ---
  reorder(r: ResourceDef, rawIds: unknown): Promise<void> {
    return reorder(this, r, rawIds);
  }
  list(r: ResourceDef, query: ListQuery): Promise<{ rows: Row[]; total: number; page: number; perPage: number; counts: Record<ListStatus, number> }> {
    return list(this, r, query);
  }
  worklist(): Promise<{ drafts: WorkItem[]; scheduled: WorkItem[]; goingOff: WorkItem[]; missingAlt: WorkItem[] }> {
    return worklist(this);
  }

  // --- Preview links (preview.ts) ---
  createPreview(r: ResourceDef, id: number, origin: string): Promise<{ url: string; expires_at: string }> {
    return createPreview(this, r, id, origin);
  }
  resolvePreview(token: string): Promise<{ overlay: PreviewOverlay; path: string } | null> {
    return resolvePreview(this, token);
  }
  previewPath(r: ResourceDef, row: Row): Promise<string> {
    return previewPath(this, r, row);
  }

  // --- Scheduling and the scheduler (scheduler.ts) ---
  schedule(r: ResourceDef, id: number, body: ScheduleRequest): Promise<Row> {
    return schedule(this, r, id, body);
  }
  tick(): Promise<void> {
    return this.scheduler.tick();
  }
  start(onError: (err: unknown) => void): void {
    this.scheduler.start(onError);
  }
  stop(): Promise<void> {
    return this.scheduler.stop();
  }
}
