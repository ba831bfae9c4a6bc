/**
 * The built-in assistant: a legal-advice guard first, then a few intents (count, list, next, ended,
 * details of one item, how-to, where to change something) over the knowledge index. Intents are
 * recognised from a handful of words, groups from the words their declarations give (with one typo
 * allowed), and every other word of the question is searched. Every answer names the admin page.
 */
import { resources } from '../../content/resources/index';
import { settingPhrases } from '../../content/settings-form';
import type { Row } from '../content/service';
import { dayOf, localDay, rangeInPrompt, showDay } from './dates.server';
import {
  factsOf,
  fieldFacts,
  allGroups,
  groupByKey,
  line,
  nameOf,
  pluralOf,
  settingName,
  show,
  status,
  ADMIN,
  type Doc,
  type Group,
  type Hit,
  type Knowledge,
  type Status,
} from './knowledge.server';
import { normalise, plural, sameWord, stem, term, terms, words } from './text.server';

export interface Answer {
  /** Plain text; admin links are paths such as /admin-side-bar/event. */
  text: string;
  kind: 'refusal' | 'greeting' | 'data' | 'item' | 'help' | 'search' | 'unknown';
  /** Holds clients' personal data (consultation requests): never sent to a language model. */
  personal?: boolean;
}

export interface Question {
  prompt: string;
  knowledge: Knowledge;
  /**
   * Rows of groups the index does not hold (the consultations inbox), read for this question. A personal
   * group missing here is one the asking account's role may not see (decision 0040).
   */
  live: ReadonlyMap<string, Row[]>;
  now: Date;
}

const LIST_MAX = 15;

// --- The legal-advice guard ------------------------------------------------------------------------

const PERSON = '(i|we|he|she|they|you|my \\w+|our \\w+|someone|somebody)';
const ADVICE = new RegExp(
  [
    `\\b(will|would|can|could|do|does|shall) ${PERSON} (win|lose|succeed)\\b`,
    '\\bchances? (of|to) (win|winning|success|succeed|get)',
    '\\b(legally|legal advice|advise me|is it (il)?legal|am i entitled|are we entitled|do i have a (case|claim)|can i sue)\\b',
    '\\bmy (husband|wife|spouse|ex|landlord|tenant|employer|boss|neighbou?r|son|daughter|father|mother|brother|sister|in laws?)\\b',
  ].join('|'),
);
const ASK = new RegExp(
  `\\b(what (should|shall|can|must|do) ${PERSON} do|should ${PERSON} (file|sue|go|sign|settle|accept|divorce|pay|apply)|how (do|can) (i|we) (get|file|win|fight|claim|stop|avoid))\\b`,
);
const LEGAL =
  /\b(divorc\w*|custody|alimony|maintenance|bail|arrest\w*|police|fir|sue|court|lawsuit|contract|evict\w*|inherit\w*|dowry|cheque|fired|dismiss\w*|salary|harass\w*|fraud|accident|complaint|rights?|will|property)\b/;

export function asksLegalAdvice(norm: string): boolean {
  return ADVICE.test(norm) || (ASK.test(norm) && LEGAL.test(norm));
}

function refusal(q: Question): Answer {
  // The topic of the question ('divorce'), looked up in the public content only.
  const topic = normalise(q.prompt).match(new RegExp(LEGAL.source, 'g')) ?? [];
  const said = q.knowledge
    .search(topic.join(' '), { kinds: ['item'] }, 6)
    .filter((h) => resources.find((r) => r.key === h.doc.group)?.assistant?.informs)
    .slice(0, 2);
  const text = [
    "I can't give legal advice. What you or anyone should do legally, or whether a case would be won, is for the firm's advocates to answer in a consultation, once they know the facts: book one at /book-consultation (requests arrive in /admin-side-bar/consultations).",
    ...(said.length
      ? ['What the site says (general information, not advice):', ...said.map((h) => `- ${factsOf(h.doc, q.now)}`)]
      : []),
  ].join('\n');
  return { text, kind: 'refusal' };
}

// --- Intents --------------------------------------------------------------------------------------

