import type { ReadRowOf, ResourceDef } from '../../content/kit';
import type { SPECIAL_READS } from '../../content/resources/index';
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
  /** Whether a row is translated into a locale (decision 0064; server/translations/service.server.ts). */
  translations: {
    translationStateOf(group: string, id: number | string, locale: Locale): Promise<TranslationState>;
    /** Each row's page per locale: its translation's own slug there, else its English page (decision 0082). */
    pagePaths(group: string, ids: readonly number[]): Promise<Map<number, Partial<Record<Locale, string>>>>;
    /** The row a slug addresses in a locale, and where to send the visitor when it is the English slug of a row with its own (decision 0082). */
    pageAt(group: string, locale: Locale, slug: string): Promise<{ id: number; redirect?: string } | null>;
  };
  content: {
    /** Every content group served (the page bundle's own copy of the declarations may lack a registered one). */
    groups: readonly ResourceDef[];
    list<R extends ResourceDef>(r: R): Promise<ReadRowOf<R>[]>;
    listPage<R extends ResourceDef>(r: R, page: number, perPage: number): Promise<{ rows: ReadRowOf<R>[]; total: number }>;
    get<R extends ResourceDef>(r: R, id: number): Promise<ReadRowOf<R> | null>;
    // The spec's special reads, typed by the group each shows (the declarations' one table of them).
    recentAbout(): Promise<ReadRowOf<Special['recentAbout']> | null>;
    casesByCategory(categoryId: number): Promise<ReadRowOf<Special['casesByCategory']>[]>;
    caseDetailsByCase(caseId: number): Promise<ReadRowOf<Special['caseDetailsByCase']>[]>;
    /** Set while a signed preview link is rendered (the page shows a row that is not published). */
    lifecycle: { previewing: { getStore(): unknown } };
  };
}

type Special = typeof SPECIAL_READS;

/** What page loaders receive as `context`. */
declare module 'react-router' {
  interface AppLoadContext {
    services: PageServices;
  }
}
