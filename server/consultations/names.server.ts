import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';

/**
 * Fuzzy person-name matching for the conflict check: tolerant of spelling variants ("Jon Smyth" is
 * "John Smith": same Double Metaphone codes, or one letter apart) and of initials ("R. K. Menon" is
 * "Ravi Kumar Menon"). The surnames (last words) must match as whole words; every given name of the
 * shorter name must find, in order, a compatible given name (or initial) in the other.
 */

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'adv', 'advocate', 'shri', 'sri', 'smt', 'kumari', 'prof', 'm/s', 'ms.']);

export interface NameToken {
  text: string;
  initial: boolean;
}

/** The words of a name, lower case without accents or titles; 'R.' and 'RK' become initials. */
export function nameTokens(name: string): NameToken[] {
  const out: NameToken[] = [];
  const raw = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  for (const word of raw.split(/[\s,]+/)) {
    const dotted = /\./.test(word);
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

/** Two whole words that are the same name spelled differently. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [a1, a2] = doubleMetaphone(a);
  const [b1, b2] = doubleMetaphone(b);
  const longest = Math.max(a.length, b.length);
  if (a1 && (a1 === b1 || a1 === b2 || (a2 && (a2 === b1 || a2 === b2)))) {
    // Same sound, and not too far apart in spelling (Jane and John sound alike to Metaphone).
    if (distance(a, b) <= Math.ceil(longest / 3)) return true;
  }
  if (longest < 4) return false;
  return distance(a, b) <= (longest >= 8 ? 2 : 1);
}

function compatible(a: NameToken, b: NameToken): boolean {
  if (a.initial || b.initial) return a.text[0] === b.text[0];
  return sameWord(a.text, b.text);
}

/** Whether two person names are probably the same person's (see the module comment). */
export function namesMatch(a: string, b: string): boolean {
  const x = nameTokens(a);
  const y = nameTokens(b);
  if (x.length === 0 || y.length === 0) return false;
  const lastX = x[x.length - 1]!;
  const lastY = y[y.length - 1]!;
  if (x.length === 1 || y.length === 1) {
    // A single word (an organisation, a mononym) matches only a single word.
    return x.length === y.length && !lastX.initial && sameWord(lastX.text, lastY.text);
  }
  if (lastX.initial || lastY.initial || !sameWord(lastX.text, lastY.text)) return false;
  const gx = x.slice(0, -1);
  const gy = y.slice(0, -1);
  const [short, long] = gx.length <= gy.length ? [gx, gy] : [gy, gx];
  // The first given names must agree; the rest of the shorter list must appear in order in the longer one.
  if (!compatible(short[0]!, long[0]!)) return false;
  let j = 1;
  for (const t of short.slice(1)) {
    while (j < long.length && !compatible(t, long[j]!)) j++;
    if (j >= long.length) return false;
    j++;
  }
  return true;
}

/** The last ten digits of a phone number (country codes and formatting differ). */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-10) : '';
}
