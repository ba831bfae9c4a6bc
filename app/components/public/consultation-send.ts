import { CONSENT_FIELD, HONEYPOT_FIELD, SLOT_FIELD } from '../../../content/consultation';
import { OPTIONAL_BOOKING_FIELDS } from '../../../content/consultation-fields';
import { ROUTING_FIELDS } from '../../../content/booking-routing';
import { api } from '../../lib/api';
import type { MessageKey, Translate } from '../../lib/i18n';
import { toast } from './toasts';

/** The id of the Book Consultation form (server HTML); its island finds it by this id (decision 0085). */
export const CONSULTATION_FORM_ID = 'consultation-form';

/**
 * The request's messages (content/consultation-schema.ts and the server's answers) are the spec's English
 * ones, word for word in the API; a visitor reading another language sees the catalog's text for each
 * (decision 0063). The English catalog holds each message as it is here (tests/i18n checks both).
 */
export const VISITOR_MESSAGES: Record<string, MessageKey> = {
  'Please enter your name.': 'form.error.nameRequired',
  'The name is too long (at most 120 characters).': 'form.error.nameLong',
  'Please enter your email address.': 'form.error.emailRequired',
  'Please enter a valid email address.': 'form.error.emailInvalid',
  'Please enter a contact number.': 'form.error.phoneRequired',
  'Please enter a valid contact number.': 'form.error.phoneInvalid',
  'Please describe your legal issue.': 'form.error.summaryRequired',
  'The legal issue summary is too long (at most 5000 characters).': 'form.error.summaryLong',
  'Please choose a preferred date and time.': 'form.error.datetimeRequired',
  'Please choose a valid preferred date and time.': 'form.error.datetimeInvalid',
  'The preferred date and time must be in the future.': 'form.error.datetimePast',
  'Please choose a preferred date within the next two years.': 'form.error.datetimeFar',
  'Please confirm that you understand this form does not create a lawyer–client relationship.': 'form.error.consent',
  'Please check the form.': 'form.error.check',
  'Mail sent successfully!': 'toast.sent',
  'Something went wrong.': 'toast.wrong',
  'Error sending message. Please try again.': 'toast.sendError',
};

/** A message for the visitor: the catalog's text for a known English message, else the message as it came. */
export const visitorMessage = (t: Translate, message: string): string => {
  const key = VISITOR_MESSAGES[message];
  return key ? t(key) : message;
};

/**
 * Posts the consultation request as multipart to /api/mail/contact with the spec's field names (plus the
 * consent and the honeypot `website`) and shows the server's message; success is judged by the
 * response's `success` flag.
 */
export async function sendConsultation(form: HTMLFormElement, t: Translate): Promise<boolean> {
  const fd = new FormData(form);
  const body = new FormData();
  for (const name of ['name', 'contactNumber', 'email', 'LegalIssueSummary', 'datetime', HONEYPOT_FIELD])
    if (fd.has(name)) body.append(name, String(fd.get(name) ?? ''));
  // Intake (decision 0017): the chosen slot, the opposing party and the notice version, when present.
  // The visitor's language and the WhatsApp opt-in (decisions 0071, 0072), when the page has them.
  for (const name of OPTIONAL_BOOKING_FIELDS) {
    const v = fd.get(name);
    if (typeof v === 'string' && v.trim()) body.append(name, v);
  }
  // Routing (decision 0067): office, mode and practice area go with a chosen slot only.
  if (typeof fd.get(SLOT_FIELD) === 'string' && String(fd.get(SLOT_FIELD)).trim()) {
    for (const name of Object.values(ROUTING_FIELDS)) {
      const v = fd.get(name);
      if (typeof v === 'string' && v.trim()) body.append(name, v);
    }
  }
  const consent = fd.get(CONSENT_FIELD);
  if (consent) body.append(CONSENT_FIELD, String(consent));
  const doc = fd.get('document');
  if (doc instanceof File && doc.size > 0) body.append('document', doc);
  try {
    const res = await api<{ success?: boolean }>('/api/mail/contact', { method: 'POST', form: body });
    if (res.body.success) {
      toast.success(visitorMessage(t, res.body.message || 'Mail sent successfully!'));
      form.reset();
      return true;
    }
    toast.error(visitorMessage(t, res.body.message || 'Something went wrong.'));
  } catch {
    toast.error(t('toast.sendError'));
  }
  return false;
}
