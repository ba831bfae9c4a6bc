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
import type { ResourceDef, SiteRow } from '../kit';
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

// Shared vocabulary of the Hindi and Malayalam rules (decision 0077). Neither script has capitals or
// \b word boundaries; the checker wraps every pattern in Unicode-aware boundaries and matches on folded text.
/** One word of an Indic script (letters and their vowel signs, viramas, anusvara…). */
const IW = String.raw`[\p{L}\p{M}]+`;
/** A number in any script's digits ("100", "१००", "൧൦൦"). */
const NUM = String.raw`\p{Nd}{1,3}(?:[.,]\p{Nd}+)?`;
/** Initials: "के. ", "കെ.", "കെ.ആർ. ". */
const INITIALS = String.raw`(?:[\p{L}\p{M}]{1,3}\.\s*)+`;
/** The rest of the sentence (Latin full stop, danda, question or exclamation mark, line break end it). */
const SAME_SENTENCE = String.raw`[^.।!?\n]*`;

const HI_PCT = String.raw`${NUM}\s*(?:%|प्रतिशत|फीसदी|परसेंट)`;
const HI_FUNC = String.raw`(?:का|की|के|में|से|को|पर|और|या|है|हैं|था|थे|ने|तक|लिए|एक|जो|यह|वह)`;
const HI_UP_TO_TWO = String.raw`(?:(?!${HI_FUNC}\s)${IW}\s+){0,2}?`;
const HI_PROF = String.raw`(?:वकील(?:ों)?|अधिवक्ता(?:ओं)?|एडवोकेट(?:्स|ों)?|लॉयर(?:्स|ों)?|(?:लॉ|विधि|कानूनी|लीगल)\s+(?:फर्म(?:ों|ें)?|ऑफिस|चैंबर(?:्स)?|टीम|सलाहकार(?:ों)?|सेवा(?:एं|एँ|ओं)?|एक्सपर्ट(?:्स)?|विशेषज्ञ(?:ों)?)|फर्म(?:ों|ें)?)`;
/** Parties numbered in a case ("प्रतिवादी नंबर 1") are not a ranking. */
const HI_PARTY = String.raw`(?:प्रतिवादी|याचिकाकर्ता|अभियुक्त|आरोपी|गवाह|साक्षी|वादी|अपीलार्थी|आवेदक|याचिका|केस|मामला|अनुसूची)`;
const HI_CLAIM = String.raw`(?:सर्वश्रेष्ठ|सर्वोत्तम|सबसे\s+(?:अच्छे|अच्छा|अच्छी|बढ़िया|बेहतरीन|बड़े|बड़ा|बड़ी|काबिल|योग्य|तेज)|बेहतरीन|बेस्ट|टॉप(?:\s+(?:रेटेड|रैंक्ड|\p{Nd}+))?|अव्वल|अग्रणी|नामी|(?<!${HI_PARTY}\s+)(?:नंबर\s*(?:1|वन|एक|१)|नं\.?\s*(?:1|१)|no\.?\s*1|#\s*1))`;
const HI_GUARANTEE = String.raw`(?:गारंटी|गारंटीड|गैरंटी|गारण्टी)`;
const HI_OUTCOME = String.raw`(?:सफलता|जीत|जमानत|बेल|तलाक|डिवोर्स|रिहाई|बरी|परिणाम|नतीजा|नतीजे|रिजल्ट|मुआवजा|फैसला|डिक्री)`;
const HI_LEGAL_AID = String.raw`(?:विधिक\s+सेवा|कानूनी\s+सेवा\s+प्राधिकरण|लीगल\s+(?:एड|सर्विसेज)|प्राधिकरण|लोक\s+अदालत|शिविर)`;
/** Words that follow an honorific but are not a name (postpositions, "judge"). */
const HI_STOP = String.raw`(?:ने|को|का|की|के|से|में|पर|और|एवं|तथा|या|है|हैं|था|थी|थे|द्वारा|जो|बनाम|न्यायमूर्ति|जस्टिस|माननीय)`;