const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you|thank u|ok|okay|cheers)( \w+)?$/;
const CAPABILITIES = /^(help|what can you do|what do you know|what can i ask|who are you|what are you)\b/;
const HOWTO =
  /\b(how (do|can|should|would|to|does)|steps?|instructions?|is it possible|help me|way to)\b|^(please )?(add|create|delete|remove|edit|update|change|upload|replace|publish|hide|post|set)\b/;
const WHERE = /\bwhere (do|can|should|would|to) (i|we)\b|\b(which|what) page\b|\bwhere to\b/;
/** Questions about a message, a form or files: answered from the help. */
const ABOUT_ADMIN =
  /\b(mean|means|meaning|error|message|file types?|formats?|allowed|accepted|size limit|fields?|form)\b|(^|\s)['"‘“][^'"‘’“”]{6,}['"’”]([\s.,?!]|$)/;
const WHY =
  /\b(why|not (showing|visible|appearing|displayed|shown|there|live|on)|does ?nt show|does not show|do ?nt see|do not see|cant see|cannot see|disappeared|hidden)\b/;
const COUNT = /\b(how many|count|total|number of (?!the\b)|tally)\b/;
const LIST = /\b(list|which|show|what are|who are|all|give me|display|names?|every)\b/;
const NEXT = /\b(next|soonest|nearest|coming up)\b/;
const LATEST = /\b(latest|newest|most recent|recently|last added|last)\b/;
const OVERVIEW = /\b(summary|overview|statistics|stats|everything|all content|whats on)\b/;
const PERIOD = /\b(this|next|last|coming|past|previous) (week|month|year)\b/;
const STATUS: [Status, RegExp, string][] = [
  ['upcoming', /\b(upcoming|future|coming|scheduled|planned|not started|not yet)\b/, 'upcoming'],
  ['running', /\b(live|ongoing|running|happening|current|currently|active|showing|visible|displayed)\b/, 'running now'],
  ['ended', /\b(ended|past|finished|over|expired|previous|completed|old|done|gone)\b/, 'ended'],
];
/**
 * Words of the intents and the groups, to correct a typo in a question ('upcomming evnets'); made again
 * only when the groups change (a group registered at run time), not for every question.
 */
let words5: { groups: readonly unknown[]; words: ReadonlySet<string> } | null = null;
function dictionary(): ReadonlySet<string> {
  const groups = allGroups();
  if (words5?.groups !== groups)
    words5 = {
      groups,
      words: new Set(
        [HOWTO, WHY, COUNT, LIST, NEXT, LATEST, OVERVIEW, ...STATUS.map(([, re]) => re)]
          .flatMap((re) => re.source.match(/[a-z]{5,}/g) ?? [])
          .concat(groups.flatMap((g) => [g.one, g.many, g.title.toLowerCase()].join(' ').match(/[a-z]{5,}/g) ?? [])),
      ),
    };
  return words5.words;
}

/** The question with a word (not a common one: 'where' stays) one typo away from an intent or group word replaced by it. */
function corrected(norm: string): string {
  const words = dictionary();
  return norm
    .split(' ')
    .map((w) => (w.length < 5 || words.has(w) || term(w) === null ? w : ([...words].find((d) => sameWord(d, w)) ?? w)))
    .join(' ');
}
/** Words of intents and fillers: not searched as what the question is about. */
const FILLER = new Set(
  (
    'how many count total number tally list which show name give display every upcoming future coming schedul plann ' +
    'start yet live ongoing running happen current currently active showing visible displayed ended past finish over expir ' +
    'previous complet old done gone next soonest nearest latest newest recent recently last add week month year today ' +
    'tomorrow kindly exist available publish present overall altogether entire whole each one item entry entri record ' +
    'january february march april june july august september october november december mention talk regard open'
  )
    .split(' ')
    .map(stem),
);

interface Found {
  g: Group;
  at: number;
  /** Plural in the question ('events'), not singular ('event'). */
  many: boolean;
}

