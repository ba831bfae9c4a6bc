import type { FastifyInstance } from 'fastify';
import { checkLogin } from '../auth/admins.server';
import { MFA_REQUIRED_MESSAGE, type AccountSecurity } from '../auth/account-security.server';
import { deleteSession, SESSION_COOKIE } from '../auth/sessions.server';
import { AppError } from '../lib/errors';
import { countNewConsultations } from '../consultations/requests.server';
import type { Services } from '../services';
import { mayUse, ROLES } from '../../content/roles';
import { requireAdmin } from './auth-hooks';
import { z } from 'zod';
import { ADMIN, PUBLIC, ROLES_OF, answer, errors, route } from './route-schema';

const tags = ['Administrator session'];

/** Sign-in, sign-out, who-am-I and dashboard counts. */
export function registerAdminRoutes(app: FastifyInstance, services: Services, security: AccountSecurity): void {
  const db = services.store.db;

  route(app, {
    method: 'POST',
    url: '/api/admin/adminlogin',
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      operationId: 'adminLogin',
      tags,
      roles: PUBLIC,
      summary: 'Sign in: sets the HttpOnly, SameSite=Strict session cookie',
      description:
        'Missing fields answer 400 "Both fields are required."; repeated failures lock the account for a while (429). ' +
        'For an account with two-factor sign-in (an authenticator app or a passkey) the right password answers 200 with `mfaRequired: true`, ' +
        '`mfaToken` and `methods`, and no session: verifyTotp or finishPasskeyLogin with that token starts it (decision 0043).',
      body: z.object({
        email: z.string().meta({ description: 'Email (not checked for its form here: a wrong address answers 401)' }),
        password: z.string().meta({ description: 'Password' }),
      }),
      invalid: 'Both fields are required.',
      response: {
        200: z.union([
          answer({
            admin: z.strictObject({
              email: z.string().meta({ description: 'The administrator signed in', format: 'email' }),
            }),
          }),
          answer({
            mfaRequired: z.literal(true),
            mfaToken: z.string().meta({ description: "The second step's token (verifyTotp, finishPasskeyLogin)" }),
            methods: z
              .strictObject({ totp: z.boolean(), passkey: z.boolean() })
              .meta({ description: 'The second steps the account has' }),
          }),
        ]),
        ...errors(400, 401, 429),
      },
    },
    handler: async (req, reply) => {
      const email = req.body.email.trim();
      const password = req.body.password;
      if (!email || !password) throw new AppError(400, 'Both fields are required.');
      if (email.length > 254 || password.length > 1024) throw new AppError(401, 'Invalid email or password.');
      const result = await checkLogin(db, email, password);
      if (!result.ok) {
        if (result.reason === 'locked') {
          reply.header('retry-after', String(result.retryAfterSeconds));
          throw new AppError(
            429,
            `Too many failed sign-in attempts. Please try again in ${result.retryAfterSeconds} seconds.`,
          );
        }
        throw new AppError(401, 'Invalid email or password.');
      }
      const second = await security.afterPassword(req, reply, { adminId: result.adminId, email: result.email });
      if (second) return { statusCode: 200, message: MFA_REQUIRED_MESSAGE, ...second };
      return { statusCode: 200, message: 'Login successful', admin: { email: result.email } };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/logout',
    schema: {
      operationId: 'adminLogout',
      tags,
      roles: PUBLIC,
      summary: 'Sign out: ends the session on the server',
      response: { 200: answer() },
    },
    handler: async (req, reply) => {
      await deleteSession(db, req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { statusCode: 200, message: 'Logged out successfully!!' };
    },
  });

  const admin = requireAdmin(services);

  route(app, {
    method: 'GET',
    url: '/api/admin/me',
    preHandler: admin,
    schema: {
      operationId: 'adminMe',
      tags,
      roles: ROLES_OF.staff,
      ownAccount: true,
      summary:
        'The signed-in administrator; `twoFactorSetupRequired` while the firm requires two-factor sign-in and the account has none',
      security: ADMIN,
      response: {
        200: answer({
          admin: z.strictObject({
            email: z.string(),
            role: z.enum(ROLES).meta({ description: 'admin, editor or intake (decision 0040)' }),
          }),
          twoFactor: z.boolean().meta({ description: 'The account has an authenticator app or a passkey' }),
          twoFactorSetupRequired: z
            .boolean()
            .meta({ description: 'The firm requires two-factor sign-in and the account has none yet (decision 0045)' }),
        }),
      },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Signed in',
      admin: { email: req.admin!.email, role: req.admin!.role },
      twoFactor: req.admin!.twoFactor,
      twoFactorSetupRequired: !req.admin!.twoFactor && (await security.settings()).requireTwoFactor,
    }),
  });

  route(app, {
    method: 'GET',
    url: '/api/admin/counts',
    preHandler: admin,
    schema: {
      operationId: 'adminCounts',
      tags,
      roles: ROLES_OF.staff,
      summary:
        'Row counts for the dashboard: one per content group (by key) for admin and editor, newConsultations for admin and intake',
      security: ADMIN,
      response: { 200: answer({ counts: z.record(z.string(), z.number().int()) }) },
    },
    handler: async (req) => {
      const role = req.admin!.role;
      // Each role sees the counts of what it may use (decision 0040).
      return {
        statusCode: 200,
        message: 'Counts fetched successfully',
        counts: {
          ...(mayUse(role, 'content') ? await services.content.counts() : {}),
          ...(mayUse(role, 'intake') ? { newConsultations: await countNewConsultations(db) } : {}),
        },
      };
    },
  });
}
