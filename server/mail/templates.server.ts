import type { SiteSettings } from '../../content/settings';

/** A rendered message: plain text plus simple HTML. */
export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Escaped text with line breaks kept. */
function para(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/**
 * The words of the signature block in English: mail's own messages use them, and the client catalogs'
 * English takes them from here (server/consultations/catalogs/en.ts).
 */
export const SIGNATURE_EN = {
  'signature.phone': 'Phone: {phones}',
  'signature.email': 'Email: {email}',
  'signature.hours': 'Consultation hours: {hours}, {days}',
  'signature.hoursJoin': '{first} and {second}',
} as const;

/** What writes the signature's words: a client catalog's translator (decision 0071), or English. */
export interface SignatureWords {
  t(key: keyof typeof SIGNATURE_EN, vars: Record<string, string>): string;
}
const ENGLISH: SignatureWords = {
  t: (key, vars) => SIGNATURE_EN[key].replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? vars[k]! : m)),
};

/** The firm's details as a signature block, from the site settings, in the reader's language (decision 0071). */
export function firmSignature(s: SiteSettings, tr: SignatureWords = ENGLISH): { text: string; html: string } {
  const hours =
    s.hours.morning && s.hours.evening
      ? tr.t('signature.hoursJoin', { first: s.hours.morning, second: s.hours.evening })
      : s.hours.morning || s.hours.evening;
  const lines = [
    s.firmName,
    s.headquarters.address,
    tr.t('signature.phone', { phones: s.phones.join(', ') }),
    tr.t('signature.email', { email: s.email }),
    ...(hours ? [tr.t('signature.hours', { hours, days: s.hours.days })] : []),
  ];
  return {
    text: lines.join('\n'),
    html: `<p style="color:#555;font-size:13px;border-top:1px solid #ddd;padding-top:8px">${lines
      .map((l, i) => (i === 0 ? `<strong>${escapeHtml(l)}</strong>` : escapeHtml(l)))
      .join('<br>')}</p>`,
  };
}

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${body}</body></html>`;
}

/** An administrator's message, signed with the firm's details. */
export function adminMessage(subject: string, message: string, s: SiteSettings): Rendered {
  const sig = firmSignature(s);
  return {
    subject,
    text: `${message}\n\n--\n${sig.text}`,
    html: page(`<p>${para(message)}</p>${sig.html}`),
  };
}