/** The groups a question names, first named first: longest phrases first, one typo allowed. */
function groupsIn(tokens: readonly string[], raw: readonly string[], used: Set<number>): Found[] {
  const phrases = allGroups().flatMap((g) => g.vocab.map((p) => ({ g, p }))).sort((a, b) => b.p.length - a.p.length);
  const found = new Map<string, Found>();
  for (const { g, p } of phrases)
    for (let i = 0; i + p.length <= tokens.length; i++) {
      const span = p.map((_, j) => i + j);
      if (span.some((j) => used.has(j)) || !p.every((w, j) => sameWord(tokens[i + j]!, w))) continue;
      span.forEach((j) => used.add(j));
      const last = raw[i + p.length - 1]!;
      if (!found.has(g.key) || found.get(g.key)!.at > i)
        found.set(g.key, { g, at: i, many: /s$/.test(last) && !/ss$/.test(last) });
    }
  return [...found.values()].sort((a, b) => a.at - b.at);
}

const cap = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

function itemsAnswer(hits: readonly Hit[], now: Date): Answer {
  return { text: hits.map((h) => factsOf(h.doc, now)).join('\n'), kind: hits.length === 1 ? 'item' : 'search' };
}

/** Empty fields and empty lists of a row ('Start Time', 'speakers'). */
function gaps(g: Group, row: Row): string[] {
  const empty = g.fields.filter((f) => !show(row[f.name])).map((f) => f.label);
  for (const [k, v] of Object.entries(row)) if (Array.isArray(v) && !v.length) empty.push(`no ${words(k)}`);
  return empty;
}

