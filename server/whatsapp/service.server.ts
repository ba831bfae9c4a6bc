import type { Kysely, Transaction } from 'kysely';
import type { WhatsappConfig } from '../config';
import type { Database } from '../database';
import { clientLocale } from '../consultations/catalogs/index';
import type { Outbox } from '../mail/outbox.server';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The approved message templates (decision 0072), one per update, each registered in the WhatsApp Manager in
 * English (en), Malayalam (ml) and Hindi (hi) with the body parameters listed (docs/whatsapp.md gives the texts).
 */
export const WHATSAPP_TEMPLATES = {
  /** {{1}} name, {{2}} reference, {{3}} requested time. */
  received: 'consultation_received',
  /** {{1}} name, {{2}} time, {{3}} office address or video link, {{4}} reference. */
  confirmed: 'consultation_confirmed',
  /** {{1}} name, {{2}} time, {{3}} office address or video link, {{4}} reference. */
  reminder: 'consultation_reminder',
  /** {{1}} name, {{2}} time, {{3}} reference. */
  cancelled: 'consultation_cancelled',
} as const;
export type WhatsappUpdate = keyof typeof WHATSAPP_TEMPLATES;

/** The template language code of each client language (the Cloud API's codes). */
const TEMPLATE_LANGUAGE: Record<string, string> = { en: 'en', ml: 'ml', hi: 'hi' };

/** The body of a Cloud API `messages` call that sends a template (kept as the outbox row's text). */
export interface TemplateMessage {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: {
    name: string;
    language: { code: string };
    components: Array<{ type: 'body'; parameters: Array<{ type: 'text'; text: string }> }>;
  };
}

/**
 * A number as the Cloud API takes it: digits with the country code, no '+'. '+91 98470 12345',
 * '098470 12345' and '9847012345' are all 919847012345 (with the default code 91); null when it cannot be one.
 */
export function whatsappNumber(raw: string, countryCode: string): string | null {
  const s = raw.trim();
  if (!/^[+\d][\d ()./-]*$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (s.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? digits : null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = countryCode + digits.slice(1);
  else if (digits.length === 10) digits = countryCode + digits;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** A template parameter: the Cloud API refuses new lines, tabs and runs of spaces in one. */
const param = (v: string) => v.replace(/\s+/g, ' ').trim().slice(0, 1000) || '-';

/** What a WhatsApp update carries. */
export interface WhatsappMessage {
  update: WhatsappUpdate;
  to: string;
  locale: string | null | undefined;
  /** The body parameters in the template's order. */
  params: string[];
  consultationId: number;
  kind: 'consultation-client' | 'consultation-reminder';
}

/**
 * WhatsApp updates (decisions 0072, 0073): template messages queued in the mail outbox with channel
 * 'whatsapp' (one durable queue, one log, the same retries), sent by `whatsappTransport` (transport.server.ts). Without the settings
 * nothing is queued.
 */
export class Whatsapp {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly outbox: Outbox,
    readonly config: WhatsappConfig | undefined,
  ) {}

  get enabled(): boolean {
    return !!this.config;
  }

  /** The number a request asked updates at, normalised; null when WhatsApp is off or the number is not one. */
  number(raw: string): string | null {
    return this.config ? whatsappNumber(raw, this.config.countryCode) : null;
  }

  async optedOut(db: Db, phone: string): Promise<boolean> {
    return !!(await db.selectFrom('whatsapp_optouts').select('phone').where('phone', '=', phone).executeTakeFirst());
  }

  /** A new, explicit opt-in (the box ticked on a new request) lifts an earlier STOP for that number. */
  async optIn(db: Db, phone: string): Promise<void> {
    await db.deleteFrom('whatsapp_optouts').where('phone', '=', phone).execute();
  }

  /** Queues an update inside the caller's transaction; nothing when WhatsApp is off, no number, or it answered STOP. */
  async queue(db: Db, m: Omit<WhatsappMessage, 'to'> & { to: string | null }): Promise<boolean> {
    if (!this.config || !m.to) return false;
    if (await this.optedOut(db, m.to)) return false;
    const locale = clientLocale(m.locale);
    const message: TemplateMessage = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: m.to,
      type: 'template',
      template: {
        name: WHATSAPP_TEMPLATES[m.update],
        language: { code: TEMPLATE_LANGUAGE[locale] ?? locale },
        components: [{ type: 'body', parameters: m.params.map((p) => ({ type: 'text', text: param(p) })) }],
      },
    };
    await this.outbox.enqueue(
      {
        kind: m.kind,
        channel: 'whatsapp',
        to: m.to,
        subject: `WhatsApp: ${message.template.name} (${message.template.language.code})`,
        text: JSON.stringify(message),
        consultationId: m.consultationId,
      },
      db,
    );
    return true;
  }
}
