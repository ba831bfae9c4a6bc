import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { groupOf, resources } from '../../content/resources/index';
import { checkRecordRule36, checkRule36, type Rule36Finding } from '../../content/rules/rule36';
import { checkSettingsRule36 } from '../../content/rules/rule36-settings';
import { disclaimerTexts, disclaimerVersion } from '../../content/rules/disclaimer';
import { requireAdmin } from '../api/auth-hooks';
import { AppError } from '../lib/errors';
import { answer, Envelope, errors, Finding, idField, PUBLIC, ROLES_OF, route, text } from '../api/route-schema';
import type { Services } from '../services';
import { acceptanceCounts, recordAcceptance } from './disclaimer';

/** The groups whose rows are checked (their declarations' `rule36` fields), and the settings. */
const CHECKED = resources.filter((r) => r.rule36.fields.length);
const GROUPS: readonly [string, ...string[]] = ['settings', ...CHECKED.map((r) => r.key)];
/** The groups whose declarations add a scope's rules (a case write-up). */
const SCOPED = CHECKED.filter((r) => r.rule36.scope);

const CHECK_INVALID = 'Send the text to check, or a content group and the id of one of its items.';
const CheckBody = z.union([
  z.object({ text: z.string().max(500_000), group: z.enum(GROUPS).optional() }),
  z.object({ group: z.enum(GROUPS), id: idField('id').optional() }),
]);

const AcceptBody = z.object({ version: text('version', 40) });
const Version = answer({ version: z.string() });

/** The Rule 36 calls: the admin's check, and the disclaimer's anonymous acceptance count. */
export function registerComplianceRoutes(app: FastifyInstance, services: Services): void {
  const admin = requireAdmin(services);

  route(app, {
    method: 'POST',
    url: '/api/compliance/check',
    preValidation: admin,
    schema: {
      operationId: 'checkCompliance',
      roles: ROLES_OF.content,
      invalid: CHECK_INVALID,
      tags: ['Compliance'],
      summary: 'Check text, or a stored item, against the Bar Council of India Rule 36 rule set',
      description:
        `Send \`{text}\` (plain text; ${SCOPED.map((r) => `add \`group: "${r.key}"\` to include the ${r.rule36.scope} rules`).join('; ')}) or \`{group, id}\` ` +
        `(a stored ${CHECKED.map((r) => r.key).join(', ')} row; \`{group: "settings"}\` checks the site settings’ texts). ` +
        'Findings name the rule, its kind, the exact passage with its start and end, and a reason citing Rule 36. ' +
        'Adds and updates of those groups answer 409 with the same findings unless they carry `override_reason` ' +
        '(in strict Rule 36 mode, 409 whatever the reason).',
      security: [{ session: [] }],
      body: CheckBody,
      response: { 200: answer({ findings: z.array(Finding) }), ...errors(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const input = req.body;
      let findings: Rule36Finding[];
      if ('text' in input) {
        const scope = input.group && input.group !== 'settings' ? groupOf(input.group).rule36.scope : undefined;
        findings = checkRule36(input.text, { scope });
      } else if (input.group === 'settings') {
        findings = checkSettingsRule36(await services.settings.get());
      } else {
        if (input.id === undefined) throw new AppError(400, 'Send the id of the item to check.');
        const r = groupOf(input.group);
        const row = await services.content.get(r, input.id);
        if (!row) throw new AppError(404, `${r.label} not found`);
        findings = checkRecordRule36(r, row);
      }
      const message = findings.length
        ? `${findings.length} passage${findings.length === 1 ? '' : 's'} to review under Bar Council of India Rule 36`
        : 'No Rule 36 findings';
      return { statusCode: 200, message, findings };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/disclaimer/accept',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      operationId: 'acceptDisclaimer',
      roles: PUBLIC,
      tags: ['Compliance'],
      summary: 'Count one agreement to the current disclaimer version (a count per day; nothing about the visitor)',
      body: AcceptBody,
      response: { 200: Version, 400: Envelope, 409: Version, 429: Envelope },
    },
    handler: async (req) => {
      const { version } = req.body;
      const current = disclaimerVersion(disclaimerTexts(await services.settings.get()));
      if (version !== current)
        throw new AppError(409, 'The disclaimer has changed; please read the new version.', { version: current });
      await recordAcceptance(services.store.db, version);
      return { statusCode: 200, message: 'Disclaimer accepted', version };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/disclaimer/getacceptances',
    preHandler: admin,
    schema: {
      operationId: 'getDisclaimerAcceptances',
      roles: ROLES_OF.content,
      tags: ['Compliance'],
      summary: 'Agreements to the disclaimer per version and day (last 90 days), and the current version',
      security: [{ session: [] }],
      response: {
        200: answer({
          version: z.string(),
          acceptances: z.array(z.strictObject({ version: z.string(), day: z.string(), count: z.number().int() })),
        }),
        ...errors(401, 403),
      },
    },
    handler: async () => ({
      statusCode: 200,
      message: 'Disclaimer acceptances fetched successfully',
      version: disclaimerVersion(disclaimerTexts(await services.settings.get())),
      acceptances: await acceptanceCounts(services.store.db),
    }),
  });
}