const ML_PCT = String.raw`${NUM}\s*(?:%|ശതമാനം)`;
const ML_UP_TO_TWO = String.raw`(?:${IW}\s+){0,2}?`;
/** Stems of the profession's nouns; Malayalam adds case endings to them. */
const ML_PROF_STEM = String.raw`(?:അഭിഭാഷക|വക്കീൽ|വക്കീല|അഡ്വക്കേറ്റ|ലോയർ|ലോയേഴ്സ|(?:ലോ|ലീഗൽ)\s*(?:ഫേ[മം]|ഫേർമ|ഓഫീസ|ടീം|സർവീസ)|നിയമ\s*(?:സ്ഥാപന|വിദഗ്[ദധ]|ഉപദേഷ്ട|സംഘ)|നിയമോപദേഷ്ട|നിയമജ്ഞ)`;
const ML_PROF = String.raw`${ML_PROF_STEM}[\p{L}\p{M}]*`;
/** Parties numbered in a case ("പ്രതി നമ്പർ 1 ന്റെ അഭിഭാഷകൻ") are not a ranking. */
const ML_PARTY = String.raw`(?:പ്രതി|എതിർ\s*കക്ഷി|ഹർജിക്കാര|സാക്ഷി|ഹർജി|കേസ്|വാദി|അപ്പീൽ|കക്ഷി)[\p{L}\p{M}]*`;
const ML_CLAIM = String.raw`(?:ഏറ്റവും\s+(?:മികച്ച|നല്ല|മുന്തിയ|മിടുക്ക|പ്രഗത്ഭ|പ്രഗൽഭ)[\p{L}\p{M}]*|ബെസ്റ്റ്|ടോപ്പ്|ടോപ്|(?<!${ML_PARTY}\s+)(?:നമ്പർ\s*(?:1|൧|വൺ)|നം\.?\s*1|no\.?\s*1|#\s*1)(?![\s-]*(?:ന്റെ|നു|ന്|ാം|ആം))|ഒന്നാം\s*(?:നമ്പർ|നിര)|മുൻനിര[\p{L}\p{M}]*|പ്രമുഖ[\p{L}\p{M}]*|ഒന്നാംകിട|മുൻപന്തിയിലുള്ള)`;
/** Outcomes promised: a win, bail (not "ജാമ്യാപേക്ഷ", a bail application), divorce, acquittal, compensation. */
const ML_OUTCOME = String.raw`(?:വിജയ[\p{L}\p{M}]*|ജയം|ജാമ്യ(?!ാപേക്ഷ|ക്കാര|ത്തുക)[\p{L}\p{M}]*|വിവാഹമോചന[\p{L}\p{M}]*|ഡിവോഴ്സ്|ബെയിൽ|ഫലം|ഫലങ്ങൾ|റിസൾട്ട്|നഷ്ടപരിഹാര[\p{L}\p{M}]*|കുറ്റവിമുക്ത[\p{L}\p{M}]*|അനുകൂല\s+വിധി)`;
const ML_LEGAL_AID = String.raw`(?:നിയമ\s*സേവന|ലീഗൽ\s+സർവീസ|ലീഗൽ\s+എയ്ഡ|അദാലത്ത|ക്യാമ്പ|അതോറിറ്റി)`;

