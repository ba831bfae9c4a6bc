import type { SiteSettings } from '../../content/settings';
import { formatLongWhen } from '../../content/rules/dates';
import { buildIcs, type IcsEvent } from '../mail/ics.server';
import { escapeHtml, firmSignature, type Rendered } from '../mail/templates.server';
import { translator, type ClientLocale, type Translator } from './catalogs/index';

/**
 * The client's and the firm's mails of the intake flow. Times are written in the firm's zone with one
 * formatter per zone and language for the process (decision 0009). The client's mails are in the language
 * of the request (decision 0071, the catalogs beside this file); the firm's stay English.
 */
export const formatInZone = (d: Date, tz: string): string => translator('en').when(d, tz);

function page(body: string, lang = 'en'): string {
  return `<!doctype html><html${lang === 'en' ? '' : ` lang="${lang}"`}><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${body}</body></html>`;
}

function para(v: string): string {
  return escapeHtml(v).replace(/\r?\n/g, '<br>');
}

function button(href: string, label: string, colour = '#1d2b44'): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;margin:4px 8px 4px 0;background:${colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a>`;
}

export interface ClientMailContext {
  reference: string;
  name: string;
  when: Date;
  settings: SiteSettings;
  /** The link to cancel or ask for another time (absent once the cutoff has passed). */
  manageUrl?: string;
  /** A confirmed video consultation's meeting link (decision 0068). */
  videoUrl?: string;
  /** The address of the office the consultation is at (the headquarters when none was chosen). */
  address?: string;
  /** The request's language (null or absent: English). */
  locale?: ClientLocale | string | null;
}

function manageBlock(c: ClientMailContext): { text: string; html: string } {
  const tr = translator(c.locale);
  const phones = c.settings.phones.join(', ');
  if (!c.manageUrl) {
    const line = tr.t('manage.call', { phones });
    return { text: line, html: `<p>${escapeHtml(line)}</p>` };
  }
  const line = tr.t('manage.link', { hours: c.settings.privacy.cancelCutoffHours, phones });
  return {
    text: `${line}\n${c.manageUrl}`,
    html: `<p>${escapeHtml(line)}</p><p>${button(c.manageUrl, tr.t('manage.button'), '#6c757d')}</p>`,
  };
}

function clientMail(c: ClientMailContext, subject: string, paragraphs: string[], withManage = true): Rendered {
  const tr = translator(c.locale);
  const sig = firmSignature(c.settings, tr);
  const manage = withManage ? manageBlock(c) : { text: '', html: '' };
  const intro = tr.t('dear', { name: c.name });
  const text = [intro, '', ...paragraphs.flatMap((p) => [p, '']), manage.text, '', sig.text].join('\n');
  const html = page(
    `<p>${escapeHtml(intro)}</p>${paragraphs.map((p) => `<p>${para(p)}</p>`).join('')}${manage.html}${sig.html}`,
    tr.lang,
  );
  return { subject, text, html };
}

// ── The received mails of a new request ──────────────────────────────────────────────────────────

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
  return at ? `given ${formatLongWhen(at)}` : 'not recorded';
}

/** The firm's notification of a new consultation request (English, decision 0071). */
export function firmNotification(c: ConsultationMailData, s: SiteSettings): Rendered {
  const details = table([
    ['Reference', c.reference],
    ['Name', c.name],
    ['Email', c.email],
    ['Contact number', c.contactNumber],
    ['Preferred date & time', formatLongWhen(c.requestedAt)],
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
  const when = tr.locale === 'en' ? formatLongWhen(c.requestedAt) : tr.when(c.requestedAt, s.booking.timeZone);
  const subject = tr.t('received.subject', { reference: c.reference });
  const intro = tr.t('dear', { name: c.name });
  const body1 = tr.t('received.thanks', { firm: s.firmName, reference: c.reference });
  const body2 = tr.t('received.when', { when, phone: c.contactNumber });
  const summaryLead = tr.t('received.summary');
  const text = [intro, '', body1, '', body2, '', summaryLead, c.summary, '', sig.text].join('\n');
  const html = page(
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(body1)}</p><p>${escapeHtml(body2)}</p>` +
      `<p><strong>${escapeHtml(summaryLead)}</strong><br>${para(c.summary)}</p>${sig.html}`,
    tr.lang,
  );
  return { subject, text, html };
}

