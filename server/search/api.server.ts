import type { FastifyInstance } from 'fastify';
import { searchKinds, SEARCH_MAX_PAGE, SEARCH_MAX_QUERY, SEARCH_PER_PAGE, SearchQuery } from '../../content/rules/search';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { answers, api, arr, int, obj, PUBLIC, str, zodCompiler } from '../api/route-schema';

const span = arr(arr(int(), { minItems: 2, maxItems: 2 }), { description: 'Matched words as [start, end) character offsets, in order' });

/**
 * `GET /api/search?q=&page=` (operationId `searchSite`, decision 0054): the same results as the /search
 * page, as JSON. Public; answered from the in-memory index.
 */
export function registerSearchRoutes(app: FastifyInstance, services: Services, fresh?: () => Promise<void>): void {
  const schema = api({
    operationId: 'searchSite',
    tags: ['Search'],
    roles: PUBLIC,
    summary: `Search every published public item (blogs, case write-ups, FAQs, events, vacancies, gallery titles, legal-team profiles, case categories), typo-tolerant, ${SEARCH_PER_PAGE} a page; an exact title comes first. \`q\` at most ${SEARCH_MAX_QUERY} characters (empty: no results), \`page\` 1–${SEARCH_MAX_PAGE}`,
    querystring: SearchQuery,
    responses: answers(
      {
        q: str('The query as searched (whitespace trimmed and collapsed)'),
        page: int(),
        pages: int('Pages of results (at least 1)'),
        total: int('Results in all'),
        hits: arr(
          obj(
            {
              kind: str('What the item is', { enum: Object.keys(searchKinds()) }),
              kindLabel: str('The kind in words'),
              title: str(),
              url: str("The item's public page (a path)"),
              snippet: str('A short plain-text passage around the first match (not HTML)'),
              marks: span,
              titleMarks: span,
            },
            ['kind', 'kindLabel', 'title', 'url', 'snippet', 'marks', 'titleMarks'],
          ),
        ),
      },
      400,
    ),
  });
  app.get('/api/search', { validatorCompiler: zodCompiler, schema }, async (req) => {
    const { q, page } = SearchQuery.parse(req.query);
    await fresh?.();
    const results = await services.search.search(q, page);
    if (page > results.pages) throw new AppError(400, results.pages === 1 ? 'There is only one page of results.' : `There are only ${results.pages} pages of results.`);
    return { statusCode: 200, message: results.total ? 'Search results fetched successfully' : 'Nothing found.', ...results };
  });
}
