import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { SiteRow } from '../content/kit';
import { resources } from '../content/resources/index';
import { requireAdmin } from './api/auth-hooks';
import { z } from 'zod';
import { ADMIN, ROLES_OF, errors, pagedAnswer, route } from './api/route-schema';
import { nowIso } from './db/index';
import type { Services } from './services';

/** A whole number from a query parameter, clamped to min..max; anything else is the default (the log is lenient). */
const clamped = (min: number, max: number, fallback: number, description: string) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => Math.max(min, Math.min(max, Number.parseInt(v ?? '', 10) || fallback)))
    .meta({ description });

const AuditQuery = z.object({
  q: z
    .string()
    .optional()
    .catch(undefined)
    .meta({ description: 'Search text (email, action, target, record, summary, address)' }),
  page: clamped(1, 10_000, 1, 'Page number (default 1)'),
  size: clamped(1, 200, 50, 'Entries a page (1 to 200, default 50)'),
});

/** One entry of the audit log (AuditLogTable). */
const AuditEntry = z.strictObject({
  audit_id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_email: z.string(),
  action: z.string(),
  target: z.string(),
  record_id: z.string().nullable(),
  summary: z.string(),
  detail: z
    .string()
    .nullable()
    .meta({ description: "JSON beside the summary (a Rule 36 override's reason and findings)" }),
  ip: z.string().nullable(),
  created_at: z.string(),
  request_id: z.string().nullable(),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler to describe its write for the audit log. */
    audit?: {
      action: string;
      target: string;
      recordId?: string | number | null;
      summary?: string;
      /** JSON kept beside the summary (e.g. a Rule 36 override's reason and findings). */
      detail?: string;
    };
  }
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that change nothing although they are POSTs (reads with a body, chat). */
const NOT_WRITES = new Set(['/api/admin/adminlogin', '/api/admin/logout', '/api/compliance/check']);

/**
 * Records every successful administrator write before its answer leaves: handlers describe
 * themselves with `req.audit`; any other admin write is recorded by its path.
 */
export function registerAudit(app: FastifyInstance, services: Services): void {
  const db = services.store.db;
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.admin || !WRITE.has(req.method) || reply.statusCode >= 400) return payload;
    const path = req.url.split('?')[0]!;
    if (NOT_WRITES.has(path)) return payload;
    const a = req.audit ?? { action: req.method.toLowerCase(), target: path };
    try {
      await db
        .insertInto('audit_log')
        .values({
          admin_id: req.admin.adminId,
          admin_email: req.admin.email,
          action: a.action,
          target: a.target,
          record_id: a.recordId === undefined || a.recordId === null ? null : String(a.recordId),
          summary: (a.summary ?? '').slice(0, 300),
          detail: a.detail ?? null,
          ip: req.ip,
          created_at: nowIso(),
          // The answer's X-Request-Id (decision 0053).
          request_id: req.id,
        })
        .execute();
    } catch (err) {
      req.log.error({ err }, 'audit log write failed');
    }
    return payload;
  });

  route(app, {
    method: 'GET',
    url: '/api/audit/getauditlog',
    preValidation: requireAdmin(services),
    schema: {
      operationId: 'getAuditLog',
      tags: ['Audit log'],
      summary: 'Who changed what: the audit log, newest first, searchable and paged',
      roles: ROLES_OF.admin,
      security: ADMIN,
      querystring: AuditQuery,
      response: {
        200: pagedAnswer({ entries: z.array(AuditEntry) }, { size: z.number().int() }),
        ...errors(401, 403),
      },
    },
    handler: async (req) => {
      const { q, page, size } = req.query;
      const search = q?.trim().slice(0, 100).toLowerCase() ?? '';
      let query = db.selectFrom('audit_log');
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        query = query.where((eb) =>
          eb.or(
            ['admin_email', 'action', 'target', 'record_id', 'summary', 'ip'].map((c) =>
              eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`),
            ),
          ),
        );
      }
      const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const entries = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('audit_id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { statusCode: 200, message: 'Audit log fetched successfully', entries, total, page, size };
    },
  });
}

/** A short human summary of a row for the log: its first text field. */
export function summarise(key: string, row: SiteRow): string {
  const r = resources.find((x) => x.key === key);
  if (!r) return '';
  for (const [name, f] of Object.entries(r.fields)) {
    const v = row[name];
    if ((f.type === 'text' || f.type === 'longtext') && typeof v === 'string') return v;
  }
  return '';
}
