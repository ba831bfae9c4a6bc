import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HeaderList } from '../plugins/security';

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
  /**
   * Every header of each answer this entry gives from memory (server/render/fast-path.ts), flattened for
   * `res.writeHead`, built once: index 0 over plain HTTP, 1 over HTTPS (with HSTS).
   */
  wire: Record<WireVariant, [string[], string[]]>;
}

export type WireVariant = 'identity' | 'br' | 'gzip' | 'notModified';

/** The security headers an answer of this content type carries (plugins/security.ts), over HTTP or HTTPS. */
export type SecurityHeadersOf = (https: boolean, contentType: string) => HeaderList;

/**
 * Rendered public pages kept in memory until content changes (every write clears it) or the next
 * time boundary passes. Compressed once per entry. Bounded by total bytes (oldest dropped first).
 */
export class PageCache {
  private entries = new Map<string, CachedPage>();
  /**
   * The last copy of each entry a clear (a content change) or its expiry took away, kept only to answer
   * while the database is unreachable (decision 0051); bounded by the same byte budget, oldest dropped first.
   */
  private stale = new Map<string, CachedPage>();
  private staleTotal = 0;
  /** When each entry was last served (a counter; updating a key in place allocates nothing). */
  private readonly used = new Map<string, number>();
  private clock = 0;
  private total = 0;
  /** Bumped by every clear, so a render that started before a write is not stored after it. */
  generation = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly security: SecurityHeadersOf = () => [],
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.delete(key);
      this.keepStale(key, e);
      return undefined;
    }
    // Recency for the eviction in set(): a stamp, not a delete and re-insert into the Map (which allocated
    // and rehashed the table as it went, on every cache hit; decision 0030).
    this.used.set(key, ++this.clock);
    return e;
  }

  async build(status: number, headers: [string, string][], body: Buffer, expiresAt: number): Promise<CachedPage> {
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 6 }),
    ]);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const contentType = headers.find(([k]) => k === 'content-type')?.[1] ?? '';
    const variant = (https: boolean, encoding: string | null, length: number | null): string[] => {
      const all: HeaderList = [...headers, ...this.security(https, contentType), ['etag', etag], ['vary', 'Accept-Encoding'], ['x-cache', 'HIT']];
      if (encoding) all.push(['content-encoding', encoding]);
      if (length !== null) all.push(['content-length', String(length)]);
      return all.flat();
    };
    const both = (encoding: string | null, length: number | null): [string[], string[]] => [variant(false, encoding, length), variant(true, encoding, length)];
    const wire = {
      identity: both(null, body.length),
      br: both('br', br.length),
      gzip: both('gzip', gzipped.length),
      notModified: both(null, null),
    };
    return { status, headers, body, br, gzip: gzipped, etag, expiresAt, bytes: body.length + br.length + gzipped.length, wire };
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.delete(key);
    this.entries.set(key, page);
    this.total += page.bytes;
    this.used.set(key, ++this.clock);
    // Over budget: drop the least recently used entries (rare: the budget holds every page of most sites).
    while (this.total > this.maxBytes && this.used.size) {
      let oldest = key;
      let stamp = Infinity;
      for (const [k, u] of this.used) if (u < stamp) [oldest, stamp] = [k, u];
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used.delete(key);
    this.total -= e.bytes;
  }

  clear(): void {
    const old = this.entries;
    this.entries = new Map();
    this.used.clear();
    this.total = 0;
    this.generation++;
    for (const [k, e] of old) this.keepStale(k, e);
  }

  /** The last copy of an entry that is no longer fresh: for answering while the database is unreachable only. */
  staleCopy(key: string): CachedPage | undefined {
    return this.entries.get(key) ?? this.stale.get(key);
  }

  private keepStale(key: string, e: CachedPage): void {
    const before = this.stale.get(key);
    if (before) {
      this.stale.delete(key);
      this.staleTotal -= before.bytes;
    }
    this.stale.set(key, e);
    this.staleTotal += e.bytes;
    for (const [k, s] of this.stale) {
      if (this.staleTotal <= this.maxBytes) break;
      this.stale.delete(k);
      this.staleTotal -= s.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The last Accept-Encoding seen and its pick: clients send the same header on every request. */
let lastAccept = '';
let lastPick: 'br' | 'gzip' | null = null;

/** Picks the encoding to send from an Accept-Encoding header. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (accept === lastAccept) return lastPick;
  const a = accept.toLowerCase();
  const pick = /\bbr\b/.test(a) && !/\bbr;q=0(\.0*)?\b/.test(a) ? 'br' : /\bgzip\b/.test(a) && !/\bgzip;q=0(\.0*)?\b/.test(a) ? 'gzip' : null;
  lastAccept = accept;
  lastPick = pick;
  return pick;
}

/** Answers from a cache entry: its own compressed bytes, ETag and 304 for a matching If-None-Match. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'HIT' | 'MISS' | 'STALE'): FastifyReply {
  for (const [k, v] of page.headers) reply.header(k, v);
  reply.header('etag', page.etag).header('vary', 'Accept-Encoding').header('x-cache', state);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.code(page.status);
  const enc = pickEncoding(req.headers['accept-encoding']);
  const body = enc === 'br' ? page.br : enc === 'gzip' ? page.gzip : page.body;
  if (enc) reply.header('content-encoding', enc);
  reply.header('content-length', String(body.length));
  // Also for HEAD: Node writes no body for it, and Fastify's HEAD routes take the length from the payload.
  return reply.send(body);
}
