import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. Pages may not be framed by anyone; uploaded files may be framed
 * by the site itself (PDF attachments are embedded in case and blog pages). The Content-Security-Policy
 * for pages is set where pages are rendered.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  app.addHook('onSend', async (req, reply) => {
    const isFile = req.url.startsWith('/uploads/') || req.url.startsWith('/private/');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-frame-options', isFile ? 'SAMEORIGIN' : 'DENY');
    if (isFile) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'; sandbox");
    if (opts.https || req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    reply.removeHeader('x-powered-by');
  });
}
