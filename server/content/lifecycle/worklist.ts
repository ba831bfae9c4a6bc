/**
 * The dashboard's work list (decision 0015): drafts, pending drafts, scheduled items, items going off the
 * site within 7 days and images whose alt text was defaulted (decision 0024), every group.
 */
import { ALT_FLAG, altKeys, titleFieldOf } from '../../../content/alt';
import type { WorkItem } from '../../../content/admin-views';
import type { ResourceDef } from '../../../content/kit';
import { resources } from '../../../content/resources/index';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { groupTables } from '../group-tables';

/** One row on the dashboard's work list. */
export type { WorkItem };

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

/** Drafts, pending drafts, scheduled items and items going off the site in the next 7 days, every group. */
export async function worklist(core: LifecycleCore): Promise<{ drafts: WorkItem[]; scheduled: WorkItem[]; goingOff: WorkItem[]; missingAlt: WorkItem[] }> {
  const now = core.clock();
  const week = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const drafts: WorkItem[] = [];
  const scheduled: WorkItem[] = [];
  const goingOff: WorkItem[] = [];
  for (const r of resources) {
    const rows = await groupTables(core.db)
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
    const rows = await groupTables(core.db)
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