/** The translator and the time of a client mail. */
function parts(c: ClientMailContext): { tr: Translator; when: string; v: Record<string, string> } {
  const tr = translator(c.locale);
  const when = tr.when(c.when, c.settings.booking.timeZone);
  return { tr, when, v: { when, reference: c.reference, firm: c.settings.firmName } };
}

export function confirmedMail(c: ClientMailContext): Rendered {
  const { tr, v } = parts(c);
  if (c.videoUrl) {
    return clientMail(c, tr.t('confirmed.subject', v), [
      tr.t('confirmed.videoBody', v),
      tr.t('confirmed.videoJoin', { url: c.videoUrl }),
      tr.t('confirmed.videoInvite'),
    ]);
  }
  return clientMail(c, tr.t('confirmed.subject', v), [tr.t('confirmed.body', v), tr.t('confirmed.invite')]);
}

export function declinedMail(c: ClientMailContext, note: string | null): Rendered {
  const { tr, v } = parts(c);
  return clientMail(
    c,
    tr.t('declined.subject', v),
    [tr.t('declined.body', v), ...(note ? [tr.t('declined.note', { note })] : []), tr.t('declined.again')],
    false,
  );
}

export function cancelledMail(c: ClientMailContext, byClient: boolean): Rendered {
  const { tr, v } = parts(c);
  return clientMail(
    c,
    tr.t('cancelled.subject', v),
    [tr.t(byClient ? 'cancelled.byClient' : 'cancelled.byFirm', v), tr.t('cancelled.ics')],
    false,
  );
}

export function reminderMail(c: ClientMailContext): Rendered {
  const { tr, v } = parts(c);
  return clientMail(c, tr.t('reminder.subject', v), [
    tr.t('reminder.body', v),
    c.videoUrl
      ? tr.t('reminder.video', { url: c.videoUrl })
      : tr.t('reminder.address', { address: c.address ?? c.settings.headquarters.address }),
  ]);
}

export function movedMail(c: ClientMailContext): Rendered {
  const { tr, v } = parts(c);
  return clientMail(c, tr.t('moved.subject', v), [tr.t('moved.body', v)]);
}

/** The lines added to the client's "request received" mail: the conflict-free promise and the manage link. */
export function receivedExtra(c: ClientMailContext): { text: string; html: string } {
  return manageBlock(c);
}

/** The firm's notice that a client cancelled or asked for another time through their link. */
export function firmClientAction(reference: string, name: string, action: string, adminUrl: string): Rendered {
  const line = `${name} (${reference}) ${action} through the link in their mail.`;
  return {
    subject: `Consultation ${reference}: ${action}`,
    text: `${line}\n\nOpen the consultations inbox: ${adminUrl}`,
    html: page(`<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(adminUrl)}">Open the consultations inbox</a></p>`),
  };
}

/** The block added to the firm's notification: the one-click links, or what the conflict check found. */
export function firmExtra(opts: {
  confirmUrl?: string;
  declineUrl?: string;
  conflicts: ConflictMatch[];
  slot: boolean;
  opposingParty: string | null;
}): {
  text: string;
  html: string;
} {
  const text: string[] = [];
  let html = '';
  if (opts.opposingParty) {
    text.push(`Opposing party: ${opts.opposingParty}`);
    html += `<p><strong>Opposing party:</strong> ${escapeHtml(opts.opposingParty)}</p>`;
  }
  text.push(
    opts.slot
      ? 'The time is a slot booked from the website calendar.'
      : "The time is the client's preferred time (not a booked slot).",
  );
  html += `<p>${opts.slot ? 'The time is a slot booked from the website calendar.' : 'The time is the client’s preferred time (not a booked slot).'}</p>`;
  if (opts.conflicts.length) {
    const lines = opts.conflicts.map((m) => `- ${m.why}`);
    text.push(
      '',
      'CONFLICT REVIEW: this request is on hold; nothing beyond "request received" was sent to the client.',
      ...lines,
      'Clear or decline it in the consultations inbox.',
    );
    html += `<div style="border:2px solid #b02a37;padding:8px 12px;margin:12px 0"><p style="color:#b02a37"><strong>Conflict review:</strong> this request is on hold; nothing beyond “request received” was sent to the client.</p><ul>${opts.conflicts
      .map((m) => `<li>${escapeHtml(m.why)}</li>`)
      .join('')}</ul><p>Clear or decline it in the consultations inbox.</p></div>`;
  } else if (opts.confirmUrl && opts.declineUrl) {
    text.push(
      '',
      `Confirm with one click (link valid 7 days, works once): ${opts.confirmUrl}`,
      `Decline: ${opts.declineUrl}`,
    );
    html += `<p>${button(opts.confirmUrl, 'Confirm consultation', '#198754')}${button(opts.declineUrl, 'Decline', '#b02a37')}</p><p style="font-size:13px;color:#555">Each link works once, without signing in, for 7 days.</p>`;
  }
  return { text: text.join('\n'), html };
}

