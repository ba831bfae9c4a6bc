import { zonedFormatter } from '../../../content/rules/dates';
import { en, type Catalog, type MessageKey } from './en';
import { hi } from './hi';
import { ml } from './ml';

export type { Catalog, MessageKey };

/**
 * The languages the client's side of a consultation can be in (decision 0071): one catalog each. A further
 * language is a catalog file here plus its code in content/locales.ts (catalogs.test.ts checks that every
 * locale of the site has one, with every English key).
 */
export const CATALOGS = { en, ml, hi } as const satisfies Record<string, Catalog>;
export type ClientLocale = keyof typeof CATALOGS;
export const CLIENT_LOCALES = Object.keys(CATALOGS) as ClientLocale[];

export function isClientLocale(v: unknown): v is ClientLocale {
  return typeof v === 'string' && Object.hasOwn(CATALOGS, v);
}

/** A stored locale as a catalog's: null, unknown or blank (a request made without one) reads as English. */
export function clientLocale(v: unknown): ClientLocale {
  return isClientLocale(v) ? v : 'en';
}

/** The Intl tag of each language's dates: English keeps the en-GB dates the mails always had. */
const INTL_TAG: Record<ClientLocale, string> = { en: 'en-GB', ml: 'ml-IN', hi: 'hi-IN' };
const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
};
/** One formatter per language and zone for the process (decision 0009). */
const whenFormatters = Object.fromEntries(CLIENT_LOCALES.map((l) => [l, zonedFormatter(INTL_TAG[l], WHEN)])) as Record<
  ClientLocale,
  (tz: string) => Intl.DateTimeFormat
>;

const escapeHtml = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `{name}` placeholders filled in one pass: from `raw` as given, else from `vars` through `value`; an unknown
 * placeholder is left as written.
 */
function fill(template: string, vars: Record<string, string | number>, value: (v: string) => string, raw: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) =>
    Object.hasOwn(raw, k) ? raw[k]! : Object.hasOwn(vars, k) ? value(String(vars[k])) : m,
  );
}

/** The placeholders of a message (the completeness test compares them across catalogs). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

export interface Translator {
  readonly locale: ClientLocale;
  /** The BCP 47 tag for `lang` attributes. */
  readonly lang: string;
  /** A message as plain text. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  /** A message as HTML: the text escaped, `html` values inserted as given (links), `vars` escaped. */
  h(key: MessageKey, vars?: Record<string, string | number>, html?: Record<string, string>): string;
  /** A time in the firm's zone, written for this language ('Monday, 4 March 2030 at 3:00 am IST' in English). */
  when(d: Date, timeZone: string): string;
}

const made = new Map<ClientLocale, Translator>();

export function translator(locale: unknown): Translator {
  const l = clientLocale(locale);
  let tr = made.get(l);
  if (!tr) {
    const catalog: Catalog = CATALOGS[l];
    tr = {
      locale: l,
      lang: l,
      t: (key, vars = {}) => fill(catalog[key], vars, (v) => v),
      h: (key, vars = {}, html = {}) => {
        const escaped = escapeHtml(catalog[key]).replace(/\r?\n/g, '<br>');
        return fill(escaped, vars, (v) => escapeHtml(v).replace(/\r?\n/g, '<br>'), html);
      },
      when: (d, tz) => whenFormatters[l](tz).format(d),
    };
    made.set(l, tr);
  }
  return tr;
}