/**
 * The rule set, keyed by language. Which sets apply to a text is chosen by its locale (rulesFor): English
 * text gets every set (an English page may quote Hindi or Malayalam), a translation gets the English set
 * (translations carry English phrases) and its own (decision 0077).
 */
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
  // Hindi (Devanagari, with the English loan words written in it: "नंबर 1 वकील", "फ्री कंसल्टेशन").
  // Matched on folded text (see foldForRule36): no nukta, so "मुफ़्त" and "मुफ्त" are one word.
  hi: [
    {
      id: 'hi-superlative',
      kind: 'superlative',
      pattern: String.raw`${HI_CLAIM}\s+${HI_UP_TO_TWO}${HI_PROF}`,
      reason: SELF_PRAISE,
    },
    {
      // "भारत के नंबर 1", "केरल के सर्वश्रेष्ठ": a place's ranking (not "राज्य का सर्वोत्तम हित").
      id: 'hi-ranking-place',
      kind: 'superlative',
      pattern: String.raw`(?:भारत|हिंदुस्तान|देश|केरल|कोच्चि|कोचीन|एर्नाकुलम|तिरुवनंतपुरम|कोझिकोड|बेंगलुरु|बैंगलोर|चेन्नई|दिल्ली|मुंबई|दक्षिण\s+भारत|शहर)\s+(?:का|की|के|में)\s+(?:सर्वश्रेष्ठ|सबसे\s+(?:अच्छे|अच्छा|अच्छी|बढ़िया|भरोसेमंद|विश्वसनीय)|बेस्ट|नंबर\s*(?:1|वन|एक|१)|नं\.?\s*(?:1|१)|no\.?\s*1|#\s*1)`,
      reason: SELF_PRAISE,
    },
    {
      id: 'hi-most-trusted',
      kind: 'superlative',
      pattern: String.raw`सबसे\s+(?:भरोसेमंद|भरोसेमन्द|विश्वसनीय|अनुभवी|सफल|कामयाब|प्रसिद्ध|मशहूर|प्रतिष्ठित|लोकप्रिय|नामी)`,
      reason: SELF_PRAISE,
    },
    {
      id: 'hi-unrivalled',
      kind: 'superlative',
      pattern: String.raw`(?:बेजोड़|बेमिसाल|अद्वितीय|लाजवाब|अतुलनीय|(?:पुरस्कार|अवॉर्ड)[\s-]*(?:विजेता|प्राप्त|विनिंग))\s+${HI_UP_TO_TWO}${HI_PROF}`,
      reason: SELF_PRAISE,
    },
    {
      id: 'hi-success-rate',
      kind: 'success-claim',
      pattern: String.raw`${HI_PCT}\s*(?:${IW}\s+){0,2}?(?:सफलता|जीत|कामयाबी|सक्सेस|रिजल्ट|परिणाम|नतीजे|नतीजा|बरी)|(?:सफलता|जीत|सक्सेस|कामयाबी)\s+(?:दर|रेट|अनुपात|का\s+रिकॉर्ड)\s+(?:है\s+)?(?:लगभग\s+|करीब\s+|(?:से\s+)?(?:अधिक|ज्यादा)\s+)?${HI_PCT}`,
      reason: SUCCESS,
    },
    {
      id: 'hi-never-lost',
      kind: 'success-claim',
      pattern: String.raw`(?:कभी\s+(?:भी\s+)?(?:कोई\s+|एक\s+भी\s+)?|एक\s+भी\s+|आज\s+तक\s+(?:कोई\s+|एक\s+भी\s+)?)(?:केस|मुकदमा|मुकद्दमा|मामला)\s+नहीं\s+(?:हारे|हारा|हारी|हारते|हारें)|(?:हम|हमारे\s+${HI_PROF})\s+(?:आज\s+तक\s+)?कभी\s+(?:भी\s+)?(?:नहीं\s+हार|हारे\s+नहीं)[\p{L}\p{M}]*|(?:अजेय|अपराजित)\s+(?:रिकॉर्ड|${HI_PROF})`,
      reason: SUCCESS,
    },
    {
      // "गारंटीड जीत", "100% जमानत", "जमानत की गारंटी", "तलाक पक्का"; not "परिणाम की गारंटी नहीं" (a lawful caveat).
      id: 'hi-guaranteed-result',
      kind: 'success-claim',
      pattern: String.raw`(?:${HI_GUARANTEE}(?:शुदा)?|पक्की|पक्का|पक्के|शत\s*-?\s*प्रतिशत|100\s*%|सौ\s+प्रतिशत|श्योर\s*शॉट)\s+(?:(?:से|के\s+साथ)\s+)?${HI_OUTCOME}|${HI_OUTCOME}\s+(?:की\s+|का\s+|के\s+)?(?:100\s*%\s+|पूरी\s+|पक्की\s+)?(?:${HI_GUARANTEE}|पक्की|पक्का)(?!\s+नहीं)`,
      reason: SUCCESS,
    },
    {
      id: 'hi-cases-won',
      kind: 'success-claim',
      pattern: String.raw`\p{Nd}[\p{Nd},]*\s*\+?\s*(?:से\s+(?:ज्यादा|अधिक)\s+)?(?:केस|केसों|मुकदमे|मुकदमों|मामले|मामलों)\s+(?:में\s+)?(?:जीते|जिताए|जीत\s+चुके|जीत\s+दिलाई|जीत)`,
      reason: SUCCESS,
    },
    {
      // "अभी कॉल करें", "आज ही संपर्क करें"; not "रजिस्ट्री को कॉल करें".
      id: 'hi-call-now',
      kind: 'solicitation',
      pattern: String.raw`(?:अभी|आज\s+ही|तुरंत|फौरन|जल्दी)\s+(?:हमें\s+|हमसे\s+|हमको\s+)?(?:कॉल|फोन|संपर्क|सम्पर्क|व्हाट्सऐप|व्हाट्सएप|मैसेज|बुक|(?:अपॉइंटमेंट|परामर्श)\s+बुक)\s+(?:करें|कीजिए|करो|करिए)|(?:कॉल|फोन|संपर्क|सम्पर्क)\s+(?:करें|कीजिए|करो|करिए)\s+(?:अभी|आज\s+ही|तुरंत)|कॉल\s+नाउ`,
      reason: SOLICIT,
    },
    {
      // Offers of a free consultation; not free legal aid under the Legal Services Authorities Act
      // ("मुफ्त कानूनी सहायता") nor advice at a legal services camp in the same sentence.
      id: 'hi-free-consultation',
      kind: 'solicitation',
      pattern: String.raw`(?:(?:मुफ्त|निःशुल्क|नि:शुल्क|निशुल्क|फ्री)\s+(?:(?:पहला|पहली|प्रारंभिक|शुरुआती|ऑनलाइन|फोन|टेलीफोन|वीडियो|कानूनी|लीगल)\s+){0,2}(?:परामर्श|सलाह|कंसल्टेशन|कन्सल्टेशन|केस\s+(?:समीक्षा|रिव्यू|मूल्यांकन))|(?:पहला\s+|पहली\s+|प्रारंभिक\s+)?(?:परामर्श|कंसल्टेशन|सलाह)\s+(?:बिल्कुल\s+|पूरी\s+तरह\s+)?(?:मुफ्त|निःशुल्क|नि:शुल्क|निशुल्क|फ्री))(?<!${HI_LEGAL_AID}${SAME_SENTENCE})(?!${SAME_SENTENCE}${HI_LEGAL_AID})`,
      reason: SOLICIT,
    },
    {
      // Fee offers; not court-fee or stamp-duty exemptions, nor tax rebates.
      id: 'hi-fee-discount',
      kind: 'solicitation',
      pattern: String.raw`${HI_PCT}\s+(?:डिस्काउंट|ऑफ)|(?<!(?:कोर्ट|न्यायालय|स्टाम्प|स्टांप|अदालत|अदालती)\s+)(?:फीस|शुल्क)\s+(?:में|पर)\s+(?:${HI_PCT}\s+(?:की\s+)?)?(?:छूट|डिस्काउंट|कटौती)|${HI_PCT}\s+(?:की\s+)?छूट\s+(?:फीस|शुल्क)|सबसे\s+(?:कम|सस्ती|सस्ते|सस्ता)\s+(?:फीस|शुल्क|दरें|रेट)|(?:स्पेशल|विशेष)\s+ऑफर|(?:सीमित\s+समय|लिमिटेड\s+टाइम)\s+(?:का\s+)?ऑफर|नो\s+विन,?\s+नो\s+फीस|जीत\s+नहीं\s+तो\s+फीस\s+नहीं`,
      reason: SOLICIT,
    },
    {
      id: 'hi-comparison',
      kind: 'comparison',
      pattern: String.raw`(?:दूसरे|अन्य|बाकी)\s+${HI_UP_TO_TWO}${HI_PROF}\s+(?:की\s+तुलना\s+में|के\s+मुकाबले|के\s+विपरीत)|(?:दूसरे|अन्य|बाकी|किसी\s+भी(?:\s+अन्य)?|सभी)\s+${HI_UP_TO_TWO}${HI_PROF}\s+से\s+(?:(?:कहीं|ज्यादा|अधिक|बहुत)\s+)?(?:बेहतर|अच्छे|अच्छा|सस्ते|तेज|अनुभवी|सफल|श्रेष्ठ|काबिल)`,
      reason: COMPARE,
    },
    {
      // "श्रीमती अनीता मेनन ने …", "श्री के. राजन"; not a judge ("न्यायमूर्ति श्री …", "श्री न्यायमूर्ति …").
      // Devanagari has no capitals, so the passage is the honorific, any initials and the first name,
      // and a second word only when a postposition or a comma follows it.
      id: 'hi-client-name-honorific',
      kind: 'client-name',
      scope: 'case-write-up',
      pattern: String.raw`(?<!(?:न्यायमूर्ति|जस्टिस|माननीय|न्यायाधीश|जज)\s+)(?:श्रीमती|श्रीमति|श्रीमान|सुश्री|श्री|कुमारी|कु\.|मिस्टर|मिसेज|मिसेस|मिस)\.?\s+(?:${INITIALS})?(?!${HI_STOP}(?![\p{L}\p{M}]))${IW}(?:\s+(?!${HI_STOP}(?![\p{L}\p{M}]))${IW}(?=\s+(?:ने|को|का|की|के|से|और|एवं|तथा|द्वारा)(?![\p{L}\p{M}])|\s*[,।]))?`,
      reason: CLIENT,
    },
    {
      // "याचिकाकर्ता के. लता": a role followed by initials and a name.
      id: 'hi-client-name-role',
      kind: 'client-name',
      scope: 'case-write-up',
      pattern: String.raw`(?:मुवक्किल|मुअक्किल|क्लाइंट|याचिकाकर्ता|याचिकाकर्त्री|वादी|प्रतिवादी|अपीलार्थी|अपीलकर्ता|शिकायतकर्ता|परिवादी|आवेदक|आवेदिका|अभियुक्त|आरोपी|किरायेदार|पत्नी|पति)\s*,?\s+${INITIALS}${IW}`,
      reason: CLIENT,
    },
  ],
  // Malayalam (with English loan words written in it: "ബെസ്റ്റ് അഡ്വക്കേറ്റ്", "ഫ്രീ കൺസൾട്ടേഷൻ"). Malayalam
  // joins case endings to the word, so nouns are stems followed by any letters ("അഭിഭാഷകരെ", "വക്കീലിന്റെ").
  ml: [
    {
      id: 'ml-superlative',
      kind: 'superlative',
      pattern: String.raw`${ML_CLAIM}\s+${ML_UP_TO_TWO}${ML_PROF}`,
      reason: SELF_PRAISE,
    },
    {
      // "കേരളത്തിലെ നമ്പർ 1", "കൊച്ചിയിലെ ഏറ്റവും മികച്ച" (not "സംസ്ഥാനത്തിന്റെ ഏറ്റവും മികച്ച താൽപര്യം").
      id: 'ml-ranking-place',
      kind: 'superlative',
      pattern: String.raw`(?:ഇന്ത്യ|ഭാരത|കേരള|കൊച്ചി|എറണാകുള|തിരുവനന്തപുര|കോഴിക്കോ|ബെംഗളൂരു|ബാംഗ്ലൂ|ചെന്നൈ|ഡൽഹി|ദക്ഷിണേന്ത്യ|നഗര|സംസ്ഥാന|രാജ്യ)[\p{L}\p{M}]*(?:ലെ|ത്തെ)\s+(?:ഏറ്റവും\s+(?:മികച്ച|നല്ല|വിശ്വസ്ത|പ്രശസ്ത)[\p{L}\p{M}]*|നമ്പർ\s*(?:1|൧|വൺ)|ഒന്നാം\s*നമ്പർ|no\.?\s*1|#\s*1)`,
      reason: SELF_PRAISE,
    },
    {
      id: 'ml-most-trusted',
      kind: 'superlative',
      pattern: String.raw`ഏറ്റവും\s+(?:വിശ്വസ്ത|വിശ്വസനീയ|പരിചയസമ്പന്ന|പരിചയ\s+സമ്പന്ന|അനുഭവസമ്പന്ന|വിജയകരമായ|വിജയിച്ച|പ്രശസ്ത|ജനപ്രിയ|ആദരണീയ|പേരുകേട്ട)[\p{L}\p{M}]*`,
      reason: SELF_PRAISE,
    },
    {
      id: 'ml-unrivalled',
      kind: 'superlative',
      pattern: String.raw`(?:സമാനതകളില്ലാത്ത|എതിരില്ലാത്ത|അതുല്യ[\p{L}\p{M}]*|അവാർഡ്\s+(?:നേടിയ|ജേതാ[\p{L}\p{M}]*)|പുരസ്കാര\s*(?:ജേതാ[\p{L}\p{M}]*|ം\s+നേടിയ))\s+${ML_UP_TO_TWO}${ML_PROF}`,
      reason: SELF_PRAISE,
    },
    {
      id: 'ml-success-rate',
      kind: 'success-claim',
      pattern: String.raw`${ML_PCT}\s*(?:${IW}\s+){0,2}?(?:വിജയ[\p{L}\p{M}]*|ജയം|ജയിച്ച[\p{L}\p{M}]*|സക്സസ്|അനുകൂല\s+വിധി|കുറ്റവിമുക്ത[\p{L}\p{M}]*)|(?:വിജയ|സക്സസ്)\s*(?:നിരക്ക്|ശതമാനം|റേറ്റ്)[\p{L}\p{M}]*\s+(?:${IW}\s+)?${ML_PCT}`,
      reason: SUCCESS,
    },
    {
      // "ഒരു കേസ് പോലും തോറ്റിട്ടില്ല", "തോൽവി അറിയാത്ത"; not "കൈവശം ഒരിക്കലും നഷ്ടപ്പെട്ടിട്ടില്ല".
      id: 'ml-never-lost',
      kind: 'success-claim',
      pattern: String.raw`(?:ഒരു\s+)?(?:കേസ്|കേസും|കേസുപോലും|കേസുകളും|കേസിലും)(?:\s+പോലും)?\s+(?:(?:ഞങ്ങൾ|ഇതുവരെ)\s+)*(?:തോറ്റിട്ടില്ല|തോറ്റിട്ടേയില്ല|പരാജയപ്പെട്ടിട്ടില്ല|തോൽക്കില്ല|തോൽക്കാറില്ല)|(?:ഞങ്ങൾ|ഞങ്ങളുടെ\s+${ML_PROF})\s+(?:(?:ഇതുവരെ|ഒരിക്കലും)\s+)+(?:തോറ്റിട്ടില്ല|പരാജയപ്പെട്ടിട്ടില്ല|തോൽക്കില്ല)|(?:തോൽവി|പരാജയം)\s+അറിയാത്ത|തോൽവിയറിയാത്ത|പരാജയമറിയാത്ത`,
      reason: SUCCESS,
    },
    {
      // "ഉറപ്പായ വിജയം", "ജാമ്യം ഉറപ്പ്", "100% വിവാഹമോചനം"; not "ഫലം ഉറപ്പ് നൽകാനാവില്ല" (a lawful caveat),
      // nor "ജാമ്യാപേക്ഷ" (a bail application) or "ഭരണഘടന ഉറപ്പുനൽകുന്ന അവകാശം".
      id: 'ml-guaranteed-result',
      kind: 'success-claim',
      pattern: String.raw`(?:ഉറപ്പായ|ഉറപ്പുള്ള|ഉറപ്പായും|ഉറപ്പുനൽകുന്ന|ഗ്യാരണ്ടി(?:യുള്ള|യോടെ|യായ)?|ഗ്യാരന്റി(?:യുള്ള|യോടെ|യായ)?|ഗ്യാരന്റീഡ്|100\s*%|നൂറ്\s*ശതമാനം|സുനിശ്ചിത|തീർച്ചയായും|ഷുവർ\s*ഷോട്ട്)\s+(?:${IW}\s+)?${ML_OUTCOME}|${ML_OUTCOME}\s+(?:100\s*%\s+|നൂറ്\s*ശതമാനം\s+)?(?:ഉറപ്പ്|ഉറപ്പാണ്|ഉറപ്പാക്കും|ഉറപ്പാക്കിത്തരും|ഉറപ്പായും|ഗ്യാരണ്ടി|ഗ്യാരന്റി)(?!\s*(?:ഇല്ല|നൽകാനാവില്ല|നൽകാൻ\s+കഴിയില്ല|നൽകാനാകില്ല))`,
      reason: SUCCESS,
    },
    {
      id: 'ml-cases-won',
      kind: 'success-claim',
      pattern: String.raw`\p{Nd}[\p{Nd},]*\+?(?:\s*-?\s*(?:ൽ\s*അധികം|ലധികം|ൽപ്പരം|ൽപരം|ഓളം|ത്തിലധികം|ൽ\s+കൂടുതൽ|ലേറെ|ത്തോളം))?\s+(?:കേസുകൾ|കേസുകളിൽ|കേസുകളിലും|കേസ്|കേസുകളാണ്)\s+(?:(?:ഞങ്ങൾ|ഇതുവരെ)\s+)*(?:വിജയിച്ചു|വിജയിച്ച|വിജയിപ്പിച്ചു|വിജയിപ്പിച്ച|ജയിച്ചു|ജയിച്ച|വിജയം)`,
      reason: SUCCESS,
    },
    {
      // "ഇപ്പോൾ തന്നെ വിളിക്കൂ", "ഇന്നുതന്നെ ഞങ്ങളെ ബന്ധപ്പെടൂ"; not "രജിസ്ട്രിയെ വിളിക്കുക".
      id: 'ml-call-now',
      kind: 'solicitation',
      pattern: String.raw`(?:ഇപ്പോൾ|ഇന്ന്|ഇന്നു|ഉടൻ|ഉടനെ|ഉടനടി)\s*(?:തന്നെ)?\s+(?:ഞങ്ങളെ\s+)?(?:വിളിക്കൂ|വിളിക്കുക|ബന്ധപ്പെടൂ|ബന്ധപ്പെടുക|(?:കോൾ|വാട്ട്സ്ആപ്പ്|വാട്സാപ്പ്|മെസേജ്|ബുക്ക്)\s+ചെയ്യൂ|(?:കോൾ|ബുക്ക്)\s+ചെയ്യുക)|(?:വിളിക്കൂ|ബന്ധപ്പെടൂ)\s+(?:ഇപ്പോൾ|ഇന്നുതന്നെ|ഇന്ന്\s+തന്നെ|ഉടൻ)`,
      reason: SOLICIT,
    },
    {
      // Offers of a free consultation; not free legal aid ("സൗജന്യ നിയമ സഹായം") nor advice at a legal
      // services camp or adalat in the same sentence.
      id: 'ml-free-consultation',
      kind: 'solicitation',
      pattern: String.raw`(?:(?:സൗജന്യ(?:മായ|മായി|മാണ്)?|ഫ്രീ(?:യായി|യായ)?)\s+(?:(?:ആദ്യ|പ്രാഥമിക|ഓൺലൈൻ|ഫോൺ|നിയമ|ലീഗൽ)\s+){0,2}(?:ഉപദേശ|കൺസൾട്ടേഷ|കൂടിയാലോചന|നിയമോപദേശ|കൺസൾട്ടിങ്|കൺസൾട്ടിംഗ്|കേസ്\s+(?:വിലയിരുത്തൽ|പരിശോധന))[\p{L}\p{M}]*|(?:ആദ്യ\s+|പ്രാഥമിക\s+)?(?:കൺസൾട്ടേഷൻ|കൂടിയാലോചന|ഉപദേശം|നിയമോപദേശം)\s+(?:തികച്ചും\s+|പൂർണ്ണമായും\s+)?(?:സൗജന്യ|ഫ്രീ)[\p{L}\p{M}]*)(?<!${ML_LEGAL_AID}${SAME_SENTENCE})(?!${SAME_SENTENCE}${ML_LEGAL_AID})`,
      reason: SOLICIT,
    },
    {
      // Fee offers; not court-fee or stamp-duty exemptions, interest or tax concessions.
      id: 'ml-fee-discount',
      kind: 'solicitation',
      pattern: String.raw`(?<!(?:കോടതി|കോർട്ട്|സ്റ്റാമ്പ്|പലിശ|നികുതി)\s*)(?:ഞങ്ങളുടെ\s+)?(?:ഫീ|ചാർജ്|കൺസൾട്ടേഷൻ\s+ഫീ)[\p{L}\p{M}]*\s+(?:${ML_PCT}\s+)?(?:വരെ\s+)?(?:ഇളവ്|കിഴിവ്|ഡിസ്കൗണ്ട്)|${ML_PCT}\s+(?:വരെ\s+)?(?:ഡിസ്കൗണ്ട്|ഓഫ്)|ഏറ്റവും\s+കുറഞ്ഞ\s+(?:ഫീസ്|നിരക്ക്|ചാർജ്)[\p{L}\p{M}]*|(?:സ്പെഷ്യൽ|പ്രത്യേക)\s+ഓഫർ|(?:പരിമിത\s*കാല|ലിമിറ്റഡ്)\s+ഓഫർ|ഓഫർ\s+(?:വില|നിരക്ക്)`,
      reason: SOLICIT,
    },
    {
      // "മറ്റ് അഭിഭാഷകരെക്കാൾ മികച്ച", "മറ്റു വക്കീലന്മാരിൽ നിന്ന് വ്യത്യസ്തമായി".
      id: 'ml-comparison',
      kind: 'comparison',
      pattern: String.raw`(?:മറ്റ്|മറ്റു|മറ്റുള്ള|മറ്റേതൊരു|മറ്റേത്|ഏതൊരു|മറ്റെല്ലാ|ബാക്കി)\s+(?:${IW}\s+){0,2}?(?:${ML_PROF_STEM}[\p{L}\p{M}]*?ക്കാ(?:ൾ|ളും)|${ML_PROF}\s+(?:നിന്ന്\s+)?(?:വ്യത്യസ്തമായി|അപേക്ഷിച്ച്|താരതമ്യം\s+ചെയ്യുമ്പോൾ))`,
      reason: COMPARE,
    },
    {
      // "ശ്രീമതി അനിത", "ശ്രീ. കെ. രാജൻ"; not a judge ("ജസ്റ്റിസ് …"). Malayalam has no capitals, so the
      // passage is the honorific, any initials and the first name.
      id: 'ml-client-name-honorific',
      kind: 'client-name',
      scope: 'case-write-up',
      pattern: String.raw`(?<!(?:ജസ്റ്റിസ്|ന്യായാധിപ[\p{L}\p{M}]*|ബഹുമാനപ്പെട്ട|ബഹു\.)\s*)(?:ശ്രീമതി|ശ്രീമാൻ|ശ്രീ|കുമാരി|മിസ്റ്റർ|മിസിസ്|മിസ്സ്|മിസ്)(?:\.\s*|\s+)(?:${INITIALS})?(?!ജസ്റ്റിസ്|ന്യായാധിപ)${IW}`,
      reason: CLIENT,
    },
    {
      // "ഹർജിക്കാരിയായ കെ. ലത": a role followed by initials and a name.
      id: 'ml-client-name-role',
      kind: 'client-name',
      scope: 'case-write-up',
      pattern: String.raw`(?:കക്ഷി|ഹർജിക്കാര|പരാതിക്കാര|അപ്പീൽ\s*വാദി|അപേക്ഷക|വാദി|പ്രതി|ഭാര്യ|ഭർത്താവ്|വാടകക്കാര|ക്ലയന്റ്)[\p{L}\p{M}]*\s*,?\s+${INITIALS}${IW}`,
      reason: CLIENT,
    },
  ],
};

