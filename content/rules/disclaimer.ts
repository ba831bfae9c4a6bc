/**
 * The disclaimer popup's texts and version (decision 0019). Pure and isomorphic: the server renders the
 * texts and counts acceptances per version; the browser remembers an agreement per version for 30 days.
 */
import type { SiteSettings } from '../settings';

/** How long an agreement is remembered in the browser. */
export const DISCLAIMER_AGREEMENT_DAYS = 30;
/** The browser's storage key of the agreement: { version, at } (at in ms). */
export const DISCLAIMER_STORAGE_KEY = 'rule36-disclaimer-agreement';

export interface DisclaimerTexts {
  statement: string;
  acknowledgements: string[];
  advice: string;
}

/** The disclaimer's body with the firm's name in place of '{firm}'. */
export function disclaimerTexts(settings: Pick<SiteSettings, 'firmName' | 'rule36'>): DisclaimerTexts {
  const fill = (s: string) => s.split('{firm}').join(settings.firmName);
  const d = settings.rule36.disclaimer;
  return { statement: fill(d.statement), acknowledgements: d.acknowledgements.map(fill), advice: fill(d.advice) };
}

/** A short version id of the texts (FNV-1a, 32 bits, base 36): any change of wording is a new version. */
export function disclaimerVersion(texts: DisclaimerTexts): string {
  const s = JSON.stringify([texts.statement, texts.acknowledgements, texts.advice]);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `v${h.toString(36)}`;
}

/** Whether a stored agreement still holds for this version at `now` (ms). */
export function agreementHolds(stored: unknown, version: string, now: number): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const a = stored as { version?: unknown; at?: unknown };
  if (a.version !== version || typeof a.at !== 'number') return false;
  return a.at <= now && now - a.at < DISCLAIMER_AGREEMENT_DAYS * 24 * 60 * 60 * 1000;
}
