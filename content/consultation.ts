/**
 * The Book Consultation form's fields beyond the spec (issue 5), named once for the page and the server:
 * the required consent checkbox and the hidden honeypot that only robots fill.
 */
export const CONSENT_FIELD = 'consent';
export const CONSENT_LABEL = 'I understand that submitting this form does not create a lawyer–client relationship';
export const HONEYPOT_FIELD = 'website';