const NOT_WORD = String.raw`[\p{L}\p{M}\p{N}_]`;

// --- Folding: the text the rules see ---------------------------------------------------------------

/** Malayalam chillus written the old way (consonant, virama, zero-width joiner) and their atomic letters. */
const OLD_CHILLU: Readonly<Record<string, string>> = {
  '\u0D23': '\u0D7A',
  '\u0D28': '\u0D7B',
  '\u0D30': '\u0D7C',
  '\u0D32': '\u0D7D',
  '\u0D33': '\u0D7E',
  '\u0D15': '\u0D7F',
};
/** A base character and the combining marks and joiners after it: folding never crosses one. */
const CLUSTER = /[^\p{M}\u200C\u200D][\p{M}\u200C\u200D]*|[\p{M}\u200C\u200D]+/gu;

/** One cluster folded: canonical form (NFC), old chillus as atomic ones, no joiners, no Devanagari nukta. */
function foldCluster(c: string): string {
  return c
    .normalize('NFD')
    .replace(/([\u0D15\u0D23\u0D28\u0D30\u0D32\u0D33])\u0D4D\u200D/gu, (_m, k: string) => OLD_CHILLU[k] ?? _m)
    .replace(/\u200C|\u200D|\u093C/gu, '')
    .normalize('NFC');
}

