import type { FastifyInstance } from 'fastify';

/** What OWASP's REST guidance recommends for an API answer: it loads nothing and is never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Uploaded and private files: sandboxed, loading nothing, framed only by the site (embedded PDFs). */
export const FILE_CSP = "default-src 'none'; frame-ancestors 'self'; sandbox";
export const HSTS = 'max-age=31536000; includeSubDomains';

type HeaderSet = Readonly<Record<string, string>>;
export type HeaderList = [string, string][];

const COMMON: HeaderSet = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** The header sets, built once: pages (their CSP is set where they are rendered), JSON answers, files. */
function headerSets(hsts: boolean): { page: HeaderSet; json: HeaderSet; file: HeaderSet } {
  const base = hsts ? { ...COMMON, 'strict-transport-security': HSTS } : COMMON;
  return {
    page: Object.freeze({ ...base, 'x-frame-options': 'DENY' }),
    json: Object.freeze({ ...base, 'x-frame-options': 'DENY', 'content-security-policy': API_CSP }),
    file: Object.freeze({ ...base, 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': FILE_CSP }),
  };
}

/** Uploaded files (PDF attachments are embedded in the site's own pages), as opposed to pages and API answers. */
export function isFileUrl(url: string): boolean {
  return url.startsWith('/uploads/') || url.startsWith('/private/');
}

/**
 * The security headers of a page or JSON answer of the given content type: the same sets the onSend hook
 * applies, for the answers the cache builds once and writes itself (server/render/fast-path.ts), so an
 * answer served from memory carries exactly the same ones.
 */
export function securityHeaders(opts: { https: boolean; contentType: string }): HeaderList {
  const sets = headerSets(opts.https);
  return Object.entries(isJson(opts.contentType) ? sets.json : sets.page);
}

/**
 * Security headers on every response: pages, JSON answers (with the API's CSP), uploaded files and 404s.
 * Pages may not be framed by anyone; uploaded files may be framed by the site itself (PDF attachments are
 * embedded in case and blog pages). HSTS goes on every answer when the site is served over HTTPS (its
 * PUBLIC_URL, or the request itself arrived over HTTPS).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const plain = headerSets(opts.https);
  const secure = headerSets(true);
  app.addHook('onSend', async (req, reply) => {
    const sets = opts.https || req.protocol === 'https' ? secure : plain;
    const url = req.url;
    if (isFileUrl(url)) reply.headers(sets.file);
    else if (isJson(reply.getHeader('content-type'))) reply.headers(sets.json);
    else reply.headers(sets.page);
    reply.removeHeader('x-powered-by');
  });
}

function isJson(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  const mime = type.split(';', 1)[0]!.trim().toLowerCase();
  return mime === 'application/json' || mime.endsWith('+json');
}
