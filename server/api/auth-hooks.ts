import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbiddenMessage, isRole, type Access } from '../../content/roles';
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

/** The roles a registered route declares (its schema's `roles`), or null when it declares none. */
export function declaredAccess(schema: unknown): Access | null {
  const roles = (schema as { roles?: unknown } | undefined)?.roles;
  if (roles === 'public') return 'public';
  if (Array.isArray(roles) && roles.length > 0 && roles.every(isRole)) return roles;
  return null;
}

/**
 * The one guard of every route (decision 0040). Each route declares in its schema the roles it allows
 * (or 'public'); a route that declares none stops the server at start. On a request, a route that is not
 * public answers 401 without a valid server session and 403 with a sentence to a role it does not allow,
 * before its body is read. The session (with the account's current role) is on `req.admin`.
 * Sessions end by the idle and absolute lifetimes of the security settings, read at each request; while
 * settings `requireTwoFactor` is on, an account with neither an authenticator app nor a passkey reaches only
 * the routes of its own account (schema `ownAccount`) and gets 403 elsewhere (decision 0045).
 * Must be called before the routes are registered.
 */
export function registerRoleGuard(app: FastifyInstance, services: Services): void {
  // Checked once every route is registered, so a plugin's scope may still declare its routes (markPublic).
  const registered: Array<{ method: unknown; url: string; schema?: unknown }> = [];
  app.addHook('onRoute', (route) => void registered.push(route));
  app.addHook('onReady', async () => {
    const missing = registered.filter((r) => !declaredAccess(r.schema)).map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    if (missing.length) throw new Error(`Routes that declare no roles (schema.roles, decision 0040): ${missing.join('; ')}`);
  });
  app.addHook('onRequest', async (req, reply) => {
    const access = declaredAccess(req.routeOptions.schema);
    // Not a route (the not-found handler: public pages, 404s): nothing to guard.
    if (access === 'public' || (!access && !req.routeOptions.url)) return;
    const security = access ? await loadSecuritySettings(services.store.db) : null;
    const admin =
      access && security
        ? await readSession(services.store.db, req.cookies[SESSION_COOKIE], services.authClock.now().getTime(), lifetimesOf(security))
        : null;
    // Answered before the body was read: close the connection, or the unsent remainder would block the next request.
    const refuse = (code: number, message: string) => {
      if (!req.raw.complete) reply.header('connection', 'close');
      return reply.code(code).send({ statusCode: code, message });
    };
    if (!admin) return refuse(401, NOT_SIGNED_IN);
    req.admin = admin;
    if (!access!.includes(admin.role)) return refuse(403, forbiddenMessage(admin.role));
    const ownAccount = (req.routeOptions.schema as { ownAccount?: unknown } | undefined)?.ownAccount === true;
    if (security!.requireTwoFactor && !admin.twoFactor && !ownAccount) return refuse(403, TWO_FACTOR_REQUIRED);
  });
}

/**
 * An onRoute hook for a plugin's scope whose routes are all public (the built client files): declares
 * `roles: 'public'` on each.
 */
export function markPublic(route: { schema?: unknown }): void {
  if (route.schema && typeof route.schema === 'object') Object.assign(route.schema, { roles: 'public' });
  else route.schema = { roles: 'public' };
}

/**
 * The handlers' assurance that the guard ran: every route that reads `req.admin` keeps it in its
 * preHandler, so a route whose roles were declared public by mistake answers 401 instead of failing.
 */
export function requireAdmin(_services: Services) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.admin) return reply.code(401).send({ statusCode: 401, message: NOT_SIGNED_IN });
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