export interface FoldedText {
  /** The text the rules are matched on. */
  text: string;
  /** For an index into `text`, the index into the original where its cluster starts. */
  startOf: (i: number) => number;
  /** For an end index into `text`, the index into the original where the cluster before it ends. */
  endOf: (i: number) => number;
}

/**
 * The text as the rules see it (decision 0077): NFC, so decomposed (NFD) input matches; Malayalam chillus
 * written with a zero-width joiner are the atomic letters; zero-width (non-)joiners and the Devanagari
 * nukta are dropped ("मुफ़्त" = "मुफ्त"). Folding works cluster by cluster, so every index of the folded
 * text maps back to the original and findings' offsets index the text as it was given.
 */
export function foldForRule36(text: string): FoldedText {
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no folding
  if (/^[\x00-\x7F]*$/.test(text)) return { text, startOf: (i) => i, endOf: (i) => i };
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [0];
  for (const m of text.matchAll(CLUSTER)) {
    const folded = foldCluster(m[0]);
    parts.push(folded);
    for (let k = 0; k < folded.length; k++) {
      starts.push(m.index);
      ends.push(m.index + m[0].length);
    }
  }
  const folded = parts.join('');
  if (folded === text) return { text, startOf: (i) => i, endOf: (i) => i };
  return { text: folded, startOf: (i) => starts[i] ?? text.length, endOf: (i) => ends[i] ?? text.length };
}

