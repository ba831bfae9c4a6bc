/**
 * The built-in assistant: answers from the site's own data and help text, never from guesses.
 *
 * A prompt is normalised and tried, in order, as: a greeting; a how-to or why question (help text,
 * with the actual ads or events that explain 'why is my ad not showing'); a count or list question
 * about a content group (with filters: upcoming/live/ended events, showing/expired/expiring ads, a
 * period, a category, a status…); a question about one named item; a bare group name; the help text;
 * a full-text search over blogs, cases, case details, FAQs and events. Failing all that it says it
 * does not know and what it can answer.
 */
import type { Row } from '../content/service';
import type { SiteSettings } from '../../content/settings';
import {
  adShowing,
  eventStatus,
  inRange,
  localDay,
  overlaps,
  rangeInPrompt,
  showDay,
  type DayRange,
  type EventStatus,
} from './dates';
import {
  ADMIN,
  adState,
  eventWhen,
  GROUPS,
  groupByKey,
  speakerLine,
  STATUS_LABEL,
  TRIGGERS,
  type Group,
  type GroupKey,
} from './groups';
import { HELP, type HelpEntry } from './help';
import { canReadMore, isDetailable, type EventTimingFields } from '../../content/rules/event-timing';
import { eventPath } from '../../content/rules/slug';
import { SearchIndex, type SearchDoc } from './search';
import type { SiteData } from './site-data';
import { clip, findPhrase, htmlToText, normalise, plural, terms, words } from './text';

export interface Answer {
  /** Plain text for the administrator (links are admin paths such as /admin-side-bar/event). */
  text: string;
  /** The same facts without personal data of clients: the context a language model may see. */
  facts: string;
  kind: 'greeting' | 'data' | 'item' | 'help' | 'search' | 'unknown';
}

export interface BuiltinInput {
  prompt: string;
  data: SiteData;
  settings?: SiteSettings;
  now: Date;
}

const LIST_MAX = 15;

export const UNKNOWN_SUGGESTIONS = [
  "counts and lists for every section: 'how many upcoming events', 'which ads expire this month', 'list open vacancies', 'how many new consultation requests'",
  "details of a named item: 'when is <event title>', 'tell me about <vacancy title>'",
  "how to do things in the admin: 'how do I add a speaker to an event', 'why is my ad not showing'",
  "a keyword search of blogs, cases, FAQs and events: 'search divorce'",
];

export function unknownAnswer(): Answer {
  const text = `I couldn't find anything about that in the site's data, and I won't guess. I can answer:\n- ${UNKNOWN_SUGGESTIONS.join('\n- ')}`;
  return { text, facts: 'No site data matched the question.', kind: 'unknown' };
}

const manage = (g: Group) => `Manage them at ${g.path}`;

// --- Intent words --------------------------------------------------------------------------------

const COUNT = /\b(how many|number of|count|total|amount of)\b/;
const LIST = /\b(list|which|show|what are|who are|whats|what s|name|names|give me|display|all|tell me|see|view|any)\b/;
const HOWTO =
  /\b(how (do|can|should|would|to) (i|we|you)?|how to|where (do|can|should) (i|we)|where is the .* (page|button|form|option|setting)|steps? to|is it possible to|what happens when|what does .* mean|what do .* mean|help me|instructions?)\b/;
const WHY =
  /\b(why|not showing|not visible|not appearing|doesnt show|does not show|dont see|do not see|cant see|cannot see|missing|hidden|not displayed)\b/;
const GREETING =
  /^(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you|thank u|ok|okay|cheers)( (there|admin|assistant|bot|a lot|so much))?$/;
const CAPABILITIES =
  /^(help|what can you do|what do you know|what can i ask|what can you answer|who are you|what are you)\b/;
const ACTION =
  /^(please )?(add|create|delete|remove|edit|update|change|upload|replace|publish|unpublish|hide|post|set)\b/;
