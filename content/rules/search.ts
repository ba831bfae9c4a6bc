/**
 * Site search (decision 0054): the query a visitor sends, the answer the page and `GET /api/search` share,
 * and the highlighted snippet as plain-text parts. Isomorphic: no Node imports.
 */
import { resources } from '../resources/index';
import { z } from '../zod';
import { SEARCH_MAX_QUERY, SEARCH_PATH } from './search-path';

/** The public path of the results page (never indexed by search engines: noindex, not in the sitemap) and the longest query. */
export { SEARCH_MAX_QUERY, SEARCH_PATH };
/** Results per page. */
export const SEARCH_PER_PAGE = 10;
/** Pages a query can be paged through (a bound on the addresses the results page answers). */
export const SEARCH_MAX_PAGE = 50;

/** What a result is (`kind`), in the words the page shows: the groups' declared `search`, and the legal team's profiles. */
export function searchKinds(): Readonly<Record<string, string>> {
  return Object.fromEntries([...resources.flatMap((r) => (r.search ? [[r.search.kind, r.search.label] as const] : [])), ['profile', 'Legal team']]);
}
export type SearchKind = string;

/** The query as typed: whitespace trimmed and collapsed, Unicode composed (one key per query in the page cache). */
export function normalizeQuery(q: string): string {
  return q.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const PAGE = `page must be a whole number from 1 to ${SEARCH_MAX_PAGE}.`;
/** `?q=&page=` of the results page and of `GET /api/search`; an empty `q` answers no results. */
export const SearchQuery = z.object({
  q: z
    .string('q must be text.')
    .default('')
    .transform(normalizeQuery)
    .pipe(z.string().max(SEARCH_MAX_QUERY, `The search is too long (at most ${SEARCH_MAX_QUERY} characters).`)),
  page: z.coerce.number(PAGE).int(PAGE).min(1, PAGE).max(SEARCH_MAX_PAGE, PAGE).default(1),
});
export type SearchQueryInput = z.output<typeof SearchQuery>;

export interface SearchHit {
  kind: SearchKind;
  /** The words of `searchKinds()` for the kind. */
  kindLabel: string;
  title: string;
  /** The item's public page (path, with a fragment where the item is one of many on a page). */
  url: string;
  /** A short plain-text passage around the first match (never HTML). */
  snippet: string;
  /** The matched words in `snippet`: [start, end) character offsets, in order, not overlapping. */
  marks: [number, number][];
  /** The matched words in `title`, likewise. */
  titleMarks: [number, number][];
}

export interface SearchResults {
  q: string;
  page: number;
  pages: number;
  total: number;
  hits: SearchHit[];
}

/** A text cut into plain and marked parts by its marks (rendered as text and <mark>text</mark>). */
export function markedParts(text: string, marks: readonly (readonly [number, number])[]): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) out.push({ text: text.slice(at, start), mark: false });
    out.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}

/** The results page's address for a query and page (page 1 keeps the bare query). */
export function searchHref(q: string, page = 1): string {
  const p = new URLSearchParams({ q });
  if (page > 1) p.set('page', String(page));
  return `${SEARCH_PATH}?${p.toString()}`;
}
