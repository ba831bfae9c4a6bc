/** Text helpers of the assistant: normalising, the search terms (stop words out, places unified, stems), HTML to text. */

const STOP = new Set(
  (
    'a an the and or of to in on at for by with from about into over is are was were be been being am do does did ' +
    'i me my we our us you your it its this that these those there here what which who whom whose when where why how ' +
    'can could should would will shall may might must have has had please tell show give let know any some all ' +
    'much many get got need want like just also so than then as if not no yes up more most very s site website ' +
    'currently now find search look lookup list display see view details detail info information'
  ).split(' '),
);

/** Indian places by their other spellings (every spelling is searched as one name), and a few synonyms. */
const PLACES: Record<string, string> = {
  bangalore: 'bengaluru',
  bengalooru: 'bengaluru',
  cochin: 'kochi',
  ernakulam: 'kochi',
  trivandrum: 'thiruvananthapuram',
  tvm: 'thiruvananthapuram',
  calicut: 'kozhikode',
  madras: 'chennai',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  mysore: 'mysuru',
  mangalore: 'mangaluru',
  trichur: 'thrissur',
  quilon: 'kollam',
  alleppey: 'alappuzha',
  // and a few words for the same thing
  telephone: 'phone',
  mobile: 'phone',
  tel: 'phone',
  timings: 'hours',
  timing: 'hours',
};

/** Lower case, accents and apostrophes dropped, punctuation to spaces, single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’‘`]s\b/g, '')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A light suffix stemmer: singular and plural, -ing and -ed forms give one stem. */
export function stem(word: string): string {
  let w = PLACES[word] ?? word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w !== word && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

const seen = new Map<string, string | null>();

/** The search term of one word, or null for a stop word (MiniSearch's processTerm; remembered, as words repeat). */
export function term(word: string): string | null {
  let t = seen.get(word);
  if (t !== undefined) return t;
  const w = normalise(word);
  t = !w || STOP.has(w) ? null : stem(w);
  if (seen.size > 100_000) seen.clear();
  seen.set(word, t);
  return t;
}

/** The search terms of a text, in order. */
export function terms(text: string): string[] {
  return normalise(text)
    .split(' ')
    .map(term)
    .filter((t): t is string => !!t);
}

/** Edit distance of two short words (insertions, deletions, substitutions and swaps of neighbours). */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** Two terms are the same word, allowing one typo in words of five letters or more. */
export function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 5 && Math.abs(a.length - b.length) <= 1 && distance(a, b) <= 1);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Visible text of an HTML fragment (tags removed, common entities decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** 'n thing' / 'n things'. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'foundedYear' → 'founded year'. */
export function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}
