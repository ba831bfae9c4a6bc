import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import { adminOnlySettingsChanged, mayUse, ROLE_LABELS, WEBSITE_TEXT_SETTINGS } from '../../content/roles';
import { SiteSettingsSchema } from '../../content/settings';
import { AppError } from '../lib/errors';
import { requireAdmin } from './auth-hooks';
import { checkSettingsRule36 } from '../../content/rules/rule36-settings';
import { ADMIN, PUBLIC, ROLES_OF, answer, documentedBody, errors, route, Rule36Refusal } from './route-schema';
import {
  auditOverride,
  decidePublish,
  overrideReasonOf,
  RULE36_NOTE,
  type Rule36Override,
} from '../compliance/publish-check';

/** Site settings: a public read and an administrator update of the whole document. */
export function registerSettingsRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['Site settings'];
  const settings = answer({ settings: SiteSettingsSchema });
  route(app, {
    method: 'GET',
    url: '/api/settings/getsettings',
    schema: {
      operationId: 'getSettings',
      tags,
      roles: PUBLIC,
      summary: "The firm's details shown on every page",
      response: { 200: settings },
    },
    handler: async () => ({
      statusCode: 200,
      message: 'Settings fetched successfully',
      settings: await services.settings.get(),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/settings/updatesettings',
    preHandler: requireAdmin(services),
    schema: {
      operationId: 'updateSettings',
      tags,
      summary: 'Replace the whole settings document (or send it as {settings})',
      description: `Checked by the settings schema of content/settings.ts (400 names the field). An editor may change the website texts only (${WEBSITE_TEXT_SETTINGS.join(', ')}); a save of an editor that changes any other part (strict Rule 36 mode, booking rules, privacy and retention, security) answers 403 naming those parts. The tagline, founder quote and legal-team texts are checked like content. ${RULE36_NOTE}`,
      roles: ROLES_OF.content,
      security: ADMIN,
      // The settings service checks the document with its own messages (the field named): any JSON object
      // reaches it (anything else counts as an empty one), and the reference shows what it expects.
      body: z.record(z.string(), z.unknown()).catch({}),
      requestBody: documentedBody({
        'application/json': z.union([
          SiteSettingsSchema,
          z.object({
            settings: SiteSettingsSchema,
            override_reason: z.string().optional().meta({ description: 'Why Rule 36 findings are published anyway' }),
          }),
        ]),
      }),
      response: { 200: settings, ...errors(400), 409: Rule36Refusal },
    },
    handler: async (req) => {
      const body = req.body;
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
            throw new AppError(
              403,
              `Your account's role (${ROLE_LABELS[role]}) may change the website texts of the settings only. Ask an administrator to change: ${refused.join(', ')}.`,
            );
          }
        }
        const reason = overrideReasonOf(body);
        override = await decidePublish(services, checkSettingsRule36(next), reason, next.rule36.strict);
      });
      req.audit = { action: 'update', target: 'settings', summary: 'Site settings', ...auditOverride(override) };
      return { statusCode: 200, message: 'Settings updated successfully', settings };
    },
  });
}
