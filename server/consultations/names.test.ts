import { describe, expect, it } from 'vitest';
import { namesMatch, nameTokens, phoneKey } from './names.server';

describe('namesMatch', () => {
  it('matches spelling variants', () => {
    expect(namesMatch('Jon Smyth', 'John Smith')).toBe(true);
    expect(namesMatch('Mohammed Rafi', 'Muhammad Rafee')).toBe(true);
    expect(namesMatch('Sreekumar Nair', 'Srikumar Nair')).toBe(true);
    expect(namesMatch('Adv. Priya Menon', 'priya menon')).toBe(true);
  });
  it('matches initials against full given names', () => {
    expect(namesMatch('R. K. Menon', 'Ravi Kumar Menon')).toBe(true);
    expect(namesMatch('RK Menon', 'Ravi Kumar Menon')).toBe(true);
    expect(namesMatch('R Menon', 'Ravi Kumar Menon')).toBe(true);
    expect(namesMatch('Ravi K. Menon', 'Ravi Kumar Menon')).toBe(true);
  });
  it('does not match different people', () => {
    expect(namesMatch('Asha Varghese', 'John Smith')).toBe(false);
    expect(namesMatch('S. K. Menon', 'Ravi Kumar Menon')).toBe(false);
    expect(namesMatch('John Smith', 'John Smithers')).toBe(false);
    expect(namesMatch('Jane Smith', 'John Smith')).toBe(false);
    expect(namesMatch('Ravi Menon', 'Ravi Kumar')).toBe(false);
    expect(namesMatch('Smith', 'John Smith')).toBe(false);
    expect(namesMatch('', 'John Smith')).toBe(false);
  });
  it('matches one-word names (companies) only with one-word names', () => {
    expect(namesMatch('Infosys', 'Infosis')).toBe(true);
    expect(namesMatch('Acme', 'Acme Builders')).toBe(false);
  });
  it('reads initials and titles', () => {
    expect(nameTokens('Dr. R.K. Menon').map((t) => t.text)).toEqual(['r', 'k', 'menon']);
  });
  it('compares phone numbers by their last ten digits', () => {
    expect(phoneKey('+91 98470 11993')).toBe(phoneKey('098470-11993'));
    expect(phoneKey('12')).toBe('');
  });
});
