/** The columns and tables of consultation languages and WhatsApp updates (migrations 0038, 0039). */
import type { ColumnType, Generated } from 'kysely';

/** The columns added to consultations. */
export interface ConsultationChannelColumns {
  /** The visitor's language (en, ml, hi…); null for a request made without one, read as English (decision 0071). */
  locale: string | null;
  /** The WhatsApp number (digits with country code) the client asked to be updated at; null: not asked (decision 0072). */
  whatsapp_to: string | null;
}

/** The columns added to the outbox (decision 0073). */
export interface OutboxChannelColumns {
  /** 'email' (every row before migration 0039) or 'whatsapp'. */
  channel: ColumnType<string, string | undefined, string>;
  /** The Cloud API's message id (wamid…) once it accepted the message. */
  external_id: string | null;
  /** The last delivery status the webhook reported: sent, delivered, read or failed. */
  external_status: string | null;
}

export interface WhatsappTables {
  whatsapp_optouts: { phone: string; created_at: string };
  whatsapp_events: {
    event_id: Generated<number>;
    external_id: string | null;
    phone: string;
    /** 'status' (a delivery report) or 'message' (an inbound message; only its meaning is kept, never its text). */
    kind: string;
    /** sent, delivered, read, failed; or stop for an inbound STOP, other for any other inbound message. */
    status: string;
    occurred_at: string | null;
    received_at: string;
  };
}
