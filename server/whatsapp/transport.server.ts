import type { Kysely } from 'kysely';
import type { WhatsappConfig } from '../config';
import type { Database } from '../database';
import type { OutboxRow } from '../mail/outbox.server';
import { PermanentMailError, type MailTransport } from '../mail/transport.server';

/** Cloud API error codes that mean "later" (rate limits, a passing fault) although the answer is a 4xx. */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056]);

/**
 * Sends the outbox's WhatsApp rows: POST {api}/{phone number id}/messages with the stored template message.
 * A refusal (4xx) is permanent unless its code is a rate limit; 5xx, 429 and network faults are retried by
 * the worker. The message id of an accepted message is kept for the webhook's statuses.
 */
export function whatsappTransport(
  db: Kysely<Database>,
  config: WhatsappConfig | undefined,
  fetchImpl: typeof fetch = fetch,
): MailTransport {
  return {
    kind: 'whatsapp',
    async send(row: OutboxRow) {
      if (!config)
        throw new PermanentMailError(
          'WhatsApp is not configured (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL).',
        );
      if (
        await db.selectFrom('whatsapp_optouts').select('phone').where('phone', '=', row.to_address).executeTakeFirst()
      ) {
        throw new PermanentMailError('The number answered STOP: WhatsApp updates are off for it.');
      }
      const res = await fetchImpl(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: row.text_body,
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let body: { messages?: Array<{ id?: unknown }>; error?: { code?: unknown; message?: unknown } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        /* not JSON: judged by the status */
      }
      if (!res.ok) {
        const code = typeof body.error?.code === 'number' ? body.error.code : null;
        const why = typeof body.error?.message === 'string' ? body.error.message : text.slice(0, 200);
        const message = `WhatsApp Cloud API ${res.status}${code !== null ? ` (code ${code})` : ''}: ${why}`;
        const retry =
          res.status >= 500 || res.status === 429 || res.status === 408 || (code !== null && RETRYABLE_CODES.has(code));
        throw retry ? new Error(message) : new PermanentMailError(message);
      }
      const id = body.messages?.[0]?.id;
      if (typeof id === 'string' && id.length <= 200) {
        await db
          .updateTable('mail_outbox')
          .set({ external_id: id, external_status: 'accepted' })
          .where('mail_id', '=', row.mail_id)
          .execute();
      }
    },
    close: () => undefined,
  };
}
