import type { FastifyInstance } from 'fastify';
import { checkLogin } from '../auth/admins.server';
import { createSession, deleteSession, SESSION_COOKIE, ABSOLUTE_MS } from '../auth/sessions.server';
import { AppError } from '../lib/errors';
import { countNewConsultations } from '../mail/service.server';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';

/** Sign-in, sign-out, who-am-I and dashboard counts. */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const db = services.store.db;
  const secure = services.config.publicUrl.startsWith('https:');

  app.post(
    '/api/admin/adminlogin',
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
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
      const token = await createSession(db, result.adminId, { ip: req.ip, userAgent: req.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        maxAge: Math.floor(ABSOLUTE_MS / 1000),
      });
      return { statusCode: 200, message: 'Login successful', admin: { email: result.email } };
    },
  );

  app.post('/api/admin/logout', async (req, reply) => {
    await deleteSession(db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { statusCode: 200, message: 'Logged out successfully!!' };
  });

  const admin = requireAdmin(services);

  app.get('/api/admin/me', { preHandler: admin }, async (req) => ({
    statusCode: 200,
    message: 'Signed in',
    admin: { email: req.admin!.email },
  }));

  app.get('/api/admin/counts', { preHandler: admin }, async () => ({
    statusCode: 200,
    message: 'Counts fetched successfully',
    counts: { ...(await services.content.counts()), newConsultations: await countNewConsultations(db) },
  }));
}
