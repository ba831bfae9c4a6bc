import type { IncomingMessage, ServerResponse } from 'node:http';
import { pickEncoding, type PageCache } from './page-cache';
import { pageCacheKey } from './react-router';

export interface FastPathOptions {
  /** Rendered public pages. */
  pages?: PageCache;
  /** The public list calls' JSON, under their exact paths (`/api/faqs/getallfaqs`). */
  lists?: PageCache;
  /** PUBLIC_URL is https: every answer carries HSTS. */
  https: boolean;
  /** TRUST_PROXY: X-Forwarded-Proto says whether the client came over HTTPS. */
  trustProxy: boolean;
  /** Called for a cached public page answered 404 (the not-found report counts it, decision 0057). */
  onNotFound?: (req: IncomingMessage) => void;
}

export interface FastPath {
  /** Answers a GET or HEAD from the caches and returns true, or returns false and leaves it to Fastify. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers given so far (tests check that the path is taken). */
  readonly served: number;
}

/**
 * Cached answers at the speed of Node's own HTTP server (decision 0020). A GET or HEAD whose page or list
 * answer is in memory is written straight to the socket with headers built once per entry (content type,
 * Content-Security-Policy, the security headers of plugins/security.ts, ETag, Vary, X-Cache, encoding and
 * length), before Fastify is involved: no request and reply objects, no hooks, no promise. Fastify's hooks
 * do nothing for such a request anyway: the origin check, the write limits and the audit look at writes
 * only, sessions are read by admin routes only, the body is already compressed. Everything else (a miss,
 * a write, any other address) goes to Fastify as before, which also serves the cache for `app.inject`.
 * The caches are kept fresh by local writes (cleared at once) and the content-version poll (other
 * instances), so no per-request database read is needed; with `CONTENT_VERSION_POLL_MS=0` the fast path
 * is off and every answer waits for a version read as decision 0007 had it.
 */
export function createFastPath(opts: FastPathOptions): FastPath {
  let served = 0;
  const isHttps = (req: IncomingMessage): boolean => {
    if (opts.https) return true;
    if (!opts.trustProxy) return false;
    const proto = req.headers['x-forwarded-proto'];
    if (typeof proto !== 'string') return false;
    // Fastify's rule (req.protocol): the last hop's value.
    const last = proto.lastIndexOf(',');
    return (last < 0 ? proto : proto.slice(last + 1)).trim() === 'https';
  };
  const fast = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    let entry;
    if (url.startsWith('/api/')) {
      entry = opts.lists?.get(url);
    } else if (opts.pages) {
      entry = opts.pages.get(url.includes('?') ? pageCacheKey(url) : url);
    }
    if (!entry) return false;
    if (entry.status === 404 && opts.onNotFound && !url.startsWith('/api/')) opts.onNotFound(req);
    const https = isHttps(req) ? 1 : 0;
    served++;
    if (entry.status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, entry.wire.notModified[https]);
      res.end();
      return true;
    }
    const enc = pickEncoding(req.headers['accept-encoding']);
    const body = enc === 'br' ? entry.br : enc === 'gzip' ? entry.gzip : entry.body;
    res.writeHead(entry.status, entry.wire[enc ?? 'identity'][https]);
    if (method === 'HEAD') res.end();
    else res.end(body);
    return true;
  };
  Object.defineProperty(fast, 'served', { get: () => served });
  return fast as FastPath;
}
