import type { FastifyInstance } from 'fastify';
import { about, blog, caseDetails, cases } from '../../content/resources/index';
import { parseId } from '../content/coerce';
import { AppError } from '../lib/errors';
import type { Services } from '../services';

/** The spec's public reads beyond the plain lists. */
export function registerPublicReads(app: FastifyInstance, services: Services): void {
  const c = services.content;
  const bodyOf = (b: unknown) => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {});

  app.get(`/api${about.base}/getRecentAboutImage`, async () => {
    const row = await c.recentAbout();
    if (!row) throw new AppError(404, 'No about image found.');
    return { statusCode: 200, message: 'About image fetched successfully', about: row };
  });

  app.post(`/api${cases.base}/getcasesByCategory`, async (req) => {
    const id = parseId(bodyOf(req.body).case_category_id);
    if (id === null) throw new AppError(400, 'Please choose a case category.');
    const rows = await c.casesByCategory(id);
    return {
      statusCode: 200,
      message: rows.length ? 'Cases fetched successfully' : 'No case titles available for selected category.',
      cases: rows,
    };
  });

  app.post(`/api${caseDetails.base}/getCasedetailsByCaseId`, async (req) => {
    const id = parseId(bodyOf(req.body).case_id);
    if (id === null) throw new AppError(400, 'Please choose a case.');
    const rows = await c.caseDetailsByCase(id);
    if (!rows.length) throw new AppError(404, 'No details available for this case.');
    return { statusCode: 200, message: 'Case details fetched successfully', case: rows };
  });

  app.post(`/api${blog.base}/getblogByid`, async (req) => {
    const id = parseId(bodyOf(req.body).blog_id);
    if (id === null) throw new AppError(400, 'Please choose a blog.');
    const row = await c.get(blog, id);
    if (!row) throw new AppError(404, 'Blog not found');
    return { statusCode: 200, message: 'Blog fetched successfully', blog: row };
  });
}
