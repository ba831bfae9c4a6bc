/**
 * Site search (decision 0054): one MiniSearch index per locale over every published public item, built
 * from the public reads (so drafts, the trash and scheduled rows, which those reads never return, cannot
 * appear), dropped whenever the caches are (a write here, or another instance moving the shared content
 * version, decisions 0007 and 0020) and rebuilt by the next search.
 */
import MiniSearch from 'minisearch';
import { DEFAULT_LOCALE, type Locale } from '../../content/locales';
import { groupOf, resources } from '../../content/resources/index';
import { stripTags } from '../../content/rules/preview';
import { searchKinds, SEARCH_PER_PAGE, type SearchHit, type SearchKind, type SearchResults } from '../../content/rules/search';
import { profileAnchor } from '../../content/rules/search-path';
import { linkTo, type ResourceDef } from '../../content/kit';
import type { SiteSettings } from '../../content/settings';
import type { Row } from '../content/types';

/** What the index is built from: the public reads (the services give them). */
export interface SearchSources {
  content: { list(r: ResourceDef): Promise<Row[]> };
  settings: { get(): Promise<SiteSettings> };
}

interface Doc {
  id: string;
  kind: SearchKind;
  title: string;
  /** Plain text (tags stripped, entities decoded): indexed, and the snippets are cut from it. */
  text: string;
  url: string;
}

/** Characters of an item's text that are indexed (the start of a very long article is enough to find it). */
const INDEXED_TEXT = 20_000;
/** Characters of text around the first match shown under a result. */
const SNIPPET = 180;

/** Words: runs of letters and digits in any script (the index and the highlighting cut text the same way). */
const WORD = /[\p{L}\p{N}]+/gu;

/** A word as it is indexed and looked up: lower case, accents removed. */
export function searchTerm(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Title compared for the exact-title rule: its words, as terms, joined by one space. */
function titleKey(text: string): string {
  return tokenize(text).map(searchTerm).join(' ');
}

const s = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The searchable text of a row: the fields named, HTML as its text, a nested list as its items' text fields. */
function textOf(r: ResourceDef, row: Row, names: readonly string[]): string {
  return names
    .flatMap((name) => {
      const list = r.lists?.[name];
      if (!list) return [r.fields[name]?.type === 'html' ? stripTags(s(row[name])) : s(row[name])];
      const textual = Object.entries(list.fields).filter(([, f]) => f.type === 'text' || f.type === 'longtext').map(([n]) => n);
      const items = Array.isArray(row[name]) ? (row[name] as readonly Row[]) : [];
      return items.map((item) => textual.map((n) => s(item[n])).filter(Boolean).join(', '));
    })
    .filter(Boolean)
    .join(' · ');
}

/** Every published public item as a search document: the rows of each group that declares `search`. */
async function documents(services: SearchSources): Promise<Doc[]> {
  const c = services.content;
  const searched = resources.filter((r) => r.search);
  const read = [...new Set([...searched, ...searched.flatMap((r) => (r.search?.with ? [groupOf(r.search.with.group)] : []))])];
  const [lists, settings] = await Promise.all([
    Promise.all(read.map(async (r) => [r.key, await c.list(r)] as const)).then((l) => new Map<string, Row[]>(l)),
    services.settings.get(),
  ]);
  const docs: Doc[] = [];
  const add = (kind: SearchKind, key: string, title: string, text: string, url: string) => {
    if (title.trim()) docs.push({ id: `${kind}:${key}`, kind, title: title.trim(), text, url });
  };
  for (const r of searched) {
    const d = r.search!;
    // Text another group adds to each row (a case's page shows its first write-up).
    const added = new Map<string, string>();
    if (d.with) {
      const other = groupOf(d.with.group);
      for (const x of lists.get(other.key) ?? []) {
        const k = s(x[d.with.via]);
        if (!added.has(k)) added.set(k, textOf(other, x, d.with.text));
      }
    }
    (lists.get(r.key) ?? []).forEach((row, i) => {
      const id = s(row[r.id]);
      const text = [added.get(id) ?? '', textOf(r, row, d.text)].filter(Boolean).join(' · ');
      add(d.kind, id, s(row[d.title]), text, linkTo(r, row, i));
    });
  }
  settings.legalTeam.forEach((p, i) =>
    add('profile', String(i), p.name, [p.role, p.practiceAreas.join(', '), p.bio].filter(Boolean).join(' · '), profilePath(p.name)),
  );
  return docs;
}

const profilePath = (name: string) => `/our-legal-team#${profileAnchor(name)}`;

/** [start, end) of every word of `text` whose term is one of `terms`. */
function marksIn(text: string, terms: ReadonlySet<string>): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(WORD)) if (terms.has(searchTerm(m[0]))) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** A short passage of `text` around its first matched word (or its start), cut at word boundaries. */
function snippetOf(text: string, terms: ReadonlySet<string>): { snippet: string; marks: [number, number][] } {
  if (!text) return { snippet: '', marks: [] };
  const first = marksIn(text, terms)[0];
  let start = 0;
  if (first && first[0] > SNIPPET / 3) {
    start = first[0] - Math.floor(SNIPPET / 3);
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first[0] ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SNIPPET);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const head = start > 0 ? '… ' : '';
  const body = text.slice(start, end);
  const snippet = head + body + (end < text.length ? ' …' : '');
  return { snippet, marks: marksIn(body, terms).map(([a, b]) => [a + head.length, b + head.length]) };
}

