import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { formatSize } from './check';
import { objectOf, type Json, type JsonObject } from '../../content/json';

export interface TempFile {
  field: string;
  tmp: string;
  /** The client's name, kept only for display (never used for a path). */
  filename: string;
}

export interface ParsedBody {
  /** The body's fields: a JSON body's properties, or a multipart body's text parts (a repeated one as a list). */
  fields: JsonObject;
  files: TempFile[];
  /** Deletes every temporary file not moved away. Always call it. */
  cleanup(): Promise<void>;
}

/** The answer to a multipart body that does not parse (garbage after a boundary, a truncated part, no boundary). */
export const MALFORMED_MULTIPART = 'The form data could not be read: it is malformed or incomplete. Please send it again.';

/**
 * Reads a request body as plain fields plus temporary files, whether it came as JSON or multipart.
 * Files are streamed to disk; a file over maxFileBytes answers 413.
 */
export async function readBody(req: FastifyRequest, tmpDir: string, maxFileBytes: number): Promise<ParsedBody> {
  const files: TempFile[] = [];
  const streams: WriteStream[] = [];
  const cleanup = async () => {
    // A write stream destroyed by a failed pipeline may still be opening its file: wait until it has
    // closed, or the file would appear after it was removed and stay behind.
    await Promise.all(streams.map((s) => (s.closed ? undefined : once(s, 'close').catch(() => undefined))));
    await Promise.all(files.map((f) => rm(f.tmp, { force: true })));
  };
  if (!req.isMultipart()) {
    // Fastify's own parsers give JSON (application/json) or text (text/plain): a JSON value either way.
    const fields = objectOf(req.body as Json | undefined) ?? {};
    return { fields, files, cleanup };
  }
  const fields: JsonObject = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'file') {
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        const tmp = path.join(tmpDir, `up-${randomBytes(12).toString('hex')}`);
        const entry: TempFile = { field: part.fieldname, tmp, filename: part.filename.slice(0, 255) };
        files.push(entry);
        const out = createWriteStream(tmp);
        streams.push(out);
        await pipeline(part.file, out);
        if (part.file.truncated) {
          throw new AppError(413, `The file is too large. The limit is ${formatSize(maxFileBytes)}.`);
        }
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const prev = fields[part.fieldname];
        if (prev === undefined) fields[part.fieldname] = value;
        else fields[part.fieldname] = Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
  } catch (err) {
    await cleanup();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `The file is too large. The limit is ${formatSize(maxFileBytes)}.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'Too many files in one request.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, 'Too many fields in one request.');
    if (err instanceof AppError) throw err;
    // A system error (a full disk, ENOSPC) is the server's and goes on to the error handler. Anything else
    // came from reading the client's body: garbage after a boundary, a truncated part, no boundary at all.
    const sys = err as NodeJS.ErrnoException;
    if (typeof sys.errno === 'number' || sys.syscall) throw err;
    throw new AppError(400, MALFORMED_MULTIPART);
  }
  return { fields, files, cleanup };
}
