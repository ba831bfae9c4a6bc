import type { FastifyInstance } from 'fastify';
import { about, blog, caseDetails, cases } from '../../content/resources/index';
import { parseId } from '../content/coerce';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { rowName } from './content-schemas';
import { answers, api, arr, int, obj, ref, str, type Schema } from './route-schema';

/** An id sent as a number or as a string of digits (the handler reads both). */
const idOf = (description: string): Schema => ({ anyOf: [int(), str(undefined, { pattern: '^\\s*\\d+\\s*$' })], description });

/** The spec's public reads beyond the plain lists. */
export function registerPublicReads(app: FastifyInstance, services: Services): void {
  const c = services.content;
  const bodyOf = (b: unknown) => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {});

  app.get(
    `/api${about.base}/getRecentAboutImage`,
    { schema: api({ operationId: 'getRecentAboutImage', tags: [about.admin.title], summary: 'The most recent about image (public)', responses: answers({ about: ref(rowName(about)) }, 404) }) },
    async () => {
    const row = await c.recentAbout();
    if (!row) throw new AppError(404, 'No about image found.');
    return { statusCode: 200, message: 'About image fetched successfully', about: row };
    },
  );

  const byCategory = api({
    operationId: 'getCasesByCategory',
    tags: [cases.admin.title],
    summary: 'The cases of one category (public). An empty list comes with the warning "No case titles available for selected category."',
    body: obj({ case_category_id: idOf('A case category id (a number)') }, ['case_category_id']),
    invalid: 'Please choose a case category.',
    responses: answers({ cases: arr(ref(rowName(cases))) }),
  });
  app.post(`/api${cases.base}/getcasesByCategory`, { schema: byCategory }, async (req) => {
    const id = parseId(bodyOf(req.body).case_category_id);
    if (id === null) throw new AppError(400, 'Please choose a case category.');
    const rows = await c.casesByCategory(id);
    return {
      statusCode: 200,
      message: rows.length ? 'Cases fetched successfully' : 'No case titles available for selected category.',
      cases: rows,
    };
  });

  const byCase = api({
    operationId: 'getCaseDetailsByCaseId',
    tags: [caseDetails.admin.title],
    summary: 'The details of one case (public); the client uses the first item',
    body: obj({ case_id: idOf('A case id (a string of digits; a number is accepted too)') }, ['case_id']),
    invalid: 'Please choose a case.',
    responses: answers({ case: arr(ref(rowName(caseDetails))) }, 404),
  });
  app.post(`/api${caseDetails.base}/getCasedetailsByCaseId`, { schema: byCase }, async (req) => {
    const id = parseId(bodyOf(req.body).case_id);
    if (id === null) throw new AppError(400, 'Please choose a case.');
    const rows = await c.caseDetailsByCase(id);
    if (!rows.length) throw new AppError(404, 'No details available for this case.');
    return { statusCode: 200, message: 'Case details fetched successfully', case: rows };
  });

  const blogById = api({
    operationId: 'getBlogById',
    tags: [blog.admin.title],
    summary: 'One blog (public); 404 "Blog not found"',
    body: obj({ blog_id: idOf('A blog id') }, ['blog_id']),
    invalid: 'Please choose a blog.',
    responses: answers({ blog: ref(rowName(blog)) }, 404),
  });
  app.post(`/api${blog.base}/getblogByid`, { schema: blogById }, async (req) => {
    const id = parseId(bodyOf(req.body).blog_id);
    if (id === null) throw new AppError(400, 'Please choose a blog.');
    const row = await c.get(blog, id);
    if (!row) throw new AppError(404, 'Blog not found');
    return { statusCode: 200, message: 'Blog fetched successfully', blog: row };
  });
}
