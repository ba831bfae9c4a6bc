import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPasswordSchema } from '../../content/password';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

/** How many of the most common passwords are refused whatever their length. */
const MOST_COMMON = 10_000;

let common: Set<string> | null = null;
/**
 * The refused list, built once per process from zxcvbn-ts's ranked list of common passwords
 * (@zxcvbn-ts/language-common, MIT): the 10,000 most common, plus every listed password of
 * MIN_PASSWORD_LENGTH or more characters (shorter ones are refused by length anyway).
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const ranked = dictionary['passwords-common'];
    common = new Set(
      ranked.filter((p, rank) => rank < MOST_COMMON || p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()),
    );
  }
  return common;
}

/** True for a password on the shipped list of common passwords (case does not matter). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The candidate's core: lowercased, with leading and trailing digits and symbols removed
 * ('Password2024!' → 'password'), so a common word dressed up with a year stays refused.
 */
function core(password: string): string {
  return password
    .toLowerCase()
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z]+$/, '');
}

/** A password made of one short unit repeated ('aaaaaaaaaa', 'abcabcabcabc', '1212121212'). */
function isRepetition(password: string): boolean {
  return /^(.{1,3})\1+.{0,2}$/s.test(password);
}

/**
 * Checks a new administrator password. Returns the message to show, or null when it is acceptable:
 * at least MIN_PASSWORD_LENGTH characters, at most MAX_PASSWORD_LENGTH, not on the list of common
 * passwords (also after removing digits and symbols at either end), not one short unit repeated,
 * and not the account's email address or its name part.
 */
export function passwordProblem(password: string, email?: string): string | null {
  // The rules every form checks too (content/password.ts), then what only the server knows.
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? 'Please enter a new password.';
  const lower = password.toLowerCase();
  const c = core(password);
  if (isCommonPassword(lower) || (c.length >= 4 && isCommonPassword(c)) || isRepetition(lower)) {
    return 'This password is too common and easy to guess. Please choose another one (a few unrelated words work well).';
  }
  if (email) {
    const address = email.toLowerCase();
    const name = address.split('@')[0] ?? '';
    if (lower === address || (name.length >= 4 && (c === name || lower === name))) {
      return 'The password must not be your email address. Please choose another one.';
    }
  }
  return null;
}
