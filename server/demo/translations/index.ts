/**
 * The demo content's Malayalam and Hindi translations as the translation store publishes them (decision
 * 0080): one published translation per demo row and locale, plus the settings' texts (decision 0081) while
 * the settings are still the demo firm's.
 */
import type { ResourceDef } from '../../../content/kit';
import * as groups from '../../../content/resources/index';
import { DEFAULT_SETTINGS, type SiteSettings } from '../../../content/settings';
import { settingsTexts } from '../../../content/settings-texts';
import { TRANSLATED_LOCALES, type PublishedTranslation } from '../../translations/service.server';
import { hi } from './hi';
import { ml } from './ml';
import * as demo from './types';

/** The demo texts by locale. */
export const DEMO_TRANSLATIONS: Readonly<Record<string, demo.DemoTranslations>> = { ml, hi };

/** The settings' translated texts by path (content/settings-texts.ts), lists in the settings' order. */
export function demoSettingsFields(t: demo.DemoSettingsTranslation): Record<string, string> {
  const out: Record<string, string> = {
    tagline: t.tagline,
    founderQuote: t.founderQuote,
    'hours.morning': t.hours.morning,
    'hours.evening': t.hours.evening,
    'hours.days': t.hours.days,
    'headquarters.address': t.headquartersAddress,
    'footerCredit.text': t.footerCredit,
    'rule36.declaration': t.declaration,
  };
  t.officeAddresses.forEach((a, i) => (out[`offices.${i}.address`] = a));
  t.legalTeam.forEach((p, i) => {
    out[`legalTeam.${i}.role`] = p.role;
    out[`legalTeam.${i}.bio`] = p.bio;
    p.practiceAreas.forEach((a, j) => (out[`legalTeam.${i}.practiceAreas.${j}`] = a));
    p.qualifications.forEach((q, j) => (out[`legalTeam.${i}.qualifications.${j}`] = q));
  });
  return out;
}

/** Whether the settings' texts are still the demo firm's (a firm that set its own gets no demo translation of them). */
const isDemoSettings = (s: SiteSettings): boolean =>
  JSON.stringify(settingsTexts(s)) === JSON.stringify(settingsTexts(DEFAULT_SETTINGS));

/** Every demo translation to publish for the rows just seeded (`ids`), in every translated locale that has demo texts. */
export function demoTranslationItems(ids: demo.DemoIds, settings: SiteSettings): PublishedTranslation[] {
  const out: PublishedTranslation[] = [];
  for (const locale of TRANSLATED_LOCALES) {
    const t = DEMO_TRANSLATIONS[locale];
    if (!t) continue;
    const add = (group: ResourceDef, id: number | undefined, fields: Readonly<Record<string, string>>) => {
      if (id !== undefined) out.push({ group, id, locale, fields });
    };
    for (const k of demo.DEMO_CATEGORY_KEYS) add(groups.caseCategory, ids.categories.get(k), t.categories[k]);
    for (const k of demo.DEMO_CASE_KEYS) {
      const { details, ...title } = t.cases[k];
      add(groups.cases, ids.cases.get(k), title);
      if (details) add(groups.caseDetails, ids.caseDetails.get(k), details);
    }
    for (const k of demo.DEMO_BLOG_KEYS) add(groups.blog, ids.blogs.get(k), t.blogs[k]);
    for (const k of demo.DEMO_EVENT_KEYS) {
      const { speakers, ...fields } = t.events[k];
      // A speaker's designation by position (decision 0080).
      add(groups.event, ids.events.get(k), {
        ...fields,
        ...Object.fromEntries(speakers.map((d, i) => [`speakers.${i}.designation`, d])),
      });
    }
    for (const k of demo.DEMO_REVIEW_KEYS) add(groups.review, ids.reviews.get(k), t.reviews[k]);
    for (const k of demo.DEMO_FAQ_KEYS) add(groups.faqs, ids.faqs.get(k), t.faqs[k]);
    for (const k of demo.DEMO_GALLERY_KEYS) add(groups.gallery, ids.gallery.get(k), t.gallery[k]);
    for (const k of demo.DEMO_VACANCY_KEYS) add(groups.vacancy, ids.vacancies.get(k), t.vacancies[k]);
    if (isDemoSettings(settings)) out.push({ group: 'settings', locale, fields: demoSettingsFields(t.settings) });
  }
  return out;
}
