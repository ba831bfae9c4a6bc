import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, answer, errors, idField, PageQuery, ROLES_OF, route } from '../api/route-schema';
import type { Services } from '../services';

const described = (description: string) => ({ description });
const Redirect = z.strictObject({
  redirect_id: z.number().int(),
  from_path: z.string().meta(described('The old address (a path, with a query when it names one)')),
  from_key: z.string().meta(described('The old address as it is matched (lower case, its query sorted)')),
  to_target: z.string().meta(described('Where it leads: a path on this site or an absolute URL')),
  to_key: z.string().nullable().meta(described('The target as it is matched, when it is a path on this site')),
  status_code: z
    .number()
    .int()
    .meta({ description: '301 (moved for good) or 302 (for now)', enum: [301, 302] }),
  kind: z.enum(['auto', 'manual']).meta(described('auto: written by a rename; manual: by an administrator')),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const STATUS = 'status_code must be 301 or 302.';
const SaveBody = z.object({
  redirect_id: idField('redirect_id').optional(),
  from: z
    .string('Enter the old address (a path such as /old-page).')
    .max(2000, 'The old address is too long (at most 500 characters).'),
  to: z
    .string('Enter the new address (a path such as /blog, or a full URL).')
    .max(2000, 'The new address is too long (at most 1000 characters).'),
  status_code: z.coerce
    .number(STATUS)
    .refine((n): n is 301 | 302 => n === 301 || n === 302, STATUS)
    .default(301),
  note: z.string().max(300, 'The note is too long (at most 300 characters).').optional(),
});
const DeleteBody = z.object({ redirect_id: idField('redirect_id') });
const ImportBody = z.object({
  csv: z
    .string('Paste the CSV text or choose a file.')
    .min(1, 'Paste the CSV text or choose a file.')
    .max(2_000_000, 'The CSV is too large (at most 2 MB).'),
});

/** The Redirects admin page's calls and the Not found report (decision 0057). */
export function registerRedirectRoutes(app: FastifyInstance, services: Services): void {
  const admin = requireAdmin(services);
  const redirects = services.redirects;
  // Redirects and the Not found report belong to the website's content (decision 0040).
  const about = { tags: ['Redirects'], roles: ROLES_OF.content, security: ADMIN };

  route(app, {
    method: 'GET',
    url: '/api/redirects',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'listRedirects',
      summary:
        'Every redirect, the latest changed first; `page` (and `size`, default 50) and `q` (old or new address) for one page',
      querystring: PageQuery,
      response: {
        200: answer({
          redirects: z.array(Redirect),
          total: z.number().int().meta(described('How many redirects match')),
          page: z.number().int().optional().meta(described('The page (with `page`)')),
          size: z.number().int().optional().meta(described('The page size (with `page`)')),
        }),
        ...errors(400),
      },
    },
    handler: async (req) => {
      const { page, size, q } = req.query;
      const { rows, total } = await redirects.list({ page, size, q });
      return {
        statusCode: 200,
        message: 'Redirects fetched successfully',
        redirects: rows,
        total,
        ...(page ? { page, size } : {}),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/redirects/save',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'saveRedirect',
      summary: 'Add a redirect, or edit one (with redirect_id)',
      description:
        "JSON {from, to, status_code (301 or 302, default 301), note?, redirect_id?}. `from` is a path or an old site's URL (its path is kept); `to` a path or an absolute URL. A target that itself redirects is followed (the redirect points straight at the end), redirects to `from` are pointed at the new target, and a loop is refused with 409.",
      body: SaveBody,
      response: { 200: answer({ redirect: Redirect }), ...errors(400, 404, 409) },
    },
    handler: async (req) => {
      const b = req.body;
      const out = await redirects.save(b);
      req.audit = {
        action: b.redirect_id ? 'update' : 'add',
        target: 'redirect',
        recordId: out.redirect.redirect_id,
        summary: `${out.redirect.from_path} → ${out.redirect.to_target}`,
      };
      return { statusCode: 200, message: out.message, redirect: out.redirect };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/redirects/delete',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'deleteRedirect',
      summary: 'Delete a redirect (its old address answers 404 again)',
      body: DeleteBody,
      response: { 200: answer(), ...errors(400, 404) },
    },
    handler: async (req) => {
      const { redirect_id } = req.body;
      const row = await redirects.remove(redirect_id);
      req.audit = { action: 'delete', target: 'redirect', recordId: redirect_id, summary: row.from_path };
      return { statusCode: 200, message: 'Redirect deleted' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/redirects/import',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'importRedirects',
      summary: 'Import redirects from CSV (moving from an old site)',
      description:
        'JSON {csv}: one redirect a line, `old address,new address[,301|302]` (a header row is skipped). Every good line is saved; every refused line is reported with its line number and the reason.',
      body: ImportBody,
      response: {
        200: answer({
          imported: z.number().int().meta(described('Redirects saved')),
          errors: z.array(
            z.strictObject({
              line: z.number().int().meta(described('Line of the CSV (1 is the first)')),
              message: z.string(),
            }),
          ),
        }),
        ...errors(400),
      },
    },
    handler: async (req) => {
      const { csv } = req.body;
      const { imported, errors } = await redirects.importCsv(csv);
      req.audit = {
        action: 'import',
        target: 'redirect',
        summary: `${imported} redirects, ${errors.length} lines refused`,
      };
      const message = `${imported} ${imported === 1 ? 'redirect' : 'redirects'} imported${errors.length ? `; ${errors.length} ${errors.length === 1 ? 'line' : 'lines'} refused` : ''}.`;
      return { statusCode: 200, message, imported, errors };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/not-found',
    preValidation: admin,
    schema: {
      ...about,
      operationId: 'listNotFound',
      summary: 'The most requested missing pages of the last 30 days (people and bots counted apart)',
      response: {
        200: answer({
          paths: z.array(
            z.strictObject({
              path: z.string().meta(described('The missing address (without its query)')),
              count: z.number().int().meta(described('Requests by people')),
              bot_count: z.number().int().meta(described('Requests by bots and crawlers')),
              last_seen: z.string().meta({ description: 'Last request', format: 'date-time' }),
              referrer: z.string().nullable().meta(described('Domain of the page that linked to it, when one did')),
            }),
          ),
        }),
      },
    },
    handler: async () => ({
      statusCode: 200,
      message: 'Missing pages fetched successfully',
      paths: await services.notFound.report(),
    }),
  });
}
