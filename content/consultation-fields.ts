import {
  CONSENT_FIELD,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  NOTICE_VERSION_FIELD,
  OPPOSING_PARTY_FIELD,
  SLOT_FIELD,
  WHATSAPP_FIELD,
  WHATSAPP_NUMBER_FIELD,
} from './consultation';

/**
 * The booking call's fields beyond the spec's five and its document, named once for the form that sends
 * them and the server that describes them (decisions 0011, 0017, 0071, 0072).
 */
export const BOOKING_FIELDS = {
  consent: CONSENT_FIELD,
  honeypot: HONEYPOT_FIELD,
  slot: SLOT_FIELD,
  opposingParty: OPPOSING_PARTY_FIELD,
  noticeVersion: NOTICE_VERSION_FIELD,
  locale: LOCALE_FIELD,
  whatsapp: WHATSAPP_FIELD,
  whatsappNumber: WHATSAPP_NUMBER_FIELD,
} as const;

/** The optional fields the form sends as typed, when not blank: intake's, the language and the WhatsApp opt-in. */
export const OPTIONAL_BOOKING_FIELDS = [
  BOOKING_FIELDS.slot,
  BOOKING_FIELDS.opposingParty,
  BOOKING_FIELDS.noticeVersion,
  BOOKING_FIELDS.locale,
  BOOKING_FIELDS.whatsapp,
  BOOKING_FIELDS.whatsappNumber,
] as const;
