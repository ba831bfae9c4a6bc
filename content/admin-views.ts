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
