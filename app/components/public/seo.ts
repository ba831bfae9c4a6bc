import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { LAYOUT_ID, type PublicLayoutData } from './site';

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
  jsonLd?: Record<string, unknown>[];
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
  const url = absolute(origin, page.path);
  const out: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
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

/** The firm as a schema.org LegalService with its headquarters and offices. */
export function legalServiceLd(settings: SiteSettings, origin: string): Record<string, unknown> {
  const address = (o: SiteSettings['headquarters']) => ({
    '@type': 'PostalAddress',
    streetAddress: o.address,
    addressLocality: o.city,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    name: settings.firmName,
    url: origin + '/',
    email: settings.email,
    telephone: settings.phones[0],
    foundingDate: String(settings.foundedYear),
    founder: { '@type': 'Person', name: settings.founderName },
    address: address(settings.headquarters),
    sameAs: Object.values(settings.socials).filter(Boolean),
    department: settings.offices.map((o) => ({
      '@type': 'LegalService',
      name: `${settings.firmName}, ${o.city}`,
      address: address(o),
      ...(o.phone ? { telephone: o.phone } : {}),
    })),
  };
}

/** Meta for a page whose loader threw (404): a plain title, not indexed. */
export function notFoundMeta(): MetaDescriptor[] {
  return [{ title: "This page doesn't exist" }, { name: 'robots', content: 'noindex' }];
}
