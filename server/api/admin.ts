import type { FastifyInstance } from 'fastify';
import { checkLogin } from '../auth/admins.server';
import { MFA_REQUIRED_MESSAGE, type AccountSecurity } from '../auth/account-security.server';
import { deleteSession, SESSION_COOKIE } from '../auth/sessions.server';
import { AppError } from '../lib/errors';
import { countNewConsultations } from '../mail/service.server';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import { ADMIN, answers, api, bool, int, obj, str } from './route-schema';

const tags = ['Administrator session'];

/** Sign-in, sign-out, who-am-I and dashboard counts. */
export function registerAdminRoutes(app: FastifyInstance, services: Services, security: AccountSecurity): void {
  const db = services.store.db;

  app.post(
    '/api/admin/adminlogin',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: api({
        operationId: 'adminLogin',
        tags,
        summary: 'Sign in: sets the HttpOnly, SameSite=Strict session cookie',
        description:
          'Missing fields answer 400 "Both fields are required."; repeated failures lock the account for a while (429). ' +
          'For an account with two-factor sign-in (an authenticator app or a passkey) the right password answers 200 with `mfaRequired: true`, ' +
          '`mfaToken` and `methods`, and no session: verifyTotp or finishPasskeyLogin with that token starts it (decision 0043).',
        body: obj({ email: str('Email (not checked for its form here: a wrong address answers 401)'), password: str('Password') }, ['email', 'password']),
        invalid: 'Both fields are required.',
        responses: answers({ admin: obj({ email: str('The administrator signed in', { format: 'email' }) }, ['email']) }, 401),
      }),
    },
    async (req, reply) => {
      const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const email = typeof b.email === 'string' ? b.email.trim() : '';
      const password = typeof b.password === 'string' ? b.password : '';
      if (!email || !password) throw new AppError(400, 'Both fields are required.');
      if (email.length > 254 || password.length > 1024) throw new AppError(401, 'Invalid email or password.');
      const result = await checkLogin(db, email, password);
      if (!result.ok) {
        if (result.reason === 'locked') {
          reply.header('retry-after', String(result.retryAfterSeconds));
          throw new AppError(429, `Too many failed sign-in attempts. Please try again in ${result.retryAfterSeconds} seconds.`);
        }
        throw new AppError(401, 'Invalid email or password.');
      }
      const second = await security.afterPassword(req, reply, { adminId: result.adminId, email: result.email });
      if (second) return { statusCode: 200, message: MFA_REQUIRED_MESSAGE, ...second };
      return { statusCode: 200, message: 'Login successful', admin: { email: result.email } };
    },
  );

  app.post('/api/admin/logout', { schema: api({ operationId: 'adminLogout', tags, summary: 'Sign out: ends the session on the server', responses: answers({}) }) }, async (req, reply) => {
    await deleteSession(db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { statusCode: 200, message: 'Logged out successfully!!' };
  });

  const admin = requireAdmin(services);

  const me = api({
    operationId: 'adminMe',
    tags,
    summary: 'The signed-in administrator; `twoFactorSetupRequired` while the firm requires two-factor sign-in and the account has none',
    security: ADMIN,
    responses: answers({ admin: obj({ email: str() }, ['email']), twoFactor: bool(), twoFactorSetupRequired: bool() }),
  });
  app.get('/api/admin/me', { preHandler: requireAdmin(services, { ownAccount: true }), schema: me }, async (req) => ({
    statusCode: 200,
    message: 'Signed in',
    admin: { email: req.admin!.email },
    twoFactor: req.admin!.twoFactor,
    twoFactorSetupRequired: !req.admin!.twoFactor && (await security.settings()).requireTwoFactor,
  }));

  const counts = api({
    operationId: 'adminCounts',
    tags,
    summary: 'Row counts for the dashboard: one per content group (by key), plus newConsultations',
    security: ADMIN,
    responses: answers({ counts: obj({}, [], { additionalProperties: int() }) }),
  });
  app.get('/api/admin/counts', { preHandler: admin, schema: counts }, async () => ({
    statusCode: 200,
    message: 'Counts fetched successfully',
    counts: { ...(await services.content.counts()), newConsultations: await countNewConsultations(db) },
  }));
}
