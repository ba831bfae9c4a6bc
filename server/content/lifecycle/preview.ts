/**
 * Signed preview links (decision 0016): a one-hour link shows a row (its pending draft) as it would be
 * published, on its own public page or the page of its public list it will be on.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ResourceDef } from '../../../content/kit';
import { resources } from '../../../content/resources/index';
import type { Row } from '../types';
import type { LifecycleCore } from './core';
import { parseDraft, type Snapshot } from './snapshot';
import { groupTables } from '../group-tables';

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** What a preview request shows in place of the stored public row. */
export interface PreviewOverlay {
  key: string;
  id: number;
  /** The pending draft of a published row (null: the row itself is the draft). */
  snapshot: Snapshot | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createPreview(core: LifecycleCore, r: ResourceDef, id: number, origin: string): Promise<{ url: string; expires_at: string }> {
  await core.raw(r, id);
  const token = randomBytes(32).toString('base64url');
  const now = core.clock();
  const expires = new Date(now.getTime() + PREVIEW_TTL_MS).toISOString();
  await core.db
    .insertInto('preview_links')
    .values({ token_hash: hashToken(token), resource: r.key, record_id: id, expires_at: expires, created_at: now.toISOString() })
    .execute();
  await core.db.deleteFrom('preview_links').where('expires_at', '<', now.toISOString()).execute();
  return { url: `${origin}/preview/${token}`, expires_at: expires };
}

/** The row a preview token shows and the public page it is seen on; null for an unknown or expired token. */
export async function resolvePreview(core: LifecycleCore, token: string): Promise<{ overlay: PreviewOverlay; path: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await core.db.selectFrom('preview_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!link || String(link.expires_at) <= core.now()) return null;
  const r = resources.find((x) => x.key === link.resource);
  if (!r) return null;
  const id = Number(link.record_id);
  const row = await core.raw(r, id).catch(() => null);
  if (!row) return null;
  return { overlay: { key: r.key, id, snapshot: parseDraft(row.pending_draft) }, path: await previewPath(core, r, row) };
}

/**
 * The public page a row is seen on once published (its pending draft's content in place): its own page, or
 * the page of its public list it will be on. A translation's preview (decision 0078) opens it too.
 */
export async function previewPath(core: LifecycleCore, r: ResourceDef, row: Row): Promise<string> {
  const id = Number(row[r.id]);
  const snapshot = parseDraft(row.pending_draft);
  const view = snapshot ? { ...row, ...snapshot } : row;
  const own = r.site.page?.(view);
  let pagePath = own ?? r.site.list;
  // A paged public list (decision 0008): the page the row will be on once published.
  const perPage = own ? undefined : r.site.perPage;
  if (perPage) {
    const t = r.table;
    const before = await groupTables(core.db)
      .selectFrom(t)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .where(r.id, '!=', id)
      .where((eb) =>
        r.ordered
          ? eb.or([eb('position', '<', Number(row.position ?? 0)), eb.and([eb('position', '=', Number(row.position ?? 0)), eb(r.id, r.order === 'desc' ? '>' : '<', id)])])
          : eb(r.id, r.order === 'desc' ? '>' : '<', id),
      )
      .executeTakeFirstOrThrow();
    const page = Math.floor(Number(before.n) / perPage) + 1;
    if (page > 1) pagePath = `${pagePath}?page=${page}`;
  }
  return pagePath;
}
