import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** Epoch ms after which the entry is stale (next ad/event boundary or local midnight). */
  expiresAt: number;
  bytes: number;
}

/**
 * Rendered public pages kept in memory until content changes (every write clears it) or the next
 * time boundary passes. Compressed once per entry. Bounded by total bytes (oldest dropped first).
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private total = 0;
  /** Bumped by every clear, so a render that started before a write is not stored after it. */
  generation = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    // Refresh recency.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  async build(status: number, headers: [string, string][], body: Buffer, expiresAt: number): Promise<CachedPage> {
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 6 }),
    ]);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { status, headers, body, br, gzip: gzipped, etag, expiresAt, bytes: body.length + br.length + gzipped.length };
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.delete(key);
    this.entries.set(key, page);
    this.total += page.bytes;
    for (const [k] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.delete(k);
    }
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Picks the encoding to send from an Accept-Encoding header. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const a = accept.toLowerCase();
  if (/\bbr\b/.test(a) && !/\bbr;q=0(\.0*)?\b/.test(a)) return 'br';
  if (/\bgzip\b/.test(a) && !/\bgzip;q=0(\.0*)?\b/.test(a)) return 'gzip';
  return null;
}

/** Answers from a cache entry: its own compressed bytes, ETag and 304 for a matching If-None-Match. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'HIT' | 'MISS'): FastifyReply {
  for (const [k, v] of page.headers) reply.header(k, v);
  reply.header('etag', page.etag).header('vary', 'Accept-Encoding').header('x-cache', state);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.code(page.status);
  const enc = pickEncoding(req.headers['accept-encoding']);
  const body = enc === 'br' ? page.br : enc === 'gzip' ? page.gzip : page.body;
  if (enc) reply.header('content-encoding', enc);
  reply.header('content-length', String(body.length));
  return reply.send(req.method === 'HEAD' ? undefined : body);
}