const OVERVIEW =
  /\b(summary|overview|statistics|stats|everything|all sections|all content|what is on the site|whats on the site)\b/;
const FIRM =
  /\b(founder|firm|office|offices|phone|phones|email address|contact email|contact details|whatsapp|hours|consultation hours|founded|headquarters|address of the firm|firm address)\b/;

const NO_SPEAKERS = /\b(no|without|miss|missing|lack|lacking) (any )?(keynote )?speaker\b/;

/** Which groups a prompt names, first-mentioned first; 'speaker' wins over 'event'. */
export function groupsInPrompt(tokens: readonly string[]): GroupKey[] {
  const found = new Map<GroupKey, number>();
  const taken = new Set<number>();
  for (const t of TRIGGERS) {
    const i = findPhrase(tokens, t.phrase);
    if (i < 0) continue;
    let overlap = false;
    for (let j = i; j < i + t.phrase.length; j++) if (taken.has(j)) overlap = true;
    if (overlap) continue;
    for (let j = i; j < i + t.phrase.length; j++) taken.add(j);
    if (!found.has(t.key) || found.get(t.key)! > i) found.set(t.key, i);
  }
  const keys = [...found.entries()].sort((a, b) => a[1] - b[1]).map(([k]) => k);
  if (keys.includes('speakers') && !NO_SPEAKERS.test(tokens.join(' ')))
    return ['speakers', ...keys.filter((k) => k !== 'speakers')];
  return keys;
}

// --- Filters -------------------------------------------------------------------------------------

interface Filtered {
  rows: Row[];
  /** Words that describe the filter: 'upcoming', 'in Family Law', 'expiring this month'. */
  before: string[];
  after: string[];
}

/** A name from the data that the prompt mentions (all its content words present, in any order). */
function mentioned(promptTerms: ReadonlySet<string>, name: string): boolean {
  const t = terms(name);
  return t.length > 0 && t.every((w) => promptTerms.has(w));
}

