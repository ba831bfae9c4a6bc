/**
 * Bar Council of India Rule 36 (no solicitation, no advertising): the rule set as data and the checker
 * that applies it. Pure and isomorphic: the server runs it before visitor-facing text is published, the
 * admin form runs it as the administrator types, so both show the same findings.
 *
 * To add a rule, add one entry to RULE36_RULES under its language. A pattern is the source of a regular
 * expression compiled with the `u` flag (and `i` unless `caseSensitive`), wrapped in Unicode-aware word
 * boundaries (letters, combining marks and digits of every script), so Hindi and Malayalam phrases match
 * as whole words exactly as English ones do.
 */
import type { ResourceDef } from '../kit';
import { stripTags } from './preview';

export type Rule36Kind = 'superlative' | 'success-claim' | 'solicitation' | 'comparison' | 'client-name';

/** Where a rule applies: everywhere, or only in case write-ups (case details). */
export type Rule36Scope = 'all' | 'case-write-up';

export interface Rule36Rule {
  /** Stable id, shown as `rule` in findings. */
  id: string;
  kind: Rule36Kind;
  /** Regular-expression source (no flags, no surrounding boundaries). */
  pattern: string;
  /** Plain reason shown to the administrator; cites Rule 36. */
  reason: string;
  scope?: Rule36Scope;
  caseSensitive?: boolean;
}

export interface Rule36Finding {
  rule: string;
  kind: Rule36Kind;
  /** The exact passage, text.slice(start, end). */
  excerpt: string;
  start: number;
  end: number;
  reason: string;
  /** The field of a record the passage is in (absent for a plain text check). */
  field?: string;
}

/** Short names of the kinds, for one-sentence messages. */
export const RULE36_KIND_LABEL: Record<Rule36Kind, string> = {
  superlative: 'self-praise or ranking',
  'success-claim': 'success claim',
  solicitation: 'solicitation',
  comparison: 'comparison with other advocates',
  'client-name': "client's full name",
};

// Shared vocabulary of the English rules.
const WORD = String.raw`[\p{L}\p{M}'’-]+`;
/** Up to two words between a claim and its noun ("best divorce lawyer"), never a joining word ("top of the firm"). */
const FUNCTION_WORD = String.raw`(?:of|the|to|for|in|on|at|and|or|by|with|a|an|his|her|their|its|this|that|from|as|is|was|are|were|be)`;
const UP_TO_TWO_WORDS = String.raw`(?:(?!${FUNCTION_WORD}\s)${WORD}\s+){0,2}?`;
const PROFESSION = String.raw`(?:lawyers?|advocates?|attorneys?|litigators?|solicitors?|barristers?|law\s+firms?|law\s+offices?|law\s+chambers?|legal\s+(?:firms?|teams?|services?|advice|advisers?|advisors?|consultants?|minds?|experts?|representation|practices?)|firms?|chambers|consultants?)`;
/** A capitalised name part. */
const NAME = String.raw`\p{Lu}\p{Ll}[\p{Ll}\p{M}'’-]*`;
const PERCENT = String.raw`\d{1,3}(?:\.\d+)?\s*(?:%|per\s*cent|percent)`;
/** Possessives that are ordinary legal prose ("the Court's leading judgment"), not a place's ranking. */
const INSTITUTION = String.raw`(?:Court|Tribunal|Commission|Bench|Forum|Authority|Parliament|Government|Legislature|Constitution|Act|Code|Board|Council|State|Union|Bank|Company)`;

const SELF_PRAISE =
  'Rule 36 of the Bar Council of India Rules forbids advocates from advertising; calling the firm or an advocate the best, top, leading or No. 1 is self-praise that amounts to advertising.';
const SUCCESS =
  'Rule 36 of the Bar Council of India Rules forbids advocates from advertising; claims of results (win rates, cases never lost, guaranteed outcomes) invite work by promising success.';
const SOLICIT =
  'Rule 36 of the Bar Council of India Rules forbids advocates from soliciting work; urging readers to call, offering free consultations or fee discounts is solicitation.';
const COMPARE =
  'Rule 36 of the Bar Council of India Rules forbids advocates from advertising; comparing the firm with other advocates or firms is advertising by comparison.';
const CLIENT =
  "Rule 36 of the Bar Council of India Rules forbids advocates from advertising through their cases, and a client's identity is confidential; use initials or a description instead of the client's full name.";

