import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSession, SESSION_COOKIE, type SessionAdmin } from '../auth/sessions.server';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: SessionAdmin | null;
  }
}

export const NOT_SIGNED_IN = 'Please sign in to continue.';

/** preHandler for every administrator-only route: 401 without a valid server session. */
export function requireAdmin(services: Services) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const admin = await readSession(services.store.db, req.cookies[SESSION_COOKIE]);
    if (!admin) {
      return reply.code(401).send({ statusCode: 401, message: NOT_SIGNED_IN });
    }
    req.admin = admin;
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request whose Origin (or, lacking it, Referer) names another site.
 * Requests with neither header (scripts, curl) are judged by the cookie alone.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const source = req.headers.origin ?? req.headers.referer;
    if (!source) return;
    let origin: string;
    try {
      origin = new URL(String(source)).origin;
    } catch {
      origin = 'null';
    }
    const own = `${req.protocol}://${req.host}`;
    if (origin !== allowed && origin !== own) {
      return reply.code(403).send({ statusCode: 403, message: 'Cross-site requests are not allowed.' });
    }
  });
}