function applyFilters(
  g: Group,
  rows: Row[],
  norm: string,
  promptTerms: Set<string>,
  data: SiteData,
  now: Date,
  range: DayRange | null,
): Filtered {
  const f: Filtered = { rows, before: [], after: [] };
  const today = localDay(now);

  if (g.key === 'event' || g.key === 'speakers') {
    const statuses: EventStatus[] = [];
    if (/\b(upcoming|future|coming up|coming|next|scheduled|planned|countdown|not started)\b/.test(norm))
      statuses.push('countdown');
    if (/\b(live|ongoing|happening|running|in progress|right now|currently on)\b/.test(norm)) statuses.push('live');
    if (/\b(past|ended|finished|over|previous|completed|done|old)\b/.test(norm)) statuses.push('ended');
    if (/\b(undated|no dates?|without dates?|no status|missing dates?)\b/.test(norm)) statuses.push('undated');
    if (
      statuses.length &&
      !(
        statuses.length === 1 &&
        statuses[0] === 'countdown' &&
        /\bnext (week|month|year|\d+ days?)\b/.test(norm) &&
        !/\bupcoming\b/.test(norm)
      )
    ) {
      f.rows = f.rows.filter((r) => statuses.includes(eventStatus(g.key === 'speakers' ? eventOf(data, r) : r, now)));
      const word = statuses
        .map((s) => ({ countdown: 'upcoming', live: 'live', ended: 'past', undated: 'undated' })[s])
        .join(' or ');
      f.before.push(word);
    }
    if (g.key === 'event' && NO_SPEAKERS.test(words(norm).join(' '))) {
      f.rows = f.rows.filter((r) => !((r.speakers as Row[] | undefined) ?? []).length);
      f.after.push('without speakers');
    }
    if (g.key === 'speakers') {
      const ev = data.rows.event.filter((e) => mentioned(promptTerms, String(e.event_title)));
      if (ev.length) {
        const titles = new Set(ev.map((e) => e.event_title));
        f.rows = f.rows.filter((s) => titles.has(s.event_title));
        f.after.push(`at ${ev.map((e) => String(e.event_title)).join(' or ')}`);
      }
    }
    if (range) {
      f.rows = f.rows.filter((r) => {
        const e = g.key === 'speakers' ? eventOf(data, r) : r;
        if (g.key === 'speakers' && r.date) return inRange(String(r.date), range);
        return overlaps(String(e.event_start_date ?? ''), String(e.event_end_date ?? ''), range);
      });
      f.after.push(range.label);
    }
    return f;
  }

  if (g.key === 'ads') {
    const expiring = /\b(expir|expire|expires|expiring|end|ends|ending|run out|runs out)\b/.test(norm);
    const starting = /\b(start|starts|starting|begin|begins|beginning)\b/.test(norm);
    if (/\b(primary)\b/.test(norm)) {
      f.rows = f.rows.filter((r) => r.ads_display === 'Primary');
      f.before.push('Primary');
    } else if (/\b(secondary)\b/.test(norm)) {
      f.rows = f.rows.filter((r) => r.ads_display === 'Secondary');
      f.before.push('Secondary');
    }
    if (range && expiring) {
      f.rows = f.rows.filter((r) => inRange(String(r.expiry_date), range));
      f.after.push(`expiring ${range.label}`);
    } else if (range && starting) {
      f.rows = f.rows.filter((r) => inRange(String(r.start_date), range));
      f.after.push(`starting ${range.label}`);
    } else if (range) {
      f.rows = f.rows.filter((r) => overlaps(String(r.start_date), String(r.expiry_date), range));
      f.after.push(range.label === 'today' ? 'showing today' : `running ${range.label}`);
    } else if (/\b(expired|past|old|finished|ended|no longer)\b/.test(norm)) {
      f.rows = f.rows.filter((r) => String(r.expiry_date) < today);
      f.before.push('expired');
    } else if (/\b(upcoming|future|scheduled|not started|not yet)\b/.test(norm)) {
      f.rows = f.rows.filter((r) => String(r.start_date) > today);
      f.before.push('scheduled (not started yet)');
    } else if (/\b(active|showing|shown|live|running|current|currently|visible|displayed|now|today)\b/.test(norm)) {
      f.rows = f.rows.filter((r) => adShowing(r, now));
      f.after.push('showing today');
    }
    return f;
  }

  if (g.key === 'consultations') {
    const statuses = [...new Set(rows.map((r) => String(r.status)))];
    const wanted = statuses.filter((s) => s && new RegExp(`\\b${normalise(s)}\\b`).test(norm));
    if (!wanted.length && /\bnew\b/.test(norm)) wanted.push('new');
    if (wanted.length) {
      f.rows = f.rows.filter((r) => wanted.includes(String(r.status)));
      f.before.push(wanted.join(' or '));
    }
    if (range) {
      f.rows = f.rows.filter((r) => inRange(g.day(r), range));
      f.after.push(`received ${range.label}`);
    }
    return f;
  }

  if (g.key === 'vacancy') {
    const types = [...new Set(rows.map((r) => String(r.name_of_employment)))];
    const wanted = types.filter((t) => {
      const n = normalise(t);
      return n && (norm.includes(n) || norm.includes(n.replace(/ /g, '')));
    });
    if (wanted.length) {
      f.rows = f.rows.filter((r) => wanted.includes(String(r.name_of_employment)));
      f.before.push(wanted.join(' or '));
    }
  }

  if (g.key === 'cases' || g.key === 'blog' || g.key === 'caseDetails') {
    const cats = data.rows.caseCategory.filter((c) => mentioned(promptTerms, String(c.case_name)));
    if (cats.length) {
      const ids = new Set(cats.map((c) => Number(c.case_category_id)));
      f.rows = f.rows.filter((r) => ids.has(Number(r.case_category_id)));
      f.after.push(`in ${cats.map((c) => String(c.case_name)).join(' or ')}`);
    }
  }

  if (range) {
    f.rows = f.rows.filter((r) => inRange(g.day(r), range));
    f.after.push(`added ${range.label}`);
  }
  return f;
}

