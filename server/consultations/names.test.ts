import { describe, expect, it } from 'vitest';
import { namesMatch, nameTokens, phoneKey } from './names.server';

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
