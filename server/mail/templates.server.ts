import type { SiteSettings } from '../../content/settings';
import { formatLongWhen } from '../../content/rules/dates';
import { translator, type Translator } from '../consultations/catalogs/index';

/** A rendered message: plain text plus simple HTML. */
export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface ConsultationMailData {
  reference: string;
  name: string;
  email: string;
  contactNumber: string;
  summary: string;
  requestedAt: Date;
  documentName?: string | null;
  /** When the visitor ticked the consent; null when the request carried none ('Consent: not recorded'). */
  consentAt: Date | null;
  /** Absolute link to the consultations inbox in the admin. */
  adminUrl: string;
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

/** The requested time as people read it, with the server's time zone named (content/rules/dates.ts). */
export function formatWhen(d: Date): string {
  return formatLongWhen(d);
}

/** The firm's details as a signature block, from the site settings, in the reader's language (decision 0071). */
export function firmSignature(s: SiteSettings, tr: Translator = translator('en')): { text: string; html: string } {
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

function page(body: string, lang?: string): string {
  return `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${body}</body></html>`;
}

function table(rows: Array<[string, string]>): { text: string; html: string } {
  return {
    text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    html: `<table cellpadding="4" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${para(v)}</td></tr>`)
      .join('')}</table>`,
  };
}

/** The consent as the firm reads it: when it was given, or plainly that the request carried none. */
export function consentLine(at: Date | null): string {
  return at ? `given ${formatWhen(at)}` : 'not recorded';
}

/** The firm's notification of a new consultation request. */
export function firmNotification(c: ConsultationMailData, s: SiteSettings): Rendered {
  const details = table([
    ['Reference', c.reference],
    ['Name', c.name],
    ['Email', c.email],
    ['Contact number', c.contactNumber],
    ['Preferred date & time', formatWhen(c.requestedAt)],
    ['Document', c.documentName ? `${c.documentName} (attached)` : 'none'],
    ['Consent', consentLine(c.consentAt)],
  ]);
  const subject = `New consultation request ${c.reference}: ${c.name}`;
  const text = [
    `A new consultation request arrived through the website of ${s.firmName}.`,
    '',
    details.text,
    '',
    'Legal issue summary:',
    c.summary,
    '',
    `Open the consultations inbox: ${c.adminUrl}`,
    'Reply to this message to answer the client directly.',
  ].join('\n');
  const html = page(
    `<p>A new consultation request arrived through the website of ${escapeHtml(s.firmName)}.</p>${details.html}` +
      `<h3 style="font-size:16px">Legal issue summary</h3><p>${para(c.summary)}</p>` +
      `<p><a href="${escapeHtml(c.adminUrl)}">Open the consultations inbox</a>. Reply to this message to answer the client directly.</p>`,
  );
  return { subject, text, html };
}

/**
 * The client's confirmation, in the request's language (decision 0071); the requested time travels as an
 * .ics attachment beside it. English writes the time as it always did (the server's zone named).
 */
export function clientConfirmation(c: ConsultationMailData, s: SiteSettings, locale?: string | null): Rendered {
  const tr = translator(locale);
  const sig = firmSignature(s, tr);
  const when = tr.locale === 'en' ? formatWhen(c.requestedAt) : tr.when(c.requestedAt, s.booking.timeZone);
  const subject = tr.t('received.subject', { reference: c.reference });
  const intro = tr.t('dear', { name: c.name });
  const body1 = tr.t('received.thanks', { firm: s.firmName, reference: c.reference });
  const body2 = tr.t('received.when', { when, phone: c.contactNumber });
  const summaryLead = tr.t('received.summary');
  const text = [intro, '', body1, '', body2, '', summaryLead, c.summary, '', sig.text].join('\n');
  const html = page(
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(body1)}</p><p>${escapeHtml(body2)}</p>` +
      `<p><strong>${escapeHtml(summaryLead)}</strong><br>${para(c.summary)}</p>${sig.html}`,
    tr.locale === 'en' ? undefined : tr.lang,
  );
  return { subject, text, html };
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