function eventOf(data: SiteData, speaker: Row): Row {
  return data.rows.event.find((e) => e.event_title === speaker.event_title) ?? {};
}

// --- Answers -------------------------------------------------------------------------------------

function lines(g: Group, rows: Row[], now: Date, personal: boolean): string {
  const shown = rows
    .slice(0, LIST_MAX)
    .map((r) => `- ${personal || !g.privateLine ? g.line(r, now) : g.privateLine(r, now)}`);
  if (rows.length > LIST_MAX) shown.push(`- …and ${rows.length - LIST_MAX} more`);
  return shown.join('\n');
}

function answerText(g: Group, f: Filtered, now: Date, total: number, count: boolean, personal: boolean): string {
  const noun = [...f.before, f.rows.length === 1 ? g.one : g.many, ...f.after].join(' ');
  const filtered = f.before.length + f.after.length > 0;
  const n = f.rows.length;
  let head: string;
  if (n === 0) head = `There are no ${[...f.before, g.many, ...f.after].join(' ')}.`;
  else if (count)
    head = `There ${n === 1 ? 'is' : 'are'} ${n} ${noun}${n <= LIST_MAX ? ':' : '. The first ' + LIST_MAX + ':'}`;
  else head = `${n} ${noun}:`;
  let extra = '';
  if (g.key === 'vacancy' && n > 0) {
    const known = f.rows.filter((r) => r.number_of_vacancy !== null && r.number_of_vacancy !== undefined);
    const sum = known.reduce((s, r) => s + Number(r.number_of_vacancy), 0);
    extra = `\nTotal openings: ${sum}${known.length < n ? ` (${n - known.length} without a number)` : ''}. Every listed vacancy is shown on /vacancies.`;
  }
  if (g.key === 'speakers' && n > 0) {
    const events = new Set(f.rows.map((r) => r.event_title)).size;
    extra = `\nAcross ${plural(events, 'event', 'events')}.`;
  }
  const totalLine = filtered ? `\n(${plural(total, g.one, g.many)} in total.)` : '';
  const body = n ? `\n${lines(g, f.rows, now, personal)}` : '';
  return `${head}${body}${extra}${totalLine}\n${manage(g)}.`;
}

function dataAnswer(
  g: Group,
  norm: string,
  promptTerms: Set<string>,
  data: SiteData,
  now: Date,
  count: boolean,
): Answer {
  const all = g.rows(data);
  if (
    FILTERED_BY[g.key] === 'caseCategory' &&
    /\b(per|by|each|every|in each|for each) (case )?(category|categories)\b/.test(norm)
  ) {
    const per = data.rows.caseCategory.map((c) => {
      const n = all.filter((r) => Number(r.case_category_id) === Number(c.case_category_id)).length;
      return `- ${String(c.case_name)}: ${plural(n, g.one, g.many)}`;
    });
    const text = `${g.many[0]!.toUpperCase()}${g.many.slice(1)} per case category (${all.length} in total):\n${per.join('\n')}\n${manage(g)}.`;
    return { text, facts: text, kind: 'data' };
  }
  const range = rangeInPrompt(norm, now);
  const f = applyFilters(g, all, norm, promptTerms, data, now, range);

  // 'next event', 'latest blog', 'oldest review': one item.
  const superl = /\b(next|soonest|latest|newest|most recent|last|recent|first|earliest|oldest)\b/.exec(norm);
  if (
    superl &&
    !count &&
    !/\bnext (week|month|year|\d+ days?)\b/.test(norm) &&
    f.rows.length > 0 &&
    !/\blast (week|month|year)\b/.test(norm)
  ) {
    const w = superl[1]!;
    let pick: Row | undefined;
    if (g.key === 'event' && (w === 'next' || w === 'soonest' || w === 'first' || w === 'earliest')) {
      const upcoming = f.rows.filter((r) => eventStatus(r, now) === 'countdown');
      upcoming.sort((a, b) =>
        `${a.event_start_date} ${a.event_start_time}`.localeCompare(`${b.event_start_date} ${b.event_start_time}`),
      );
      pick = upcoming[0];
      if (!pick) {
        const text = `There is no upcoming event.\n${manage(g)}.`;
        return { text, facts: text, kind: 'data' };
      }
    } else {
      const sorted = [...f.rows].sort(
        (a, b) =>
          String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) ||
          Number(Object.values(a)[0]) - Number(Object.values(b)[0]),
      );
      pick = /latest|newest|recent|last/.test(w) ? sorted[sorted.length - 1] : sorted[0];
    }
    if (pick) {
      const label =
        g.key === 'event' && /next|soonest|first|earliest/.test(w) ? `The next ${g.one}` : `The ${w} ${g.one}`;
      const text = `${label}: ${g.line(pick, now)}.\n${manage(g)}.`;
      return { text, facts: g.privateLine ? `${label}: ${g.privateLine(pick, now)}.` : text, kind: 'data' };
    }
  }

  const text = answerText(g, f, now, all.length, count, true);
  const facts = g.privateLine ? answerText(g, f, now, all.length, count, false) : text;
  return { text, facts, kind: 'data' };
}

