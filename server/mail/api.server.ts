import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readBody } from '../files/multipart';
import { AppError } from '../lib/errors';
import type { MailService } from './service.server';
import type { Services } from '../services';
import { requireAdmin } from '../api/auth-hooks';
import { z } from 'zod';
import {
  ADMIN,
  ROLES_OF,
  answer,
  arr,
  binary,
  errors,
  idField,
  obj,
  PageQuery,
  route,
  statusFilter,
  str,
} from '../api/route-schema';
import { MAIL_STATUSES, type OutboxEntry } from './outbox.server';
import { MAX_MAIL_FILES } from './service.server';
import { objectOf, parseJson } from '../../content/json';

const tags = ['Mail and consultations'];
const RetryBody = z.object({ mail_id: idField('mail_id') });
const success = z.boolean().meta({ description: 'true on 200, false on every failure' });
const int = z.number().int();
/** A row of the mail log as listMailOutbox answers it. */
const MessageView = z.strictObject({
  mail_id: int,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: int,
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  consultation_id: int.nullable(),
  attachments: z.array(z.string()),
  channel: z
    .enum(['email', 'whatsapp'])
    .meta({ description: 'email, or whatsapp for a WhatsApp template message (decision 0073)' }),
  delivery: z.string().nullable().meta({
    description: 'WhatsApp: the last status its webhook reported (accepted, sent, delivered, read, failed)',
  }),
});
const Sent = answer({ success, mail_id: int.meta({ description: 'The message in the mail log' }) });

/**
 * The spec's two mail calls (sendMail here, bookConsultation in server/consultations) answer {statusCode,
 * message, success}: failures (401, 400, 429, 500) carry success: false.
 */
export async function addSuccessFlag(_req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('application/json'))
    return payload;
  const body = objectOf(parseJson(payload)); // null: not a JSON object after all
  if (body && !('success' in body)) {
    body.success = reply.statusCode === 200;
    return JSON.stringify(body);
  }
  return payload;
}

/**
 * POST /api/mail/sendmail (administrator mail) and the mail log of the admin: GET /api/mail/outbox,
 * POST /api/mail/retry. The booking call under /api/mail/contact is the consultations' (decision 0105).
 */
export async function registerMailRoutes(app: FastifyInstance, services: Services, mail: MailService): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', addSuccessFlag);
    const admin = requireAdmin(services);
    route(scope, {
      method: 'POST',
      url: '/api/mail/sendmail',
      preHandler: admin,
      schema: {
        operationId: 'sendMail',
        tags,
        summary: `Send mail from the admin (at most ${MAX_MAIL_FILES} files: "You can upload up to ${MAX_MAIL_FILES} files."). The answer carries success.`,
        roles: ROLES_OF.intake,
        security: ADMIN,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: obj(
                {
                  to: str('Recipient', { format: 'email' }),
                  subject: str('Subject'),
                  text: str('Message'),
                  documents: arr(binary(), { maxItems: MAX_MAIL_FILES }),
                },
                ['to', 'subject', 'text'],
              ),
            },
          },
        },
        response: { 200: Sent, ...errors(400, 413, 415), 502: Sent },
      },
      handler: async (req, reply) => {
        const body = await readBody(req, services.files.tmpDir, services.config.limits.document);
        let mailId: number;
        try {
          ({ mailId } = await mail.queueAdminMail(body));
        } finally {
          await body.cleanup();
        }
        // The message is safe in the outbox; wait a moment to tell the administrator how sending went.
        const row = await mail.waitForOutcome(mailId, 3000);
        if (row?.status === 'sent') return { statusCode: 200, success: true, message: 'Mail sent!', mail_id: mailId };
        if (row?.status === 'failed') {
          return reply.code(502).send({
            statusCode: 502,
            success: false,
            message: `The mail server refused the message: ${row.last_error ?? 'unknown error'}. It is kept in the mail log, where you can retry it.`,
            mail_id: mailId,
          });
        }
        return {
          statusCode: 200,
          success: true,
          message: 'Mail queued: it will be sent as soon as the mail server accepts it.',
          mail_id: mailId,
        };
      },
    });
  });

  const admin = requireAdmin(services);

  // Without `page`, the latest 200 (as the first version answered); the admin screen asks for pages of 50.
  const OutboxQuery = PageQuery.extend({ status: statusFilter(MAIL_STATUSES) });
  const messageView = (r: OutboxEntry) => ({
    mail_id: r.mail_id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    last_error: r.last_error,
    next_attempt_at: r.next_attempt_at,
    created_at: r.created_at,
    sent_at: r.sent_at,
    consultation_id: r.consultation_id,
    attachments: r.attachments.map((a) => a.filename),
    channel: r.channel,
    delivery: r.external_status,
  });
  route(app, {
    method: 'GET',
    url: '/api/mail/outbox',
    preValidation: admin,
    schema: {
      operationId: 'listMailOutbox',
      tags,
      summary:
        'The mail log, newest first (latest 200 messages); `page` (and `size`, default 50) for one page, `q` (recipient or subject) and `status` to narrow it',
      roles: ROLES_OF.intake,
      security: ADMIN,
      querystring: OutboxQuery,
      response: {
        200: answer({
          messages: z.array(MessageView),
          total: int.optional().meta({ description: 'How many messages match (with `page`)' }),
          page: int.optional().meta({ description: 'The page (with `page`)' }),
          size: int.optional().meta({ description: 'The page size (with `page`)' }),
        }),
        ...errors(400),
      },
    },
    handler: async (req) => {
      const { page, size, q, status } = req.query;
      const message = 'Mail log fetched successfully';
      if (!page)
        return { statusCode: 200, message, messages: (await mail.outbox.list(200, { q, status })).map(messageView) };
      const { rows, total } = await mail.outbox.page(page, size, { q, status });
      return { statusCode: 200, message, messages: rows.map(messageView), total, page, size };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/mail/retry',
    preValidation: admin,
    schema: {
      operationId: 'retryMail',
      tags,
      summary: 'Queue a failed message again',
      roles: ROLES_OF.intake,
      security: ADMIN,
      body: RetryBody,
      response: {
        200: answer({ mail: z.strictObject({ mail_id: int, status: z.enum(MAIL_STATUSES) }) }),
        ...errors(400, 404, 409),
      },
    },
    handler: async (req) => {
      const id = req.body.mail_id;
      const row = await mail.retryMessage(id);
      if (!row) {
        const existing = await mail.outbox.get(id);
        if (!existing) throw new AppError(404, 'Message not found');
        throw new AppError(
          409,
          existing.status === 'sent' ? 'This message was already sent.' : 'This message is being sent right now.',
        );
      }
      return { statusCode: 200, message: 'Message queued again', mail: { mail_id: row.mail_id, status: row.status } };
    },
  });
}
