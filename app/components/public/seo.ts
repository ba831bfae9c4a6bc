import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { WEEKDAYS } from '../../../content/rules/slots';
import { profileAnchor } from '../../../content/rules/search-path';
import { LAYOUT_ID, type PublicLayoutData } from './site';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../../content/locales';
import { i18nFor, translator, type MessageKey, type Translate } from '../../lib/i18n';
import { WEEKDAY_NAMES } from '../../lib/weekday-names';
import { fontPreloads } from './fonts';
import type { Json } from '../../../content/json';

/** A schema.org JSON-LD node: its type and its properties. */
export interface LdNode {
  readonly '@context'?: 'https://schema.org';
  readonly '@type': string;
  readonly [property: string]: Json | undefined;
}

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page ('/blog'); the canonical URL is origin + path. */
  path: string;
  /** Stored image path or absolute URL for Open Graph. */
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: LdNode[];
  /**
   * The locales this page is published in (decision 0064): a row's page lists those where the row is
   * translated; by default every locale the site publishes. A page rendered in a locale not among them is
   * the untranslated fallback: `noindex`, canonical to the English page, no alternates.
   */
  published?: readonly Locale[];
  /**
   * The page's path in each locale where it differs from `path` (an event's own slug in Malayalam, decision
   * 0082), without the locale prefix: its canonical URL there and its alternates use it.
   */
  paths?: Partial<Record<Locale, string>>;
}

/** The chrome's translate function in a meta function (the layout's catalog); English when there is none. */
export function metaT(matches: readonly (MetaMatchLike | undefined)[]): Translate {
  const layout = layoutFromMatches(matches);
  return layout ? translator(i18nFor(layout.catalog)) : (key) => key;
}

/**
 * `<link rel="alternate" hreflang>` for each locale the page is published in, plus `x-default` (English),
 * absolute; the same set on every published version of the page (decision 0063).
 */
export function alternateLinks(origin: string, path: string, locales: readonly Locale[], paths: Partial<Record<Locale, string>> = {}): MetaDescriptor[] {
  const out: MetaDescriptor[] = locales.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: absolute(origin, localizedPath(l, paths[l] ?? path)) }));
  out.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absolute(origin, paths[DEFAULT_LOCALE] ?? path) });
  return out;
}

export function layoutFromMatches(matches: readonly (MetaMatchLike | undefined)[]): PublicLayoutData | undefined {
  const m = matches.find((x) => x?.id === LAYOUT_ID);
  return (m?.loaderData ?? m?.data) as PublicLayoutData | undefined;
}

function absolute(origin: string, p: string): string {
  if (/^https?:\/\//.test(p)) return p;
  return `${origin}${p.startsWith('/') ? '' : '/'}${p}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags, and JSON-LD of one public page. */
export function seo(matches: readonly (MetaMatchLike | undefined)[], page: PageSeo): MetaDescriptor[] {
  const layout = layoutFromMatches(matches);
  const firm = layout?.settings.firmName ?? '';
  const origin = layout?.origin ?? '';
  const title = page.title === firm || !firm ? page.title : `${page.title} | ${firm}`;
  const locale = layout?.locale ?? DEFAULT_LOCALE;
  const enabled: readonly Locale[] = layout?.settings.locales ?? [DEFAULT_LOCALE];
  const published = (page.published ?? enabled).filter((l) => enabled.includes(l));
  const own = published.includes(locale);
  // The untranslated fallback points search engines to the English page and stays out of their index.
  const paths = page.paths ?? {};
  const url = absolute(origin, own ? localizedPath(locale, paths[locale] ?? page.path) : (paths[DEFAULT_LOCALE] ?? page.path));
  const out: MetaDescriptor[] = [
    { title },
    ...fontPreloads(locale),
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(own ? (published.length > 1 ? alternateLinks(origin, page.path, published, paths) : []) : [{ name: 'robots', content: 'noindex' }]),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: firm },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ];
  if (page.image) out.push({ property: 'og:image', content: absolute(origin, page.image) });
  for (const ld of page.jsonLd ?? []) out.push({ 'script:ld+json': ld });
  return out;
}

/** A page's catalog texts: `<key>.title` and `<key>.description` ('page.privacy'). */
export type PageTextsKey = {
  [K in MessageKey]: K extends `${infer P}.title` ? (`${P}.description` extends MessageKey ? P : never) : never;
}[MessageKey];

type MetaMatches = readonly (MetaMatchLike | undefined)[];

/** The meta function of a page titled and described by its catalog texts (`<texts>.title`, `<texts>.description`). */
export function textsMeta(texts: PageTextsKey, path: string) {
  return ({ matches }: { matches: MetaMatches }) => {
    const t = metaT(matches);
    return seo(matches, { title: t(`${texts}.title`), description: t(`${texts}.description`), path });
  };
}

/**
 * The meta function of a page described from the firm's settings (the chrome's data): `page` gives its
 * description and JSON-LD; without the chrome's data (an error page) `fallback` describes it, with no JSON-LD.
 */
export function settingsMeta(
  title: MessageKey,
  path: string,
  fallback: string,
  page: (t: Translate, settings: SiteSettings, origin: string) => Pick<PageSeo, 'description' | 'jsonLd'>,
) {
  return ({ matches }: { matches: MetaMatches }) => {
    const layout = layoutFromMatches(matches);
    const t = metaT(matches);
    const described = layout ? page(t, layout.settings, layout.origin) : { description: fallback, jsonLd: [] };
    return seo(matches, { title: t(title), path, ...described });
  };
}

/**
 * Structured data stays within what Rule 36 lets an advocate's website state (decision 0055): the firm as a
 * LegalService with its offices, the advocates as Person, breadcrumbs and events. Only these types are used;
 * no Attorney type, no ratings or reviews.
 */
export const JSON_LD_TYPES = ['LegalService', 'PostalAddress', 'OpeningHoursSpecification', 'Person', 'BreadcrumbList', 'ListItem', 'Event', 'Place'] as const;

/** JSON for a `<script type="application/ld+json">`: '<' escaped, so no text in it can close the script. */
export function ldJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The consultation hours (Settings → Booking) as schema.org opening hours: one entry per window and its days. */
export function openingHoursLd(settings: SiteSettings): LdNode[] {
  const byWindow = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of WEEKDAYS) {
    for (const w of settings.booking.weeklyHours[day]) {
      const key = `${w.from}-${w.to}`;
      const entry = byWindow.get(key) ?? { opens: w.from, closes: w.to, days: [] };
      entry.days.push(`https://schema.org/${WEEKDAY_NAMES[day]}`);
      byWindow.set(key, entry);
    }
  }
  return [...byWindow.values()].map((w) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: w.days, opens: w.opens, closes: w.closes }));
}