function overviewAnswer(data: SiteData, now: Date): Answer {
  const parts = GROUPS.filter((g) => g.key !== 'speakers').map((g) => {
    const rows = g.rows(data);
    let extra = '';
    if (g.key === 'event') {
      const up = rows.filter((r) => eventStatus(r, now) === 'countdown').length;
      const live = rows.filter((r) => eventStatus(r, now) === 'live').length;
      extra = ` (${up} upcoming, ${live} live)`;
    }
    if (g.key === 'ads') extra = ` (${rows.filter((r) => adShowing(r, now)).length} showing today)`;
    if (g.key === 'consultations') extra = ` (${rows.filter((r) => r.status === 'new').length} new)`;
    return `- ${g.title}: ${plural(rows.length, g.one, g.many)}${extra}, ${g.path}`;
  });
  const text = `Site content on ${showDay(localDay(now))}:\n${parts.join('\n')}`;
  return { text, facts: text, kind: 'data' };
}

function firmAnswer(s: SiteSettings, norm: string): Answer | null {
  const out: string[] = [];
  if (/\b(phone|phones|call|number)\b/.test(norm)) out.push(`Phone numbers: ${s.phones.join(', ')}.`);
  if (/\bwhatsapp\b/.test(norm)) out.push(`WhatsApp: ${s.whatsapp || 'not set'}.`);
  if (/\b(email|mail)\b/.test(norm)) out.push(`Contact email: ${s.email}.`);
  if (/\bhours\b/.test(norm))
    out.push(`Consultation hours: ${s.hours.morning} and ${s.hours.evening}, ${s.hours.days}.`);
  if (/\b(office|offices|address|headquarters|located|location|cities|city)\b/.test(norm))
    out.push(
      `Headquarters: ${s.headquarters.city}, ${s.headquarters.address}. Offices: ${s.offices.map((o) => `${o.city} (${o.address})`).join('; ') || 'none'}.`,
    );
  if (/\b(founded|founder|established|since)\b/.test(norm))
    out.push(`Founded in ${s.foundedYear} by ${s.founderName}.`);
  if (!out.length) return null;
  const text = `${out.join('\n')}\nThese are the site settings, editable at ${ADMIN}/settings.`;
  return { text, facts: text, kind: 'data' };
}

// --- Named items ---------------------------------------------------------------------------------

interface Named {
  g: Group;
  row: Row;
  score: number;
  /** Every word of a name of two or more words is in the prompt. */
  full: boolean;
}

