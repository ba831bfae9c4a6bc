import { describe, expect, it } from 'vitest';
import { eventPath, eventSlug } from './slug';

describe('event slug', () => {
  it('lower-cases and turns each run of whitespace into one hyphen', () => {
    expect(eventSlug('Law Day 2027')).toBe('law-day-2027');
    expect(eventSlug('Law   Day\t\n2027')).toBe('law-day-2027');
    expect(eventSlug('Single')).toBe('single');
  });
  it('keeps other characters (implemented literally), leading and trailing runs too', () => {
    expect(eventSlug(' RTI & You ')).toBe('-rti-&-you-');
    expect(eventSlug('')).toBe('');
    expect(eventSlug(undefined)).toBe('');
  });
  it('encodes the slug in the path', () => {
    expect(eventPath('RTI & You?')).toBe('/events/rti-%26-you%3F');
  });
});
