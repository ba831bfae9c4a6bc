import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import type { ReadRowOf, ResourceDef } from '../../../content/kit';
import type { PageServices } from '../../lib/context';
import { useT, type MessageKey } from '../../lib/i18n';
import { ListGrid, ListView } from './list-state';
import { Page } from './page';
import { loadListPage, Pager, pagePath } from './pager';
import { metaT, seo } from './seo';
import { attempt, type Loaded } from './site';

/** A list page's catalog texts: `<key>.title`, `<key>.lead` and `<key>.description` ('page.blog'). */
type PageKey = {
  [K in MessageKey]: K extends `${infer P}.title`
    ? `${P}.lead` | `${P}.description` extends MessageKey
      ? P
      : never
    : never;
}[MessageKey];

/** A paged list page's catalog texts besides: `<key>.titlePaged` (page 2 on) and `<key>.pager` (the pager's name). */
type PagedKey = {
  [P in PageKey]: `${P}.titlePaged` | `${P}.pager` extends MessageKey ? P : never;
}[PageKey];

/**
 * How each public list page looks, by its address (a group declaration's `site.list`): its catalog texts, its
 * empty text, the grid column of a row (none: the rows are shown all at once) and whether it has the side column.
 */
const LIST_PAGES: Readonly<
  Record<string, { texts: PageKey | PagedKey; empty: MessageKey; col?: string; side?: false }>
> = {
  '/blog': { texts: 'page.blog', empty: 'page.empty.blogs', col: 'col-md-6' },
  '/event': { texts: 'page.events', empty: 'page.empty.events', col: 'col-md-6 col-xl-4', side: false },
  '/faqs': { texts: 'page.faqs', empty: 'page.empty.faqs' },
  '/gallery': { texts: 'page.gallery', empty: 'page.empty.gallery', col: 'col-sm-6 col-lg-4', side: false },
  '/our-case': {
    texts: 'page.ourCase',
    empty: 'page.empty.categories',
    col: 'col-sm-6 col-lg-4 col-xl-3',
    side: false,
  },
  '/vacancies': { texts: 'page.vacancies', empty: 'page.empty.vacancies', col: 'col-md-6 col-lg-4', side: false },
};

/** One page of a list page's rows (all of them when its group is not paged), and what its loader adds. */
export type ListPageData<Row, Extra = object> = { list: Loaded<Row[]>; page: number; pages: number } & Extra;

function missing(what: string): never {
  throw new Error(`listPage: no ${what}`);
}

/** How a list page reads and shows its rows. */
type ListPageOptions<R extends ResourceDef, Row, Extra> = {
  /** What the page sends of each row (default: the row). */
  rows?: (row: ReadRowOf<R>) => Row;
  /** More the loader reads for the rows it shows. */
  extra?: (rows: readonly Row[], services: PageServices, request: Request) => Promise<Extra>;
  /** Shown under the list. */
  after?: ReactNode;
} & (
  | {
      /** Each row in its grid column (`col` of LIST_PAGES). */ item: (
        row: Row,
        data: ListPageData<Row, Extra>,
      ) => ReactNode;
      all?: never;
    }
  | { /** All rows at once. */ all: (rows: readonly Row[]) => ReactNode; item?: never }
);

/**
 * The loader, meta function and page of a public page listing one content group's rows: its address, paging
 * and the spec's message when the read fails are the group's declaration's (`site.list`, `site.perPage`,
 * `site.failed`, decision 0008), its looks are LIST_PAGES'.
 */
export function listPage<R extends ResourceDef, Row = ReadRowOf<R>, Extra extends object = object>(
  resource: R,
  options: ListPageOptions<R, Row, Extra>,
) {
  const path = resource.site.list;
  const looks = LIST_PAGES[path] ?? missing(`LIST_PAGES['${path}']`);
  const { texts, empty, col = '', side } = looks;
  const failed = resource.site.failed ?? missing(`site.failed of the group listed at ${path}`);

  async function loader({ context, request }: { context: { services: PageServices }; request: Request }) {
    const s = context.services;
    const read = resource.site.perPage
      ? await loadListPage(s, request, resource, failed)
      : { list: await attempt(() => s.content.list(resource), failed, [] as ReadRowOf<R>[], s.log), page: 1, pages: 1 };
    const rows = options.rows ? read.list.value.map(options.rows) : (read.list.value as Row[]);
    const extra = options.extra ? await options.extra(rows, s, request) : ({} as Extra);
    const data: ListPageData<Row, Extra> = {
      ...read,
      list: { ...read.list, value: rows },
      ...extra,
    };
    return data;
  }

  function meta({ matches, loaderData }: { matches: Parameters<typeof seo>[0]; loaderData?: { page: number } }) {
    const page = loaderData?.page ?? 1;
    const t = metaT(matches);
    return seo(matches, {
      title: page > 1 ? t(`${texts as PagedKey}.titlePaged`, { page }) : t(`${texts}.title`),
      description: t(`${texts}.description`),
      path: pagePath(path, page),
    });
  }

  function ListPage() {
    // What this page's loader (above) returned.
    const data = useLoaderData() as ListPageData<Row, Extra>;
    const { list, page, pages } = data;
    const { t } = useT();
    const state = { items: list.value, error: list.error, empty: t(empty) };
    return (
      <Page title={t(`${texts}.title`)} lead={t(`${texts}.lead`)} side={side}>
        {options.all ? (
          <ListView {...state}>{options.all}</ListView>
        ) : (
          <ListGrid {...state} col={col} keyOf={(row) => String((row as Record<string, unknown>)[resource.id] ?? '')}>
            {(row) => options.item(row, data)}
          </ListGrid>
        )}
        {pages > 1 && <Pager path={path} page={page} pages={pages} label={t(`${texts as PagedKey}.pager`)} />}
        {options.after}
      </Page>
    );
  }

  return { loader, meta, ListPage };
}
