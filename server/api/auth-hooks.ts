import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lifetimesOf, loadSecuritySettings } from '../auth/security.server';
import { readSession, SESSION_COOKIE, type SessionAdmin } from '../auth/sessions.server';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: SessionAdmin | null;
  }
}

export const NOT_SIGNED_IN = 'Please sign in to continue.';

/** The answer of every other call to an account without a second factor while the firm requires one (decision 0045). */
export const TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required: set it up under My account.';

/**
 * preHandler for every administrator-only route: 401 without a valid server session (its idle and absolute
 * lifetimes as the security settings say). While settings `requireTwoFactor` is on, an account without an
 * authenticator app or a passkey reaches only the routes of its own account (`ownAccount`) and gets 403
 * everywhere else.
 */
export function requireAdmin(services: Services, opts: { ownAccount?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const security = await loadSecuritySettings(services.store.db);
    const admin = await readSession(services.store.db, req.cookies[SESSION_COOKIE], services.authClock.now().getTime(), lifetimesOf(security));
    if (!admin) {
      return reply.code(401).send({ statusCode: 401, message: NOT_SIGNED_IN });
    }
    req.admin = admin;
    if (security.requireTwoFactor && !admin.twoFactor && !opts.ownAccount) {
      return reply.code(403).send({ statusCode: 403, message: TWO_FACTOR_REQUIRED });
    }
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
