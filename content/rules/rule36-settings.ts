/**
 * The visitor-facing texts of the site settings (the About and legal-team pages' texts) under the
 * Rule 36 check: which texts, their labels, and the check itself. Pure; shared by server and admin.
 */
import type { SiteSettings } from '../settings';
import { checkRule36, type Rule36Finding } from './rule36';

type ProfileText = 'role' | 'bio' | 'practiceAreas' | 'qualifications';
const PROFILE_LABEL: Record<ProfileText, string> = {
  role: 'Role',
  bio: 'Biography',
  practiceAreas: 'Practice Areas',
  qualifications: 'Qualifications',
};

/** Paths of the checked texts: 'tagline', 'founderQuote', 'legalTeam.<i>.<role|bio|practiceAreas|qualifications>'. */
function paths(s: SiteSettings): string[] {
  return [
    'tagline',
    'founderQuote',
    ...s.legalTeam.flatMap((_p, i) => (Object.keys(PROFILE_LABEL) as ProfileText[]).map((k) => `legalTeam.${i}.${k}`)),
  ];
}

/** The text of one checked path (lists are joined one item per line). */
export function settingsFieldText(s: SiteSettings, path: string): string {
  if (path === 'tagline') return s.tagline;
  if (path === 'founderQuote') return s.founderQuote;
  const m = /^legalTeam\.(\d+)\.(role|bio|practiceAreas|qualifications)$/.exec(path);
  const p = m ? s.legalTeam[Number(m[1])] : undefined;
  if (!m || !p) return '';
  const v = p[m[2] as ProfileText];
  return Array.isArray(v) ? v.join('\n') : v;
}

export function settingsFieldLabel(path: string): string {
  if (path === 'tagline') return 'Tagline';
  if (path === 'founderQuote') return 'Founder Quote';
  const m = /^legalTeam\.(\d+)\.(role|bio|practiceAreas|qualifications)$/.exec(path);
  return m ? `Profile ${Number(m[1]) + 1}: ${PROFILE_LABEL[m[2] as ProfileText]}` : path;
}

/** Findings in the settings' visitor-facing texts, each naming its path as `field`; `locale` is their language (default 'en'). */
export function checkSettingsRule36(s: SiteSettings, locale?: string): Rule36Finding[] {
  return paths(s).flatMap((field) => checkRule36(settingsFieldText(s, field), { locale }).map((f) => ({ ...f, field })));
}
