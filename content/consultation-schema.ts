/**
 * The rules of a consultation request (POST /api/mail/contact), one zod schema for the server and the
 * Book Consultation form in the browser (decision 0012). A module of its own: the form loads it (and zod with
 * it) when the visitor starts on the form, not with the page (decision 0028).
 */
import { CONSENT_FIELD } from './consultation';
import { z } from './zod';

/**
 * The requested date-time. A value with Z or an offset is taken as is; a value without (what a
 * datetime-local input sends, 2027-03-04T10:30) is read in the local time zone (the server's TZ; the
 * visitor's in the browser).
 */
export function parseRequestedAt(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  if (zone) {
    const t = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(t) ? null : new Date(t);
  }
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // Reject values the calendar does not have (2027-02-30, 25:00) instead of rolling them over.
  if (
    date.getFullYear() !== Number(y) ||
    date.getMonth() !== Number(mo) - 1 ||
    date.getDate() !== Number(d) ||
    date.getHours() !== Number(h) ||
    date.getMinutes() !== Number(mi)
  ) {
    return null;
  }
  return date;
}

/** The answer when the consent is sent but not ticked ('false', 'off', '0', …). */
export const CONSENT_REQUIRED_MESSAGE =
  'Please confirm that you understand this form does not create a lawyer–client relationship.';

/** A form value as text: a string, or the first of a list of strings (a repeated field), trimmed. */
const text = (v: unknown) =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim();

/** A ticked consent: 'true', 'on' (what a checkbox sends) or '1', or JSON true / 1. */
export function consentGiven(v: unknown): boolean {
  if (v === true || v === 1) return true;
  return ['true', 'on', '1'].includes(text(v).toLowerCase());
}

const emailFormat = z.email();

/** One field: its text, or the first message that refuses it (a field missing from the body is judged as blank). */
function field<T>(judge: (s: string, raw: unknown) => { value: T } | string) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): T => {
      const r = judge(text(raw), raw);
      if (typeof r !== 'string') return r.value;
      ctx.addIssue({ code: 'custom', message: r });
      return z.NEVER;
    });
}

/**
 * The Book Consultation request (POST /api/mail/contact), judged the same in the browser before it is sent
 * and on the server (decision 0012): each field's first failing rule gives the message, fields in the form's
 * order. The consent (decision 0011): absent or blank is taken (the spec's client knows no such field) and
 * recorded as none; sent and not ticked is refused. `now` is the time of the submission.
 */
export function consultationSchema(now: Date) {
  return z.object({
    name: field((s) =>
      !s ? 'Please enter your name.' : s.length > 120 ? 'The name is too long (at most 120 characters).' : { value: s },
    ),
    email: field((s) =>
      !s
        ? 'Please enter your email address.'
        : s.length > 254 || !emailFormat.safeParse(s).success
          ? 'Please enter a valid email address.'
          : { value: s },
    ),
    contactNumber: field((s) => {
      if (!s) return 'Please enter a contact number.';
      const digits = s.replace(/\D/g, '').length;
      if (!/^[+\d][\d ()./-]*$/.test(s) || digits < 6 || digits > 15 || s.length > 30)
        return 'Please enter a valid contact number.';
      return { value: s };
    }),
    LegalIssueSummary: field((s) =>
      !s
        ? 'Please describe your legal issue.'
        : s.length > 5000
          ? 'The legal issue summary is too long (at most 5000 characters).'
          : { value: s },
    ),
    datetime: field((s) => {
      if (!s) return 'Please choose a preferred date and time.';
      const at = parseRequestedAt(s);
      if (!at) return 'Please choose a valid preferred date and time.';
      if (at.getTime() <= now.getTime()) return 'The preferred date and time must be in the future.';
      if (at.getTime() > now.getTime() + 2 * 366 * 24 * 3600_000)
        return 'Please choose a preferred date within the next two years.';
      return { value: at };
    }),
    [CONSENT_FIELD]: field((s, raw) => {
      if (raw === undefined || raw === null || (typeof raw !== 'boolean' && typeof raw !== 'number' && s === ''))
        return { value: null };
      return consentGiven(raw) ? { value: now } : CONSENT_REQUIRED_MESSAGE;
    }),
  });
}

/** The first message refusing a consultation request, or null when it passes. */
export function consultationProblem(fields: unknown, now: Date): string | null {
  const r = consultationSchema(now).safeParse(fields);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Please check the form.');
}
