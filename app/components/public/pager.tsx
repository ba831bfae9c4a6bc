import { data, Link } from 'react-router';
import { useT } from '../../lib/i18n';
import type { ReadRowOf, ResourceDef } from '../../../content/kit';
import type { PageServices as Services } from '../../lib/context';
import { attempt, type Loaded } from './site';

/**
 * The row a detail page's id parameter names, or the page's 404 with `notFound` as its message: an id that
 * is not a whole number from 1 up names nothing. Read failures propagate (the route's error boundary).
 */
export async function rowFromParam<R extends ResourceDef>(
  services: Services,
  resource: R,
  raw: string | undefined,
  notFound: string,
): Promise<ReadRowOf<R>> {
  const id = /^\d{1,15}$/.test(raw ?? '') && Number(raw) > 0 ? Number(raw) : null;
  const row = id === null ? null : await services.content.get(resource, id);
  if (!row) throw data({ message: notFound }, { status: 404 });
  return row;
}

/** Items per page of a paged public list that declares none (the declarations' `site.perPage`). */
const DEFAULT_PER_PAGE = 20;

/**
 * The page a list URL asks for (`?page=N`, 1 when absent). Anything but a whole number from 1 up is a real
 * 404, so junk query strings neither render nor fill the page cache.
 */
export function pageFromRequest(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw data({ message: 'Page not found' }, { status: 404 });
  return Number(raw);
}

/** A page past the last one (other than page 1 of an empty list) is a 404 too. */
export function checkPageInRange(page: number, total: number, perPage: number): number {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (page > pages) throw data({ message: 'Page not found' }, { status: 404 });
  return pages;
}

/**
 * A loader's read of one page of a public list: the page the URL asks for, its rows (or the list's error
 * text when the read failed), and the number of pages. Throws the 404s of pageFromRequest and checkPageInRange.
 */
export async function loadListPage<R extends ResourceDef>(
  services: Services,
  request: Request,
  resource: R,
  failedMessage: string,
): Promise<{ list: Loaded<ReadRowOf<R>[]>; page: number; pages: number }> {
  // The group's page size (its declaration's `site.perPage`): the pages stay light however much is published.
  const perPage = resource.site.perPage ?? DEFAULT_PER_PAGE;
  const page = pageFromRequest(request);
  const loaded = await attempt(
    () => services.content.listPage(resource, page, perPage),
    failedMessage,
    { rows: [] as ReadRowOf<R>[], total: 0 },
    services.log,
  );
  // A failed read shows the list's error text on whatever page was asked for; only a good read can say
  // the page lies past the end.
  const pages = loaded.error ? page : checkPageInRange(page, loaded.value.total, perPage);
  return { list: { value: loaded.value.rows, error: loaded.error }, page, pages };
}

/** The canonical path of page `page` of the list at `path`. */
export function pagePath(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

/** Page numbers to show: the first, the last and two either side of the current one; 0 marks a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}

/** Previous / numbered / next links under a paged list; nothing when everything fits on one page. */
export function Pager({
  path,
  page,
  pages,
  label,
  hrefOf = (n) => pagePath(path, n),
}: {
  path: string;
  page: number;
  pages: number;
  label: string;
  /** The address of page n (default: `path?page=n`, page 1 the bare path). */
  hrefOf?: (n: number) => string;
}) {
  const { t, lp } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.nav', { label })} className="mt-5">
      <ul className="pagination flex-wrap justify-content-center">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">{t('pager.previous')}</span>
          ) : (
            <Link className="page-link" to={lp(hrefOf(page - 1))} rel="prev">
              {t('pager.previous')}
            </Link>
          )}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === 0 ? (
            <li className="page-item disabled" key={`gap-${i}`}>
              <span className="page-link">…</span>
            </li>
          ) : (
            <li className={`page-item${n === page ? ' active' : ''}`} key={n}>
              <Link
                className="page-link"
                to={lp(hrefOf(n))}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pager.page', { n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">{t('pager.next')}</span>
          ) : (
            <Link className="page-link" to={lp(hrefOf(page + 1))} rel="next">
              {t('pager.next')}
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
