import { data, useLoaderData } from 'react-router';
import { useT, type Translate } from '../../lib/i18n';
import { markedParts, SEARCH_MAX_PAGE, SEARCH_MAX_QUERY, SEARCH_PATH, SearchQuery, searchHref, type SearchResults } from '../../../content/rules/search';
import { Page } from '../../components/public/page';
import { Pager } from '../../components/public/pager';
import { metaT, seo } from '../../components/public/seo';
import type { Route } from './+types/search';

/**
 * Site search results (decision 0054): server-rendered, a plain GET form (works without JavaScript), paged,
 * matched words in <mark> inside plain text (React escapes every part; no HTML is ever injected). Not indexed
 * by search engines.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = SearchQuery.safeParse({ q: url.searchParams.get('q') ?? undefined, page: url.searchParams.get('page') ?? undefined });
  // The page says what is wrong in its own language (the API answers the schema's English messages).
  if (!parsed.success) {
    const q = (url.searchParams.get('q') ?? '').slice(0, SEARCH_MAX_QUERY);
    const error: SearchError = parsed.error.issues[0]?.path[0] === 'page' ? { kind: 'page' } : { kind: 'query' };
    return data({ results: null, q, error }, { status: 400 });
  }
  const { q, page } = parsed.data;
  const results: SearchResults = await context.services.search.search(q, page);
  // A page past the last one of a query that has results.
  if (page > results.pages) {
    const error: SearchError = { kind: 'past', pages: results.pages };
    return data({ results: null, q, error }, { status: 400 });
  }
  return { results, q, error: null };
}

type SearchError = { kind: 'query' } | { kind: 'page' } | { kind: 'past'; pages: number };

/** The sentence of a refused search, in the page's language. */
function errorText(t: Translate, e: SearchError): string {
  if (e.kind === 'query') return t('page.search.tooLong', { max: SEARCH_MAX_QUERY });
  if (e.kind === 'page') return t('page.search.badPage', { max: SEARCH_MAX_PAGE });
  return e.pages === 1 ? t('page.search.onePage') : t('page.search.fewPages', { pages: e.pages });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.q ?? '';
  const page = loaderData?.results?.page ?? 1;
  const t = metaT(matches);
  return [
    ...seo(matches, {
      title: q ? (page > 1 ? t('page.search.titleForPaged', { q, page }) : t('page.search.titleFor', { q })) : t('page.search.title'),
      description: t('page.search.description'),
      path: SEARCH_PATH,
    }),
    // Results pages are for visitors, not for search engines (and are not in the sitemap).
    { name: 'robots', content: 'noindex' },
  ];
}

function Marked({ text, marks }: { text: string; marks: [number, number][] }) {
  return (
    <>
      {markedParts(text, marks).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : p.text))}
    </>
  );
}

export default function Search() {
  const { results, q, error } = useLoaderData<typeof loader>();
  const count = results?.total ?? 0;
  const { t, lp, has } = useT();
  // A result's kind in the page's language (`page.search.kind.<kind>`), else as the declaration names it.
  const kindOf = (kind: string, label: string) => {
    const key = `page.search.kind.${kind}`;
    return has(key) ? t(key) : label;
  };
  return (
    <Page title={t('page.search.title')} lead={t('page.search.lead')} side={false}>
      <form role="search" action={lp(SEARCH_PATH)} method="get" className="search-page-form mb-4">
        <label htmlFor="search-page-q" className="form-label">
          {t('search.label')}
        </label>
        <div className="d-flex gap-2">
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX_QUERY}
            className="form-control"
            aria-describedby={error ? 'search-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className="btn btn-primary">
            {t('search.button')}
          </button>
        </div>
      </form>
      {error ? (
        <p id="search-error" className="alert alert-warning" role="alert">
          {errorText(t, error)}
        </p>
      ) : !q ? (
        <p className="search-hint">{t('page.search.hint')}</p>
      ) : (
        <>
          <h2 className="h5 search-summary">
            {count === 0
              ? t('page.search.none', { q })
              : results && results.pages > 1
                ? t('page.search.foundPaged', { count, q, page: results.page, pages: results.pages })
                : t('page.search.found', { count, q })}
          </h2>
          {count === 0 ? (
            <p>{t('page.search.tips')}</p>
          ) : (
            <ol className="search-results list-unstyled">
              {results?.hits.map((h) => (
                <li key={`${h.kind}:${h.url}:${h.title}`} className="search-result">
                  <p className="search-kind small mb-1">{kindOf(h.kind, h.kindLabel)}</p>
                  <h3 className="h5 mb-1">
                    <a href={lp(h.url)}>
                      <Marked text={h.title} marks={h.titleMarks} />
                    </a>
                  </h3>
                  {h.snippet && (
                    <p className="search-snippet mb-0">
                      <Marked text={h.snippet} marks={h.marks} />
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
          {results && <Pager path={SEARCH_PATH} page={results.page} pages={results.pages} label={t('page.search.pager')} hrefOf={(n) => searchHref(q, n)} />}
        </>
      )}
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
