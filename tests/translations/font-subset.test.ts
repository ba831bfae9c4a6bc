// The Hindi pages' one font file (decision 0089) is Noto Sans Devanagari cut down to the Devanagari block: every
// Hindi text the site ships (the page catalog, the client mails' catalog, the demo content) must stay inside
// it, and the stylesheet must name exactly the ranges the file was made from.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEVANAGARI_SUBSET,
  DEVANAGARI_SUBSET_FILE,
  inDevanagariSubset,
  isDevanagari,
} from '../../content/font-subsets';
import { hi as mailCatalog } from '../../server/consultations/catalogs/hi';
import { hi as demo } from '../../server/demo/translations/hi';

/** Every string inside a value (objects, arrays), depth first. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The Devanagari characters of texts the subset does not draw, each with one text it occurs in. */
function outside(texts: string[]): string[] {
  const found = new Map<string, string>();
  for (const t of texts)
    for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      if (isDevanagari(cp) && !inDevanagariSubset(cp) && !found.has(ch)) found.set(ch, t.slice(0, 60));
    }
  return [...found].map(([ch, t]) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} in "${t}"`);
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

describe('the Devanagari font subset', () => {
  it('covers every Hindi text the site ships', () => {
    const pages = strings(JSON.parse(readFileSync('content/i18n/hi.json', 'utf8')));
    const mails = strings(mailCatalog);
    const content = strings(demo);
    expect(pages.length).toBeGreaterThan(100);
    expect(content.length).toBeGreaterThan(50);
    // The texts really are Devanagari, so the check below checks something.
    expect(pages.some((t) => [...t].some((c) => isDevanagari(c.codePointAt(0)!)))).toBe(true);
    expect(outside([...pages, ...mails, ...content])).toEqual([]);
  });

  it('finds a character outside the block (the check can fail)', () => {
    expect(outside(['उदात्त \u1CD0'])).toEqual(['U+1CD0 in "उदात्त \u1CD0"']);
  });

  it('is the file the stylesheet names, with the ranges it was made from', () => {
    const css = readFileSync('app/styles/fonts.css', 'utf8');
    const face = css.split('@font-face').find((f) => f.includes("font-family: 'Noto Sans Devanagari'"));
    expect(face).toBeDefined();
    expect(face).toContain(DEVANAGARI_SUBSET_FILE.replace('app/', '../'));
    const ranges = DEVANAGARI_SUBSET.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');
    expect(face!.replace(/\s+/g, '')).toContain(`unicode-range:${ranges};`);
    // Only the regular face: bold is synthesised, so a Hindi page loads one font file.
    expect(css.split('@font-face').filter((f) => f.includes("font-family: 'Noto Sans Devanagari'"))).toHaveLength(1);
    const size = statSync(DEVANAGARI_SUBSET_FILE).size;
    expect(size).toBeGreaterThan(20_000);
    expect(size).toBeLessThan(45_000);
  });
});
