/** A small BM25 full-text index (tokenised, lightly stemmed, stop words dropped). */
import { terms } from './text';

export interface SearchDoc<T = unknown> {
  /** Title words count twice. */
  title: string;
  body: string;
  item: T;
}

export interface Hit<T> {
  item: T;
  score: number;
  /** Distinct query terms found in the document. */
  matched: string[];
}

const K1 = 1.2;
const B = 0.75;

export class SearchIndex<T> {
  private readonly docs: { tf: Map<string, number>; len: number; item: T }[] = [];
  private readonly df = new Map<string, number>();
  private avgLen = 0;

  constructor(docs: readonly SearchDoc<T>[]) {
    for (const d of docs) {
      const title = terms(d.title);
      const toks = [...title, ...title, ...terms(d.body)];
      const tf = new Map<string, number>();
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.docs.push({ tf, len: toks.length, item: d.item });
    }
    this.avgLen = this.docs.reduce((s, d) => s + d.len, 0) / Math.max(1, this.docs.length);
  }

  get size(): number {
    return this.docs.length;
  }

  private idf(t: string): number {
    const n = this.df.get(t) ?? 0;
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5));
  }

  /**
   * Documents ranked by BM25 for the query's content words. A document counts only when it holds at
   * least `coverage` of the query's distinct words (a third by default), and at least two of them when
   * the query has two or more, so a single common word in a question does not pass for an answer.
   */
  search(query: string | readonly string[], limit = 5, coverage = 1 / 3): Hit<T>[] {
    const q = [...new Set(typeof query === 'string' ? terms(query) : query)];
    if (!q.length || !this.docs.length) return [];
    // One word must match; two or more words need at least two of them (and the coverage share).
    const need = q.length === 1 ? 1 : Math.max(2, Math.ceil(q.length * coverage));
    const hits: Hit<T>[] = [];
    for (const d of this.docs) {
      let score = 0;
      const matched: string[] = [];
      for (const t of q) {
        const f = d.tf.get(t);
        if (!f) continue;
        matched.push(t);
        score += (this.idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.len) / (this.avgLen || 1)));
      }
      if (matched.length >= need) hits.push({ item: d.item, score, matched });
    }
    hits.sort((a, b) => b.score - a.score);
    if (!hits.length) return [];
    const floor = hits[0]!.score * 0.35;
    return hits.filter((h) => h.score >= floor).slice(0, limit);
  }
}
