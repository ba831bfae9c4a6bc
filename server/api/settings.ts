import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { requireAdmin } from './auth-hooks';
import { checkSettingsRule36 } from '../../content/rules/rule36-settings';
import { auditOverride, decidePublish, overrideReasonOf, type Rule36Override } from '../compliance/publish-check';

/** Site settings: a public read and an administrator update of the whole document. */
export function registerSettingsRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/settings/getsettings', async () => ({
    statusCode: 200,
    message: 'Settings fetched successfully',
    settings: await services.settings.get(),
  }));

  app.post('/api/settings/updatesettings', { preHandler: requireAdmin(services) }, async (req) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const input = 'settings' in body ? body.settings : body;
    // Rule 36 (issue 16): the About and legal-team texts are checked like content before they are published.
    let override: Rule36Override | null = null;
    const settings = await services.settings.update(input, async (next) => {
      const reason = overrideReasonOf(body);
      override = await decidePublish(services, checkSettingsRule36(next), reason, next.rule36.strict);
    });
    req.audit = { action: 'update', target: 'settings', summary: 'Site settings', ...auditOverride(override) };
    return { statusCode: 200, message: 'Settings updated successfully', settings };
  });
}
