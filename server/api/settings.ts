import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { adminOnlySettingsChanged, mayUse, ROLE_LABELS, WEBSITE_TEXT_SETTINGS } from '../../content/roles';
import { AppError } from '../lib/errors';
import { requireAdmin } from './auth-hooks';
import { checkSettingsRule36 } from '../../content/rules/rule36-settings';
import { RULE36_NOTE } from './content-schemas';
import { ADMIN, PUBLIC, ROLES_OF, answers, api, jsonBody, obj, ref, str } from './route-schema';
import { auditOverride, decidePublish, overrideReasonOf, type Rule36Override } from '../compliance/publish-check';

/** Site settings: a public read and an administrator update of the whole document. */
export function registerSettingsRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['Site settings'];
  const settings = ref('SiteSettings');
  const read = api({ operationId: 'getSettings', tags, roles: PUBLIC, summary: "The firm's details shown on every page", responses: answers({ settings }) });
  app.get('/api/settings/getsettings', { schema: read }, async () => ({
    statusCode: 200,
    message: 'Settings fetched successfully',
    settings: await services.settings.get(),
  }));

  const update = api({
    operationId: 'updateSettings',
    tags,
    summary: 'Replace the whole settings document (or send it as {settings})',
    description: `Checked by the settings schema of content/settings.ts (400 names the field). An editor may change the website texts only (${WEBSITE_TEXT_SETTINGS.join(', ')}); a save of an editor that changes any other part (strict Rule 36 mode, booking rules, privacy and retention, security) answers 403 naming those parts. The tagline, founder quote and legal-team texts are checked like content. ${RULE36_NOTE}`,
    roles: ROLES_OF.content,
    security: ADMIN,
    requestBody: jsonBody({ anyOf: [settings, obj({ settings, override_reason: str('Why Rule 36 findings are published anyway') }, ['settings'])] }),
    responses: answers({ settings }, 400, 409),
  });
  app.post('/api/settings/updatesettings', { preHandler: requireAdmin(services), schema: update }, async (req) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const input = 'settings' in body ? body.settings : body;
    // Rule 36 (decision 0019): the About and legal-team texts are checked like content before they are published.
    let override: Rule36Override | null = null;
    const role = req.admin!.role;
    const current = await services.settings.get();
    const settings = await services.settings.update(input, async (next) => {
      // An editor changes the website texts only (decision 0040); the other parts are the administrator's.
      if (!mayUse(role, 'admin')) {
        const refused = adminOnlySettingsChanged(current, next);
        if (refused.length) {
          throw new AppError(403, `Your account's role (${ROLE_LABELS[role]}) may change the website texts of the settings only. Ask an administrator to change: ${refused.join(', ')}.`);
        }
      }
      const reason = overrideReasonOf(body);
      override = await decidePublish(services, checkSettingsRule36(next), reason, next.rule36.strict);
    });
    req.audit = { action: 'update', target: 'settings', summary: 'Site settings', ...auditOverride(override) };
    return { statusCode: 200, message: 'Settings updated successfully', settings };
  });
}
