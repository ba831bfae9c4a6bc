import { describe, expect, it } from 'vitest';
import { eventPath, eventSlug, eventSlugPath, normalizeSlug, slugProblem } from './slug';

describe('event slug', () => {
  it.each([
    ['Law Day 2027', 'law-day-2027'],
    ['Law   Day\t\n2027', 'law-day-2027'],
    ['Single', 'single'],
  ])('lower-cases and turns each run of whitespace into one hyphen: %j → %j', (title, slug) => expect(eventSlug(title)).toBe(slug));
  it.each([
    [' RTI & You ', '-rti-&-you-'],
    ['', ''],
    [undefined, ''],
  ])('keeps other characters (implemented literally), leading and trailing runs too: %j → %j', (title, slug) =>
    expect(eventSlug(title)).toBe(slug),
  );
  it('encodes the slug in the path', () => {
    expect(eventPath('RTI & You?')).toBe('/events/rti-%26-you%3F');
  });
});

describe('a translation slug (decision 0082)', () => {
  it.each([
    ['Niyama Sahaya Camp', 'niyama-sahaya-camp'],
    ['  നിയമ സഹായ   ക്യാമ്പ് ', 'നിയമ-സഹായ-ക്യാമ്പ്'],
    ['कानूनी सहायता शिविर', 'कानूनी-सहायता-शिविर'],
    // A decomposed vowel sign (ൊ typed as െ + ാ) is stored composed.
    ['\u0d15\u0d46\u0d3e', '\u0d15\u0d4a'],
  ])('is made like an English one, in Unicode NFC: %j → %j', (raw, slug) => {
    expect(normalizeSlug(raw)).toBe(slug);
    expect(slugProblem(normalizeSlug(raw))).toBeNull();
  });
  it.each(['a/b', 'what?', 'x#y', '100%', 'a--b', '-a', 'a.b', 'a&b', ''])('refuses %j', (raw) => {
    expect(slugProblem(normalizeSlug(raw))).toMatch(/slug/);
  });
  it('is at most 200 characters', () => {
    expect(slugProblem('a'.repeat(200))).toBeNull();
    expect(slugProblem('a'.repeat(201))).toMatch(/at most 200/);
  });
  it('is URL-encoded in its path', () => {
    expect(eventSlugPath('നിയമ-സഹായം')).toBe(`/events/${encodeURIComponent('നിയമ-സഹായം')}`);
    expect(decodeURIComponent(eventSlugPath('नया-शिविर'))).toBe('/events/नया-शिविर');
  });
});
