/** A minimal, valid iCalendar (RFC 5545) document for one requested consultation. */

export interface IcsEvent {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location?: string;
  organizer?: { name: string; email: string };
  /** Defaults to now. */
  stamp?: Date;
  /** PUBLISH (default), REQUEST (an invitation) or CANCEL (removes the event with the same UID). */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** TENTATIVE (default), CONFIRMED or CANCELLED. */
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** Revision of the event: a later one replaces an earlier one with the same UID. */
  sequence?: number;
  attendee?: { name: string; email: string };
  /** A link for the event (a video consultation's meeting, decision 0068). */
  url?: string;
}

/** UTC date-time in the basic format: 20270102T103000Z. */
export function icsDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (backslash, semicolon, comma, newline). */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with one space), never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines carry the leading space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** Parameter values with ':' ';' or ',' must be quoted; quotes themselves are not allowed. */
function param(value: string): string {
  const clean = value.replace(/["\r\n]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

export function buildIcs(ev: IcsEvent, prodId: string): string {
  const end = new Date(ev.start.getTime() + ev.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${ev.method ?? 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${ev.uid}`,
    `DTSTAMP:${icsDate(ev.stamp ?? new Date())}`,
    `DTSTART:${icsDate(ev.start)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(ev.summary)}`,
    `DESCRIPTION:${icsText(ev.description)}`,
    ...(ev.location ? [`LOCATION:${icsText(ev.location)}`] : []),
    ...(ev.url ? [`URL:${ev.url}`] : []),
    ...(ev.sequence !== undefined ? [`SEQUENCE:${ev.sequence}`] : []),
    ...(ev.organizer ? [`ORGANIZER;CN=${param(ev.organizer.name)}:mailto:${ev.organizer.email}`] : []),
    ...(ev.attendee ? [`ATTENDEE;CN=${param(ev.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${ev.attendee.email}`] : []),
    `STATUS:${ev.status ?? 'TENTATIVE'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