export interface ConflictMatch {
  /** What of the request matched: name, email, phone or opposing party. */
  field: 'name' | 'email' | 'phone' | 'opposing_party';
  /** Where the match was found. */
  source: 'consultation' | 'list';
  /** The matched record's label (a reference, or the list entry's name). */
  matched: string;
  /** One sentence for the inbox. */
  why: string;
}

/**
 * A mail to the lawyer assigned to a consultation (decision 0067): what happened, the time, office or video
 * link, practice area and the inbox link; the one-click links when the request waits for a decision.
 */
export function lawyerMail(opts: {
  subject: string;
  lines: string[];
  adminUrl: string;
  videoUrl?: string;
  confirmUrl?: string;
  declineUrl?: string;
}): Rendered {
  const text = [
    ...opts.lines,
    ...(opts.videoUrl ? [`Video meeting link: ${opts.videoUrl}`] : []),
    '',
    `Open the request: ${opts.adminUrl}`,
  ];
  let html = `${opts.lines.map((l) => `<p>${para(l)}</p>`).join('')}`;
  if (opts.videoUrl)
    html += `<p>Video meeting link: <a href="${escapeHtml(opts.videoUrl)}">${escapeHtml(opts.videoUrl)}</a></p>`;
  if (opts.confirmUrl && opts.declineUrl) {
    text.push(
      '',
      `Confirm with one click (link valid 7 days, works once): ${opts.confirmUrl}`,
      `Decline: ${opts.declineUrl}`,
    );
    html += `<p>${button(opts.confirmUrl, 'Confirm consultation', '#198754')}${button(opts.declineUrl, 'Decline', '#b02a37')}</p>`;
  }
  html += `<p><a href="${escapeHtml(opts.adminUrl)}">Open the request</a></p>`;
  return { subject: opts.subject, text: text.join('\n'), html: page(html) };
}

export function consultationIcs(opts: {
  uid: string;
  start: Date;
  minutes: number;
  reference: string;
  settings: SiteSettings;
  attendee: { name: string; email: string };
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  stamp: Date;
  /** A video consultation's meeting link: LOCATION and URL (decision 0068). */
  videoUrl?: string;
  /** The office's address (the headquarters' when absent). */
  address?: string;
  locale?: string | null;
}): string {
  const s = opts.settings;
  const tr = translator(opts.locale);
  const ev: IcsEvent = {
    uid: opts.uid,
    start: opts.start,
    durationMinutes: opts.minutes,
    summary: tr.t('ics.summary', { firm: s.firmName }),
    description: tr.t('ics.description', { reference: opts.reference }),
    location: opts.videoUrl ?? opts.address ?? s.headquarters.address,
    ...(opts.videoUrl ? { url: opts.videoUrl } : {}),
    organizer: { name: s.firmName, email: s.email },
    stamp: opts.stamp,
    method: opts.method,
    status: opts.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    sequence: opts.sequence,
    attendee: opts.attendee,
  };
  return buildIcs(ev, `-//${s.firmName.replace(/[^A-Za-z0-9 &.-]/g, '')}//Consultations//EN`);
}
