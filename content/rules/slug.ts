/** The event detail path segment (spec section 2): the title in lower case, each run of whitespace → '-'. */
export function eventSlug(title: string | null | undefined): string {
  return (title ?? '').toLowerCase().replace(/\s+/g, '-');
}

/** The event detail path for a title ('/events/' + the URL-encoded slug). */
export function eventPath(title: string | null | undefined): string {
  return `/events/${encodeURIComponent(eventSlug(title))}`;
}
