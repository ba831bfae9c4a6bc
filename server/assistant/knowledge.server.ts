/**
 * What the assistant knows, built from the declarations rather than written out: every content group
 * (content/resources: label, admin page, fields and their labels, joins) with its rows as the public
 * reads give them, the site settings field by field, and the admin help (help.ts). All of it goes into
 * one MiniSearch index (full text, fuzzy, title boost), rebuilt when content or settings change.
 */
import MiniSearch from 'minisearch';
import type { ResourceDef } from '../../content/kit';
import { resources } from '../../content/resources/index';
import type { SiteSettings } from '../../content/settings';
import type { Row } from '../content/service';
import { CONSULTATION_STATUSES } from '../../content/consultation';
import { showDay } from './dates.server';
import { helpDocs } from './help.server';
import { clip, htmlToText, normalise, stem, term, terms, words } from './text.server';
import type { Doc, Group } from './types.server';

export const ADMIN = '/admin-side-bar';

export type { Doc, Field, Group } from './types.server';

const phrase = (p: string) => normalise(p).split(' ').filter(Boolean).map(stem);
export const pluralOf = (s: string) => (/s$/.test(s) ? s : /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);
const lower = (s: string) => s.replace(/\b[A-Z][a-z]+/g, (w) => w.toLowerCase());

/** The phrases that name a page: its names, and the other words administrators use for it (`|`-separated). */
function vocab(names: string[], synonyms = ''): string[][] {
  // A phrase of stop words only ('about', from the table 'abouts') would match every question.
  return [...names, ...synonyms.split('|')]
    .filter(Boolean)
    .map(phrase)
    .filter((p) => p.some((w) => term(w) !== null));
}

function groupOf(r: ResourceDef): Group {
  const joined = new Map((r.joins ?? []).map((j) => [j.via, j.columns[j.columns.length - 1]!]));
  const fields = Object.entries(r.fields).map(([name, f]) =>
    f.type === 'ref' && joined.has(name)
      ? { name: joined.get(name)!, label: f.label, type: 'text' as const, ref: f.ref }
      : { name, label: f.label, type: f.type, values: f.values },
  );
  const dates = fields.filter((f) => f.type === 'date' || f.type === 'dmy');
  const times = fields.filter((f) => f.type === 'time');
  const own = Object.entries(r.fields).find(([, f]) => f.type === 'text')?.[0];
  const refs = Object.keys(r.fields).filter((n) => joined.has(n));
  const one = lower(r.label);
  return {
    key: r.key,
    one,
    many: pluralOf(one),
    path: `${ADMIN}/${r.admin.path}`,
    title: r.admin.title,
    id: r.id,
    fields,
    name: own ?? (refs.length ? joined.get(refs[refs.length - 1]!) : undefined),
    window: dates.length
      ? {
          start: dates[0]!.name,
          end: dates[dates.length - 1]!.name,
          startTime: times[0]?.name,
          endTime: times[times.length - 1]?.name,
        }
      : undefined,
    vocab: vocab([r.label, pluralOf(r.label), r.admin.title, r.admin.nav, words(r.table), words(r.key)], r.assistant?.synonyms),
  };
}

/** The consultations inbox, declared like a content group (rows read by the assistant, admin only). */
export const CONSULTATIONS: Group = {
  key: 'consultations',
  one: 'consultation request',
  many: 'consultation requests',
  path: `${ADMIN}/consultations`,
  title: 'Consultations',
  id: 'consultation_id',
  fields: [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'reference', label: 'Reference', type: 'text' },
    { name: 'requested_at', label: 'Preferred Date & Time', type: 'text' },
    { name: 'status', label: 'Status', type: 'enum', values: CONSULTATION_STATUSES },
  ],
  name: 'name',
  vocab: vocab(['consultation request', 'consultations'], 'consultation|booking|appointment|enquiry|inquiry|request|inbox'),
  personal: true,
};

/**
 * The assistant's view of every group served (a registered group included), and of the consultations, with
 * the admin help written from them. Built again when the groups served change (a group registered or
 * unregistered); the help otherwise never changes while the server runs: written once, with the first index
 * (built at import it was 45 ms of every start-up's CPU, decision 0030).
 */
