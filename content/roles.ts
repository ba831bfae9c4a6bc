/**
 * The roles of staff accounts and what each may use (decision 0040). Shared by the server (every route
 * declares the roles it allows, one guard enforces them) and the admin (sidebar, dashboard, buttons).
 */
import type { SiteSettings } from './settings';

export const ROLES = ['admin', 'editor', 'intake'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  editor: 'Editor',
  intake: 'Intake',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, including accounts, the audit log and the security, booking and privacy settings.',
  editor: 'Every content group, files, drafts and publishing, the website texts of the settings and the assistant.',
  intake: 'Consultations and their decisions, the conflict list, data requests, the mail log and sending mail, and the assistant.',
};

/**
 * The areas of the back office and the roles allowed in each. A route declares one of these (or
 * 'public'); the administrator is in every area.
 */
export const ACCESS = {
  /** Any signed-in account: its own session and password, the dashboard, the assistant. */
  staff: ['admin', 'editor', 'intake'],
  /** Content groups, files, the content lifecycle, the Rule 36 check, the website texts of the settings. */
  content: ['admin', 'editor'],
  /** Consultations and their decisions, the conflict list, data requests, the mail log and sending mail. */
  intake: ['admin', 'intake'],
  /** Accounts, the audit log, security settings. */
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Area = keyof typeof ACCESS;
/** What a route declares: the roles it allows, or 'public' (no session needed). */
export type Access = readonly Role[] | 'public';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function mayUse(role: Role, area: Area): boolean {
  return (ACCESS[area] as readonly Role[]).includes(role);
}

/** The answer to a signed-in account whose role a route does not allow (403). */
export function forbiddenMessage(role: Role): string {
  return `Your account's role (${ROLE_LABELS[role]}) does not allow this. Ask an administrator if you need it.`;
}

/**
 * The parts of the site settings an editor may change: the website's texts. Every other part (strict
 * Rule 36 mode, booking rules, privacy and retention, and any part added later, such as security
 * settings) is the administrator's; an editor's save that changes one answers 403 (decision 0040).
 */
export const WEBSITE_TEXT_SETTINGS = [
  'firmName',
  'tagline',
  'foundedYear',
  'founderName',
  'founderQuote',
  'offices',
  'email',
  'phones',
  'whatsapp',
  'socials',
  'hours',
  'legalTeam',
  'footerCredit',
  'rule36.declaration',
  'rule36.leaveUrl',
  'rule36.disclaimer',
] as const;

/** Whether an editor may change the setting at this path (a website text, or a part of one). */
export function isWebsiteText(path: string): boolean {
  return WEBSITE_TEXT_SETTINGS.some((p) => path === p || path.startsWith(`${p}.`));
}

const SETTING_LABELS: Record<string, string> = {
  'rule36.strict': 'Strict Rule 36 mode',
  booking: 'Booking rules',
  privacy: 'Privacy and retention',
  routing: 'Showing lawyers’ names on the booking page',
};

/** The parts (by path) of two settings documents that differ outside the website texts, as labels. */
export function adminOnlySettingsChanged(before: SiteSettings, after: SiteSettings): string[] {
  const text = new Set<string>(WEBSITE_TEXT_SETTINGS);
  const changed: string[] = [];
  const walk = (a: unknown, b: unknown, prefix: string) => {
    const as = propertiesOf(a);
    const bs = propertiesOf(b);
    const keys = new Set([...as.keys(), ...bs.keys()]);
    for (const key of keys) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (text.has(path)) continue;
      const x = as.get(key);
      const y = bs.get(key);
      // A part holding website texts deeper down (rule36) is compared key by key.
      if (WEBSITE_TEXT_SETTINGS.some((p) => p.startsWith(`${path}.`))) walk(x, y, path);
      else if (JSON.stringify(x) !== JSON.stringify(y)) changed.push(SETTING_LABELS[path] ?? path);
    }
  };
  walk(before, after, '');
  return changed;
}

/** An object's own properties by name (none for anything that is not a plain object: a list, text, null). */
function propertiesOf(v: unknown): Map<string, unknown> {
  return new Map<string, unknown>(v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : []);
}
