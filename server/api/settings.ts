import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';

/** Site settings: a public read and an administrator update of the whole document. */
export function registerSettingsRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/settings/getsettings', async () => ({
    statusCode: 200,
    message: 'Settings fetched successfully',
    settings: await services.settings.get(),
  }));

  app.post('/api/settings/updatesettings', { preHandler: requireAdmin(services) }, async (req) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const settings = await services.settings.update('settings' in body ? body.settings : body);
    req.audit = { action: 'update', target: 'settings', summary: 'Site settings' };
    return { statusCode: 200, message: 'Settings updated successfully', settings };
  });
}
