import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, localeOfPath } from '../../content/locales';
import { localizedServices } from '../translations/localized.server';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { PRIVATE_NO_STORE, publicCacheControl, publicCacheHeaders, recordReads, REDIRECTS_KEY } from '../cdn/keys';
import type { PreviewOverlay } from '../content/lifecycle/preview';
import { isDatabaseUnavailable } from '../db/index';
import type { Services } from '../services';
import { nextTimeBoundary } from './boundaries';
import { contentSecurityPolicy } from './csp';
import { sendCached, type PageCache } from './page-cache';
import { withIslands, type IslandsManifest } from './islands';
import { normalizeQuery, SEARCH_PATH } from '../../content/rules/search';
import { unlocalizedPath } from '../../content/locales';
import { withBeacon } from '../insights/beacon';

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * FILE_PUBLIC_URL of the server rendering the current request: app/lib/api.ts fileUrl() reads it through
 * globalThis while rendering (the app bundle cannot import server code), and the browser reads the same
 * value from the <meta> added to the page, so server and hydrated links agree.
 */
const fileBase = new AsyncLocalStorage<string>();
(globalThis as { __lexFileBase?: () => string }).__lexFileBase = () => fileBase.getStore() ?? '';

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Adds <meta name="lex-file-base"> right after <head> (the browser's fileUrl reads it). */
function withFileBase(body: Buffer, base: string): Buffer {
  const html = body.toString('utf8');
  const at = html.indexOf('<head>');
  if (at < 0) return body;
  const meta = `<meta name="lex-file-base" content="${escapeAttr(base)}"/>`;
  return Buffer.from(html.slice(0, at + 6) + meta + html.slice(at + 6), 'utf8');
}

/** Converts a Fastify request into a Fetch Request for React Router. */
function toRequest(req: FastifyRequest, origin: string, url: string = req.url): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  req.raw.once('close', () => {
    if (!req.raw.complete) controller.abort();
  });
  return new Request(new URL(url, origin), { method: req.method, headers, signal: controller.signal });
}

/** Sends a Fetch Response through Fastify, streaming the body. */
export async function sendResponse(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  reply.code(res.status);
  for (const [key, value] of res.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!res.body) return reply.send();
  // The body is Node's own web stream; the DOM type of a fetch body only lacks its async iterator.
  return reply.send(Readable.fromWeb(res.body as NodeWebReadableStream));
}

const UNCACHED_PREFIXES = ['/admin-login', '/admin-side-bar'];

/**
 * The query parameters a public page can depend on: the list page number, and React Router's own
 * (`_routes` and `index` on the `.data` requests of client-side navigation).
 */
const PAGE_PARAMS = new Set(['page', '_routes', 'index']);

/**
 * The address a public page is rendered for and cached under: the path plus only the parameters a page
 * reads, sorted. `?utm_source=…`, `?fbclid=…` or a made-up `?x=1` get the cached page, the page is
 * rendered without them (so it cannot differ), and random query strings cannot fill the cache with
 * copies of one page.
 */
export function pageCacheKey(url: string): string {
  // React Router's route discovery: its answer depends on every parameter.
  if (url.startsWith('/__manifest')) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  // The results page in any locale ('/ml/search', decision 0063) is keyed like the English one.
  if (unlocalizedPath(url.slice(0, q)) === SEARCH_PATH) return searchKey(new URLSearchParams(url.slice(q + 1)), url.slice(0, q));
  const kept = [...new URLSearchParams(url.slice(q + 1))].filter(([k]) => PAGE_PARAMS.has(k));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(kept).toString();
  return search ? `${url.slice(0, q)}?${search}` : url.slice(0, q);
}

/**
 * The results page's key (decision 0054): the query normalized as the page reads it (so ' Bail ' and
 * 'Bail' share one entry) and the page number; page 1 keeps the bare query.
 */
