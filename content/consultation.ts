/**
 * The Book Consultation form's fields beyond the spec (decision 0011), named once for the page and the server:
 * the required consent checkbox and the hidden honeypot that only robots fill.
 */
export const CONSENT_FIELD = 'consent';
export const CONSENT_LABEL = 'I understand that submitting this form does not create a lawyer–client relationship';
export const HONEYPOT_FIELD = 'website';

/** Optional fields of the consultation call added by intake (decision 0017). */
export const SLOT_FIELD = 'slot';
export const OPPOSING_PARTY_FIELD = 'opposing_party';
export const OPPOSING_PARTY_LABEL = 'Opposing party';
export const NOTICE_VERSION_FIELD = 'notice_version';
/** The visitor's language (decision 0071): the client's mails and link pages follow it; absent means English. */
export const LOCALE_FIELD = 'locale';
/** WhatsApp updates, opt-in (decision 0072): the box, and the number (the contact number when left blank). */
export const WHATSAPP_FIELD = 'whatsapp';
export const WHATSAPP_NUMBER_FIELD = 'whatsapp_number';
export const WHATSAPP_LABEL = 'Send me updates on WhatsApp';
export const WHATSAPP_NUMBER_LABEL = 'WhatsApp number';

/**
 * The privacy notice shown on the form (DPDP Act 2023 and its 2025 Rules). A change of its wording gets
 * a new version number; each consent is stored with the version the visitor saw.
 */
export const NOTICE_VERSION = 1;
export function privacyNotice(o: {
  firmName: string;
  retentionMonths: number;
  grievanceName: string;
  grievanceEmail: string;
  grievancePhone: string;
}): string[] {
  return [
    `${o.firmName} collects your name, email address, phone number, the summary of your matter, the other party's name and any document you attach, only to answer your request, check for conflicts of interest and arrange the consultation.`,
    `Requests that never become a consultation are deleted after ${o.retentionMonths} months. Nothing is shared with anyone outside the firm except its mail provider.`,
    `You may ask for a copy of your data or its erasure at any time from the Privacy Policy page, withdraw your consent, and complain to the Data Protection Board of India.`,
    `Grievances: ${o.grievanceName}, ${o.grievanceEmail}${o.grievancePhone ? `, ${o.grievancePhone}` : ''}.`,
  ];
}

/**
 * The spec-era statuses (new, contacted, scheduled, closed: set by hand with updatestatus) and those of the
 * intake flow (decision 0017): conflict_review before everything, new → confirmed / declined, confirmed →
 * cancelled / completed / no_show (decideConsultation, clearConflict).
 */
export const CONSULTATION_STATUSES = [
  'new',
  'contacted',
  'scheduled',
  'closed',
  'conflict_review',
  'confirmed',
  'declined',
  'cancelled',
  'completed',
  'no_show',
] as const;
/** The statuses updatestatus may set: the intake flow's go through decideConsultation (they send mail). */
export const MANUAL_STATUSES = ['new', 'contacted', 'scheduled', 'closed'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