// --- The checker ---------------------------------------------------------------------------------------

interface Compiled {
  rule: Rule36Rule;
  re: RegExp;
}

const compiledByLanguage = new Map<string, Compiled[]>();

/** One language's rules, compiled once (patterns are folded like the text, so either spelling may be written). */
function compiledSet(language: string): Compiled[] {
  let set = compiledByLanguage.get(language);
  if (!set) {
    set = (RULE36_RULES[language] ?? []).map((rule) => ({
      rule,
      re: new RegExp(
        `(?<!${NOT_WORD})(?:${foldForRule36(rule.pattern).text})(?!${NOT_WORD})`,
        rule.caseSensitive ? 'gu' : 'giu',
      ),
    }));
    compiledByLanguage.set(language, set);
  }
  return set;
}

/** The locale whose text is checked when none is named: English, the site's default language. */
export const RULE36_DEFAULT_LOCALE = 'en';

/**
 * The languages whose rules a text in `locale` is checked with (decision 0077): a translation with its
 * own rule set gets the English set and its own; English, and a locale without a set of its own, get
 * every set, as English text always has.
 */
export function rule36LanguagesFor(locale: string = RULE36_DEFAULT_LOCALE): string[] {
  const languages = Object.keys(RULE36_RULES);
  if (locale !== RULE36_DEFAULT_LOCALE && RULE36_RULES[locale]) return [RULE36_DEFAULT_LOCALE, locale];
  return languages;
}

