/**
 * Shapes the admin API answers and the admin screens read, shared by both sides: the server fills them,
 * the browser app types its tables with them, and neither imports the other (decision 0037).
 */
import type { Role } from './roles';

/** Every state of an outbox row (the API reference lists these). */
export const MAIL_STATUSES = ['queued', 'retrying', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The states of a confirmed erasure request (the Data requests table's status filter). */
export const ERASURE_STATUSES = ['verified', 'held', 'done'] as const;

/** An erasure request as the admin's Data requests table receives it. */
export interface ErasureRequestRow {
  request_id: number;
  email: string | null;
  status: (typeof ERASURE_STATUSES)[number];
  created_at: string;
  verified_at: string | null;
  due_at: string | null;
  hold_reason: string | null;
  completed_at: string | null;
  removed: number | null;
}

/** An administrator account as the Administrators screen lists it. */
export interface AdminAccount {
  admin_id: number;
  email: string;
  status: 'active' | 'invited';
  created_at: string;
  invited_by: string | null;
  password_changed_at: string | null;
  /** admin, editor or intake (decision 0040). */
  role: Role;
  /** Second factors (decision 0043): an authenticator app, passkeys. */
  two_factor: { totp: boolean; passkeys: number };
  last_login_at: string | null;
}

/** The signed-in account's two-factor sign-in, as My account shows it (decision 0043). */
export interface TwoFactorStatus {
  totp: boolean;
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  passkeys: number;
}

/** One of the account's passkeys (decision 0044). */
export interface PasskeyView {
  passkey_id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** One of the account's sessions, by the id it is revoked with (decision 0045). */
export interface SessionView {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  device: string;
  current: boolean;
}

/** One entry of the dashboard's work list (drafts, scheduled, going off, images without alt text). */
export interface WorkItem {
  group: string;
  groupTitle: string;
  id: number;
  title: string;
  adminPath: string;
  status: string;
  pending: boolean;
  publish_at: string | null;
  unpublish_at: string | null;
}

/** One ranked entry of the Insights page: a page, referrer, campaign, … and its count (decision 0058). */
export interface InsightsRanked {
  key: string;
  count: number;
}

/** The Insights page's figures for a range of days (insightsSummary, decision 0058). */
export interface InsightsSummary {
  from: string;
  to: string;
  totals: { views: number; visitors: number; requests: number };
  days: { day: string; views: number; visitors: number }[];
  pages: InsightsRanked[];
  referrers: InsightsRanked[];
  campaigns: InsightsRanked[];
  devices: InsightsRanked[];
  languages: InsightsRanked[];
  landings: InsightsRanked[];
  requests: InsightsRanked[];
}

/**
 * One locale's translation of a content row as the admin's translation editor reads it (getTranslation,
 * decisions 0076 and 0078).
 */
export interface TranslationView {
  group: string;
  id: number;
  locale: string;
  state: 'missing' | 'draft' | 'published' | 'outdated';
  /** The live translation when published, else the draft. */
  fields: Record<string, string>;
  /** The pending draft over a published translation (null when there is none). */
  draft: Record<string, string> | null;
  /** The English text of the translatable fields, now. */
  source: Record<string, string>;
  /**
   * The English text the translation was made from (or last confirmed against), when it is known: for an
   * outdated translation, what changed in English is the difference between this and `source`.
   */
  source_then: Record<string, string> | null;
  /** A machine draft nobody has reviewed yet: it cannot be published until a person has. */
  machine: boolean;
  updated_at: string | null;
  updated_by: string | null;
  /** The row's address in this locale, for a group whose rows are addressed by a slug (decision 0082); else null. */
  slug: TranslationSlug | null;
}

/** A translation's own slug (decision 0082) beside the English one. */
export interface TranslationSlug {
  /** The English slug: the row's address in English, and in this locale while the translation has none. */
  source: string;
  /** The slug of the version in `fields` (the live one when published); null: the English slug is used. */
  value: string | null;
  /** The slug of the pending draft, when `draft` is not null. */
  draft: string | null;
}

/**
 * The dashboard's translation work in one group and locale (decision 0078): rows on the site in English
 * without a translation there, and published translations the English text has changed under.
 */
export interface TranslationWork {
  group: string;
  groupTitle: string;
  adminPath: string;
  locale: string;
  missing: number;
  outdated: number;
  /** Where the work is done when it is not a group's table filtered to it: the settings' texts' language tab. */
  href?: string;
}
