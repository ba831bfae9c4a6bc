/** The order the firm sets for an ordered group (decision 0015): a list of ids, all rows or one page of them. */
import type { ResourceDef } from '../../../content/kit';
import { bumpContentVersion } from '../../cluster/version';
import { AppError } from '../../lib/errors';
import { parseId } from '../coerce';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { groupTables } from '../group-tables';

export async function reorder(core: LifecycleCore, r: ResourceDef, rawIds: unknown): Promise<void> {
  if (!r.ordered) throw new AppError(400, `${r.admin.title} are shown by date, not in an order you set.`);
  const bad = new AppError(400, 'Please send the new order as a list of ids, each once.');
  if (!Array.isArray(rawIds) || rawIds.length === 0 || rawIds.length > 10_000) throw bad;
  const ids = rawIds.map(parseId);
  if (ids.some((n) => n === null) || new Set(ids).size !== ids.length) throw bad;
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await groupTables(core.db)
        .selectFrom(r.table)
        .select([r.id, 'position'])
        .where(r.id, 'in', ids.slice(i, i + 500))
        .where('deleted_at', 'is', null)
        .execute()),
    );
  }
  if (rows.length !== ids.length) throw new AppError(404, `${r.label} not found`);
  // The listed rows keep the places they had between them, in the new order (so a page can be reordered alone).
  const slots = rows.map((x) => Number(x.position ?? x[r.id])).sort((a, b) => a - b);
  for (let i = 1; i < slots.length; i++) if (slots[i]! <= slots[i - 1]!) slots[i] = slots[i - 1]! + 1;
  await core.db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) {
      await groupTables(trx).updateTable(r.table).set({ position: slots[i]! }).where(r.id, '=', id).execute();
    }
    await bumpContentVersion(trx);
  });
  core.content.notifyChange(r.key);
}