export interface CheckOptions {
  /** Include the rules of that scope (e.g. client names in case write-ups). */
  scope?: Rule36Scope;
  /** The language the text is in ('en', 'ml', 'hi'…; default 'en'): chooses the rule sets (rule36LanguagesFor). */
  locale?: string;
}

/**
 * Findings in a plain text, in order of position. Overlapping findings of the same kind are reported
 * once (the earlier, then longer, passage), so one phrase is not listed twice for the same reason.
 * The text is matched folded (foldForRule36); `start`, `end` and `excerpt` are of the text as given.
 */
export function checkRule36(text: string, options: CheckOptions = {}): Rule36Finding[] {
  const found: Rule36Finding[] = [];
  if (!text) return found;
  const folded = foldForRule36(text);
  for (const language of rule36LanguagesFor(options.locale)) {
    for (const { rule, re } of compiledSet(language)) {
      const scope = rule.scope ?? 'all';
      if (scope !== 'all' && scope !== options.scope) continue;
      re.lastIndex = 0;
      for (let m = re.exec(folded.text); m; m = re.exec(folded.text)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const start = folded.startOf(m.index);
        const end = folded.endOf(m.index + m[0].length);
        found.push({ rule: rule.id, kind: rule.kind, excerpt: text.slice(start, end), start, end, reason: rule.reason });
      }
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

/** Findings in a record's checked fields, each naming its field; `locale` is the language of the values (default 'en'). */
export function checkRecordRule36(
  def: ResourceDef,
  values: SiteRow,
  locale: string = RULE36_DEFAULT_LOCALE,
): Rule36Finding[] {
  // The fields and scope each group declares (`rule36`); HTML is checked as its text, files are not read.
  const { fields, scope } = def.rule36;
  return fields.flatMap((field) =>
    checkRule36(rule36FieldText(def, field, values[field]), { scope, locale }).map((f) => ({ ...f, field })),
  );
}