/** Groups whose questions name an item of another group as a filter ('blogs in Family Law'). */
const FILTERED_BY: Partial<Record<GroupKey, GroupKey>> = {
  blog: 'caseCategory',
  cases: 'caseCategory',
  caseDetails: 'caseCategory',
  speakers: 'event',
};

const NAMED_GROUPS: GroupKey[] = [
  'event',
  'blog',
  'vacancy',
  'caseCategory',
  'cases',
  'team',
  'partners',
  'review',
  'gallery',
  'faqs',
];

function findNamed(promptTerms: Set<string>, data: SiteData): Named | null {
  let best: Named | null = null;
  for (const key of NAMED_GROUPS) {
    const g = groupByKey[key];
    for (const row of g.rows(data)) {
      const name = g.name?.(row);
      if (!name) continue;
      const t = [...new Set(terms(name))];
      if (!t.length) continue;
      const hit = t.filter((w) => promptTerms.has(w)).length;
      const ok = hit === t.length || (hit >= 2 && hit / t.length >= 0.6);
      if (!ok) continue;
      const score = hit + hit / t.length;
      if (!best || score > best.score) best = { g, row, score, full: hit === t.length && t.length >= 2 };
    }
  }
  return best;
}

function describe(n: Named, data: SiteData, now: Date): Answer {
  const { g, row } = n;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const out: string[] = [];
  switch (g.key) {
    case 'event': {
      const status = eventStatus(row, now);
      out.push(
        `Event '${s(row.event_title)}': ${eventWhen(row)}${row.event_address ? ` at ${s(row.event_address)}` : ', no address set'}.`,
      );
      out.push(`Status: ${STATUS_LABEL[status]}.`);
      const speakers = (row.speakers as Row[] | undefined) ?? [];
      out.push(
        speakers.length
          ? `Speakers (${speakers.length}): ${speakers.map(speakerLine).join('; ')}.`
          : 'No speakers yet.',
      );
      const missing = [
        ['start date', row.event_start_date],
        ['start time', row.event_start_time],
        ['end date', row.event_end_date],
        ['end time', row.event_end_time],
        ['address', row.event_address],
      ]
        .filter(([, v]) => !v)
        .map(([k]) => k as string);
      if (!speakers.length) missing.push('a speaker');
      const fields = row as EventTimingFields;
      if (!canReadMore(fields))
        out.push(
          `Its 'Read More' link is hidden on /event because it lacks: ${missing.join(', ') || 'readable dates and times'}.`,
        );
      if (isDetailable(fields)) out.push(`Public page: ${eventPath(s(row.event_title))}.`);
      break;
    }
    case 'blog':
      out.push(
        `Blog '${s(row.title)}' in ${s(row.case_name)}, added ${showDay(g.day(row))}${row.blog_file ? ', with an attached file' : ''}.`,
      );
      if (htmlToText(row.description)) out.push(`It begins: "${clip(htmlToText(row.description), 160)}"`);
      out.push(`Public page: /blog-details/${s(row.blog_id)}.`);
      break;
    case 'vacancy':
      out.push(`Vacancy ${g.line(row, now)}.`);
      break;
    case 'caseCategory': {
      const id = Number(row.case_category_id);
      const cs = data.rows.cases.filter((c) => Number(c.case_category_id) === id);
      const bl = data.rows.blog.filter((b) => Number(b.case_category_id) === id);
      out.push(
        `Case category '${s(row.case_name)}': ${plural(cs.length, 'case', 'cases')}${cs.length ? ` (${cs.map((c) => s(c.case_title_name)).join('; ')})` : ''} and ${plural(bl.length, 'blog', 'blogs')}.`,
      );
      out.push(`Public page: /our-case-details/${id}.`);
      break;
    }
    case 'cases': {
      const details = data.rows.caseDetails.filter((d) => Number(d.case_id) === Number(row.case_id));
      out.push(
        `Case '${s(row.case_title_name)}' in ${s(row.case_name)}; ${details.length ? 'it has case details' : `it has no case details yet (add them in Case Details, ${ADMIN}/case-details)`}.`,
      );
      out.push(`Public page: /our-case-details-view/${s(row.case_id)}.`);
      break;
    }
    case 'team':
      out.push(`${s(row.name)} is a team member; city: ${s(row.address)}.`);
      break;
    case 'faqs':
      out.push(`FAQ '${s(row.question)}': ${clip(s(row.answer), 300)}`);
      break;
    default:
      out.push(`${g.one[0]!.toUpperCase()}${g.one.slice(1)}: ${g.line(row, now)}.`);
  }
  out.push(`Manage it at ${g.path}.`);
  const text = out.join('\n');
  return { text, facts: text, kind: 'item' };
}