function howTo(q: Question, norm: string, found: Found | undefined, rows: Row[]): Answer | null {
  const g = found?.g;
  const why = WHY.test(norm);
  const hits = q.knowledge.search(q.prompt, { kinds: ['help', 'setting'], prefer: g?.key }, 2);
  // 'How do I change the WhatsApp number': the setting itself, with its value and where it is edited.
  const what = q.prompt.replace(/\b(change|edit|update|set|modify|replace|correct|fix|show)\b/gi, ' ');
  const setting = q.knowledge.search(what, { kinds: ['setting'] }, 1)[0]?.doc;
  // A validation message quoted in the question is explained on its own page, whatever group it names.
  const quoted = q.knowledge
    .under('help:')
    .filter((d) => d.id.includes(':message') && norm.includes(normalise(d.title)))
    .sort((a, b) => b.title.length - a.title.length)[0];
  // With a group named: why it is not shown, else its own help (or a setting), else its page's help.
  const own =
    g && (hits.find((h) => h.doc.group === g.key || h.doc.kind === 'setting')?.doc ?? q.knowledge.doc(`help:${g.key}`));
  const top =
    quoted ?? (g && why ? q.knowledge.doc(`help:${g.key}:note`) : undefined) ?? (g ? own : (setting ?? hits[0]?.doc));
  if (!top) return null;
  const out = [factsOf(top, q.now)];
  if (hits[1] && hits[1].doc.path !== top.path) out.push(`See also: ${hits[1].doc.title}, ${hits[1].doc.path}.`);
  if (g && why && !g.personal) {
    // Why something is not showing: where each row stands today and what it lacks.
    const notes = rows
      .map((r) => {
        const st = status(g, r, q.now);
        const lacks = gaps(g, r);
        const why = [
          st && st !== 'running' ? (st === 'upcoming' ? 'not started yet' : 'ended') : '',
          lacks.length ? `missing ${lacks.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        return why && `- ${nameOf(g, r)}: ${why}`;
      })
      .filter(Boolean);
    const fine = rows.length - notes.length;
    if (notes.length || g.window)
      out.push(
        `Where each stands today (${showDay(localDay(q.now))}): ${fine} of ${plural(rows.length, g.one, g.many)} ${g.window ? 'running with' : 'with'} every field filled${notes.length ? `; the others:\n${notes.slice(0, LIST_MAX).join('\n')}` : '.'}`,
      );
  }
  return { text: out.join('\n'), kind: 'help' };
}

function searchAnswer(q: Question, norm: string): Answer | null {
  // The site's data first, the help only when no data matches. The settings are the firm's own facts:
  // they come before content that mentions the same words.
  const data = q.knowledge.search(q.prompt, { kinds: ['item', 'setting'] }, 8, 0.25);
  const ranked = [...data.filter((h) => h.doc.kind === 'setting'), ...data.filter((h) => h.doc.kind !== 'setting')];
  const hits = ranked.length ? ranked.slice(0, 3) : q.knowledge.search(q.prompt, { kinds: ['help'] }, 1);
  const top = hits[0]?.doc;
  if (!top) return null;
  // 'How many offices': a list in the settings is counted as a whole.
  const list = /^(settings:\w+)\.\d+$/.exec(top.id);
  if (list && (COUNT.test(norm) || /\b(list|all)\b/.test(norm))) {
    const all = q.knowledge.under(`${list[1]}.`);
    const noun = settingName(list[1]!.slice('settings:'.length)).toLowerCase();
    return {
      text: `There ${all.length === 1 ? `is 1 ${noun}` : `are ${all.length} ${pluralOf(noun)}`}:\n${all.map((d) => `- ${d.facts}`).join('\n')}`,
      kind: 'data',
    };
  }
  return top.kind === 'help' ? { text: factsOf(top, q.now), kind: 'help' } : itemsAnswer(hits, q.now);
}

function matchesTerms(g: Group, row: Row, want: readonly string[]): boolean {
  const have = terms(`${nameOf(g, row)} ${fieldFacts(g, row).join(' ')}`);
  return want.every((w) => have.some((h) => sameWord(h, w)));
}

function groupAnswer(q: Question, norm: string, found: Found, tokens: readonly string[], used: Set<number>): Answer {
  const { g } = found;
  const all = g.personal ? (q.live.get(g.key) ?? []) : (q.knowledge.rows.get(g.key) ?? []);
  const count = COUNT.test(norm);
  const asksList = count || LIST.test(norm);
  const before: string[] = [];
  const after: string[] = [];
  let rows = all;
  const taken = new Set<string>();

  // A value of one of the group's short fields named in the question: 'Full-time', 'Family Law', 'Kochi'.
  const qTerms = tokens.filter((_, i) => !used.has(i));
  for (const f of g.fields.filter((f) => f.name !== g.name && (f.type === 'text' || f.type === 'enum'))) {
    const ref = f.ref ? groupByKey(f.ref) : undefined;
    const names = ref ? (q.knowledge.rows.get(ref.key) ?? []).map((r) => nameOf(ref, r)) : [];
    const values = [...new Set([...names, ...(f.values ?? []), ...all.map((r) => show(r[f.name], 120))])].filter(
      (v) => {
        const t = terms(v);
        const hit = t.filter((w) => qTerms.some((x) => sameWord(x, w)));
        return t.length > 0 && (hit.length === t.length || hit.length >= 2);
      },
    );
    if (!values.length) continue;
    values.forEach((v) => terms(v).forEach((t) => taken.add(t)));
    rows = rows.filter((r) => values.includes(show(r[f.name], 120)));
    after.push(`with ${f.label} ${values.join(' or ')}`);
  }
  // Where a dated row stands: upcoming, running, ended.
  const next = NEXT.test(norm.replace(PERIOD, ''));
  if (g.window) {
    const wanted = STATUS.filter(([, re]) => re.test(norm.replace(PERIOD, '')));
    if (next && !wanted.some(([s]) => s === 'upcoming')) wanted.push(STATUS[0]!);
    if (wanted.length) {
      rows = rows.filter((r) => wanted.some(([s]) => status(g, r, q.now) === s));
      const words = wanted.map(([, , w]) => w).join(' or ');
      (wanted.some(([st]) => st === 'running') ? after : before).push(words);
    }
  }
  const range = rangeInPrompt(norm, q.now);
  if (range) {
    const w = g.window;
    rows = rows.filter((r) => {
      const from = w ? String(r[w.start] ?? '') : dayOf(r.created_at);
      const to = w ? String(r[w.end] || from) : from;
      return !!from && from <= range.to && to >= range.from;
    });
    after.push(range.label);
  }
  // Every other word: what the question is about, searched within the group.
  const left = qTerms
    .map((t) => term(t))
    .filter((t): t is string => !!t && !FILLER.has(t) && !taken.has(t) && !/^\d+$/.test(t));
  if (left.length) {
    const ids = g.personal
      ? rows.filter((r) => matchesTerms(g, r, left)).map((r) => `${g.key}:${String(r[g.id])}`)
      : q.knowledge.search(left.join(' '), { kinds: ['item'], group: g.key }, 50).map((h) => h.doc.id);
    const rank = (r: Row) => ids.indexOf(`${g.key}:${String(r[g.id])}`);
    const hits = rows.filter((r) => rank(r) >= 0).sort((a, b) => rank(a) - rank(b));
    if (hits.length && (!asksList || (!count && hits.length === 1))) {
      const text = hits.slice(0, 3).map((r) => itemFacts(q, g, r));
      return { text: text.join('\n'), kind: hits.length === 1 ? 'item' : 'search', personal: g.personal };
    }
    if (hits.length) {
      rows = hits;
      after.push(`matching '${left.join(' ')}'`);
    } else if (!count) {
      // 'What are our consultation hours': about something else than the group's rows.
      const other = searchAnswer(q, norm);
      if (other) return other;
    }
  }
  if (!count && g.window && next && !found.many) {
    const first = [...rows].sort((a, b) => String(a[g.window!.start]).localeCompare(String(b[g.window!.start])))[0];
    if (first) return { text: `The next ${g.one}: ${itemFacts(q, g, first)}`, kind: 'item', personal: g.personal };
    return { text: `There is no upcoming ${g.one}. Manage them at ${g.path}.`, kind: 'data' };
  }
  if (!count && LATEST.test(norm.replace(PERIOD, '')) && !found.many && rows.length) {
    const last = [...rows].sort((a, b) => Number(b[g.id]) - Number(a[g.id]))[0]!;
    return { text: `The most recently added ${g.one}: ${itemFacts(q, g, last)}`, kind: 'item', personal: g.personal };
  }
  return listAnswer(q, g, rows, all.length, [...before, rows.length === 1 ? g.one : g.many, ...after].join(' '), count);
}

function itemFacts(q: Question, g: Group, row: Row): string {
  const d = q.knowledge.doc(`${g.key}:${String(row[g.id])}`);
  return d ? factsOf(d, q.now) : `${cap(g.one)} ${line(g, row, q.now)}. Manage it at ${g.path}.`;
}

function listAnswer(q: Question, g: Group, rows: Row[], total: number, noun: string, count: boolean): Answer {
  const n = rows.length;
  const head = !n
    ? `There are no ${noun.replace(new RegExp(`\\b${g.one}\\b`), g.many)}.`
    : count || n === 1
      ? `There ${n === 1 ? 'is' : 'are'} ${n} ${noun}:`
      : `${n} ${noun}:`;
  const out = [head, ...rows.slice(0, LIST_MAX).map((r) => `- ${line(g, r, q.now)}`)];
  if (n > LIST_MAX) out.push(`- …and ${n - LIST_MAX} more`);
  for (const f of g.fields.filter((f) => f.type === 'int' && n))
    out.push(`${f.label} in all: ${rows.reduce((s, r) => s + (Number(r[f.name]) || 0), 0)}.`);
  if (n !== total) out.push(`(${plural(total, g.one, g.many)} in total.)`);
  out.push(`Manage them at ${g.path}.`);
  return { text: out.join('\n'), kind: 'data', personal: g.personal };
}

/** A question about a section holding clients' personal data that the account's role may not see. */
function notForRole(g: Group): Answer {
  return {
    text: `${g.title} hold clients' personal data and are handled by intake staff and administrators; your account's role does not show them, so I can't answer about them.`,
    kind: 'help',
  };
}

function overview(q: Question): Answer {
  const lines = allGroups().filter((g) => !g.personal || q.live.has(g.key)).map((g) => {
    const n = (g.personal ? q.live.get(g.key) : q.knowledge.rows.get(g.key))?.length ?? 0;
    return `- ${g.title}: ${plural(n, g.one, g.many)}, ${g.path}`;
  });
  return { text: `Site content on ${showDay(localDay(q.now))}:\n${lines.join('\n')}`, kind: 'data' };
}

export const UNKNOWN =
  "I couldn't find that in the site's data, and I won't guess. I can answer counts and lists of every section ('how many upcoming events'), details of one item ('find the blog about divorce'), the firm's details ('phone number of the Bengaluru office') and how to do things in the admin ('how do I add a new ad').";

/** A question for a value, not for how to change it: 'what is our email', 'which cities are we in'. */
const ASKS_VALUE = /^(what|whats|which|where|tell me|give me|show me|list|do we have|our)\b/;
const CHANGES = /\b(how|change|edit|update|set|modify|replace|add|remove|delete|why)\b/;
/** The settings a value question names, by their labels on the settings page and the words administrators use. */
const SETTING_WORDS: readonly (readonly [key: string, words: RegExp])[] = settingPhrases().map(({ key, phrases }) => [
  key,
  new RegExp(`\\b(${phrases.map((p) => normalise(p).replace(/ /g, ' ?')).join('|')})\\b`),
]);
/** A question about all the offices: 'which cities are we in', 'where are our offices', 'list the branches'. */
const OFFICE_LIST = /\b(offices|branches|cities|locations)\b|\bwhere are we\b|\bwhich city\b/;

/**
 * The value of a setting asked for, first, with the page that changes it; a question about the offices
 * answers every office, the headquarters first. Null when the question names one office (its own answer) or
 * asks how to change something.
 */
function valueAnswer(q: Question, norm: string): Answer | null {
  if (!ASKS_VALUE.test(norm) || CHANGES.test(norm)) return null;
  const offices = [q.knowledge.doc('settings:headquarters'), ...q.knowledge.under('settings:offices.')].filter((d): d is Doc => !!d);
  const cityOf = (d: Doc) => /\bcity ([^;.]+)/.exec(d.facts)?.[1] ?? '';
  const detail = (d: Doc) => d.facts.replace(/^[^:]*:\s*/, '').replace(/\s*\(Site settings[^)]*\)\s*$/, '');
  const named = offices.some((d) => cityOf(d) && norm.includes(normalise(cityOf(d))));
  if (OFFICE_LIST.test(norm) && !named) {
    const lines = offices.map((d, i) => `- ${cityOf(d)}${i === 0 ? ' (headquarters)' : ''}: ${detail(d)}`);
    return { text: `The firm has ${plural(offices.length, 'office', 'offices')}:\n${lines.join('\n')}\n(Change them at ${ADMIN}/settings.)`, kind: 'data' };
  }
  if (named) return null;
  const key = SETTING_WORDS.find(([, words]) => words.test(norm))?.[0];
  const doc = key ? q.knowledge.doc(`settings:${key}`) : undefined;
  return doc ? { text: doc.facts, kind: 'data' } : null;
}

export function builtinAnswer(q: Question): Answer {
  const norm = corrected(normalise(q.prompt)).replace(/\bright now\b/g, 'now');
  if (!norm) return { text: UNKNOWN, kind: 'unknown' };
  if (asksLegalAdvice(norm)) return refusal(q);
  if (GREETING.test(norm)) {
    const text = /thank|cheers|ok/.test(norm)
      ? "You're welcome. Ask me anything about the site's content or the admin pages."
      : 'Hello Admin! How can I assist you today?';
    return { text, kind: 'greeting' };
  }
  if (CAPABILITIES.test(norm)) return { text: q.knowledge.doc('help:assistant')!.facts, kind: 'help' };
  const raw = norm.split(' ');
  const tokens = raw.map(stem);
  const used = new Set<number>();
  const found = groupsIn(tokens, raw, used);
  // A value of the firm's settings, unless the question names a content group ('list open vacancies').
  const value = found[0] ? null : valueAnswer(q, norm);
  if (value) return value;
  const count = COUNT.test(norm);
  const rowsOf = (g: Group) => (g.personal ? q.live.get(g.key) : q.knowledge.rows.get(g.key)) ?? [];
  if ((!count && [HOWTO, WHY, WHERE].some((re) => re.test(norm))) || ABOUT_ADMIN.test(q.prompt.toLowerCase())) {
    const a = howTo(q, norm, found[0], found[0] ? rowsOf(found[0].g) : []);
    if (a) return a;
  }
  if (found[0]?.g.personal && !q.live.has(found[0].g.key)) return notForRole(found[0].g);
  if (found[0]) return groupAnswer(q, norm, found[0], tokens, used);
  if (OVERVIEW.test(norm)) return overview(q);
  return searchAnswer(q, norm) ?? { text: UNKNOWN, kind: 'unknown' };
}