/** The rule set, keyed by language. Every language's rules apply to every text (a text may mix scripts). */
export const RULE36_RULES: Readonly<Record<string, readonly Rule36Rule[]>> = {
  en: [
    // Superlatives and rankings.
    {
      id: 'superlative-profession',
      kind: 'superlative',
      pattern: String.raw`(?:best|finest|greatest|top(?:[-\s](?:rated|ranked|notch))?|top\s+\d+|top\s+(?:ten|five|three)|leading|foremost|premier|no\.?\s*1|number\s+one|#\s*1)\s+${UP_TO_TWO_WORDS}${PROFESSION}`,
      reason: SELF_PRAISE,
    },
    {
      // "India's No. 1", "Kochi's finest": a capitalised place's possessive (not "the Court's", "the child's").
      id: 'ranking-possessive',
      kind: 'superlative',
      caseSensitive: true,
      pattern: String.raw`(?!${INSTITUTION}['’]s)\p{Lu}\p{Ll}+['’]s\s+(?:[Bb]est|BEST|[Ff]inest|[Gg]reatest|[Ff]oremost|[Pp]remier|(?:[Nn]o|NO)\.?\s*1|[Nn]umber\s+[Oo]ne|#\s*1|[Mm]ost\s+(?:[Tt]rusted|[Ee]xperienced|[Ss]uccessful|[Rr]eputed|[Rr]espected|[Rr]enowned))`,
      reason: SELF_PRAISE,
    },
    {
      id: 'ranking-claim',
      kind: 'superlative',
      pattern: String.raw`(?:ranked\s+(?:as\s+)?(?:the\s+)?(?:no\.?\s*1|number\s+one|#\s*1|first|top)|top[-\s](?:rated|ranked)|(?:the\s+)?best\s+in\s+(?:the\s+)?(?:city|town|state|country|business|region|india|south\s+india|kerala|kochi|cochin|ernakulam|thiruvananthapuram|trivandrum|kozhikode|calicut|bengaluru|bangalore|chennai|mumbai|delhi))`,
      reason: SELF_PRAISE,
    },
    {
      id: 'most-trusted',
      kind: 'superlative',
      pattern: String.raw`most\s+(?:trusted|experienced|successful|reputed|renowned|respected|reliable|sought[-\s]after|recommended|accomplished|famous|popular)`,
      reason: SELF_PRAISE,
    },
    {
      id: 'unrivalled',
      kind: 'superlative',
      pattern: String.raw`(?:unmatched|unrivall?ed|unparalleled|second\s+to\s+none|award[-\s]winning|india['’]s\s+finest)`,
      reason: SELF_PRAISE,
    },
    // Success claims.
    {
      id: 'success-rate',
      kind: 'success-claim',
      pattern: String.raw`(?:${PERCENT}\s+(?:${WORD}\s+){0,3}?(?:success|wins?|winning|victory|victories|acquittals?|favou?rable|results?|record)|(?:success|win(?:ning)?|victory|acquittal)\s+(?:rate|ratio|record)\s+(?:of\s+)?(?:over\s+|above\s+|nearly\s+|almost\s+|more\s+than\s+)?${PERCENT}|won\s+(?:over\s+|nearly\s+|almost\s+|more\s+than\s+)?${PERCENT}\s+of)`,
      reason: SUCCESS,
    },
    {
      id: 'never-lost',
      kind: 'success-claim',
      pattern: String.raw`(?:(?:we|our\s+(?:firm|advocates?|lawyers?|team|chambers))\s+(?:have\s+|has\s+)?never\s+(?:lost|been\s+defeated)|(?:never|not)\s+(?:lost|lose|loses)\s+a\s+(?:single\s+)?(?:case|matter|trial|suit|appeal)|undefeated|unbeaten(?:\s+record)?|(?:perfect|flawless|winning)\s+(?:record|streak))`,
      reason: SUCCESS,
    },
    {
      id: 'guaranteed-result',
      kind: 'success-claim',
      pattern: String.raw`(?:guarantee(?:d|s)?\s+${UP_TO_TWO_WORDS}(?:results?|success|outcomes?|wins?|victory|acquittals?|bail|compensation)|(?:results?|success|wins?|victory|acquittals?|bail|outcomes?)\s+(?:is\s+|are\s+)?guaranteed|(?:assured|sure[-\s]shot|100\s*%)\s+(?:results?|success|wins?|victory|acquittals?|bail))`,
      reason: SUCCESS,
    },
    {
      id: 'cases-won',
      kind: 'success-claim',
      pattern: String.raw`(?:won\s+(?:over\s+|more\s+than\s+|nearly\s+)?\d[\d,]*\+?\s+(?:cases|matters|suits|trials|appeals)|\d[\d,]*\+?\s+(?:cases|matters|suits|trials|appeals)\s+won)`,
      reason: SUCCESS,
    },
    // Solicitation.
    {
      id: 'call-now',
      kind: 'solicitation',
      pattern: String.raw`(?:(?:call|contact|phone|ring|whatsapp|message|email|e-mail|write\s+to|reach)\s+(?:us\s+)?(?:now|today|right\s+away|immediately|at\s+once)|(?:book|act|hire\s+us|enquire|inquire)\s+now|hurry,?\s+(?:call|contact|book|write))`,
      reason: SOLICIT,
    },
    {
      id: 'free-consultation',
      kind: 'solicitation',
      // Offers of a free consultation; not free legal aid or advice at a legal aid camp, which is lawful.
      pattern: String.raw`(?:free\s+(?:(?:first|initial|legal|case|online|phone|telephone|video)\s+){0,2}(?:consultations?|case\s+(?:reviews?|evaluations?|assessments?))|free\s+(?:first|initial)\s+(?:legal\s+)?advice|(?:first\s+|initial\s+)?consultations?\s+(?:is\s+|are\s+)?(?:free|at\s+no\s+(?:cost|charge))|no\s+win,?\s+no\s+fees?)`,
      reason: SOLICIT,
    },
    {
      id: 'fee-discount',
      kind: 'solicitation',
      pattern: String.raw`(?:${PERCENT}\s+(?:off|discount)|discount(?:s|ed)?\s+(?:on\s+)?(?:our\s+)?(?:fees?|rates?|charges?|consultations?)|(?:fees?|rates?|charges?)\s+(?:slashed|discounted|halved)|(?:lowest|cheapest)\s+(?:fees?|rates?|charges?|prices?)|special\s+offer|limited[-\s]time\s+offer)`,
      reason: SOLICIT,
    },
    // Comparisons with other advocates.
    {
      id: 'comparison',
      kind: 'comparison',
      pattern: String.raw`(?:better\s+than\s+(?:any\s+|all\s+|most\s+)?(?:other\s+)?${UP_TO_TWO_WORDS}${PROFESSION}|(?:unlike|compared\s+(?:to|with))\s+(?:other|most|many|the\s+other)\s+${UP_TO_TWO_WORDS}${PROFESSION}|than\s+(?:any|all|most)\s+(?:other\s+)?${UP_TO_TWO_WORDS}${PROFESSION}|than\s+other\s+${UP_TO_TWO_WORDS}${PROFESSION}|(?:other|rival|competing)\s+${PROFESSION}\s+(?:charge|cannot|can['’]t|won['’]t|fail|lose))`,
      reason: COMPARE,
    },
    // A client's full name in a case write-up (case-sensitive: a name is capitalised).
    {
      id: 'client-name-honorific',
      kind: 'client-name',
      scope: 'case-write-up',
      caseSensitive: true,
      // "Mr. Rajan Pillai", "Smt. K. Latha"; not "Mr. Justice …" (a judge) nor a surname alone.
      pattern: String.raw`(?:Mr|Mrs|Ms|Miss|Mx|Shri|Sri|Smt|Kumari|Km)\.?\s+(?!Justice\b)(?:(?:\p{Lu}\.\s*)+${NAME}|${NAME}(?:\s+\p{Lu}\.)*(?:\s+${NAME})+)`,
      reason: CLIENT,
    },
    {
      id: 'client-name-role',
      kind: 'client-name',
      scope: 'case-write-up',
      caseSensitive: true,
      // "our client Rajan Pillai", "the petitioner, K. Latha".
      pattern: String.raw`(?:[Cc]lient|[Pp]etitioner|[Cc]omplainant|[Aa]ppellant|[Pp]laintiff|[Aa]pplicant|[Cc]laimant|[Aa]ccused|[Ee]mployee|[Tt]enant|[Ll]andlord|[Bb]uyer|[Ww]ife|[Hh]usband)s?,?\s+(?!(?:The|In|On|At|For|And|But|Under|Before|After|This|That|When|While|Who|Which|Section|Article|Court|High|Supreme|District|Family|State|Union|Bank|Company|Mr|Mrs|Ms|Shri|Sri|Smt)\b)(?:(?:\p{Lu}\.\s*)+${NAME}|${NAME}(?:\s+\p{Lu}\.)*(?:\s+${NAME})+)`,
      reason: CLIENT,
    },
  ],
  // Hindi: a first set in Devanagari, matched as whole words like the English rules.
  hi: [
    {
      id: 'hi-superlative',
      kind: 'superlative',
      pattern: String.raw`(?:सर्वश्रेष्ठ|सबसे\s+अच्छे|नंबर\s*(?:1|एक|१))`,
      reason: SELF_PRAISE,
    },
    {
      id: 'hi-success-rate',
      kind: 'success-claim',
      pattern: String.raw`(?:\d{1,3}|[०-९]{1,3})\s*%\s*(?:सफलता|जीत)`,
      reason: SUCCESS,
    },
    {
      id: 'hi-free-consultation',
      kind: 'solicitation',
      pattern: String.raw`(?:मुफ़्त|मुफ्त|निःशुल्क)\s+(?:कानूनी\s+)?(?:परामर्श|सलाह)`,
      reason: SOLICIT,
    },
  ],
  // Malayalam: a first set.
  ml: [
    {
      id: 'ml-superlative',
      kind: 'superlative',
      pattern: String.raw`(?:ഏറ്റവും\s+മികച്ച|നമ്പർ\s*(?:1|വൺ))`,
      reason: SELF_PRAISE,
    },
    {
      id: 'ml-free-consultation',
      kind: 'solicitation',
      pattern: String.raw`സൗജന്യ\s+(?:നിയമ\s+)?(?:ഉപദേശം|കൺസൾട്ടേഷൻ|കൂടിയാലോചന)`,
      reason: SOLICIT,
    },
  ],
};

