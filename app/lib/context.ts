import type { ReadRowOf, ResourceDef } from '../../content/kit';
import type { about, caseDetails, cases } from '../../content/resources/index';
import type { SiteSettings } from '../../content/settings';
import type { SearchResults } from '../../content/rules/search';
import type { Locale, TranslationState } from '../../content/locales';

/**
 * What page loaders read in-process: the part of the server's services they use, named here so the
 * browser app never imports the server (decision 0037). The server passes its services as this
 * context; the type checker holds them to it there (server/render/react-router.ts).
 */
export interface PageServices {
  /** `whatsapp` is set when the Cloud API is configured: the booking form then offers the opt-in (decision 0072). */
  config: { publicUrl: string; whatsapp?: object };
  log: { error(obj: object, msg: string): void };
  settings: { get(): Promise<SiteSettings> };
  /** Whether an address answers with a redirect (the sitemap leaves those out). */
  redirects: { redirects(path: string): boolean };
  /** The site search (decision 0054): one page of results for a normalized query. */
  search: { search(q: string, page: number): Promise<SearchResults> };
  /** Whether a row is translated into a locale (decision 0064; server/i18n/translations.server.ts). */
  translations: { translationStateOf(group: string, id: number | string, locale: Locale): Promise<TranslationState> };
  content: {
    /** Every content group served (the page bundle's own copy of the declarations may lack a registered one). */
    groups: readonly ResourceDef[];
    list<R extends ResourceDef>(r: R): Promise<ReadRowOf<R>[]>;
    listPage<R extends ResourceDef>(r: R, page: number, perPage: number): Promise<{ rows: ReadRowOf<R>[]; total: number }>;
    get<R extends ResourceDef>(r: R, id: number): Promise<ReadRowOf<R> | null>;
    recentAbout(): Promise<ReadRowOf<typeof about> | null>;
    casesByCategory(categoryId: number): Promise<ReadRowOf<typeof cases>[]>;
    caseDetailsByCase(caseId: number): Promise<ReadRowOf<typeof caseDetails>[]>;
    /** Set while a signed preview link is rendered (the page shows a row that is not published). */
    lifecycle: { previewing: { getStore(): unknown } };
  };
}

/** What page loaders receive as `context`. */
declare module 'react-router' {
  interface AppLoadContext {
    services: PageServices;
  }
}
