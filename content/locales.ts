/**
 * The languages the public site is written in: the one place that lists them (decisions 0054, 0063). English is
 * the default and keeps the spec's paths; every other locale serves the same pages under `/<code>/…`. A further
 * locale (Tamil, say) is one entry here and its message catalog `content/i18n/<code>.json`; Settings then
 * enable it. Search keeps one index per locale.
 */
export const LOCALES = ['en', 'ml', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  /** The language's name in itself, as the header's switcher shows it. */
  name: string;
  /** The BCP 47 tag the `Intl` formatters use (dates, numbers, plural rules). */
  intl: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: 'English', intl: 'en-IN' },
  ml: { name: 'മലയാളം', intl: 'ml-IN' },
  hi: { name: 'हिन्दी', intl: 'hi-IN' },
};

/** The time zone of the dates and times the public pages show in the Indian locales. */
export const SITE_TIME_ZONE = 'Asia/Kolkata';

export function isLocale(s: string): s is Locale {
  return (LOCALES as readonly string[]).includes(s);
}

/** The locale of a public path: its first segment when that is a locale other than the default, else English. */
export function localeOfPath(pathname: string): Locale {
  const m = /^\/([a-z]{2,3})(?:\/|$)/.exec(pathname);
  return m && m[1] !== DEFAULT_LOCALE && isLocale(m[1]) ? m[1] : DEFAULT_LOCALE;
}

/** The path without its locale prefix: '/ml/faqs' → '/faqs', '/ml' → '/', '/faqs' → '/faqs'. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** A path of the spec ('/faqs', '/') in a locale: unchanged in English, '/ml/faqs' and '/ml/' in Malayalam. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/') || path.startsWith('//')) return path;
  return `/${locale}${path}`;
}

/**
 * Where a row stands in a locale (decision 0064): `missing` (no translation), `draft`, `published`, or
 * `outdated` (published, made from English text that has since changed; it stays live until updated).
 */
export type TranslationState = 'missing' | 'draft' | 'published' | 'outdated';

/** Whether a row's page in a locale is its own published version (indexed, listed as an alternate). */
export const isLive = (state: TranslationState): boolean => state === 'published' || state === 'outdated';
