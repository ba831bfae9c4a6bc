/**
 * The characters the site's Devanagari font file covers (decision 0089): the Devanagari block, zero-width
 * (non-)joiner, the rupee sign and the dotted circle. app/styles/fonts.css names the same ranges as the face's
 * unicode-range, scripts/subset-fonts.ts writes the file, and a test checks every Hindi text stays inside them.
 */
export const DEVANAGARI_SUBSET: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x200c, 0x200d],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
];

/** Where the subset file lives, from the project folder. */
export const DEVANAGARI_SUBSET_FILE = 'app/assets/fonts/noto-sans-devanagari-400-subset.woff2';

/** Whether a character is Devanagari script (the block or its extensions), so it needs the Devanagari font. */
export function isDevanagari(cp: number): boolean {
  return (
    (cp >= 0x0900 && cp <= 0x097f) ||
    (cp >= 0x1cd0 && cp <= 0x1cf9) ||
    (cp >= 0xa8e0 && cp <= 0xa8ff) ||
    (cp >= 0x11b00 && cp <= 0x11b09)
  );
}

/** Whether the subset file draws a character. */
export function inDevanagariSubset(cp: number): boolean {
  return DEVANAGARI_SUBSET.some(([from, to]) => cp >= from && cp <= to);
}
