/**
 * The message catalogs, compiled on the server (decision 0063): every `content/i18n/<locale>.json` is read
 * at start-up and its ICU messages compiled once with Lingui's compiler; pages get the compiled form, so the
 * browser never needs the compiler. A catalog for a locale not in content/locales.ts is ignored; a locale
 * without one falls back to English key by key (tests/i18n holds every catalog to English's keys).
 */
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../content/locales';
import { DAY_OPTIONS, takeApart, type DateNames, type DayKind } from './date-names';
import { intlDay, intlDayParts, type PageCatalog } from './i18n';

const sources = import.meta.glob<Record<string, string>>('../../content/i18n/*.json', {
  eager: true,
  import: 'default',
});

const compiled = new Map<Locale, Messages>();

function sourceOf(locale: Locale): Record<string, string> {
  for (const [file, messages] of Object.entries(sources)) if (file.endsWith(`/${locale}.json`)) return messages;
  return {};
}

/** Keys whose texts only the server renders (long page texts): left out of what the islands receive. */
const SERVER_ONLY = /^page\./;

/** A locale's compiled messages: English's, each replaced by the locale's own where it has one. */
export function compiledMessages(locale: Locale): Messages {
  let m = compiled.get(locale);
  if (!m) {
    const all = { ...sourceOf(DEFAULT_LOCALE), ...(locale === DEFAULT_LOCALE ? {} : sourceOf(locale)) };
    m = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, compileMessage(v)]));
    compiled.set(locale, m);
  }
  return m;
}

/** The page's catalog (for the server render) and the part of it the islands need (for the page). */
export function pageCatalog(locale: Locale): { full: PageCatalog; islands: PageCatalog } {
  const messages = compiledMessages(locale);
  const key = `${locale}:islands`;
  let islands = islandParts.get(key);
  if (!islands) {
    islands = Object.fromEntries(Object.entries(messages).filter(([k]) => !SERVER_ONLY.test(k)));
    islandParts.set(key, islands);
  }
  const dates = locale === DEFAULT_LOCALE ? undefined : datesOf(locale);
  return { full: { locale, messages, dates }, islands: { locale, messages: islands, dates } };
}

const dateNames = new Map<Locale, DateNames>();

/** A locale's day formats taken apart with Intl, each checked against Intl for three years (decision 0104). */
export function datesOf(locale: Locale): DateNames {
  let names = dateNames.get(locale);
  if (!names) {
    names = {};
    for (const kind of Object.keys(DAY_OPTIONS) as DayKind[]) {
      const f = takeApart(
        (iso) => intlDayParts(locale, iso, kind),
        (iso) => intlDay(locale, iso, kind),
      );
      if (f) names[kind] = f;
    }
    dateNames.set(locale, names);
  }
  return names;
}
const islandParts = new Map<string, Messages>();

/** The locales that have a catalog file (tests; a further locale is its file plus its LOCALES entry). */
export function catalogLocales(): string[] {
  return Object.keys(sources)
    .map((f) => /([^/]+)\.json$/.exec(f)?.[1] ?? '')
    .filter((l) => isLocale(l));
}
