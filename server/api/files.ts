import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORMAT_MIME } from '../files/check';
import type { FileFormat } from '../../content/kit';
import type { Services } from '../services';
import { forbiddenMessage, mayUse, type Area } from '../../content/roles';
import { requireAdmin } from './auth-hooks';
import { ADMIN, errors, media, PUBLIC, ROLES_OF, route } from './route-schema';

/**
 * Who may open a private file, by where it is stored (decision 0040): consultation documents and mail
 * attachments are intake's, files of rows in the trash or of replaced versions are content's; any
 * other private file is the administrator's.
 */
export function privateFileArea(rel: string): Area {
  if (rel.startsWith('private/consultations/') || rel.startsWith('private/mail/')) return 'intake';
  if (rel.startsWith('private/trash/') || rel.startsWith('private/retired/')) return 'content';
  return 'admin';
}

const INLINE: ReadonlySet<string> = new Set(['jpg', 'png', 'webp', 'gif', 'pdf', 'mp4', 'mov']);

/** Serves stored files: /uploads/… to everyone (immutable: a new upload always gets a new name), /private/… to administrators. */
export function registerFileRoutes(app: FastifyInstance, services: Services): void {
  const serve = (cache: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const rel = decodeURIComponent(req.url.split('?')[0]!.slice(1));
    if (req.admin && rel.startsWith('private/') && !mayUse(req.admin.role, privateFileArea(rel))) {
      return reply.code(403).send({ statusCode: 403, message: forbiddenMessage(req.admin.role) });
    }
    const ext = path.extname(rel).slice(1).toLowerCase() as FileFormat;
    const mime = FORMAT_MIME[ext];
    const file = mime ? await services.files.open(rel) : null;
    if (!file) return reply.code(404).send({ statusCode: 404, message: 'File not found' });
    reply
      .header('content-type', mime)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cache)
      .header('last-modified', file.mtime.toUTCString())
      .header('content-disposition', INLINE.has(ext) ? 'inline' : `attachment; filename="document.${ext}"`);
    return reply.send(file.stream);
  };
  const tags = ['Files'];
  route(app, {
    method: 'GET',
    url: '/uploads/*',
    schema: {
      operationId: 'getPublicFile',
      tags,
      roles: PUBLIC,
      summary: 'A public stored file (the stored path starts with uploads/); immutable caching',
      response: { 200: media('application/octet-stream'), ...errors(404) },
    },
    handler: serve('public, max-age=31536000, immutable'),
  });
  route(app, {
    method: 'GET',
    url: '/private/*',
    preHandler: requireAdmin(services),
    schema: {
      operationId: 'getPrivateFile',
      tags,
      summary:
        'A private stored file: consultation documents and mail attachments for intake, files in the trash for content editors (403 to another role)',
      roles: ROLES_OF.staff,
      security: ADMIN,
      response: { 200: media('application/octet-stream'), ...errors(403, 404) },
    },
    handler: serve('private, no-store'),
  });
}
