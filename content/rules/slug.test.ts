import { describe, expect, it } from 'vitest';
import { eventPath, eventSlug } from './slug';

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
