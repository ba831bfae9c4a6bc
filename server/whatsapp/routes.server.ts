import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, answer, documentedBody, errors, media, route, str } from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import type { Whatsapp } from './service.server';

/** Delivery statuses in the order they happen: a late "delivered" never hides a "read" (failed always wins). */
const RANK: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

const Status = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(20),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().min(1).max(32),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
      }),
    )
    .max(10)
    .optional(),
});
const Message = z.object({
  from: z.string().min(1).max(32),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(256).optional() }).optional(),
});
/** The part of the Cloud API's webhook payload read here (everything else is ignored). */
const Payload = z.object({
  object: z.string().max(100),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z.object({
                statuses: z.array(Status).max(1000).optional(),
                messages: z.array(Message).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** An inbound message that turns updates off (decision 0074): STOP, in any case, alone. */
export const isStop = (text: string | undefined): boolean => !!text && /^\s*stop\s*[.!]?\s*$/i.test(text);

/** Timing-safe comparison of two strings (unequal lengths are simply unequal). */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `header` is `sha256=` and the HMAC-SHA256 of the raw body with the app secret (decision 0074). */
export function signatureValid(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const want = createHmac('sha256', secret).update(raw).digest('hex');
  return same(header.slice(7).toLowerCase(), want);
}

const unixTime = (t: string | undefined) =>
  t && /^\d{1,12}$/.test(t) ? new Date(Number(t) * 1000).toISOString() : null;

/**
 * The Cloud API's webhook (decision 0074): GET answers the subscription handshake; POST takes delivery
 * statuses and inbound messages, only with a valid X-Hub-Signature-256 over the raw body. Public (no session):
 * the signature is the authority. Without WhatsApp settings (or without WHATSAPP_APP_SECRET) both answer 404.
 */
export async function registerWhatsappRoutes(
  app: FastifyInstance,
  services: Services,
  whatsapp: Whatsapp,
): Promise<void> {
  const db = services.store.db;
  const config = whatsapp.config;
  const off = () => new AppError(404, 'WhatsApp is not configured.');

  await app.register(async (scope) => {
    // The signature covers the exact bytes: JSON is kept raw here and parsed after the check.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    const hub = (name: string) => z.string(`The query parameter ${name} must be text.`).optional();
    route(scope, {
      method: 'GET',
      url: '/api/whatsapp/webhook',
      schema: {
        operationId: 'verifyWhatsappWebhook',
        roles: PUBLIC,
        tags: ['WhatsApp'],
        summary:
          'The Cloud API webhook handshake: echoes hub.challenge when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN',
        querystring: z.object({
          'hub.mode': hub('hub.mode'),
          'hub.verify_token': hub('hub.verify_token'),
          'hub.challenge': hub('hub.challenge'),
        }),
        response: { 200: media('text/plain', str('hub.challenge, echoed')), ...errors(400, 403, 404) },
      },
      handler: async (req, reply) => {
        if (!config?.verifyToken) throw off();
        const q = req.query;
        const token = q['hub.verify_token'] ?? '';
        const challenge = q['hub.challenge'] ?? '';
        if (
          q['hub.mode'] !== 'subscribe' ||
          !same(token, config.verifyToken) ||
          !/^[A-Za-z0-9_-]{1,200}$/.test(challenge)
        ) {
          throw new AppError(403, 'The verify token does not match.');
        }
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(challenge);
      },
    });

    route(scope, {
      method: 'POST',
      url: '/api/whatsapp/webhook',
      schema: {
        operationId: 'receiveWhatsappWebhook',
        roles: PUBLIC,
        tags: ['WhatsApp'],
        summary:
          'Delivery and read statuses and inbound messages from the Cloud API; refused (401) without a valid X-Hub-Signature-256. An inbound STOP turns WhatsApp updates off for that number.',
        // Documented only: the bytes are checked against the signature before they are parsed with Payload.
        requestBody: documentedBody({
          'application/json': Payload.meta({
            description:
              'The Cloud API webhook payload (object, entry[].changes[].value with statuses[] and messages[])',
          }),
        }),
        response: { 200: answer(), ...errors(400, 401, 404, 415) },
      },
      handler: async (req) => {
        if (!config?.appSecret) throw off();
        const raw = req.body;
        if (!Buffer.isBuffer(raw)) throw new AppError(415, 'Send the webhook as application/json.');
        if (!signatureValid(raw, req.headers['x-hub-signature-256'], config.appSecret))
          throw new AppError(401, 'The signature does not match.');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError(400, 'The body is not JSON.');
        }
        const parsed = Payload.safeParse(json);
        if (!parsed.success) throw new AppError(400, 'The body is not a WhatsApp webhook payload.');
        const now = new Date().toISOString();
        let statuses = 0;
        let stops = 0;
        for (const entry of parsed.data.entry) {
          for (const change of entry.changes) {
            for (const st of change.value.statuses ?? []) {
              statuses++;
              await db.transaction().execute(async (trx) => {
                await trx
                  .insertInto('whatsapp_events')
                  .values({
                    external_id: st.id,
                    phone: st.recipient_id,
                    kind: 'status',
                    status: st.status,
                    occurred_at: unixTime(st.timestamp),
                    received_at: now,
                  })
                  .execute();
                const row = await trx
                  .selectFrom('mail_outbox')
                  .select(['mail_id', 'external_status'])
                  .where('external_id', '=', st.id)
                  .executeTakeFirst();
                if (!row || (RANK[st.status] ?? -1) <= (RANK[row.external_status ?? ''] ?? -1)) return;
                const error = st.errors?.[0];
                await trx
                  .updateTable('mail_outbox')
                  .set({
                    external_status: st.status,
                    updated_at: now,
                    // Accepted by the API but not delivered: a failure on the mail log, with the API's reason.
                    ...(st.status === 'failed'
                      ? {
                          status: 'failed',
                          last_error:
                            `WhatsApp: ${[error?.code, error?.title ?? error?.message].filter(Boolean).join(' ') || 'not delivered'}`.slice(
                              0,
                              1000,
                            ),
                        }
                      : {}),
                  })
                  .where('mail_id', '=', row.mail_id)
                  .execute();
              });
            }
            for (const m of change.value.messages ?? []) {
              const stop = isStop(m.text?.body ?? m.button?.text);
              await db.transaction().execute(async (trx) => {
                // Only what the message meant is kept, never its text.
                await trx
                  .insertInto('whatsapp_events')
                  .values({
                    external_id: null,
                    phone: m.from,
                    kind: 'message',
                    status: stop ? 'stop' : 'other',
                    occurred_at: unixTime(m.timestamp),
                    received_at: now,
                  })
                  .execute();
                if (!stop) return;
                stops++;
                await trx
                  .insertInto('whatsapp_optouts')
                  .values({ phone: m.from, created_at: now })
                  .onConflict((oc) => oc.column('phone').doNothing())
                  .execute();
                await trx
                  .updateTable('consultations')
                  .set({ whatsapp_to: null })
                  .where('whatsapp_to', '=', m.from)
                  .execute();
                await trx
                  .updateTable('mail_outbox')
                  .set({
                    status: 'failed',
                    last_error: 'The number answered STOP: WhatsApp updates are off for it.',
                    updated_at: now,
                  })
                  .where('channel', '=', 'whatsapp')
                  .where('to_address', '=', m.from)
                  .where('status', 'in', ['queued', 'retrying'])
                  .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
                  .execute();
              });
            }
          }
        }
        if (stops) req.log.info({ stops }, 'whatsapp: STOP received, updates turned off');
        return { statusCode: 200, message: `Received ${statuses} status(es).` };
      },
    });
  });
}
