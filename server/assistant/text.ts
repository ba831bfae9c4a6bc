/** Text helpers of the assistant: normalising prompts, tokens, a light stemmer, HTML to text. */

const STOP = new Set(
  (
    'a an the and or of to in on at for by with from about into over is are was were be been being am do does did ' +
    'i me my we our us you your it its this that these those there here what which who whom whose when where why how ' +
    'can could should would will shall may might must have has had please tell show give let know any some all ' +
    'much many get got need want like just also so than then as if not no yes up out more most very'
  ).split(' '),
);

/** Lower case, apostrophes unified, punctuation to spaces (hyphens and slashes too), single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A light suffix stemmer: the same word in singular and plural, or with -ing/-ed, gives one stem. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d+$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Every word of the text, normalised and stemmed (stop words kept). */
export function words(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(' ').map(stem) : [];
}

/** Content words only: normalised, stemmed, without stop words. */
export function terms(text: string): string[] {
  const n = normalise(text);
  return n
    ? n
        .split(' ')
        .filter((w) => !STOP.has(w))
        .map(stem)
    : [];
}

export function isStopWord(w: string): boolean {
  return STOP.has(w);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#160': ' ',
};

/** Visible text of an HTML fragment (tags removed, common entities decoded, spaces collapsed). */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string') return '';
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

/** Index where the stemmed words of `phrase` occur, in order and adjacent, among `tokens`; -1 when absent. */
export function findPhrase(tokens: readonly string[], phrase: readonly string[]): number {
  if (!phrase.length) return -1;
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/** 'n thing' / 'n things' with a given plural. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
