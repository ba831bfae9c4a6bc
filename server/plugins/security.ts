import type { FastifyInstance } from 'fastify';

export type HeaderList = [string, string][];

const COMMON: HeaderList = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
  ['cross-origin-opener-policy', 'same-origin'],
];
const HSTS: [string, string] = ['strict-transport-security', 'max-age=31536000; includeSubDomains'];
const FILE_CSP = "default-src 'none'; frame-ancestors 'self'; sandbox";

/** Uploaded files (PDF attachments are embedded in the site's own pages), as opposed to pages and API answers. */
export function isFileUrl(url: string): boolean {
  return url.startsWith('/uploads/') || url.startsWith('/private/');
}

/**
 * The security headers of one answer: the one list both the onSend hook and the precomputed answers of the
 * cache (server/render/fast-path.ts) use, so an answer served from memory carries exactly the same ones.
 * Pages may not be framed by anyone; uploaded files may be framed by the site itself. The
 * Content-Security-Policy of pages is set where pages are rendered.
 */
export function securityHeaders(opts: { file: boolean; https: boolean }): HeaderList {
  const h: HeaderList = [...COMMON, ['x-frame-options', opts.file ? 'SAMEORIGIN' : 'DENY']];
  if (opts.file) h.push(['content-security-policy', FILE_CSP]);
  if (opts.https) h.push(HSTS);
  return h;
}

/** Security headers on every response (built once per kind, not per request). */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const asObject = (file: boolean, https: boolean) => Object.fromEntries(securityHeaders({ file, https }));
  const headers = {
    page: asObject(false, false),
    pageHttps: asObject(false, true),
    file: asObject(true, false),
    fileHttps: asObject(true, true),
  };
  app.addHook('onSend', async (req, reply) => {
    const https = opts.https || req.protocol === 'https';
    const file = isFileUrl(req.url);
    reply.headers(file ? (https ? headers.fileHttps : headers.file) : https ? headers.pageHttps : headers.page);
    reply.removeHeader('x-powered-by');
  });
}
