import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { AppError, CONNECTION_LOST_CODES } from '../lib/errors';
import { isSafeRelPath, type FileStore } from './store';

export interface S3StoreOptions {
  /** Folder for temporary uploads on local disk (DATA_DIR/tmp). */
  dataDir: string;
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, …); unset means AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name; most S3-compatible servers want it. */
  forcePathStyle?: boolean;
}

/** Content types of stored files, so a public bucket serves them right. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name === 'NoSuchKey' || e.name === 'NotFound' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
  );
}

/** The answer when the bucket cannot be reached (not the database's message: the database is fine). */
export const FILE_STORAGE_UNAVAILABLE =
  'The site cannot reach its file storage right now. Please try again in a minute.';

/** Attempts of one request when the connection is lost before the bucket answers. */
const SEND_ATTEMPTS = 3;

/** Whether a request failed for its connection, with no answer from the bucket (so sending it again is safe). */
function isConnectionLost(err: unknown): boolean {
  const e = err as { code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (e.$metadata?.httpStatusCode) return false;
  return CONNECTION_LOST_CODES.has(e.code ?? '') || /socket hang up|ECONNRESET|EPIPE/i.test(e.message ?? '');
}

/**
 * Stored files in an S3-compatible bucket (FILE_STORAGE=s3). Keys are the stored paths themselves
 * ('uploads/…', 'private/…'); an operator who serves public files straight from the bucket makes only
 * `uploads/*` publicly readable (docs/deploy.md). Uploads are still received and checked in a local
 * temporary folder; put() sends the finished file and then removes the temporary one. A put is complete
 * once the bucket answered (S3 writes are durable on acknowledgement).
 */
export class S3FileStore implements FileStore {
  readonly tmpDir: string;
  readonly client: S3Client;
  readonly bucket: string;

  /** Loads the AWS SDK (about 20 MB resident) only on servers that store files in a bucket. */
  static async create(opts: S3StoreOptions): Promise<S3FileStore> {
    return new S3FileStore(opts, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    opts: S3StoreOptions,
    private readonly sdk: typeof import('@aws-sdk/client-s3'),
  ) {
    this.tmpDir = path.join(opts.dataDir, 'tmp');
    this.bucket = opts.bucket;
    this.client = new sdk.S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? true,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Plain payload signing: S3-compatible servers differ in their support of streamed trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Prepares the temporary folder and checks that the bucket is reachable (a clear error at start). */
  async init(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        `File storage: bucket ${this.bucket} is not reachable${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message || (err as Error).name}`,
        {
          cause: err,
        },
      );
    }
  }

  private key(relPath: string): string {
    if (!isSafeRelPath(relPath)) throw new Error(`unsafe stored path: ${relPath}`);
    return relPath;
  }

  /**
   * Sends one request to the bucket. A connection that fails before any answer (an idle kept-alive socket the
   * bucket has just closed: ECONNRESET, "socket hang up") is tried again, up to 3 attempts in all, each with a fresh
   * request from `request` (an upload's file read afresh: the SDK cannot send a consumed stream again). After
   * the last attempt the call is answered 503 with FILE_STORAGE_UNAVAILABLE, for an upload, a removal and a
   * served file alike: the generic network codes would otherwise read as the database being down. An answer
   * from the bucket (403, 404, 500…) is the caller's.
   */
  private async send<T>(request: (client: S3Client) => Promise<T>): Promise<T> {
    // Attempts in all, the SDK's own included: it retries a request it can send again (no consumed stream),
    // and reports how many it made, so a served file is not tried 3 × 3 times.
    let made = 0;
    for (;;) {
      try {
        return await request(this.client);
      } catch (err) {
        if (!isConnectionLost(err)) throw err;
        made += Math.max(1, (err as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1);
        if (made >= SEND_ATTEMPTS) throw Object.assign(new AppError(503, FILE_STORAGE_UNAVAILABLE), { cause: err });
      }
    }
  }

  async put(tmpFile: string, relPath: string): Promise<void> {
    const key = this.key(relPath);
    const { size } = await stat(tmpFile);
    const ext = path.extname(relPath).slice(1).toLowerCase();
    await this.send((client) =>
      client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(tmpFile),
          ContentLength: size,
          ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
          // A stored path is never reused: public files can be cached for good.
          CacheControl: key.startsWith('uploads/') ? 'public, max-age=31536000, immutable' : 'private, no-store',
        }),
      ),
    );
    await rm(tmpFile, { force: true });
  }

  async remove(relPath: string): Promise<void> {
    if (!isSafeRelPath(relPath)) return;
    try {
      await this.send((client) => client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: relPath })));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async open(relPath: string): Promise<{ stream: NodeJS.ReadableStream; size: number; mtime: Date } | null> {
    if (!isSafeRelPath(relPath)) return null;
    try {
      const res = await this.send((client) =>
        client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: relPath })),
      );
      if (!res.Body) return null;
      return {
        stream: res.Body as Readable,
        size: Number(res.ContentLength ?? 0),
        mtime: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
