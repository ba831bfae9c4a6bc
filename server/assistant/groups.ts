/**
 * What the assistant knows about each content group: the words an administrator uses for it, how one
 * row is described in a list, its name (for finding it by name) and the day it belongs to. The admin
 * path and title come from the resource declarations (content/resources), so they never drift.
 */
import type { ResourceKey } from '../../content/kit';
import { resourceByKey } from '../../content/resources/index';
import type { Row } from '../content/service';
import { adShowing, dayOfTimestamp, localDay, eventStatus, showDay, showDayTime, type EventStatus } from './dates';
import type { SiteData } from './site-data';
import { clip, htmlToText, plural, words } from './text';

export type GroupKey = ResourceKey | 'consultations' | 'speakers';

export interface Group {
  key: GroupKey;
  one: string;
  many: string;
  /** Phrases that name the group in a prompt (matched on stemmed words). */
  triggers: string[];
  /** Admin page of the group. */
  path: string;
  /** Admin page title (sidebar). */
  title: string;
  rows(data: SiteData): Row[];
  /** One line describing a row for the administrator. */
  line(row: Row, now: Date): string;
  /** The same without personal data (what may be sent to a language model). */
  privateLine?(row: Row, now: Date): string;
  /** The row's name, for finding it by name in a prompt. */
  name?(row: Row): string;
  /** The local day a row belongs to for 'this month'-style questions (when it was added, by default). */
  day(row: Row): string;
}

export const ADMIN = '/admin-side-bar';

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const file = (v: unknown) => str(v).split('/').pop() ?? '';
const added = (row: Row) => dayOfTimestamp(row.created_at);
const addedOn = (row: Row) => (added(row) ? `, added ${showDay(added(row))}` : '');

export const STATUS_LABEL: Record<EventStatus, string> = {
  countdown: 'upcoming',
  live: 'live now (Event is Live)',
  ended: 'ended (Event Ended)',
  undated: 'no status: start or end date/time missing',
};

export function eventWhen(e: Row): string {
  const start = showDayTime(e.event_start_date, e.event_start_time);
  const end = showDayTime(e.event_end_date, e.event_end_time);
  if (start && end) return `${start} to ${end}`;
  if (start) return `from ${start}`;
  if (end) return `until ${end}`;
  return 'no dates set';
}

export function speakerLine(s: Row): string {
  const parts = [str(s.designation)];
  const when = showDayTime(s.date, s.from_time);
  if (when) parts.push(s.to_time ? `${when} to ${showDayTime(s.date, s.to_time).split(' ').slice(1).join(' ')}` : when);
  const extra = parts.filter(Boolean).join(', ');
  return `${str(s.speaker_name) || '(no name)'}${extra ? ` (${extra})` : ''}`;
}

function resourceGroup(
  key: ResourceKey,
  one: string,
  many: string,
  triggers: string[],
  line: (row: Row, now: Date) => string,
  name?: (row: Row) => string,
): Group {
  const r = resourceByKey[key];
  return {
    key,
    one,
    many,
    triggers,
    path: `${ADMIN}/${r.admin.path}`,
    title: r.admin.title,
    rows: (d) => d.rows[key],
    line,
    name,
    day: added,
  };
}