function searchKey(params: URLSearchParams, path: string = SEARCH_PATH): string {
  const query = normalizeQuery(params.get('q') ?? '');
  const page = params.get('page');
  const kept = new URLSearchParams();
  if (query) kept.set('q', query);
  if (page !== null && page !== '1') kept.set('page', page);
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

/** A key of the search results page, in any locale (kept in its own cache). */
export function isSearchKey(key: string): boolean {
  const path = unlocalizedPath(key.split('?', 1)[0]!);
  return path === SEARCH_PATH;
}

function loadedOnce(load: () => Promise<ServerBuild>, mode: 'production'): ReturnType<typeof createRequestHandler> {
  let ready: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => (await (ready ??= load().then((b) => createRequestHandler(b, mode))))(request, context);
}

/**
 * The React Router request handler for page requests (GET and HEAD). Loaders receive `{ services }`
 * as their context and read content in-process. Public pages are kept in the page cache (when given)
 * until content changes or the next time boundary passes.
 */
export function createRenderer(
  build: BuildSource,
  services: Services,
  mode: 'production' | 'development',
  pagesCache?: PageCache,
  /** The islands of the client build (decision 0028); null in development, where React Router hydrates pages. */
  islands: IslandsManifest | null = null,
  /** Search results pages (decision 0054): their own bounded cache, so queries cannot evict the site's pages. */
  searchCache?: PageCache,
) {
  // A build given as a loader is re-read on every request in development (React Router derives it each
  // time); in production it is imported once, when the first page needs it (main.ts starts that import as
  // soon as the server listens, decision 0030).
  const handler: ReturnType<typeof createRequestHandler> =
    typeof build === 'function' && mode === 'production' ? loadedOnce(build, mode) : createRequestHandler(build, mode);
  // The next time boundary (ads, events), per cache and its generation.
  const boundaries = new WeakMap<PageCache, { generation: number; at: number }>();
  const expiry = async (cache: PageCache, generation: number) => {
    const now = Date.now();
    let boundary = boundaries.get(cache);
    if (!boundary || boundary.generation !== generation || boundary.at <= now) {
      boundary = { generation, at: await nextTimeBoundary(services.content, now) };
      boundaries.set(cache, boundary);
    }
    return boundary.at;
  };

  /**
   * A page whose render failed (threw, or answered 5xx) while the database is unreachable is answered with
   * its last copy, if the cache has one (decision 0051).
   */
  const staleOnOutage = (req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply | null => {
    const cache = pagesCache;
    if (!cache) return null;
    if (services.store.availability.down === null && !(err !== undefined && isDatabaseUnavailable(err))) return null;
    if (UNCACHED_PREFIXES.some((p) => req.url.startsWith(p))) return null;
    const old = cache.staleCopy(pageCacheKey(req.url));
    return old ? sendCached(req, reply, old, 'STALE') : null;
  };

  /** `preview`: a signed preview link renders `path` with that row shown as it would be published, never cached. */
  return async (req: FastifyRequest, reply: FastifyReply, preview?: { path: string; overlay?: PreviewOverlay }) => {
    if (preview) return render(req, reply, preview);
    try {
      return await render(req, reply);
    } catch (err) {
      const stale = staleOnOutage(req, reply, err);
      if (stale) return stale;
      throw err;
    }
  };

  async function render(req: FastifyRequest, reply: FastifyReply, preview?: { path: string; overlay?: PreviewOverlay }) {
    const origin = `${req.protocol}://${req.host}`;
    const isPublic = !UNCACHED_PREFIXES.some((p) => req.url.startsWith(p));
    const key = preview ? preview.path : isPublic && (pagesCache || searchCache) ? pageCacheKey(req.url) : req.url;
    const cache = !preview && isPublic ? (isSearchKey(key) ? searchCache : pagesCache) : undefined;
    const cacheable = !!cache;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return sendCached(req, reply, hit, 'HIT');
    }
    const generation = cache?.generation ?? 0;
    const publicBase = services.config.filePublicUrl ?? '';
    // AsyncLocalStorage only with FILE_PUBLIC_URL (or a preview): once used, Node tracks every promise of the
    // process for it.
    const withBase = <T>(fn: () => T): T => (publicBase ? fileBase.run(publicBase, fn) : fn());
    const previewing = services.content.lifecycle.previewing;
    const overlay = preview?.overlay;
    const inPreview = <T>(fn: () => T): T => (overlay ? previewing.run(overlay, fn) : fn());
    // A public page records what its loaders read: its surrogate keys (decision 0047).
    const reads = isPublic && !preview ? recordReads(services) : null;
    // The loaders' context is the app's PageServices: the type checker holds the services to it here.
    // A page in another language reads the rows' translations where they are published (decision 0076).
    const locale = localeOfPath(new URL(key, origin).pathname);
    const base = reads?.services ?? services;
    const context: AppLoadContext = { services: locale === DEFAULT_LOCALE ? base : localizedServices(base, locale) };
    const res = await withBase(() => inPreview(() => handler(toRequest(req, origin, key), context)));
    if (preview) {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', PRIVATE_NO_STORE);
    }
    if (cacheable && res.status >= 500) {
      const stale = staleOnOutage(req, reply, undefined);
      if (stale) return stale;
    }
    // What shared caches may keep: a public page that rendered (200) or is missing (404) and sets no cookie.
    // Everything else gets `private, no-store` from the cache-control hook (plugins/cache-control.ts).
    const shareable = !!reads && (res.status === 200 || res.status === 404) && !res.headers.has('set-cookie');
    // A missing page goes when a redirect is written for its address.
    if (reads && res.status === 404) reads.keys.add(REDIRECTS_KEY);
    const isHtml = (res.headers.get('content-type') ?? '').startsWith('text/html');
    if (!res.body || (!isHtml && (!cacheable || (res.status !== 200 && res.status !== 404)))) {
      if (shareable) for (const [k, v] of publicCacheHeaders(publicCacheControl(services.config.cdn), reads.keys)) reply.header(k, v);
      return sendResponse(reply, res);
    }
    // Pages are read whole: the policy's script hashes come from the final HTML, and the cache keeps it.
    let body: Buffer = Buffer.from(await withBase(() => inPreview(() => res.arrayBuffer())));
    if (isHtml && publicBase) body = withFileBase(body, publicBase);
    const headers = [...res.headers].filter(([k]) => k !== 'content-length' && k !== 'content-encoding' && k !== 'etag' && (!shareable || k !== 'cache-control'));
    if (isHtml) {
      // Decoded once: public pages get the script that hydrates their islands after the first paint
      // (decisions 0010, 0028), and the policy hashes the result.
      let html = body.toString('utf8');
      if (isPublic && mode === 'production') {
        let rewritten = withIslands(html, islands);
        // Page views are counted by a beacon, never on this path (decision 0058); previews are not counted.
        if (res.status === 200 && !preview && services.config.insights) rewritten = withBeacon(rewritten);
        if (rewritten !== html) body = Buffer.from((html = rewritten), 'utf8');
      }
      headers.push(['content-security-policy', contentSecurityPolicy(html, publicBase ? new URL(publicBase).origin : undefined)]);
    }
    if (!cacheable || (res.status !== 200 && res.status !== 404) || res.headers.has('set-cookie')) {
      if (shareable) headers.push(...publicCacheHeaders(publicCacheControl(services.config.cdn), reads.keys));
      reply.code(res.status);
      for (const [k, v] of headers) if (k !== 'set-cookie') reply.header(k, v);
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(req.method === 'HEAD' ? undefined : body);
    }
    // The caching headers are part of the entry: built once, written by the fast path as they are.
    const expiresAt = await expiry(cache, generation);
    headers.push(...publicCacheHeaders(publicCacheControl(services.config.cdn, expiresAt), reads?.keys ?? []));
    const page = await cache.build(res.status, headers, body, expiresAt);
    cache.set(key, page, generation);
    return sendCached(req, reply, page, 'MISS');
  }
}