const NOT_WORD = String.raw`[\p{L}\p{M}\p{N}_]`;

interface Compiled {
  rule: Rule36Rule;
  re: RegExp;
}

let compiled: Compiled[] | null = null;

/** Every rule of every language, compiled once. */
function allCompiled(): Compiled[] {
  compiled ??= Object.values(RULE36_RULES)
    .flat()
    .map((rule) => ({
      rule,
      re: new RegExp(`(?<!${NOT_WORD})(?:${rule.pattern})(?!${NOT_WORD})`, rule.caseSensitive ? 'gu' : 'giu'),
    }));
  return compiled;
}

export interface CheckOptions {
  /** Include the rules of that scope (e.g. client names in case write-ups). */
  scope?: Rule36Scope;
}

/**
 * Findings in a plain text, in order of position. Overlapping findings of the same kind are reported
 * once (the earlier, then longer, passage), so one phrase is not listed twice for the same reason.
 */
export function checkRule36(text: string, options: CheckOptions = {}): Rule36Finding[] {
  const found: Rule36Finding[] = [];
  if (!text) return found;
  for (const { rule, re } of allCompiled()) {
    const scope = rule.scope ?? 'all';
    if (scope !== 'all' && scope !== options.scope) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      found.push({ rule: rule.id, kind: rule.kind, excerpt: m[0], start: m.index, end: m.index + m[0].length, reason: rule.reason });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Rule36Finding[] = [];
  for (const f of found) {
    if (kept.some((k) => k.kind === f.kind && f.start < k.end && k.start < f.end)) continue;
    kept.push(f);
  }
  return kept;
}

/** One plain sentence naming the findings (the 409's message; the spec's client shows it as it is). */
export function rule36Message(findings: readonly Rule36Finding[], strict: boolean): string {
  const quoted = findings.slice(0, 5).map((f) => `"${f.excerpt}" (${RULE36_KIND_LABEL[f.kind]})`);
  const more = findings.length > 5 ? ` and ${findings.length - 5} more` : '';
  const list = quoted.length > 1 && !more ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted.join(', ') + more;
  return strict
    ? `Not published: Bar Council of India Rule 36 does not allow ${list}, and strict Rule 36 mode accepts no override, so please reword ${findings.length === 1 ? 'it' : 'them'}.`
    : `Not published: Bar Council of India Rule 36 does not allow ${list}; please reword ${findings.length === 1 ? 'it' : 'them'} or publish with an override reason.`;
}

// --- Records of content groups -------------------------------------------------------------------

/** The text a finding's start and end count in: the field's value, HTML reduced to its text. */
export function rule36FieldText(def: ResourceDef, field: string, value: unknown): string {
  if (typeof value !== 'string') return '';
  return def.fields[field]?.type === 'html' ? stripTags(value) : value;
}

/** Findings in a record's checked fields, each naming its field. */
export function checkRecordRule36(def: ResourceDef, values: Readonly<Record<string, unknown>>): Rule36Finding[] {
  // The fields and scope each group declares (`rule36`); HTML is checked as its text, files are not read.
  const { fields, scope } = def.rule36;
  return fields.flatMap((field) =>
    checkRule36(rule36FieldText(def, field, values[field]), { scope }).map((f) => ({ ...f, field })),
  );
}
