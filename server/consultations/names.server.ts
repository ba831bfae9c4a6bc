import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';

/**
 * Fuzzy person-name matching for the conflict check: tolerant of spelling variants ("Jon Smyth" is
 * "John Smith": same Double Metaphone codes, or one letter apart) and of initials ("R. K. Menon" is
 * "Ravi Kumar Menon"). The surnames (last words) must match as whole words; every given name of the
 * shorter name must find, in order, a compatible given name (or initial) in the other.
 */

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'adv', 'advocate', 'shri', 'sri', 'smt', 'kumari', 'prof', 'm/s', 'ms.']);

const NOT_ASCII = /[\u0080-\uffff]/;

export interface NameToken {
  text: string;
  initial: boolean;
}

/** The words of a name, lower case without accents or titles; 'R.' and 'RK' become initials. */
export function nameTokens(name: string): NameToken[] {
  const out: NameToken[] = [];
  // Plain ASCII (most names) is its own NFKD form and has no accents to strip.
  const raw = NOT_ASCII.test(name) ? name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : name;
  for (const word of raw.split(/[\s,]+/)) {
    const dotted = word.includes('.');
    const letters = word.replace(/[^A-Za-z]/g, '');
    if (!letters) continue;
    const lower = letters.toLowerCase();
    if (TITLES.has(lower) && out.length === 0) continue;
    // 'R.K.' or 'RK' (capitals, at most three, no vowel): initials.
    if ((dotted && letters.length <= 3) || (letters.length <= 3 && letters === letters.toUpperCase() && !/[AEIOU]/.test(letters) && letters.length > 1)) {
      for (const ch of lower) out.push({ text: ch, initial: true });
      continue;
    }
    out.push({ text: lower, initial: lower.length === 1 });
  }
  return out;
}

/** Cap of the Double Metaphone cache: emptied when full (names repeat, so it refills with the common ones). */
export const METAPHONE_CACHE_MAX = 20_000;
const metaphoneCache = new Map<string, readonly [string, string]>();

/** The Double Metaphone codes of a word, remembered: a conflict check compares the same words thousands of times. */
export function metaphone(word: string): readonly [string, string] {
  let codes = metaphoneCache.get(word);
  if (!codes) {
    if (metaphoneCache.size >= METAPHONE_CACHE_MAX) metaphoneCache.clear();
    codes = doubleMetaphone(word);
    metaphoneCache.set(word, codes);
  }
  return codes;
}

/** How many words the Double Metaphone cache holds (for tests). */
export function metaphoneCacheSize(): number {
  return metaphoneCache.size;
}

/** Empties the remembered words: an erasure or a retention purge leaves no word of a removed name in memory. */
export function forgetNameWords(): void {
  metaphoneCache.clear();
}

/**
 * Two whole words that are the same name spelled differently: the same sound and not too far apart in
 * spelling (Jane and John sound alike to Metaphone), or (four letters or more) one letter apart, two
 * from eight letters on. The cheap tests come first: the difference in length bounds the edit distance,
 * and the sound codes are looked at only when the spelling alone does not decide.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const longest = Math.max(a.length, b.length);
  const soundSlack = Math.ceil(longest / 3);
  const spellingSlack = longest < 4 ? -1 : longest >= 8 ? 2 : 1;
  if (Math.abs(a.length - b.length) > Math.max(soundSlack, spellingSlack)) return false;
  const d = distance(a, b);
  if (d <= spellingSlack) return true;
  if (d > soundSlack) return false;
  const [a1, a2] = metaphone(a);
  const [b1, b2] = metaphone(b);
  return Boolean(a1 && (a1 === b1 || a1 === b2 || (a2 && (a2 === b1 || a2 === b2))));
}

function compatible(a: NameToken, b: NameToken): boolean {
  if (a.initial || b.initial) return a.text[0] === b.text[0];
  return sameWord(a.text, b.text);
}

/**
 * `namesMatch` on names already split by `nameTokens` (a conflict check splits each name once, not once
 * per comparison). The surnames are compared first: most pairs differ there.
 */
export function tokensMatch(x: readonly NameToken[], y: readonly NameToken[]): boolean {
  const nx = x.length;
  const ny = y.length;
  if (nx === 0 || ny === 0) return false;
  const lastX = x[nx - 1]!;
  const lastY = y[ny - 1]!;
  if (nx === 1 || ny === 1) {
    // A single word (an organisation, a mononym) matches only a single word.
    return nx === ny && !lastX.initial && sameWord(lastX.text, lastY.text);
  }
  if (lastX.initial || lastY.initial || !sameWord(lastX.text, lastY.text)) return false;
  // The given names: all but the last word of each. `short` is the list with fewer (x's on a tie).
  const [short, long, nShort, nLong] = nx <= ny ? [x, y, nx - 1, ny - 1] : [y, x, ny - 1, nx - 1];
  // The first given names must agree; the rest of the shorter list must appear in order in the longer one.
  if (!compatible(short[0]!, long[0]!)) return false;
  let j = 1;
  for (let i = 1; i < nShort; i++) {
    const t = short[i]!;
    while (j < nLong && !compatible(t, long[j]!)) j++;
    if (j >= nLong) return false;
    j++;
  }
  return true;
}

/** Whether two person names are probably the same person's (see the module comment). */
export function namesMatch(a: string, b: string): boolean {
  return tokensMatch(nameTokens(a), nameTokens(b));
}

/** The last ten digits of a phone number (country codes and formatting differ). */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-10) : '';
}
