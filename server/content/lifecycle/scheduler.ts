/**
 * Scheduling (decision 0015): a row's publish and unpublish times, and the scheduler that acts on them and
 * purges the expired trash, on every instance at once (each due row is claimed by one, decision 0061).
 */
import type { ResourceDef } from '../../../content/kit';
import { resources } from '../../../content/resources/index';
import { AppError } from '../../lib/errors';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { publish, unpublish } from './drafts';
import { purge } from './trash';
import { groupTables } from '../group-tables';

function toIso(raw: unknown, label: string): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) throw new AppError(400, `Please give a valid date and time for ${label}.`);
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) throw new AppError(400, `Please give a valid date and time for ${label}.`);
  return d.toISOString();
}

/** Sets or clears a row's publish_at and unpublish_at (an absent one is kept). */
/** What a schedule request carries: the times as ISO text, '' or null to clear one, absent to keep it. */
export interface ScheduleRequest {
  readonly publish_at?: unknown;
  readonly unpublish_at?: unknown;
}

export async function schedule(core: LifecycleCore, r: ResourceDef, id: number, body: ScheduleRequest): Promise<Row> {
  const live = await core.raw(r, id);
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
  const set: { publish_at?: string | null; unpublish_at?: string | null } = {};
  if (publishAt !== undefined) set.publish_at = publishAt;
  if (unpublishAt !== undefined) set.unpublish_at = unpublishAt;
  if (Object.keys(set).length) await groupTables(core.db).updateTable(r.table).set(set).where(r.id, '=', id).execute();
  return (await core.content.readRow(core.db, r, id))!;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** Rows this process published on schedule (the metrics read it, decision 0050). */
  scheduledPublishes = 0;

  constructor(private readonly core: LifecycleCore) {}

  /** Publishes, unpublishes and purges what is due. Several instances may run it at once: each row is claimed by one. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    const core = this.core;
    const now = core.now();
    // A due row is claimed by moving its time to the end of a lease, not by clearing it (decision 0061): the
    // publish or unpublish clears it in its own transaction, so a failure between the claim and that commit
    // (the database gone, the process stopped) leaves the row scheduled, and it is done when the lease ends.
    const leaseEnd = new Date(core.clock().getTime() + Math.max(2 * core.options.scheduleMs, 60_000)).toISOString();
    let failure: { err: unknown } | null = null;
    for (const r of resources) {
      for (const [column, act] of [
        ['publish_at', async (id: number) => {
          await publish(core, r, id, 'scheduler');
          this.scheduledPublishes++;
        }],
        ['unpublish_at', (id: number) => unpublish(core, r, id, 'scheduler')],
      ] as const) {
        const due = await groupTables(core.db)
          .selectFrom(r.table)
          .select([r.id, column])
          .where(column, 'is not', null)
          .where(column, '<=', now)
          .where('deleted_at', 'is', null)
          .execute();
        for (const d of due) {
          const id = Number(d[r.id]);
          const claimed = await groupTables(core.db).updateTable(r.table).set({ [column]: leaseEnd }).where(r.id, '=', id).where(column, '=', d[column]).executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) continue;
          try {
            await act(id);
          } catch (err) {
            // A refusal (a linked row gone) would come again: the schedule is dropped, as before. Any other
            // failure leaves it claimed until the lease ends; the other rows are still tried.
            if (err instanceof AppError) await groupTables(core.db).updateTable(r.table).set({ [column]: null }).where(r.id, '=', id).where(column, '=', leaseEnd).execute();
            failure ??= { err };
          }
        }
      }
      const cutoff = new Date(core.clock().getTime() - core.options.trashDays * 86_400_000).toISOString();
      const old = await groupTables(core.db).selectFrom(r.table).select(r.id).where('deleted_at', '<=', cutoff).execute();
      for (const o of old) {
        await purge(core, r, Number(o[r.id])).catch((err: unknown) => {
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
    }, this.core.options.scheduleMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }
}
