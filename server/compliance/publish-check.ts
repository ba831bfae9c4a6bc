import type { ResourceDef, SiteRow } from '../../content/kit';
import { checkRecordRule36, rule36Message, type Rule36Finding } from '../../content/rules/rule36';
import { AppError } from '../lib/errors';

/** Where the strict Rule 36 mode is read: the site settings. */
export interface RuleSettings {
  settings: { get(): Promise<{ rule36: { strict: boolean } }> };
}

/** The field a publishing request carries to publish despite findings (a contract: decision 0019). */
export const OVERRIDE_FIELD = 'override_reason';
const MAX_REASON = 1000;

/** How the publish check shows in the API reference of the calls it guards. */
export const RULE36_NOTE =
  'Visitor-facing text with Bar Council of India Rule 36 findings answers 409 with `findings` (see checkCompliance) and a `message` naming them, and changes nothing, unless the body also carries `override_reason` (kept in the audit log with the findings). In strict Rule 36 mode it answers 409 whatever the reason.';

/** What a request carries that this module reads: its override reason, sent as text (a form may send it twice). */
export interface OverrideRequest {
  readonly [OVERRIDE_FIELD]?: unknown;
}

/** A publish that went ahead with findings: kept in the audit entry's detail. */
export interface Rule36Override {
  reason: string;
  findings: Rule36Finding[];
}

/** The override reason a request carries, trimmed ('' when none). */
export function overrideReasonOf(fields: OverrideRequest): string {
  let raw = fields[OVERRIDE_FIELD];
  if (Array.isArray(raw)) raw = raw[0];
  if (raw === undefined || raw === null || typeof raw === 'object') return '';
  const reason = String(raw).trim();
  if (reason.length > MAX_REASON)
    throw new AppError(400, `The override reason must be at most ${MAX_REASON} characters.`);
  return reason;
}

/**
 * Decides a publish with these findings: nothing to do without findings; 409 naming them without an
 * override reason, or in strict Rule 36 mode whatever the reason; otherwise the override to audit.
 */
export async function decidePublish(
  services: RuleSettings,
  findings: Rule36Finding[],
  reason: string,
  strictMode?: boolean,
): Promise<Rule36Override | null> {
  if (findings.length === 0) return null;
  const strict = strictMode ?? (await services.settings.get()).rule36.strict;
  if (strict || !reason) throw new AppError(409, rule36Message(findings, strict), { findings, strict });
  return { reason, findings };
}

/** The audit entry's part of an override (its JSON detail and a marked action). */
export function auditOverride(override: Rule36Override | null): { detail?: string } {
  return override ? { detail: JSON.stringify({ rule36Override: override }) } : {};
}

/**
 * The publish check of one add or update of a content group: `before` runs inside the write once the
 * values are valid (so the spec's 400s come first), `override` is what to audit after it succeeded.
 */
export function publishCheck(services: RuleSettings, r: ResourceDef, fields: OverrideRequest) {
  let override: Rule36Override | null = null;
  return {
    before: async (values: SiteRow): Promise<void> => {
      override = await decidePublish(services, checkRecordRule36(r, values), overrideReasonOf(fields));
    },
    audit: () => auditOverride(override),
  };
}

export type PublishCheck = ReturnType<typeof publishCheck>;
