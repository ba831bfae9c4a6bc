/**
 * A row's stored files as the lifecycle moves them (decision 0015): into the trash with the row, into a
 * private retired area while only a revision uses them, and back; image sizes (decision 0005) follow.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { allVariantPaths } from '../../../content/rules/image-variants';
import type { DbOrTrx } from '../../database';
import type { FileStore } from '../../files/store';

export const TRASH_PREFIX = 'private/trash/';
export const RETIRED_PREFIX = 'private/retired/';

/** Moves a stored file through the FileStore (local disk or a bucket). False when it is not there. */
async function moveStored(files: FileStore, from: string, to: string): Promise<boolean> {
  const src = await files.open(from);
  if (!src) return false;
  const tmp = path.join(files.tmpDir, `move-${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(src.stream, createWriteStream(tmp));
    await files.put(tmp, to);
  } finally {
    await rm(tmp, { force: true });
  }
  await files.remove(from);
  return true;
}

/** Moves a stored file and its image variants between their public place and a private area. */
export async function moveWithVariants(files: FileStore, rel: string, fromPrefix: string, toPrefix: string): Promise<boolean> {
  let moved = false;
  for (const p of [rel, ...allVariantPaths(rel)]) {
    if (await moveStored(files, fromPrefix + p, toPrefix + p)) moved = true;
  }
  return moved;
}

/** Image sizes (decision 0005) follow a file into and out of the trash or the retired area. */
export async function moveMeta(db: DbOrTrx, paths: string[], fromPrefix: string, toPrefix: string): Promise<void> {
  for (const p of paths) {
    await db.deleteFrom('image_meta').where('path', '=', toPrefix + p).execute();
    await db.updateTable('image_meta').set({ path: toPrefix + p }).where('path', '=', fromPrefix + p).execute();
  }
}

export async function removeEverywhere(files: FileStore, rel: string): Promise<void> {
  for (const prefix of ['', TRASH_PREFIX, RETIRED_PREFIX]) {
    await Promise.all([rel, ...allVariantPaths(rel)].map((p) => files.remove(prefix + p).catch(() => undefined)));
  }
}
