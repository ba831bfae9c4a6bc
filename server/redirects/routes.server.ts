import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, ROLES_OF, answers, api, arr, idField, int, nullable, obj, PageQuery, str, validBody, zodCompiler, type Schema } from '../api/route-schema';
import type { Services } from '../services';

const tags = ['Redirects'];

const redirect = obj(
  {
    redirect_id: int(),
    from_path: str('The old address (a path, with a query when it names one)'),
    to_target: str('Where it leads: a path on this site or an absolute URL'),
    status_code: int('301 (moved for good) or 302 (for now)', { enum: [301, 302] }),
    kind: str('auto: written by a rename; manual: by an administrator', { enum: ['auto', 'manual'] }),
    note: nullable(str()),
    created_at: str(),
    updated_at: str(),
  },
  ['redirect_id', 'from_path', 'to_target', 'status_code', 'kind'],
);

const STATUS = 'status_code must be 301 or 302.';
const SaveBody = z.object({
  redirect_id: idField('redirect_id').optional(),
  from: z.string('Enter the old address (a path such as /old-page).').max(2000, 'The old address is too long (at most 500 characters).'),
  to: z.string('Enter the new address (a path such as /blog, or a full URL).').max(2000, 'The new address is too long (at most 1000 characters).'),
  status_code: z.coerce.number(STATUS).refine((n) => n === 301 || n === 302, STATUS).default(301),
  note: z.string().max(300, 'The note is too long (at most 300 characters).').optional(),
});
const DeleteBody = z.object({ redirect_id: idField('redirect_id') });
const ImportBody = z.object({ csv: z.string('Paste the CSV text or choose a file.').min(1, 'Paste the CSV text or choose a file.').max(2_000_000, 'The CSV is too large (at most 2 MB).') });

/** The Redirects admin page's calls and the Not found report (decision 0057). */
export function registerRedirectRoutes(app: FastifyInstance, services: Services): void {
  const admin = requireAdmin(services);
  const redirects = services.redirects;
  const route = (operationId: string, summary: string, body: z.ZodType | null, ok: Record<string, Schema>, description?: string, errors: number[] = []) => ({
    preValidation: admin,
    validatorCompiler: zodCompiler,
    schema: api({
      operationId,
      tags,
      summary,
      // Redirects and the Not found report belong to the website's content (decision 0040).
      roles: ROLES_OF.content,
      security: ADMIN,
      ...(description ? { description } : {}),
      ...(body ? { body } : {}),
      responses: answers(ok, ...(body ? [400, ...errors] : errors)),
    }),
  });

  const listSchema = route('listRedirects', 'Every redirect, the latest changed first; `page` (and `size`, default 50) and `q` (old or new address) for one page', null, {
    redirects: arr(redirect),
    total: int('How many redirects match'),
  });
  app.get('/api/redirects', { ...listSchema, schema: { ...listSchema.schema, querystring: PageQuery } }, async (req) => {
    const { page, size, q } = PageQuery.parse(req.query);
    const { rows, total } = await redirects.list({ page, size, q });
    return { statusCode: 200, message: 'Redirects fetched successfully', redirects: rows, total, ...(page ? { page, size } : {}) };
  });

  app.post(
    '/api/redirects/save',
    route(
      'saveRedirect',
      'Add a redirect, or edit one (with redirect_id)',
      SaveBody,
      { redirect },
      'JSON {from, to, status_code (301 or 302, default 301), note?, redirect_id?}. `from` is a path or an old site\'s URL (its path is kept); `to` a path or an absolute URL. A target that itself redirects is followed (the redirect points straight at the end), redirects to `from` are pointed at the new target, and a loop is refused with 409.',
      [404, 409],
    ),
    async (req) => {
      const b = validBody(SaveBody, req);
      const out = await redirects.save({ redirect_id: b.redirect_id, from: b.from, to: b.to, status_code: b.status_code as 301 | 302, note: b.note });
      req.audit = { action: b.redirect_id ? 'update' : 'add', target: 'redirect', recordId: out.redirect.redirect_id, summary: `${out.redirect.from_path} → ${out.redirect.to_target}` };
      return { statusCode: 200, message: out.message, redirect: out.redirect };
    },
  );

  app.post('/api/redirects/delete', route('deleteRedirect', 'Delete a redirect (its old address answers 404 again)', DeleteBody, {}, undefined, [404]), async (req) => {
    const { redirect_id } = validBody(DeleteBody, req);
    const row = await redirects.remove(redirect_id);
    req.audit = { action: 'delete', target: 'redirect', recordId: redirect_id, summary: row.from_path };
    return { statusCode: 200, message: 'Redirect deleted' };
  });

  app.post(
    '/api/redirects/import',
    route(
      'importRedirects',
      'Import redirects from CSV (moving from an old site)',
      ImportBody,
      { imported: int('Redirects saved'), errors: arr(obj({ line: int('Line of the CSV (1 is the first)'), message: str() }, ['line', 'message'])) },
      'JSON {csv}: one redirect a line, `old address,new address[,301|302]` (a header row is skipped). Every good line is saved; every refused line is reported with its line number and the reason.',
    ),
    async (req) => {
      const { csv } = validBody(ImportBody, req);
      const { imported, errors } = await redirects.importCsv(csv);
      req.audit = { action: 'import', target: 'redirect', summary: `${imported} redirects, ${errors.length} lines refused` };
      const message = `${imported} ${imported === 1 ? 'redirect' : 'redirects'} imported${errors.length ? `; ${errors.length} ${errors.length === 1 ? 'line' : 'lines'} refused` : ''}.`;
      return { statusCode: 200, message, imported, errors };
    },
  );

  const nf = route('listNotFound', 'The most requested missing pages of the last 30 days (people and bots counted apart)', null, {
    paths: arr(
      obj(
        {
          path: str('The missing address (without its query)'),
          count: int('Requests by people'),
          bot_count: int('Requests by bots and crawlers'),
          last_seen: str('Last request', { format: 'date-time' }),
          referrer: nullable(str('Domain of the page that linked to it, when one did')),
        },
        ['path', 'count', 'bot_count', 'last_seen', 'referrer'],
      ),
    ),
  });
  app.get('/api/not-found', nf, async () => ({ statusCode: 200, message: 'Missing pages fetched successfully', paths: await services.notFound.report() }));
}
