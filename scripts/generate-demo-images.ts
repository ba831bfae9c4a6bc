// Generates the demo content's pictures and PDFs under db/demo/ (committed; the seed only reads them).
// Abstract, flat illustrations drawn as SVG and rasterised by sharp; text uses DejaVu (fonts-dejavu).
// Each family of pictures is its own module in scripts/demo-images/ (drawing and the set of that family).
//
//   node scripts/run.mjs generate-demo-images         # calendars for this year and the next
//   node scripts/run.mjs generate-demo-images 2027    # calendars for 2027 and 2028
//
// Every file stays under 200 KB; the script fails if one does not.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { aboutImages } from './demo-images/about';
import { adImages } from './demo-images/ads';
import { calendarImages } from './demo-images/calendar';
import { blogImages, categoryImages, eventImages } from './demo-images/cards';
import { carouselImages } from './demo-images/carousel';
import { galleryImages } from './demo-images/gallery';
import type { DemoImage } from './demo-images/image';
import { partnerLogos } from './demo-images/logos';
import { pdf, PDFS } from './demo-images/pdf';
import { speakerImages } from './demo-images/portraits';
import { root } from './project';

const IMG_DIR = path.join(root, 'db/demo/images');
const FILE_DIR = path.join(root, 'db/demo/files');
const MAX_BYTES = 200 * 1024;

const written: string[] = [];

async function save({ name, width, height, markup, format }: DemoImage): Promise<void> {
  let img = sharp(Buffer.from(markup), { density: 72 }).resize(width, height);
  img =
    format === 'png'
      ? img.png({ compressionLevel: 9, palette: true, quality: 90 })
      : img.jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' });
  const out = path.join(IMG_DIR, name);
  await img.toFile(out);
  written.push(out);
}

async function main(): Promise<void> {
  const firstYear = Number(process.argv[2]) || new Date().getFullYear();
  rmSync(IMG_DIR, { recursive: true, force: true });
  mkdirSync(IMG_DIR, { recursive: true });
  mkdirSync(FILE_DIR, { recursive: true });

  const pictures = [
    ...carouselImages(),
    ...calendarImages(firstYear),
    ...aboutImages(),
    ...categoryImages(),
    ...blogImages(),
    ...eventImages(),
    ...speakerImages(),
    ...galleryImages(),
    ...adImages(),
  ];
  await Promise.all(pictures.map(save));
  await Promise.all(partnerLogos().map(save));
  for (const [name, spec] of Object.entries(PDFS)) {
    const out = path.join(FILE_DIR, name);
    writeFileSync(out, pdf(spec));
    written.push(out);
  }

  let total = 0;
  let failed = false;
  for (const f of written.sort()) {
    const size = statSync(f).size;
    total += size;
    const flag = size > MAX_BYTES ? '  TOO LARGE' : '';
    if (flag) failed = true;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${path.relative(root, f)}${flag}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total, ${written.length} files`);
  const stray = readdirSync(IMG_DIR).filter((f) => !written.includes(path.join(IMG_DIR, f)));
  if (stray.length) console.log('unexpected files:', stray.join(', '));
  if (failed) process.exit(1);
}

await main();
