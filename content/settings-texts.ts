/**
 * The site settings' visitor-facing texts that are translated per locale (decision 0081), each by its path in
 * the settings document: 'tagline', 'hours.morning', 'offices.1.address', 'legalTeam.0.bio',
 * 'legalTeam.0.practiceAreas.2', 'rule36.disclaimer.acknowledgements.0'… Names (the firm's, the founder's,
 * the advocates'), cities (the booking form's office keys), phone numbers and addresses on the web stay as
 * entered. Pure; shared by the server and the admin.
 */
import type { SiteSettings } from './settings';

/** One translatable text of the settings: its label in the admin and its longest length (the schema's). */
export interface SettingsTextDef {
  label: string;
  max: number;
}

const FIXED: Readonly<Record<string, SettingsTextDef>> = {
  tagline: { label: 'Tagline', max: 200 },
  founderQuote: { label: 'Founder Quote', max: 600 },
  'hours.morning': { label: 'Morning hours', max: 60 },
  'hours.evening': { label: 'Evening hours', max: 60 },
  'hours.days': { label: 'Days open', max: 60 },
  'headquarters.address': { label: 'Headquarters address', max: 300 },
  'footerCredit.text': { label: 'Footer credit', max: 120 },
  'rule36.declaration': { label: 'Rule 36 declaration', max: 1000 },
  'rule36.disclaimer.statement': { label: 'Disclaimer statement', max: 1000 },
  'rule36.disclaimer.advice': { label: 'Disclaimer advice', max: 500 },
};

const OFFICE = /^offices\.(\d+)\.address$/;
const PROFILE = /^legalTeam\.(\d+)\.(role|bio)$/;
const PROFILE_ITEM = /^legalTeam\.(\d+)\.(practiceAreas|qualifications)\.(\d+)$/;
const ACK = /^rule36\.disclaimer\.acknowledgements\.(\d+)$/;

/** The English text of every translatable settings text, by path, in the order the admin shows them. */
export function settingsTexts(s: SiteSettings): Record<string, string> {
  const out: Record<string, string> = {
    tagline: s.tagline,
    founderQuote: s.founderQuote,
    'hours.morning': s.hours.morning,
    'hours.evening': s.hours.evening,
    'hours.days': s.hours.days,
    'headquarters.address': s.headquarters.address,
  };
  s.offices.forEach((o, i) => (out[`offices.${i}.address`] = o.address));
  s.legalTeam.forEach((p, i) => {
    out[`legalTeam.${i}.role`] = p.role;
    out[`legalTeam.${i}.bio`] = p.bio;
    p.practiceAreas.forEach((a, j) => (out[`legalTeam.${i}.practiceAreas.${j}`] = a));
    p.qualifications.forEach((q, j) => (out[`legalTeam.${i}.qualifications.${j}`] = q));
  });
  out['footerCredit.text'] = s.footerCredit.text;
  out['rule36.declaration'] = s.rule36.declaration;
  out['rule36.disclaimer.statement'] = s.rule36.disclaimer.statement;
  s.rule36.disclaimer.acknowledgements.forEach((a, i) => (out[`rule36.disclaimer.acknowledgements.${i}`] = a));
  out['rule36.disclaimer.advice'] = s.rule36.disclaimer.advice;
  return out;
}

/** The label and limit of a translatable path, or undefined when the path is not one. */
export function settingsTextDef(path: string): SettingsTextDef | undefined {
  if (FIXED[path]) return FIXED[path];
  let m = OFFICE.exec(path);
  if (m) return { label: `Office ${Number(m[1]) + 1}: Address`, max: 300 };
  m = PROFILE.exec(path);
  if (m)
    return m[2] === 'role'
      ? { label: `Profile ${Number(m[1]) + 1}: Role`, max: 160 }
      : { label: `Profile ${Number(m[1]) + 1}: Biography`, max: 4000 };
  m = PROFILE_ITEM.exec(path);
  if (m) {
    const what = m[2] === 'practiceAreas' ? 'Practice Area' : 'Qualification';
    return {
      label: `Profile ${Number(m[1]) + 1}: ${what} ${Number(m[3]) + 1}`,
      max: m[2] === 'practiceAreas' ? 120 : 160,
    };
  }
  m = ACK.exec(path);
  if (m) return { label: `Disclaimer acknowledgement ${Number(m[1]) + 1}`, max: 500 };
  return undefined;
}

/** Whether a path names an item of a list (an office, a profile, an acknowledgement): kept by position. */
export const isSettingsListText = (path: string): boolean => /\.\d+(\.|$)/.test(path);

/**
 * The settings with translated texts in place of the English ones (blank translations leave the English).
 * `lists: false` leaves the texts of list items (offices, profiles, acknowledgements) English: a translation
 * made before the lists changed could otherwise put one advocate's biography under another's name.
 */
export function applySettingsTexts(
  s: SiteSettings,
  texts: Readonly<Record<string, string>>,
  opts: { lists: boolean } = { lists: true },
): SiteSettings {
  const t = (path: string, english: string): string => {
    if (!opts.lists && isSettingsListText(path)) return english;
    const v = texts[path];
    return typeof v === 'string' && v.trim() !== '' ? v : english;
  };
  return {
    ...s,
    tagline: t('tagline', s.tagline),
    founderQuote: t('founderQuote', s.founderQuote),
    hours: {
      morning: t('hours.morning', s.hours.morning),
      evening: t('hours.evening', s.hours.evening),
      days: t('hours.days', s.hours.days),
    },
    headquarters: { ...s.headquarters, address: t('headquarters.address', s.headquarters.address) },
    offices: s.offices.map((o, i) => ({ ...o, address: t(`offices.${i}.address`, o.address) })),
    legalTeam: s.legalTeam.map((p, i) => ({
      ...p,
      role: t(`legalTeam.${i}.role`, p.role),
      bio: t(`legalTeam.${i}.bio`, p.bio),
      practiceAreas: p.practiceAreas.map((a, j) => t(`legalTeam.${i}.practiceAreas.${j}`, a)),
      qualifications: p.qualifications.map((q, j) => t(`legalTeam.${i}.qualifications.${j}`, q)),
    })),
    footerCredit: { ...s.footerCredit, text: t('footerCredit.text', s.footerCredit.text) },
    rule36: {
      ...s.rule36,
      declaration: t('rule36.declaration', s.rule36.declaration),
      disclaimer: {
        statement: t('rule36.disclaimer.statement', s.rule36.disclaimer.statement),
        acknowledgements: s.rule36.disclaimer.acknowledgements.map((a, i) =>
          t(`rule36.disclaimer.acknowledgements.${i}`, a),
        ),
        advice: t('rule36.disclaimer.advice', s.rule36.disclaimer.advice),
      },
    },
  };
}