class LocaleIndex {
  private readonly index = new MiniSearch<Doc>({
    fields: ['title', 'text'],
    tokenize,
    processTerm: (t) => searchTerm(t) || null,
    extractField: (doc, field) => (field === 'text' ? doc.text.slice(0, INDEXED_TEXT) : String(doc[field as keyof Doc] ?? '')),
    searchOptions: {
      boost: { title: 3 },
      // Typos: one edit in words of 4+ letters, two in words of 8+ (20 %); a word being typed matches its start.
      fuzzy: (t) => (t.length >= 4 ? 0.2 : false),
      prefix: (t) => t.length >= 3,
      tokenize,
      processTerm: (t) => searchTerm(t) || null,
    },
  });
  private readonly docs = new Map<string, Doc>();

  constructor(docs: Doc[]) {
    for (const d of docs) this.docs.set(d.id, d);
    this.index.addAll([...this.docs.values()]);
  }

  get size(): number {
    return this.docs.size;
  }

  search(q: string, page: number): SearchResults {
    const words = tokenize(q);
    if (!words.length) return { q, page, pages: 1, total: 0, hits: [] };
    // Every word must match (fuzzily); when nothing holds them all, any of them.
    let found = this.index.search(q, { combineWith: 'AND' });
    if (!found.length && words.length > 1) found = this.index.search(q, { combineWith: 'OR' });
    const exact = titleKey(q);
    const ranked = found
      .map((r) => ({ r, doc: this.docs.get(String(r.id))!, exact: titleKey(this.docs.get(String(r.id))!.title) === exact }))
      .sort((a, b) => Number(b.exact) - Number(a.exact) || b.r.score - a.r.score);
    const total = ranked.length;
    const pages = Math.max(1, Math.ceil(total / SEARCH_PER_PAGE));
    const kinds = searchKinds();
    const hits: SearchHit[] = ranked.slice((page - 1) * SEARCH_PER_PAGE, page * SEARCH_PER_PAGE).map(({ r, doc }) => {
      // The document's own words that matched (after typo and prefix matching), as the index holds them.
      const terms = new Set(r.terms);
      const { snippet, marks } = snippetOf(doc.text, terms);
      return { kind: doc.kind, kindLabel: kinds[doc.kind] ?? doc.kind, title: doc.title, url: doc.url, snippet, marks, titleMarks: marksIn(doc.title, terms) };
    });
    return { q, page, pages, total, hits };
  }
}

export class SiteSearch {
  /** Bumped by every invalidate(): an index built from reads that began before a change is not kept. */
  private generation = 0;
  private readonly built = new Map<Locale, { generation: number; index: Promise<LocaleIndex> }>();

  constructor(private readonly services: SearchSources) {}

  /** Content changed (here or on another instance): the next search rebuilds the index. */
  invalidate(): void {
    this.generation++;
    this.built.clear();
  }

  private current(locale: Locale): Promise<LocaleIndex> {
    const have = this.built.get(locale);
    if (have && have.generation === this.generation) return have.index;
    const generation = this.generation;
    const index = documents(this.services).then((docs) => new LocaleIndex(docs));
    const entry = { generation, index };
    this.built.set(locale, entry);
    // A failed build is not kept: the next search tries again.
    index.catch(() => {
      if (this.built.get(locale) === entry) this.built.delete(locale);
    });
    return index;
  }

  /** One page of results for a normalized query (SearchQuery). */
  async search(q: string, page: number, locale: Locale = DEFAULT_LOCALE): Promise<SearchResults> {
    return (await this.current(locale)).search(q, page);
  }

  /** Items in the index (tests). */
  async size(locale: Locale = DEFAULT_LOCALE): Promise<number> {
    return (await this.current(locale)).size;
  }
}
