import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  searchKinds,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_QUERY,
  SEARCH_PER_PAGE,
  SearchQuery,
} from '../../content/rules/search';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { answer, errors, PUBLIC, route } from '../api/route-schema';

const span = z
  .array(z.tuple([z.number().int(), z.number().int()]))
  .meta({ description: 'Matched words as [start, end) character offsets, in order' });
const Hit = z.strictObject({
  kind: z.string().meta({ description: 'What the item is', enum: Object.keys(searchKinds()) }),
  kindLabel: z.string().meta({ description: 'The kind in words' }),
  title: z.string(),
  url: z.string().meta({ description: "The item's public page (a path)" }),
  snippet: z.string().meta({ description: 'A short plain-text passage around the first match (not HTML)' }),
  marks: span,
  titleMarks: span,
});

/**
 * `GET /api/search?q=&page=` (operationId `searchSite`, decision 0054): the same results as the /search
 * page, as JSON. Public; answered from the in-memory index.
 */
export function registerSearchRoutes(app: FastifyInstance, services: Services, fresh?: () => Promise<void>): void {
  route(app, {
    method: 'GET',
    url: '/api/search',
    schema: {
      operationId: 'searchSite',
      tags: ['Search'],
      roles: PUBLIC,
      summary: `Search every published public item (blogs, case write-ups, FAQs, events, vacancies, gallery titles, legal-team profiles, case categories), typo-tolerant, ${SEARCH_PER_PAGE} a page; an exact title comes first. \`q\` at most ${SEARCH_MAX_QUERY} characters (empty: no results), \`page\` 1–${SEARCH_MAX_PAGE}`,
      querystring: SearchQuery,
      response: {
        200: answer({
          q: z.string().meta({ description: 'The query as searched (whitespace trimmed and collapsed)' }),
          page: z.number().int(),
          pages: z.number().int().meta({ description: 'Pages of results (at least 1)' }),
          total: z.number().int().meta({ description: 'Results in all' }),
          hits: z.array(Hit),
        }),
        ...errors(400),
      },
    },
    handler: async (req) => {
      const { q, page } = req.query;
      await fresh?.();
      const results = await services.search.search(q, page);
      if (page > results.pages)
        throw new AppError(
          400,
          results.pages === 1
            ? 'There is only one page of results.'
            : `There are only ${results.pages} pages of results.`,
        );
      return {
        statusCode: 200,
        message: results.total ? 'Search results fetched successfully' : 'Nothing found.',
        ...results,
      };
    },
  });
}
