import { zonedFormatter } from '../../content/rules/dates';
import type { SiteSettings } from '../../content/settings';
import { buildIcs, type IcsEvent } from '../mail/ics.server';
import { escapeHtml, firmSignature, type Rendered } from '../mail/templates.server';

/**
 * The client's and the firm's mails of the intake flow. Times are written in the firm's zone with one
 * formatter per zone for the process (decision 0009).
 */
const inZone = zonedFormatter('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});
export const formatInZone = (d: Date, tz: string): string => inZone(tz).format(d);

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${body}</body></html>`;
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
}

function manageBlock(c: ClientMailContext): { text: string; html: string } {
  const phones = c.settings.phones.join(', ');
  if (!c.manageUrl) {
    return {
      text: `To cancel or change the time, please call the office: ${phones}.`,
      html: `<p>To cancel or change the time, please call the office: ${escapeHtml(phones)}.</p>`,
    };
  }
  const cutoff = c.settings.privacy.cancelCutoffHours;
  const line = `To cancel or ask for another time, use this link (until ${cutoff} hours before the consultation; after that, please call the office: ${phones}):`;
  return {
    text: `${line}\n${c.manageUrl}`,
    html: `<p>${escapeHtml(line)}</p><p>${button(c.manageUrl, 'Cancel or ask for another time', '#6c757d')}</p>`,
  };
}

function clientMail(c: ClientMailContext, subject: string, paragraphs: string[], withManage = true): Rendered {
  const sig = firmSignature(c.settings);
  const manage = withManage ? manageBlock(c) : { text: '', html: '' };
  const intro = `Dear ${c.name},`;
  const text = [intro, '', ...paragraphs.flatMap((p) => [p, '']), manage.text, '', sig.text].join('\n');
  const html = page(`<p>${escapeHtml(intro)}</p>${paragraphs.map((p) => `<p>${para(p)}</p>`).join('')}${manage.html}${sig.html}`);
  return { subject, text, html };
}

export function confirmedMail(c: ClientMailContext): Rendered {
  const when = formatInZone(c.when, c.settings.booking.timeZone);
  if (c.videoUrl) {
    return clientMail(c, `Your consultation is confirmed: ${when} (${c.reference})`, [
      `${c.settings.firmName} confirms your video consultation on ${when}, reference ${c.reference}.`,
      `Join the video meeting at that time with this link (a browser is enough): ${c.videoUrl}`,
      `The attached invitation adds it to your calendar. Please have any documents about your matter at hand.`,
    ]);
  }
  return clientMail(c, `Your consultation is confirmed: ${when} (${c.reference})`, [
    `${c.settings.firmName} confirms your consultation on ${when}, reference ${c.reference}.`,
    `The attached invitation adds it to your calendar. Please bring any documents about your matter.`,
  ]);
}

export function declinedMail(c: ClientMailContext, note: string | null): Rendered {
  const when = formatInZone(c.when, c.settings.booking.timeZone);
  return clientMail(
    c,
    `About your consultation request (${c.reference})`,
    [
      `Thank you for contacting ${c.settings.firmName}. We are sorry that we cannot take up your consultation request for ${when} (reference ${c.reference}).`,
      ...(note ? [`A note from the firm:\n${note}`] : []),
      `You are welcome to contact the office for another time.`,
    ],
    false,
  );
}

export function cancelledMail(c: ClientMailContext, byClient: boolean): Rendered {
  const when = formatInZone(c.when, c.settings.booking.timeZone);
  return clientMail(
    c,
    `Your consultation is cancelled (${c.reference})`,
    [
      byClient
        ? `As you asked, your consultation on ${when} (reference ${c.reference}) is cancelled.`
        : `We are sorry: your consultation on ${when} (reference ${c.reference}) had to be cancelled. The office will contact you about another time.`,
      `The attached calendar file removes it from your calendar.`,
    ],
    false,
  );
}

export function reminderMail(c: ClientMailContext): Rendered {
  const when = formatInZone(c.when, c.settings.booking.timeZone);
  return clientMail(c, `Reminder: your consultation on ${when} (${c.reference})`, [
    `This is a reminder of your consultation with ${c.settings.firmName} on ${when}, reference ${c.reference}.`,
    c.videoUrl ? `Video meeting link: ${c.videoUrl}` : `Address: ${c.address ?? c.settings.headquarters.address}`,
  ]);
}

export function movedMail(c: ClientMailContext): Rendered {
  const when = formatInZone(c.when, c.settings.booking.timeZone);
  return clientMail(c, `We received your request for another time (${c.reference})`, [
    `You asked to move your consultation (reference ${c.reference}) to ${when}. The firm will confirm the new time by email.`,
  ]);
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
export function firmExtra(opts: { confirmUrl?: string; declineUrl?: string; conflicts: ConflictMatch[]; slot: boolean; opposingParty: string | null }): {
  text: string;
  html: string;
} {
  const text: string[] = [];
  let html = '';
  if (opts.opposingParty) {
    text.push(`Opposing party: ${opts.opposingParty}`);
    html += `<p><strong>Opposing party:</strong> ${escapeHtml(opts.opposingParty)}</p>`;
  }
  text.push(opts.slot ? 'The time is a slot booked from the website calendar.' : 'The time is the client\'s preferred time (not a booked slot).');
  html += `<p>${opts.slot ? 'The time is a slot booked from the website calendar.' : 'The time is the client’s preferred time (not a booked slot).'}</p>`;
  if (opts.conflicts.length) {
    const lines = opts.conflicts.map((m) => `- ${m.why}`);
    text.push('', 'CONFLICT REVIEW: this request is on hold; nothing beyond "request received" was sent to the client.', ...lines, 'Clear or decline it in the consultations inbox.');
    html += `<div style="border:2px solid #b02a37;padding:8px 12px;margin:12px 0"><p style="color:#b02a37"><strong>Conflict review:</strong> this request is on hold; nothing beyond “request received” was sent to the client.</p><ul>${opts.conflicts
      .map((m) => `<li>${escapeHtml(m.why)}</li>`)
      .join('')}</ul><p>Clear or decline it in the consultations inbox.</p></div>`;
  } else if (opts.confirmUrl && opts.declineUrl) {
    text.push('', `Confirm with one click (link valid 7 days, works once): ${opts.confirmUrl}`, `Decline: ${opts.declineUrl}`);
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
  const text = [...opts.lines, ...(opts.videoUrl ? [`Video meeting link: ${opts.videoUrl}`] : []), '', `Open the request: ${opts.adminUrl}`];
  let html = `${opts.lines.map((l) => `<p>${para(l)}</p>`).join('')}`;
  if (opts.videoUrl) html += `<p>Video meeting link: <a href="${escapeHtml(opts.videoUrl)}">${escapeHtml(opts.videoUrl)}</a></p>`;
  if (opts.confirmUrl && opts.declineUrl) {
    text.push('', `Confirm with one click (link valid 7 days, works once): ${opts.confirmUrl}`, `Decline: ${opts.declineUrl}`);
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
}): string {
  const s = opts.settings;
  const ev: IcsEvent = {
    uid: opts.uid,
    start: opts.start,
    durationMinutes: opts.minutes,
    summary: `Consultation with ${s.firmName}`,
    description: `Consultation, reference ${opts.reference}.`,
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