export const GROUPS: readonly Group[] = [
  resourceGroup(
    'carousel',
    'carousel slide',
    'carousel slides',
    ['carousel', 'carousel slide', 'carousel image', 'slide', 'slider image', 'hero image', 'hero slide'],
    (r) => `Slide ${r.carousel_id}: ${file(r.carousel_image)}${addedOn(r)}`,
  ),
  resourceGroup(
    'calendar',
    'calendar image',
    'calendar images',
    ['calendar', 'calendar image', 'calendar picture'],
    (r) => `Calendar image ${r.calendar_id}: ${file(r.calendar_img)}${addedOn(r)}`,
  ),
  resourceGroup(
    'about',
    'about image',
    'about images',
    ['about image', 'about img', 'about picture', 'about photo', 'about us image'],
    (r) => `About image ${r.about_id}: ${file(r.about_img)}${addedOn(r)}`,
  ),
  resourceGroup(
    'caseCategory',
    'case category',
    'case categories',
    ['case category', 'category', 'practice area', 'case type'],
    (r) => str(r.case_name),
    (r) => str(r.case_name),
  ),
  resourceGroup(
    'cases',
    'case',
    'cases',
    ['case', 'case title', 'case study', 'our case'],
    (r) => `${str(r.case_title_name)}${r.case_name ? ` (${str(r.case_name)})` : ''}`,
    (r) => str(r.case_title_name),
  ),
  resourceGroup(
    'caseDetails',
    'case details entry',
    'case details entries',
    ['case detail', 'case details entry', 'case content', 'case write up', 'case file'],
    (r) => {
      const has = [
        r.case_content && htmlToText(r.case_content) ? 'description' : '',
        r.case_file ? `file ${file(r.case_file)}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return `${str(r.case_title_name)} (${str(r.case_name)})${has ? `: ${has}` : ''}`;
    },
  ),
  resourceGroup(
    'blog',
    'blog',
    'blogs',
    ['blog', 'blog post', 'post', 'article'],
    (r) => `${str(r.title)} (${str(r.case_name)})${addedOn(r)}`,
    (r) => str(r.title),
  ),
  {
    ...resourceGroup(
      'event',
      'event',
      'events',
      ['event', 'seminar', 'webinar', 'conference', 'workshop'],
      (r, now) =>
        `${str(r.event_title)}: ${eventWhen(r)}${r.event_address ? `, ${str(r.event_address)}` : ''} (${STATUS_LABEL[eventStatus(r, now)]})`,
      (r) => str(r.event_title),
    ),
    day: (r) => str(r.event_start_date) || added(r),
  },
  {
    key: 'speakers',
    one: 'speaker',
    many: 'speakers',
    triggers: ['speaker', 'keynote speaker', 'keynote'],
    path: `${ADMIN}/${resourceByKey.event.admin.path}`,
    title: 'Events (speakers)',
    rows: (d) =>
      d.rows.event.flatMap((e) =>
        ((e.speakers as Row[] | undefined) ?? []).map((s) => ({
          ...s,
          event_title: e.event_title,
          event_start_date: e.event_start_date,
        })),
      ),
    line: (s) => `${speakerLine(s)} at ${str(s.event_title)}`,
    name: (s) => str(s.speaker_name),
    day: (s) => str(s.date) || str(s.event_start_date),
  },
  resourceGroup(
    'review',
    'client review',
    'client reviews',
    ['review', 'client review', 'testimonial', 'feedback'],
    (r) => `${str(r.name)}, ${str(r.profession)}: "${clip(str(r.message), 80)}"`,
    (r) => str(r.name),
  ),
  resourceGroup(
    'team',
    'team member',
    'team members',
    ['team', 'team member', 'our team', 'staff', 'staff member', 'lawyer'],
    (r) => `${str(r.name)} (${str(r.address)})`,
    (r) => str(r.name),
  ),
  resourceGroup(
    'faqs',
    'FAQ',
    'FAQs',
    ['faq', 'frequently asked question', 'faq question'],
    (r) => str(r.question),
    (r) => str(r.question),
  ),
  resourceGroup(
    'partners',
    'partner',
    'partners',
    ['partner', 'our partner', 'partner logo', 'notable client'],
    (r) => (r.partner_name ? str(r.partner_name) : `Partner ${r.partner_id} (logo only)`),
    (r) => str(r.partner_name),
  ),
  {
    ...resourceGroup(
      'ads',
      'ad',
      'ads',
      ['ad', 'ads', 'advert', 'advertisement', 'banner ad', 'promotion'],
      (r, now) =>
        `Ad ${r.ads_id} (${str(r.ads_display)}), ${showDay(r.start_date)} to ${showDay(r.expiry_date)}: ${adState(r, now)}`,
    ),
    day: (r) => str(r.start_date),
  },
  resourceGroup(
    'gallery',
    'gallery item',
    'gallery items',
    ['gallery', 'gallery item', 'gallery image', 'photo', 'picture'],
    (r) => str(r.title),
    (r) => str(r.title),
  ),
  resourceGroup(
    'vacancy',
    'vacancy',
    'vacancies',
    ['vacancy', 'job', 'job opening', 'open position', 'career', 'hiring'],
    (r) =>
      `${str(r.vacancy_title)}: ${str(r.name_of_employment)}, ${
        r.number_of_vacancy === null || r.number_of_vacancy === undefined
          ? 'number of openings not given'
          : plural(Number(r.number_of_vacancy), 'opening', 'openings')
      }`,
    (r) => str(r.vacancy_title),
  ),
  {
    key: 'consultations',
    one: 'consultation request',
    many: 'consultation requests',
    triggers: [
      'consultation',
      'consultation request',
      'booking',
      'appointment',
      'enquiry',
      'inquiry',
      'book consultation',
    ],
    path: `${ADMIN}/consultations`,
    title: 'Consultations',
    rows: (d) => d.consultations,
    line: (r) =>
      `${str(r.name)}: received ${showDay(dayOfTimestamp(r.created_at))}, for ${showRequested(r.requested_at)}, status ${str(r.status)}${r.reference ? `, ref ${str(r.reference)}` : ''}`,
    privateLine: (r) =>
      `A request received ${showDay(dayOfTimestamp(r.created_at))}, for ${showRequested(r.requested_at)}, status ${str(r.status)}`,
    day: added,
  },
];

/** Where an ad stands today: showing, not started yet or expired. */
export function adState(r: Row, now: Date): 'showing now' | 'not started yet' | 'expired' {
  if (adShowing(r, now)) return 'showing now';
  return str(r.start_date) > localDay(now) ? 'not started yet' : 'expired';
}

function showRequested(v: unknown): string {
  const s = str(v);
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(s);
  return m ? showDayTime(m[1], m[2]) : s || 'no date given';
}

export const groupByKey = Object.fromEntries(GROUPS.map((g) => [g.key, g])) as Record<GroupKey, Group>;

/** Stemmed trigger phrases, longest first (so 'case category' wins over 'case'). */
export const TRIGGERS: readonly { key: GroupKey; phrase: string[] }[] = GROUPS.flatMap((g) =>
  g.triggers.map((t) => ({ key: g.key, phrase: words(t) })),
).sort((a, b) => b.phrase.length - a.phrase.length);