// --- Help and search -----------------------------------------------------------------------------

const helpIndex = new SearchIndex<HelpEntry>(
  HELP.map((h) => ({ title: `${h.title} ${h.keywords}`, body: h.text, item: h })),
);

function helpAnswer(query: string, data: SiteData, now: Date, why: boolean, coverage = 1 / 3): Answer | null {
  const hits = helpIndex.search(query, 2, coverage);
  if (!hits.length) return null;
  const top = hits[0]!.item;
  const out = [top.text];
  // 'why is my ad not showing': say which ads are hidden today and why.
  if (top.id === 'ads-visibility' || (why && top.id === 'ads')) {
    const hidden = data.rows.ads.filter((a) => !adShowing(a, now));
    const showing = data.rows.ads.length - hidden.length;
    out.push(
      hidden.length
        ? `Today (${showDay(localDay(now))}) ${plural(showing, 'ad is', 'ads are')} showing and ${plural(hidden.length, 'ad is', 'ads are')} hidden:\n${hidden.map((a) => `- Ad ${a.ads_id} (${a.ads_display}), ${showDay(a.start_date)} to ${showDay(a.expiry_date)}: ${adState(a, now)}`).join('\n')}`
        : data.rows.ads.length
          ? `Today (${showDay(localDay(now))}) all ${plural(showing, 'ad is', 'ads are')} within their dates and showing.`
          : 'There are no ads yet.',
    );
  }
  if (top.id === 'event-visibility') {
    const incomplete = data.rows.event.filter(
      (e) =>
        !(
          e.event_start_date &&
          e.event_start_time &&
          e.event_end_date &&
          e.event_end_time &&
          e.event_address &&
          ((e.speakers as Row[]) ?? []).length
        ),
    );
    if (incomplete.length)
      out.push(`Events without 'Read More' now: ${incomplete.map((e) => String(e.event_title)).join('; ')}.`);
  }
  if (hits[1] && hits[1].score > hits[0]!.score * 0.8 && hits[1].item.path && hits[1].item.path !== top.path)
    out.push(`See also: ${hits[1].item.title}, ${hits[1].item.path}.`);
  const text = out.join('\n');
  return { text, facts: text, kind: 'help' };
}

interface ContentHit {
  kind: string;
  title: string;
  body: string;
  path: string;
}

function contentIndex(data: SiteData): SearchIndex<ContentHit> {
  const docs: SearchDoc<ContentHit>[] = [];
  const add = (kind: string, title: string, body: string, key: GroupKey) =>
    docs.push({ title, body, item: { kind, title, body, path: groupByKey[key].path } });
  for (const b of data.rows.blog)
    add('Blog', String(b.title), `${b.case_name ?? ''} ${htmlToText(b.description)}`, 'blog');
  for (const c of data.rows.cases) add('Case', String(c.case_title_name), String(c.case_name ?? ''), 'cases');
  for (const d of data.rows.caseDetails)
    add(
      'Case details',
      String(d.case_title_name ?? ''),
      `${d.case_name ?? ''} ${htmlToText(d.case_content)}`,
      'caseDetails',
    );
  for (const f of data.rows.faqs) add('FAQ', String(f.question), String(f.answer), 'faqs');
  for (const e of data.rows.event) {
    const speakers = ((e.speakers as Row[]) ?? []).map((s) => `${s.speaker_name} ${s.designation}`).join(' ');
    add('Event', String(e.event_title), `${e.event_description ?? ''} ${e.event_address ?? ''} ${speakers}`, 'event');
  }
  return new SearchIndex(docs);
}