interface Known {
  /** The group declarations this was built from (`resources` then). */
  from: readonly ResourceDef[];
  groups: readonly Group[];
  byKey: ReadonlyMap<string, Group>;
  help?: Doc[];
}
let known: Known | null = null;
function assistantGroups(): Known {
  if (!known || known.from.length !== resources.length || known.from.some((r, i) => r !== resources[i])) {
    const groups = [...resources.map(groupOf), CONSULTATIONS];
    known = { from: [...resources], groups, byKey: new Map(groups.map((g) => [g.key, g])) };
  }
  return known;
}
export const allGroups = (): readonly Group[] => assistantGroups().groups;
export const groupByKey = (key: string): Group | undefined => assistantGroups().byKey.get(key);
/** The admin help, from the groups served now. */
function help(): Doc[] {
  const k = assistantGroups();
  return (k.help ??= helpDocs(k.groups));
}

// --- Rows as facts -----------------------------------------------------------------------------------

/** A stored value as the administrator reads it: days DD/MM/YYYY, times 12-hour, HTML as text. */
export function show(v: unknown, max = 240): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return showDay(s);
  if (/^\d{2}:\d{2}$/.test(s)) return showDay('2000-01-01', s).slice(11);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) return showDay(s.slice(0, 10), s.slice(11, 16));
  return clip(/<[a-z]/i.test(s) ? htmlToText(s) : s, max);
}

export function nameOf(g: Group, row: Row): string {
  return (g.name && show(row[g.name], 120)) || `${g.one[0]!.toUpperCase()}${g.one.slice(1)} ${String(row[g.id])}`;
}

export type Status = 'upcoming' | 'running' | 'ended';

/** Where a row of a group with dates stands at `now`; null without a start date. */
export function status(g: Group, row: Row, now: Date): Status | null {
  const w = g.window;
  if (!w || typeof row[w.start] !== 'string' || !row[w.start]) return null;
  const at = (day: unknown, time: unknown, fallback: string) =>
    new Date(`${String(day)}T${typeof time === 'string' && time ? time : fallback}`).getTime();
  const start = at(row[w.start], w.startTime && row[w.startTime], '00:00');
  const end = at(row[w.end] || row[w.start], w.endTime && row[w.endTime], '23:59:59');
  return now.getTime() < start ? 'upcoming' : now.getTime() > end ? 'ended' : 'running';
}

/** 'Label: value' for each filled field, and each list a row carries (an event's speakers). */
export function fieldFacts(g: Group, row: Row, max = 240, skip?: string): string[] {
  const out = g.fields
    .filter((f) => f.name !== skip && show(row[f.name]))
    .map((f) => `${f.label}: ${show(row[f.name], max).replace(/\.$/, '')}`);
  for (const [k, v] of Object.entries(row)) {
    if (!Array.isArray(v) || !v.length || typeof v[0] !== 'object') continue;
    const items = (v as Row[]).map((o) =>
      Object.entries(o)
        .filter(([n, x]) => typeof x === 'string' && x && !x.includes('/') && !n.endsWith('_id'))
        .map(([, x]) => show(x))
        .join(', '),
    );
    out.push(`${words(k).replace(/^./, (c) => c.toUpperCase())} (${v.length}): ${items.join('; ')}`);
  }
  return out;
}

/** One line of a list: the name, where it stands, its short fields. */
export function line(g: Group, row: Row, now: Date): string {
  const w = g.window;
  const inWindow = new Set(w ? [w.start, w.end, w.startTime, w.endTime] : []);
  const short = g.fields.filter(
    (f) =>
      f.name !== g.name && !inWindow.has(f.name) && f.type !== 'html' && f.type !== 'longtext' && show(row[f.name]),
  );
  const st = status(g, row, now);
  const when =
    w && show(row[w.start])
      ? `${showDay(row[w.start], w.startTime && row[w.startTime])} to ${showDay(row[w.end], w.endTime && row[w.endTime])} (${st})`
      : '';
  return [nameOf(g, row), when, ...short.map((f) => `${f.label} ${show(row[f.name], 80)}`)].filter(Boolean).join(', ');
}

/** What an answer shows of a document: a row's facts as of `now`. */
export function factsOf(d: Doc, now: Date): string {
  const g = groupByKey(d.group);
  return d.row && g ? itemFacts(g, d.row, now) : d.facts;
}

export function itemFacts(g: Group, row: Row, now: Date): string {
  const st = status(g, row, now);
  const facts = fieldFacts(g, row, 240, g.name);
  return `${g.one[0]!.toUpperCase()}${g.one.slice(1)} '${nameOf(g, row)}'${st ? ` (${st})` : ''}${facts.length ? `: ${facts.join('; ')}` : ''}. Manage it at ${g.path}.`;
}

// --- Settings, field by field ------------------------------------------------------------------------

