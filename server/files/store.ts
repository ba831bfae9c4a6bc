import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files live. Paths are relative ('uploads/blog/ab12.jpg' public, 'private/…' administrator only)
 * and never built from a client's file name. Local disk by default; the interface leaves room for S3.
 */
export interface FileStore {
  /** A folder for temporary files on the same disk as the store (so a move is a rename). */
  readonly tmpDir: string;
  /** Moves a finished temporary file to relPath durably (data and directory entry flushed). */
  put(tmpFile: string, relPath: string): Promise<void>;
  /** Removes a stored file; a missing file is not an error. */
  remove(relPath: string): Promise<void>;
  /** Opens a stored file for reading, or null when it does not exist. */
  open(relPath: string): Promise<{ stream: NodeJS.ReadableStream; size: number; mtime: Date } | null>;
}

/** True for a clean relative path under one of the store's roots, with no '..', '//' or backslash. */
export function isSafeRelPath(relPath: string): boolean {
  if (!/^(uploads|private)\/[A-Za-z0-9._\-/]+$/.test(relPath)) return false;
  return relPath.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

async function fsyncPath(p: string): Promise<void> {
  const fh = await open(p, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export class LocalFileStore implements FileStore {
  readonly tmpDir: string;
  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(path.join(this.root, 'uploads'), { recursive: true });
    await mkdir(path.join(this.root, 'private'), { recursive: true });
    // Temporary files left by a crash are garbage.
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  private abs(relPath: string): string {
    if (!isSafeRelPath(relPath)) throw new Error(`unsafe stored path: ${relPath}`);
    return path.join(this.root, relPath);
  }

  async put(tmpFile: string, relPath: string): Promise<void> {
    const dest = this.abs(relPath);
    await mkdir(path.dirname(dest), { recursive: true });
    await fsyncPath(tmpFile);
    await rename(tmpFile, dest);
    await fsyncPath(path.dirname(dest));
  }

  async remove(relPath: string): Promise<void> {
    if (!isSafeRelPath(relPath)) return;
    await rm(this.abs(relPath), { force: true });
  }

  async open(relPath: string) {
    if (!isSafeRelPath(relPath)) return null;
    const p = this.abs(relPath);
    try {
      const s = await stat(p);
      if (!s.isFile()) return null;
      return { stream: createReadStream(p), size: s.size, mtime: s.mtime };
    } catch {
      return null;
    }
  }
}
