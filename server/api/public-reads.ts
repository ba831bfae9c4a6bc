import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { about, blog, caseDetails, cases } from '../../content/resources/index';
import type { ResourceDef, Row } from '../../content/kit';
import { rowSchema } from '../../content/row-schema';
import { groupKeys, publicCacheControl, publicCacheHeaders } from '../cdn/keys';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { answer, errors, idField, PUBLIC, route } from './route-schema';

/** The spec's public reads beyond the plain lists. */
export function registerPublicReads(app: FastifyInstance, services: Services): void {
  const c = services.content;

  route(app, {
    method: 'GET',
    url: `/api${about.base}/getRecentAboutImage`,
    schema: {
      operationId: 'getRecentAboutImage',
      tags: [about.admin.title],
      roles: PUBLIC,
      summary: 'The most recent about image (public)',
      response: { 200: answer({ about: rowSchema(about) }), ...errors(404) },
    },
    handler: async (_req, reply) => {
      const row = await c.recentAbout();
      if (!row) throw new AppError(404, 'No about image found.');
      // Public and shared-cacheable under the group's keys (decision 0047).
      for (const [k, v] of publicCacheHeaders(publicCacheControl(services.config.cdn), groupKeys(about)))
        reply.header(k, v);
      return { statusCode: 200, message: 'About image fetched successfully', about: row };
    },
  });

  /** A public read by one id of its JSON body: its schema, and the call's own 400 when the id is missing or not an id (idField). */
  interface ById {
    operationId: string;
    summary: string;
    field: string;
    hint: string;
    invalid: string;
    key: string;
    /** One row, or a list of rows. */
    many: boolean;
    errors?: number[];
  }
  const readById = (
    r: ResourceDef,
    path: string,
    d: ById,
    read: (id: number) => Promise<{ message: string; value: Row | Row[] }>,
  ) => {
    const row = rowSchema(r);
    const value: z.ZodType = d.many ? z.array(row) : row;
    route(app, {
      method: 'POST',
      url: `/api${r.base}${path}`,
      schema: {
        operationId: d.operationId,
        tags: [r.admin.title],
        roles: PUBLIC,
        summary: d.summary,
        body: z.object({ [d.field]: idField(d.field, d.invalid).describe(d.hint) }),
        invalid: d.invalid,
        response: { 200: answer({ [d.key]: value }), ...errors(400, ...(d.errors ?? [])) },
      },
      handler: async (req) => {
        const { message, value } = await read(req.body[d.field]!);
        return { statusCode: 200, message, [d.key]: value };
      },
    });
  };

  readById(
    cases,
    '/getcasesByCategory',
    {
      operationId: 'getCasesByCategory',
      summary:
        'The cases of one category (public). An empty list comes with the warning "No case titles available for selected category."',
      field: 'case_category_id',
      hint: 'A case category id (a number)',
      invalid: 'Please choose a case category.',
      key: cases.keys.list,
      many: true,
    },
    async (id) => {
      const rows = await c.casesByCategory(id);
      return {
        message: rows.length ? 'Cases fetched successfully' : 'No case titles available for selected category.',
        value: rows,
      };
    },
  );

  readById(
    caseDetails,
    '/getCasedetailsByCaseId',
    {
      operationId: 'getCaseDetailsByCaseId',
      summary: 'The details of one case (public); the client uses the first item',
      field: 'case_id',
      hint: 'A case id (a string of digits; a number is accepted too)',
      invalid: 'Please choose a case.',
      key: 'case',
      many: true,
      errors: [404],
    },
    async (id) => {
      const rows = await c.caseDetailsByCase(id);
      if (!rows.length) throw new AppError(404, 'No details available for this case.');
      return { message: 'Case details fetched successfully', value: rows };
    },
  );

  readById(
    blog,
    '/getblogByid',
    {
      operationId: 'getBlogById',
      summary: 'One blog (public); 404 "Blog not found"',
      field: 'blog_id',
      hint: 'A blog id',
      invalid: 'Please choose a blog.',
      key: 'blog',
      many: false,
      errors: [404],
    },
    async (id) => {
      const row = await c.get(blog, id);
      if (!row) throw new AppError(404, 'Blog not found');
      return { message: 'Blog fetched successfully', value: row };
    },
  );
}