/** Friendlier names of some settings (any other setting is named from its key). */
const SETTING_NAMES: Record<string, string> = {
  hours: 'Consultation hours',
  headquarters: 'Headquarters (head office)',
  offices: 'Office',
  legalTeam: 'Legal team',
  phones: 'Phone numbers',
  socials: 'Social media links',
  rule36: 'Rule 36 (Bar Council) declaration and disclaimer',
};

export const settingName = (k: string) => SETTING_NAMES[k] ?? words(k).replace(/^./, (c) => c.toUpperCase());

function flat(v: unknown): string {
  if (Array.isArray(v)) return v.map(flat).filter(Boolean).join(', ');
  if (v && typeof v === 'object')
    return Object.entries(v)
      .filter(([, x]) => flat(x))
      .map(([k, x]) => `${words(k)} ${flat(x)}`)
      .join('; ');
  return v === null || v === undefined ? '' : String(v);
}

function settingDocs(settings: SiteSettings): Doc[] {
  const docs: Doc[] = [];
  const add = (id: string, title: string, body: string) =>
    docs.push({
      id: `settings:${id}`,
      kind: 'setting',
      group: 'settings',
      title,
      text: body,
      facts: `${title}: ${body || 'not set'}. (Site settings, editable at ${ADMIN}/settings.)`,
      path: `${ADMIN}/settings`,
    });
  for (const [k, v] of Object.entries(settings)) {
    if (Array.isArray(v) && v.some((x) => x && typeof x === 'object'))
      v.forEach((x, i) =>
        add(
          `${k}.${i}`,
          `${settingName(k)} ${Object.values(x as object).find((s) => typeof s === 'string') ?? i + 1}`,
          flat(x),
        ),
      );
    else add(k, settingName(k), flat(v));
  }
  return docs;
}

// --- The index ---------------------------------------------------------------------------------------

export interface Hit {
  doc: Doc;
  score: number;
  /** Distinct query terms the document holds. */
  matched: number;
}

export class Knowledge {
  private readonly index = new MiniSearch<Doc>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'group'],
    processTerm: term,
    searchOptions: {
      boost: { title: 3 },
      fuzzy: (t) => (t.length >= 5 ? 0.2 : false),
      prefix: (t) => t.length >= 5,
      processTerm: term,
    },
  });
  private readonly docs = new Map<string, Doc>();

  constructor(
    readonly rows: ReadonlyMap<string, Row[]>,
    settings: SiteSettings,
  ) {
    const all: Doc[] = [...settingDocs(settings), ...help()];
    for (const g of allGroups())
      for (const row of rows.get(g.key) ?? [])
        all.push({
          id: `${g.key}:${String(row[g.id])}`,
          kind: 'item',
          group: g.key,
          title: nameOf(g, row),
          // The start of a long text says what it is about; indexing all of it made a large site's index slow.
          text: `${g.one} ${fieldFacts(g, row, 1000).join(' ')}`,
          facts: '',
          path: g.path,
          row,
        });
    for (const d of all) if (!this.docs.has(d.id)) this.docs.set(d.id, { ...d });
    this.index.addAll([...this.docs.values()]);
    // The indexed text is not needed again: answers show the facts.
    for (const d of this.docs.values()) d.text = '';
  }

  get size(): number {
    return this.docs.size;
  }

  doc(id: string): Doc | undefined {
    return this.docs.get(id);
  }

  /** Documents whose id starts with a prefix ('settings:offices.'). */
  under(prefix: string): Doc[] {
    return [...this.docs.values()].filter((d) => d.id.startsWith(prefix));
  }

  /**
   * Documents for a query, best first: those holding at least half of its distinct terms, scoring at
   * least `floor` of the best. `only` narrows to some kinds or one group, or prefers one group.
   */
  search(
    query: string,
    only: { kinds?: Doc['kind'][]; group?: string; prefer?: string } = {},
    limit = 3,
    floor = 0.5,
  ): Hit[] {
    const n = new Set(terms(query)).size;
    if (!n) return [];
    const hits = this.index
      .search(query, {
        filter: (r) =>
          (!only.kinds || only.kinds.includes(r.kind as Doc['kind'])) && (!only.group || r.group === only.group),
        boostDocument: (_id, _term, stored) => (only.prefer && stored?.group === only.prefer ? 2 : 1),
      })
      .map((r) => {
        const matched = new Set(r.queryTerms).size;
        // A document holding more of the question's words ranks higher.
        return { doc: this.docs.get(String(r.id))!, score: (r.score * matched) / n, matched };
      })
      .filter((h) => h.matched >= Math.ceil(n / 2))
      .sort((a, b) => b.score - a.score);
    const best = hits[0]?.score ?? 0;
    return hits.filter((h) => h.score >= best * floor).slice(0, limit);
  }
}
