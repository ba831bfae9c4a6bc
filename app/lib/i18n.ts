/**
 * The public site's chrome in the visitor's language (decision 0063): Lingui (`@lingui/core`, `@lingui/react`)
 * over the catalogs in content/i18n/<locale>.json, ICU messages (plurals, `select`) compiled on the server
 * (app/lib/catalogs.server.ts). A page carries its locale's compiled messages; the islands hydrate with the
 * same ones (app/islands.client.tsx), so no catalog and no message compiler is part of any script.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  localizedPath,
  SITE_TIME_ZONE,
  type Locale,
} from '../../content/locales';
import type en from '../../content/i18n/en.json';
import { format12h, formatPublicDate } from '../../content/rules/dates';
import { DAY_OPTIONS, fromPieces, type DateNames, type DayKind } from './date-names';

/** Every message of the chrome: the keys of the English catalog (the others must have each of them). */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** What a page sends to its islands: the locale, its compiled messages and its dates' pieces (decision 0104). */
export interface PageCatalog {
  locale: Locale;
  messages: Messages;
  dates?: DateNames;
}

/** The id of the JSON script that carries a page's catalog to its islands. */
export const CATALOG_SCRIPT_ID = 'lex-i18n';

const instances = new Map<string, { messages: Messages; i18n: I18n }>();

/** One Lingui instance per locale (and per catalog object: a rebuilt catalog gets a new one). */
export function i18nFor(catalog: PageCatalog): I18n {
  if (catalog.dates) dateNames.set(catalog.locale, catalog.dates);
  const have = instances.get(catalog.locale);
  if (have && have.messages === catalog.messages) return have.i18n;
  const i18n = setupI18n({
    locale: catalog.locale,
    locales: [LOCALE_INFO[catalog.locale].intl],
    messages: { [catalog.locale]: catalog.messages },
  });
  instances.set(catalog.locale, { messages: catalog.messages, i18n });
  return i18n;
}

const translators = new WeakMap<I18n, Translate>();

/** The translate function of an instance, typed by the English catalog's keys (one per instance: stable across renders). */
export function translator(i18n: I18n): Translate {
  let t = translators.get(i18n);
  if (!t) {
    t = (key, values) => i18n._(key, values);
    translators.set(i18n, t);
  }
  return t;
}

/** The current locale (the provider's), as the site's type. */
export function localeOf(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** In a component under the page's provider: `t`, the locale and `lp` (a spec path in this locale). */
export function useT(): {
  t: Translate;
  locale: Locale;
  lp: (path: string) => string;
  has: (key: string) => key is MessageKey;
} {
  const { i18n } = useLingui();
  const locale = localeOf(i18n);
  return {
    t: translator(i18n),
    locale,
    lp: (path: string) => localizedPath(locale, path),
    has: (key: string): key is MessageKey => key in i18n.messages,
  };
}

/**
 * Dates and numbers of the Indian locales through `Intl` (ml-IN, hi-IN) in the firm's time zone, Asia/Kolkata;
 * one formatter per locale and format, made on first use (decision 0009: each holds ICU data in native memory).
 * English keeps the spec's own formats (content/rules/dates.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: Locale, kind: DayKind | 'time'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === 'time' ? { hour: 'numeric', minute: '2-digit', hour12: true } : DAY_OPTIONS[kind];
    f = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, { ...opts, timeZone: SITE_TIME_ZONE });
    formatters.set(key, f);
  }
  return f;
}

/** A calendar day 'YYYY-MM-DD' as a moment at noon in Kolkata (so the zone never moves it to another day). */
function dayMoment(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T12:00:00+05:30`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A day in a locale: '2027 മാർച്ച് 5', '5 मार्च 2027'; '' when unreadable. */
export function formatDay(locale: Locale, iso: string | null | undefined, kind: DayKind = 'date'): string {
  // The pieces the page's catalog brought (decision 0104): no Intl object, so no ICU data to load in the browser.
  const pieces = dateNames.get(locale)?.[kind];
  return pieces ? fromPieces(pieces, iso ?? '') : intlDay(locale, iso ?? '', kind);
}

/** The dates' pieces of each locale's catalog seen so far (i18nFor). */
const dateNames = new Map<string, DateNames>();

/** A day in a locale through `Intl` itself; '' when unreadable. */
export function intlDay(locale: Locale, iso: string, kind: DayKind): string {
  const d = dayMoment(iso);
  return d ? dateFormat(locale, kind).format(d) : '';
}

/** `intlDay`'s parts (the server takes the formats apart with them, decision 0104). */
export function intlDayParts(locale: Locale, iso: string, kind: DayKind): Intl.DateTimeFormatPart[] {
  const d = dayMoment(iso);
  return d ? dateFormat(locale, kind).formatToParts(d) : [];
}

/** A wall-clock time 'HH:MM' (as entered, Kolkata) in a locale: '10:30 AM' in its own words; '' when unreadable. */
export function formatClock(locale: Locale, hhmm: string | null | undefined): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!m || Number(m[1]) > 23) return '';
  const d = new Date(`2000-01-01T${m[1].padStart(2, '0')}:${m[2]}:00+05:30`);
  return dateFormat(locale, 'time').format(d);
}

/** A whole number in a locale (Indian digit grouping: 1,00,000). */
export function formatNumber(locale: Locale, n: number): string {
  const key = `${locale}|number`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_INFO[locale].intl, { maximumFractionDigits: 0 });
    formatters.set(key, f);
  }
  return f.format(n);
}

/** A public page's date: the spec's 'DD MMM YYYY' in English, `Intl` in the other locales. */
export const publicDate = (locale: Locale, iso: string | null | undefined): string =>
  locale === DEFAULT_LOCALE ? formatPublicDate(iso) : formatDay(locale, iso);

/** A public page's time of day: the spec's '1:05 PM' in English, `Intl` in the other locales. */
export const publicTime = (locale: Locale, hhmm: string | null | undefined): string =>
  locale === DEFAULT_LOCALE ? format12h(hhmm) : formatClock(locale, hhmm);