/** The firm by name and address, as other entities refer to it (worksFor, organizer). */
export function firmRef(settings: SiteSettings, origin: string): LdNode {
  return { '@type': 'LegalService', name: settings.firmName, url: origin + '/' };
}

/** The firm as a schema.org LegalService: its headquarters, and each office with address, telephone and hours. */
export function legalServiceLd(settings: SiteSettings, origin: string): LdNode {
  const address = (o: SiteSettings['headquarters']) => ({
    '@type': 'PostalAddress',
    streetAddress: o.address,
    addressLocality: o.city,
  });
  const hours = openingHoursLd(settings);
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    name: settings.firmName,
    url: origin + '/',
    email: settings.email,
    telephone: settings.headquarters.phone || settings.phones[0],
    foundingDate: String(settings.foundedYear),
    founder: { '@type': 'Person', name: settings.founderName },
    address: address(settings.headquarters),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    sameAs: Object.values(settings.socials).filter(Boolean),
    department: settings.offices.map((o) => ({
      '@type': 'LegalService',
      name: `${settings.firmName}, ${o.city}`,
      address: address(o),
      ...(o.phone ? { telephone: o.phone } : {}),
      ...(hours.length ? { openingHoursSpecification: hours } : {}),
    })),
  };
}

/** Each legal-team profile as a Person who works for the firm. */
export function legalTeamLd(settings: SiteSettings, origin: string): LdNode[] {
  return settings.legalTeam.map((p) => ({
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: p.name,
    jobTitle: p.role,
    ...(p.practiceAreas.length ? { knowsAbout: p.practiceAreas } : {}),
    url: `${origin}/our-legal-team#${profileAnchor(p.name)}`,
    worksFor: firmRef(settings, origin),
  }));
}

/** The breadcrumb trail of a detail page: Home, its parents, the page itself. */
export function breadcrumbLd(
  at: string | { origin: string; home: string; homeLabel: string },
  crumbs: { to: string; label: string }[],
  title: string,
): LdNode {
  const { origin, home, homeLabel } = typeof at === 'string' ? { origin: at, home: '/', homeLabel: 'Home' } : at;
  const items = [{ to: home, label: homeLabel }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      ...items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: origin + c.to })),
      { '@type': 'ListItem', position: items.length + 1, name: title },
    ],
  };
}

/** Meta for a page whose loader threw (404): a plain title, not indexed. */
export function notFoundMeta(matches: readonly (MetaMatchLike | undefined)[] = []): MetaDescriptor[] {
  return [{ title: metaT(matches)('notFound.title') }, { name: 'robots', content: 'noindex' }];
}
