// npm run subset-fonts: writes app/assets/fonts/noto-sans-devanagari-400-subset.woff2 (decision 0089), Noto Sans
// Devanagari's regular face cut down with HarfBuzz's subsetter (the subset-font package) to the Devanagari block
// and the few shared characters Hindi text uses. HarfBuzz keeps every conjunct and mark the kept characters can
// form (the layout tables' closure), so shaping is unchanged; the Vedic extensions are left out. The file is
// committed; run this again after updating @fontsource/noto-sans-devanagari.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { DEVANAGARI_SUBSET, DEVANAGARI_SUBSET_FILE } from '../content/font-subsets';
import { root } from './project';

const source = path.join(
  root,
  'node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
);
const out = path.join(root, DEVANAGARI_SUBSET_FILE);

let text = '';
for (const [from, to] of DEVANAGARI_SUBSET) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

const font = readFileSync(source);
const subset = await subsetFont(font, text, { targetFormat: 'woff2' });
writeFileSync(out, subset);
console.log(`${path.relative(root, out)}: ${subset.length} bytes (from ${font.length})`);
