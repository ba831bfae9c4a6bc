import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './sharp';
import { DEFAULT_FORMATS, type FileFieldDef, type FileFormat } from '../../content/kit';
import { AppError } from '../lib/errors';
import type { FileStore } from './store';
import { removeWithVariants, writeVariants, type ImageMeta } from './variants';

export interface UploadLimits {
  image: number;
  document: number;
  video: number;
}

const MIME_TO_FORMAT: Record<string, FileFormat> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/x-cfb': 'doc',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

export const FORMAT_MIME: Record<FileFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

const IMAGE_FORMATS: ReadonlySet<FileFormat> = new Set(['jpg', 'png', 'webp', 'gif']);
const VIDEO_FORMATS: ReadonlySet<FileFormat> = new Set(['mp4', 'mov']);

/** A size limit as an administrator reads it: '10 MB', '1.5 MB', '10 KB' (never '0 MB'). */
export function formatSize(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function describe(formats: readonly FileFormat[]): string {
  const names = formats.map((f) => (f === 'jpg' ? 'JPG' : f.toUpperCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/** Detects a file's real format from its bytes, or null. */
export async function detectFormat(file: string): Promise<FileFormat | null> {
  // Loaded with the first upload (about 9 MB resident; decision 0021).
  const { fileTypeFromFile } = await import('file-type');
  const t = await fileTypeFromFile(file);
  return t ? (MIME_TO_FORMAT[t.mime] ?? null) : null;
}

export interface CheckedFile {
  /** A temporary file ready to be moved into the store. */
  tmp: string;
  format: FileFormat;
  mime: string;
  /** Images only: the re-encoded image's size in pixels (one frame of an animation). */
  width?: number;
  height?: number;
  animated?: boolean;
}

/**
 * Checks an uploaded temporary file against a file field: the format is read from the content, never
 * the name; images are decoded and re-encoded (which drops metadata and anything hidden after the image);
 * size limits by kind. Throws 415 or 413 with a message an administrator understands.
 */
export async function checkUpload(
  tmp: string,
  label: string,
  def: Pick<FileFieldDef, 'kind' | 'formats'>,
  limits: UploadLimits,
  tmpDir: string,
): Promise<CheckedFile> {
  const allowed = def.formats ?? DEFAULT_FORMATS[def.kind];
  const format = await detectFormat(tmp);
  if (!format || !allowed.includes(format)) {
    throw new AppError(415, `${label}: this file type is not allowed. Please upload a ${describe(allowed)} file.`);
  }
  const { size } = await stat(tmp);
  const limit = IMAGE_FORMATS.has(format) ? limits.image : VIDEO_FORMATS.has(format) ? limits.video : limits.document;
  if (size > limit) {
    throw new AppError(413, `${label}: the file is too large. The limit is ${formatSize(limit)}.`);
  }
  if (!IMAGE_FORMATS.has(format)) return { tmp, format, mime: FORMAT_MIME[format] };

  const sharp = await loadSharp();
  const out = path.join(tmpDir, `${randomBytes(12).toString('hex')}.${format}`);
  try {
    let img = sharp(tmp, { failOn: 'error', animated: format === 'gif' || format === 'webp' }).rotate();
    img =
      format === 'jpg'
        ? img.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? img.png({ compressionLevel: 9 })
          : format === 'webp'
            ? img.webp({ quality: 85 })
            : img.gif();
    await img.toFile(out);
  } catch {
    throw new AppError(415, `${label}: the image could not be read. Please upload a valid ${describe(allowed)} file.`);
  }
  const meta = await sharp(out).metadata();
  const pages = meta.pages ?? 1;
  return {
    tmp: out,
    format,
    mime: FORMAT_MIME[format],
    width: meta.width,
    height: meta.pageHeight ?? (meta.height !== undefined ? Math.round(meta.height / pages) : undefined),
    animated: pages > 1,
  };
}

/** A fresh stored path for a file of a group: never derived from the client's name. */
export function newStoredPath(root: 'uploads' | 'private', group: string, format: FileFormat): string {
  return `${root}/${group}/${randomBytes(16).toString('hex')}.${format}`;
}

/** Moves a checked file into the store; returns its stored path. */
export async function storeChecked(store: FileStore, file: CheckedFile, group: string, root: 'uploads' | 'private' = 'uploads'): Promise<string> {
  return (await storeCheckedFile(store, file, group, root)).rel;
}

/**
 * Moves a checked file into the store. A public image first gets its responsive WebP variants
 * (server/files/variants.ts), so `meta` (dimensions and variant widths) comes back for it; a failure
 * leaves neither the original nor any variant stored.
 */
export async function storeCheckedFile(
  store: FileStore,
  file: CheckedFile,
  group: string,
  root: 'uploads' | 'private' = 'uploads',
): Promise<{ rel: string; meta: ImageMeta | null }> {
  const rel = newStoredPath(root, group, file.format);
  const image = root === 'uploads' && IMAGE_FORMATS.has(file.format) && !!file.width && !!file.height;
  let variants: Awaited<ReturnType<typeof writeVariants>> | null = null;
  try {
    if (image) variants = await writeVariants(store, file.tmp, rel, { width: file.width!, height: file.height!, animated: file.animated });
    await store.put(file.tmp, rel);
  } catch (err) {
    await removeWithVariants(store, rel);
    await rm(file.tmp, { force: true });
    throw err;
  }
  return { rel, meta: variants?.meta ?? null };
}