function snippet(body: string, matched: readonly string[]): string {
  const sentences = body.split(/(?<=[.!?])\s+/);
  const hit = sentences.find((s) => terms(s).some((t) => matched.includes(t)));
  return clip((hit ?? body).trim(), 160);
}

function searchAnswer(query: string, data: SiteData): Answer | null {
  const hits = contentIndex(data).search(query, 3);
  if (!hits.length) return null;
  const out = hits.map((h, i) => {
    const snip = snippet(h.item.body, h.matched);
    return `${i + 1}. ${h.item.kind}: '${h.item.title}'${snip ? `: ${snip}` : ''} (${h.item.path})`;
  });
  const text = `The best matches on the site:\n${out.join('\n')}`;
  return { text, facts: text, kind: 'search' };
}

// --- The assistant ---------------------------------------------------------------------------------

export function builtinAnswer({ prompt, data, settings, now }: BuiltinInput): Answer {
  const norm = normalise(prompt);
  if (!norm) return unknownAnswer();
  if (GREETING.test(norm)) {
    const text = /thank|cheers|ok/.test(norm)
      ? "You're welcome. Ask me anything about the site's content or the admin pages."
      : 'Hello Admin! How can I assist you today?';
    return { text, facts: text, kind: 'greeting' };
  }
  if (CAPABILITIES.test(norm)) {
    const text = HELP.find((h) => h.id === 'assistant')!.text;
    return { text, facts: text, kind: 'help' };
  }
  const tokens = words(prompt);
  const promptTerms = new Set(terms(prompt));
  const groups = groupsInPrompt(tokens);
  const g = groups[0] ? groupByKey[groups[0]] : null;
  const count = COUNT.test(norm);
  const searchWord = /^(search|find|look up|lookup|search for)\b/.test(norm);

  if (searchWord) {
    const q = norm.replace(/^(search for|search|find|look up|lookup)\s+/, '');
    return searchAnswer(q, data) ?? unknownAnswer();
  }

  if (!count && (HOWTO.test(norm) || ACTION.test(norm))) {
    const h = helpAnswer(prompt, data, now, false);
    if (h) return h;
  }
  if (!count && WHY.test(norm) && /\b(why|not|missing|hidden|dont|cant|cannot)\b/.test(norm)) {
    const h = helpAnswer(prompt, data, now, true);
    if (h) return h;
  }
  if (!g && OVERVIEW.test(norm)) return overviewAnswer(data, now);
  if (g && (count || LIST.test(norm) || rangeInPrompt(norm, now) || norm.split(' ').length <= 4)) {
    // A question naming one item ('when is the Law Day conference') is about that item, not the group.
    const named = count ? null : findNamed(promptTerms, data);
    const listing = LIST.test(norm.replace(/\b(tell me|show me|show|any)\b/g, ''));
    const aboutItem = named && (named.g.key === g.key || (named.full && FILTERED_BY[g.key] !== named.g.key));
    if (named && aboutItem && !listing) return describe(named, data, now);
    return dataAnswer(g, norm, promptTerms, data, now, count);
  }
  if (!g && settings && FIRM.test(norm)) {
    const a = firmAnswer(settings, norm);
    if (a) return a;
  }
  const named = findNamed(promptTerms, data);
  if (named) return describe(named, data, now);
  if (g) return dataAnswer(g, norm, promptTerms, data, now, count);
  // Neither a section nor an item: the help text when most of the question's words are in one entry,
  // else the content search, else an honest 'I don't know'.
  return helpAnswer(prompt, data, now, false, 0.6) ?? searchAnswer(prompt, data) ?? unknownAnswer();
}
