/** The event detail path segment (spec section 2): the title in lower case, each run of whitespace → '-'. */
export function eventSlug(title: string | null | undefined): string {
  return (title ?? '').toLowerCase().replace(/\s+/g, '-');
}

/** The event detail path of a slug: '/events/' + the slug, URL-encoded (UTF-8, as a browser sends it). */
export function eventSlugPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}`;
}

/** The event detail path for a title ('/events/' + the URL-encoded slug). */
export function eventPath(title: string | null | undefined): string {
  return eventSlugPath(eventSlug(title));
}

/** Most characters of a translation's slug (an event title's limit). */
export const SLUG_MAX = 200;

/**
 * A translation's own slug as typed (decision 0082): made the way the English one is made from a title (lower
 * case, each run of whitespace → '-'), after Unicode NFC, so one word typed two ways is one address.
 */
export function normalizeSlug(raw: string): string {
  return eventSlug(raw.normalize('NFC').trim());
}

/**
 * Letters of any script with their combining marks (Malayalam and Devanagari vowel signs), digits, and the
 * zero-width joiners Malayalam spelling uses, in words joined by single hyphens.
 */
const WORD = '[\\p{L}\\p{M}\\p{N}\\u200C\\u200D]+';
const SLUG = new RegExp(`^${WORD}(?:-${WORD})*$`, 'u');

/** What is wrong with a normalised translation slug, as the editor is told it; null when it is a good one. */
export function slugProblem(slug: string): string | null {
  if (slug === '') return 'The slug is empty: type one, or leave the field out to keep the English one.';
  if (slug.length > SLUG_MAX) return `The slug must be at most ${SLUG_MAX} characters.`;
  if (!SLUG.test(slug)) {
    return 'The slug may have letters (Latin, Malayalam, Devanagari or any other script), digits and single hyphens between words, nothing else.';
  }
  return null;
}
