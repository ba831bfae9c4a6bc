/**
 * A row's content as a revision or a pending draft keeps it (decision 0015): declared fields, file paths
 * and nested lists (speakers), read, compared and written back.
 */
import { altKeys } from '../../../content/alt';
import { objectOf, parseJson, toJson, type JsonObject } from '../../../content/json';
import { columnValue, type ResourceDef, type Values } from '../../../content/kit';
import type { DbOrTrx } from '../../database';
import type { Row } from '../types';
import { groupTables } from '../group-tables';

/** The content of a row as a revision keeps it: declared fields, file paths and nested lists (speakers). */
export type Snapshot = JsonObject;

export function snapshotKeys(r: ResourceDef): string[] {
  return [...Object.keys(r.fields), ...Object.keys(r.files), ...altKeys(r), ...Object.keys(r.lists ?? {})];
}

export function snapshotOf(r: ResourceDef, row: Row): Snapshot {
  const out: Snapshot = {};
  for (const k of snapshotKeys(r)) if (k in row) out[k] = toJson(row[k]);
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
      const image = objectOf(s)?.image;
      if (typeof image === 'string' && image !== '') out.push(image);
    }
  }
  return out;
}

export function parseDraft(raw: unknown): Snapshot | null {
  if (typeof raw !== 'string' || raw === '') return null;
  return objectOf(parseJson(raw));
}

/** Writes a snapshot's content onto the stored row (and its nested lists). */
export async function applySnapshot(db: DbOrTrx, r: ResourceDef, id: number, snap: Snapshot, now: string): Promise<void> {
  const set: Values = {};
  for (const k of [...Object.keys(r.fields), ...Object.keys(r.files)]) if (k in snap) set[k] = columnValue(snap[k]);
  await groupTables(db)
    .updateTable(r.table)
    .set({ ...set, updated_at: now })
    .where(r.id, '=', id)
    .execute();
  // Nested lists (an event's speakers): the snapshot's items replace the stored ones, in order.
  for (const [name, list] of Object.entries(r.lists ?? {})) {
    const items = snap[name];
    if (!Array.isArray(items)) continue;
    await groupTables(db).deleteFrom(list.table).where(list.parent, '=', id).execute();
    const columns = [...Object.keys(list.fields), ...(list.image ? [list.image.column] : [])];
    for (const [position, item] of items.entries()) {
      const src = objectOf(item) ?? {};
      const values: Values = { [list.parent]: id, position };
      for (const c of columns) {
        const v = src[c];
        values[c] = typeof v === 'string' ? v : '';
      }
      await groupTables(db).insertInto(list.table).values(values).execute();
    }
  }
}

/** Field names whose content differs between two snapshots. */
export function changedFields(r: ResourceDef, before: Snapshot | null, after: Snapshot): string[] {
  return snapshotKeys(r).filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after[k] ?? null));
}
