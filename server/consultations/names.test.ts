import { doubleMetaphone } from 'double-metaphone';
import { describe, expect, it } from 'vitest';
import { METAPHONE_CACHE_MAX, metaphone, metaphoneCacheSize, namesMatch, nameTokens, phoneKey, sameWord, tokensMatch } from './names.server';

describe('namesMatch', () => {
  it.each([
    ['Jon Smyth', 'John Smith'],
    ['Mohammed Rafi', 'Muhammad Rafee'],
    ['Sreekumar Nair', 'Srikumar Nair'],
    ['Adv. Priya Menon', 'priya menon'],
  ])('matches spelling variants: %s ~ %s', (a, b) => expect(namesMatch(a, b)).toBe(true));
  it.each([
    ['R. K. Menon', 'Ravi Kumar Menon'],
    ['RK Menon', 'Ravi Kumar Menon'],
    ['R Menon', 'Ravi Kumar Menon'],
    ['Ravi K. Menon', 'Ravi Kumar Menon'],
  ])('matches initials against full given names: %s ~ %s', (a, b) => expect(namesMatch(a, b)).toBe(true));
  it.each([
    ['Asha Varghese', 'John Smith'],
    ['S. K. Menon', 'Ravi Kumar Menon'],
    ['John Smith', 'John Smithers'],
    ['Jane Smith', 'John Smith'],
    ['Ravi Menon', 'Ravi Kumar'],
    ['Smith', 'John Smith'],
    ['', 'John Smith'],
  ])('does not match different people: %s ≁ %s', (a, b) => expect(namesMatch(a, b)).toBe(false));
  it.each([
    ['Infosys', 'Infosis', true],
    ['Acme', 'Acme Builders', false],
  ])('matches one-word names (companies) only with one-word names: %s, %s → %s', (a, b, same) =>
    expect(namesMatch(a, b)).toBe(same),
  );
  it('reads initials and titles', () => {
    expect(nameTokens('Dr. R.K. Menon').map((t) => t.text)).toEqual(['r', 'k', 'menon']);
  });
  it('compares phone numbers by their last ten digits', () => {
    expect(phoneKey('+91 98470 11993')).toBe(phoneKey('098470-11993'));
    expect(phoneKey('12')).toBe('');
  });
});

/**
 * The answers of the matcher before the conflict check was made cheaper (tokens split once, Double
 * Metaphone remembered, cheap tests first): the rewrite must answer every pair exactly as before, both
 * ways round. Some answers are odd (a hyphenated given name is one word); they are kept, not fixed here.
 */
const PINNED: Array<[string, string, boolean]> = [
  ['Jon Smyth', 'John Smith', true],
  ['Dr. R.K. Menon', 'Ravi Kumar Menon', true],
  ['Ravi Kumar Menon', 'R. Menon', true],
  ['RK Menon', 'Rajesh Kumar Menon', true],
  ['R. S. Menon', 'Ravi Kumar Menon', false],
  ['Ravi Kumar Menon', 'Ravi Menon', true],
  ['Kumar Ravi Menon', 'Ravi Kumar Menon', false],
  ['José Müller', 'Jose Muller', true],
  ['Élodie Núñez', 'Elodie Nunez', true],
  ['Mrs. Anita Das', 'Anita Das', true],
  ['Das', 'Anita Das', false],
  ['Infosys', 'Infosys Ltd', false],
  ['Wipro', 'Vipro', true],
  ['Tata', 'Data', true],
  ['Ann Lee', 'Ann Li', false],
  ['Ann Lee', 'Ann Leo', true],
  ['Katherine Johnson', 'Catherine Jonson', true],
  ['Christopher Nolan', 'Kristopher Nolen', true],
  ['Alexandra Fernandes', 'Alexander Hernandez', true],
  ['Mohammed Abdul Rahman', 'Mohd. A. Rahman', false],
  ['M. A. Rahman', 'Mohammed Abdul Rahman', true],
  ['Shri P. Gopalakrishnan', 'Padmanabhan Gopalakrishnan', true],
  ['P Gopalakrishnan', 'P Gopalakrishna', true],
  ['Sarah O\u2019Brien', 'Sara OBrien', true],
  ['Mary-Jane Watson', 'Mary Jane Watson', false],
  ['Mr', 'Mr Smith', false],
  ['Smith, John', 'John Smith', false],
  ['Jon Smith', 'Jonathan Smith', false],
  ['Lakshmi Iyer', 'Laxmi Iyer', false],
  ['Lakshmi Iyer', 'Lakshmi Aiyar', true],
  ['Bo Li', 'Bo Lee', false],
  ['Zhang Wei', 'Zhang Way', false],
  ['A B', 'A B', false],
  ['', '', false],
  ['12 34', 'John Smith', false],
];

describe('tokensMatch (names split once, compared many times)', () => {
  it.each(PINNED)('answers as namesMatch always has: %s, %s → %s', (a, b, same) => {
    expect(namesMatch(a, b)).toBe(same);
    expect(namesMatch(b, a)).toBe(same);
    expect(tokensMatch(nameTokens(a), nameTokens(b))).toBe(same);
  });

  it('gives every pair the same answer when each name is split once and its tokens reused for every comparison', () => {
    const names = [...new Set(PINNED.flatMap(([a, b]) => [a, b]))];
    const tokens = names.map((n) => nameTokens(n));
    const before = JSON.stringify(tokens);
    for (let i = 0; i < names.length; i++) {
      for (let j = 0; j < names.length; j++) expect(tokensMatch(tokens[i]!, tokens[j]!), `${names[i]} / ${names[j]}`).toBe(namesMatch(names[i]!, names[j]!));
    }
    // The comparison does not change the tokens it is given.
    expect(JSON.stringify(tokens)).toBe(before);
  });

  it('reads accents, titles and punctuation of plain and non-ASCII names alike', () => {
    expect(nameTokens('Dr. Élodie Núñez')).toEqual(nameTokens('Elodie Nunez'));
    expect(nameTokens('Smt. R.K. Menon').map((t) => [t.text, t.initial])).toEqual([['r', true], ['k', true], ['menon', false]]);
    expect(nameTokens('  ,  ')).toEqual([]);
  });
});

describe('sameWord and the Double Metaphone cache', () => {
  it.each([
    ['smith', 'smyth', true],
    ['jane', 'john', false],
    ['rafi', 'rafee', true],
    ['gopalakrishnan', 'gopalakrishna', true],
    ['menon', 'menonkutty', false],
    ['li', 'lee', false],
    ['katherine', 'catherine', true],
  ])('%s ~ %s → %s', (a, b, same) => {
    expect(sameWord(a, b)).toBe(same);
    expect(sameWord(b, a)).toBe(same);
  });

  it('remembers the codes of each word (the same answer as computing them), and empties itself when full', () => {
    expect(metaphone('thompson')).toEqual(doubleMetaphone('thompson'));
    const size = metaphoneCacheSize();
    expect(metaphone('thompson')).toBe(metaphone('thompson'));
    expect(metaphoneCacheSize()).toBe(size);
    let i = 0;
    while (metaphoneCacheSize() < METAPHONE_CACHE_MAX) metaphone(`word${i++}`);
    metaphone('onemore');
    expect(metaphoneCacheSize()).toBe(1);
    expect(metaphone('onemore')).toEqual(doubleMetaphone('onemore'));
    expect(sameWord('katherine', 'catherine')).toBe(true);
  });
});
