import { data, useLoaderData } from 'react-router';
import { useT } from '../../lib/i18n';
import { markedParts, SEARCH_MAX_QUERY, SEARCH_PATH, SearchQuery, searchHref, type SearchResults } from '../../../content/rules/search';
import { Page } from '../../components/public/page';
import { Pager } from '../../components/public/pager';
import { seo } from '../../components/public/seo';
import type { Route } from './+types/search';

/**
 * Site search results (decision 0054): server-rendered, a plain GET form (works without JavaScript), paged,
 * matched words in <mark> inside plain text (React escapes every part; no HTML is ever injected). Not indexed
 * by search engines.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = SearchQuery.safeParse({ q: url.searchParams.get('q') ?? undefined, page: url.searchParams.get('page') ?? undefined });
  if (!parsed.success) {
    const q = (url.searchParams.get('q') ?? '').slice(0, SEARCH_MAX_QUERY);
    return data({ results: null, q, error: parsed.error.issues[0]?.message ?? 'The search is not valid.' }, { status: 400 });
  }
  const { q, page } = parsed.data;
  const results: SearchResults = await context.services.search.search(q, page);
  // A page past the last one of a query that has results.
  if (page > results.pages) {
    return data({ results: null, q, error: results.pages === 1 ? 'There is only one page of results.' : `There are only ${results.pages} pages of results.` }, { status: 400 });
  }
  return { results, q, error: null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.q ?? '';
  const page = loaderData?.results?.page ?? 1;
  return [
    ...seo(matches, {
      title: q ? `Search: ${q}${page > 1 ? `, page ${page}` : ''}` : 'Search',
      description: 'Search the blog, case write-ups, FAQs, events, vacancies, gallery and legal team of the firm.',
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
  const { lp } = useT();
  return (
    <Page title="Search" lead="Find articles, case write-ups, FAQs, events and more." side={false}>
      <form role="search" action={lp(SEARCH_PATH)} method="get" className="search-page-form mb-4">
        <label htmlFor="search-page-q" className="form-label">
          Search the site
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
            Search
          </button>
        </div>
      </form>
      {error ? (
        <p id="search-error" className="alert alert-warning" role="alert">
          {error}
        </p>
      ) : !q ? (
        <p className="search-hint">Type a word or two, for example a topic such as “tenancy” or “bail”.</p>
      ) : (
        <>
          <h2 className="h5 search-summary">
            {count === 0
              ? `Nothing found for “${q}”.`
              : `${count} result${count === 1 ? '' : 's'} for “${q}”${results && results.pages > 1 ? ` (page ${results.page} of ${results.pages})` : ''}`}
          </h2>
          {count === 0 ? (
            <p>Check the spelling, try fewer or other words, or browse the menu.</p>
          ) : (
            <ol className="search-results list-unstyled">
              {results?.hits.map((h) => (
                <li key={`${h.kind}:${h.url}:${h.title}`} className="search-result">
                  <p className="search-kind small mb-1">{h.kindLabel}</p>
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
          {results && <Pager path={SEARCH_PATH} page={results.page} pages={results.pages} label="Search results" hrefOf={(n) => searchHref(q, n)} />}
        </>
      )}
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
