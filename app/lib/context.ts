import type { ResourceDef } from '../../content/kit';
import type { SiteSettings } from '../../content/settings';
import type { Row } from '../components/public/site';

/**
 * What page loaders read in-process: the part of the server's services they use, named here so the
 * browser app never imports the server (decision 0037). The server passes its services as this
 * context; the type checker holds them to it there (server/render/react-router.ts).
 */
export interface PageServices {
  config: { publicUrl: string };
  log: { error(obj: object, msg: string): void };
  settings: { get(): Promise<SiteSettings> };
  /** Whether an address answers with a redirect (the sitemap leaves those out). */
  redirects: { redirects(path: string): boolean };
  content: {
    list(r: ResourceDef): Promise<Row[]>;
    listPage(r: ResourceDef, page: number, perPage: number): Promise<{ rows: Row[]; total: number }>;
    get(r: ResourceDef, id: number): Promise<Row | null>;
    recentAbout(): Promise<Row | null>;
    casesByCategory(categoryId: number): Promise<Row[]>;
    caseDetailsByCase(caseId: number): Promise<Row[]>;
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
