#!/usr/bin/env node
// Generates the demo content's pictures and PDFs under db/demo/ (committed; the seed only reads them).
// Abstract, flat illustrations drawn as SVG and rasterised by sharp; text uses DejaVu (fonts-dejavu).
//
//   node scripts/generate-demo-images.mjs            # calendars for this year and the next
//   node scripts/generate-demo-images.mjs 2027       # calendars for 2027 and 2028
//
// Every file stays under 200 KB; the script fails if one does not.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const IMG_DIR = path.join(root, 'db/demo/images');
const FILE_DIR = path.join(root, 'db/demo/files');
const MAX_BYTES = 200 * 1024;

// Brand palette (navy, gold, ivory) with a few accents.
const C = {
  navy: '#1b2a41',
  navy2: '#24385a',
  ink: '#121c2c',
  gold: '#c9a45c',
  gold2: '#e2c98f',
  ivory: '#f6f1e7',
  paper: '#fbf8f2',
  wine: '#7a2e3a',
  teal: '#1f5f5b',
  sage: '#6f8f7a',
  slate: '#5b6b82',
  sand: '#d9c7a3',
};
const SERIF = 'font-family="DejaVu Serif"';
const SANS = 'font-family="DejaVu Sans"';

/* ---------- small SVG helpers ---------- */

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic pseudo-random numbers so a regeneration gives the same pictures. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}

function svg(w, h, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

function linear(id, from, to, angle = 135) {
  const a = (angle * Math.PI) / 180;
  const x = Math.cos(a) / 2;
  const y = Math.sin(a) / 2;
  return `<linearGradient id="${id}" x1="${0.5 - x}" y1="${0.5 - y}" x2="${0.5 + x}" y2="${0.5 + y}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function radial(id, color, opacity) {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Background: gradient, soft glows, faint rings and a diagonal hatch. */
function backdrop(w, h, from, to, seed, { rings = true, hatch = true, glow = C.gold } = {}) {
  const r = rng(seed);
  let out = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  out += `<circle cx="${w * (0.65 + r() * 0.3)}" cy="${h * (0.1 + r() * 0.3)}" r="${Math.max(w, h) * 0.45}" fill="url(#glow)"/>`;
  if (rings) {
    for (let i = 0; i < 3; i++) {
      const cx = w * r();
      const cy = h * r();
      const rad = Math.min(w, h) * (0.25 + r() * 0.4);
      out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${rad.toFixed(1)}" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="${(2 + r() * 6).toFixed(1)}"/>`;
    }
  }
  if (hatch) {
    let lines = '';
    for (let x = -h; x < w; x += 28) lines += `M${x} ${h}L${x + h} 0`;
    out += `<path d="${lines}" stroke="#ffffff" stroke-opacity="0.025" stroke-width="1"/>`;
  }
  const defs = linear('bg', from, to, 120 + r() * 40) + radial('glow', glow, 0.18);
  return { body: out, defs };
}

/* ---------- icons (drawn in a 100 x 100 box, stroked) ---------- */

const ICONS = {
  scales: `
    <path d="M50 14v66M30 86h40M38 80h24M18 26h64"/>
    <circle cx="50" cy="14" r="3.5"/>
    <path d="M22 26 10 54M22 26l12 28M78 26 66 54M78 26l12 28"/>
    <path d="M8 54h28a14 8 0 0 1-28 0zM64 54h28a14 8 0 0 1-28 0z"/>`,
  columns: `
    <path d="M10 32 50 10l40 22z"/>
    <path d="M14 36h72M18 42v34M34 42v34M50 42v34M66 42v34M82 42v34M12 80h76M8 88h84"/>`,
  gavel: `
    <path d="M22 40 44 18l20 20-22 22z"/>
    <path d="M40 14l28 28M18 36l28 28"/>
    <path d="M53 49 86 82"/>
    <path d="M10 90h44M16 84h32"/>`,
  house: `
    <path d="M12 48 50 16l38 32"/>
    <path d="M22 42v44h56V42"/>
    <path d="M42 86V62h16v24"/>
    <path d="M66 24v-8h8v15"/>`,
  shield: `
    <path d="M50 8 86 20v26c0 22-16 38-36 46C30 84 14 68 14 46V20z"/>
    <path d="M34 48l12 12 22-24"/>`,
  briefcase: `
    <rect x="12" y="30" width="76" height="54" rx="6"/>
    <path d="M38 30v-8a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v8M12 54h76M44 50h12v8H44z"/>`,
  family: `
    <circle cx="30" cy="26" r="9"/><circle cx="70" cy="26" r="9"/><circle cx="50" cy="50" r="7"/>
    <path d="M16 70c0-16 6-28 14-28s14 12 14 28M56 70c0-16 6-28 14-28s14 12 14 28M40 86c0-12 4-22 10-22s10 10 10 22"/>`,
  receipt: `
    <path d="M24 10h52v80l-9-6-9 6-8-6-8 6-9-6-9 6z"/>
    <path d="M34 28h32M34 40h32M34 52h20"/>
    <circle cx="62" cy="66" r="8"/><path d="M58 66l3 3 5-6"/>`,
  badge: `
    <rect x="20" y="22" width="60" height="68" rx="6"/>
    <path d="M42 22V10h16v12"/>
    <circle cx="50" cy="46" r="10"/>
    <path d="M34 76c0-10 7-16 16-16s16 6 16 16"/>`,
  book: `
    <path d="M50 24c-10-8-24-10-38-8v62c14-2 28 0 38 8 10-8 24-10 38-8V16c-14-2-28 0-38 8z"/>
    <path d="M50 24v62M22 32c8 0 14 1 20 4M22 44c8 0 14 1 20 4M58 36c6-3 12-4 20-4M58 48c6-3 12-4 20-4"/>`,
  document: `
    <path d="M24 8h36l20 20v64H24z"/><path d="M60 8v20h20"/>
    <path d="M34 44h36M34 56h36M34 68h24"/>`,
  mic: `
    <rect x="38" y="10" width="24" height="44" rx="12"/>
    <path d="M28 42c0 14 10 24 22 24s22-10 22-24M50 66v18M34 90h32"/>`,
  calendar: `
    <rect x="12" y="18" width="76" height="70" rx="6"/>
    <path d="M12 36h76M32 10v16M68 10v16"/>
    <path d="M26 50h8M46 50h8M66 50h8M26 64h8M46 64h8M66 64h8M26 76h8M46 76h8"/>`,
  handshake: `
    <path d="M6 40l18-12 16 6 10-6 14 4 18-8 12 14"/>
    <path d="M6 40l10 22M94 38 84 60"/>
    <path d="M16 62l16 14c4 4 8 4 10 0 4 4 8 4 10 0 4 3 8 2 10-2 4 2 8 0 8-4L84 60"/>
    <path d="M40 34l-8 10c-3 4 2 9 6 6l12-8 16 14"/>`,
  shieldLock: `
    <path d="M50 8 86 20v26c0 22-16 38-36 46C30 84 14 68 14 46V20z"/>
    <rect x="36" y="44" width="28" height="22" rx="3"/><path d="M42 44v-8a8 8 0 0 1 16 0v8"/>`,
};

function icon(name, x, y, size, color, width = 3.2, opacity = 1) {
  const s = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${ICONS[name]}</g>`;
}

function text(
  x,
  y,
  str,
  { size = 32, color = C.ivory, font = SERIF, weight = 'normal', anchor = 'start', spacing = 0, opacity = 1 } = {},
) {
  return `<text x="${x}" y="${y}" ${font} font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="${anchor}" letter-spacing="${spacing}" opacity="${opacity}">${esc(str)}</text>`;
}

/** The firm's monogram: a gold ring with 'H&V'. */
function monogram(cx, cy, r, color = C.gold) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${r * 0.06}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.84}" fill="none" stroke="${color}" stroke-width="${r * 0.02}"/>
    ${text(cx, cy + r * 0.22, 'H&V', { size: r * 0.62, color, anchor: 'middle', weight: 'bold' })}`;
}

/* ---------- writing files ---------- */

const written = [];

async function save(name, w, h, markup, format = 'jpg') {
  let img = sharp(Buffer.from(markup), { density: 72 }).resize(w, h);
  img =
    format === 'png'
      ? img.png({ compressionLevel: 9, palette: true, quality: 90 })
      : img.jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' });
  const out = path.join(IMG_DIR, name);
  await img.toFile(out);
  written.push(out);
}

/* ---------- carousel 1600 x 700 ---------- */

function carouselColumns() {
  const w = 1600,
    h = 700;
  const bg = backdrop(w, h, C.ink, C.navy2, 11);
  let cols = '';
  for (let i = 0; i < 5; i++) {
    const x = 900 + i * 110;
    cols += `<rect x="${x}" y="260" width="56" height="330" fill="${C.ivory}" opacity="0.9"/>`;
    for (let f = 0; f < 4; f++)
      cols += `<rect x="${x + 8 + f * 11}" y="270" width="4" height="310" fill="${C.sand}" opacity="0.7"/>`;
    cols += `<rect x="${x - 8}" y="246" width="72" height="16" fill="${C.ivory}"/><rect x="${x - 8}" y="588" width="72" height="14" fill="${C.ivory}"/>`;
  }
  const body = `${bg.body}
    <path d="M860 236 1130 120l270 116z" fill="${C.ivory}"/>
    <path d="M910 226 1130 134l220 92z" fill="${C.sand}" opacity="0.5"/>
    <rect x="860" y="232" width="540" height="16" fill="${C.ivory}"/>
    ${cols}
    <rect x="830" y="602" width="600" height="18" fill="${C.ivory}"/>
    <rect x="800" y="620" width="660" height="22" fill="${C.sand}"/>
    <rect x="0" y="642" width="${w}" height="58" fill="${C.ink}" opacity="0.6"/>
    ${icon('scales', 1104, 168, 52, C.gold, 3)}
    ${text(120, 672, 'HARROW & VALE LEGAL CONSULTANTS  ·  KOCHI  ·  SINCE 1993', { size: 18, color: C.gold2, font: SANS, spacing: 3 })}`;
  return svg(w, h, body, bg.defs);
}

function carouselScales() {
  const w = 1600,
    h = 700;
  const bg = backdrop(w, h, '#16243a', C.teal, 23, { glow: C.gold2 });
  const body = `${bg.body}
    <circle cx="1150" cy="350" r="260" fill="${C.ink}" opacity="0.35"/>
    <circle cx="1150" cy="350" r="260" fill="none" stroke="${C.gold}" stroke-opacity="0.5" stroke-width="2"/>
    <circle cx="1150" cy="350" r="230" fill="none" stroke="${C.gold}" stroke-opacity="0.25" stroke-width="1"/>
    ${icon('scales', 960, 160, 380, C.gold, 6)}
    ${text(120, 672, 'KOCHI  ·  THIRUVANANTHAPURAM  ·  KOZHIKODE  ·  BENGALURU  ·  CHENNAI', { size: 18, color: C.gold2, font: SANS, spacing: 3 })}`;
  return svg(w, h, body, bg.defs);
}

function carouselDesk() {
  const w = 1600,
    h = 700;
  const bg = backdrop(w, h, '#2a1f24', C.wine, 37, { glow: C.gold });
  let spines = '';
  const r = rng(5);
  let x = 880;
  const colours = [C.navy, C.teal, C.gold, C.ivory, C.wine, C.slate, C.sand];
  while (x < 1520) {
    const bw = 26 + Math.floor(r() * 26);
    const bh = 170 + Math.floor(r() * 70);
    const col = colours[Math.floor(r() * colours.length)];
    spines += `<rect x="${x}" y="${420 - bh}" width="${bw}" height="${bh}" fill="${col}" opacity="0.92"/><rect x="${x + 6}" y="${440 - bh}" width="${bw - 12}" height="6" fill="${C.gold2}" opacity="0.7"/>`;
    x += bw + 4;
  }
  const body = `${bg.body}
    ${spines}
    <rect x="850" y="420" width="700" height="16" fill="${C.sand}"/>
    <rect x="760" y="520" width="840" height="30" fill="#3b2a22"/>
    <rect x="760" y="550" width="840" height="150" fill="#2a1d17"/>
    ${icon('gavel', 1080, 380, 150, C.gold, 5)}
    <rect x="1240" y="470" width="150" height="50" fill="${C.ivory}" transform="rotate(-6 1315 495)"/>
    <path d="M1255 482h110M1255 494h90M1255 506h100" stroke="${C.slate}" stroke-width="3" transform="rotate(-6 1315 495)"/>
    ${text(120, 672, 'CONSULTATIONS MONDAY TO SATURDAY', { size: 18, color: C.gold2, font: SANS, spacing: 3 })}`;
  return svg(w, h, body, bg.defs);
}

/* ---------- calendar 1000 x 1000 ---------- */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// Fixed-date national holidays (the court calendar adds many more each year).
const HOLIDAYS = {
  '1-26': 'Republic Day',
  '8-15': 'Independence Day',
  '10-2': 'Gandhi Jayanti',
  '5-1': 'May Day',
  '12-25': 'Christmas',
};

function yearCalendar(year) {
  const w = 1000,
    h = 1000;
  let body = `<rect width="${w}" height="${h}" fill="${C.paper}"/>
    <rect width="${w}" height="150" fill="${C.navy}"/>
    <rect y="150" width="${w}" height="6" fill="${C.gold}"/>
    ${monogram(95, 75, 46)}
    ${text(165, 70, 'Harrow & Vale Legal Consultants', { size: 30, color: C.ivory })}
    ${text(165, 106, 'Kochi · Thiruvananthapuram · Kozhikode · Bengaluru · Chennai', { size: 16, color: C.gold2, font: SANS })}
    ${text(940, 100, String(year), { size: 64, color: C.gold, anchor: 'end', weight: 'bold' })}`;
  const cellW = 40,
    colW = 300,
    rowH = 196;
  const dayNames = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
  for (let m = 0; m < 12; m++) {
    const ox = 50 + (m % 3) * (colW + 15);
    const oy = 180 + Math.floor(m / 3) * rowH;
    body += `<rect x="${ox - 8}" y="${oy}" width="${colW}" height="${rowH - 14}" rx="8" fill="#ffffff" stroke="#e6dccb"/>`;
    body += text(ox + 6, oy + 26, MONTHS[m], { size: 18, color: C.navy, weight: 'bold' });
    dayNames.forEach((d, i) => {
      body += text(ox + 14 + i * cellW, oy + 50, d, {
        size: 12,
        color: i === 0 ? C.wine : C.slate,
        font: SANS,
        anchor: 'middle',
        weight: 'bold',
      });
    });
    const first = new Date(Date.UTC(year, m, 1)).getUTCDay();
    const days = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
    for (let d = 1; d <= days; d++) {
      const idx = first + d - 1;
      const cx = ox + 14 + (idx % 7) * cellW;
      const cy = oy + 74 + Math.floor(idx / 7) * 19;
      const holiday = HOLIDAYS[`${m + 1}-${d}`];
      if (holiday) body += `<circle cx="${cx}" cy="${cy - 4}" r="9" fill="${C.gold}"/>`;
      body += text(cx, cy, String(d), {
        size: 12,
        color: holiday ? C.ink : idx % 7 === 0 ? C.wine : C.ink,
        font: SANS,
        anchor: 'middle',
      });
    }
  }
  body += `<rect y="950" width="${w}" height="50" fill="${C.navy}"/>
    <circle cx="60" cy="975" r="8" fill="${C.gold}"/>
    ${text(76, 980, 'National holidays', { size: 14, color: C.ivory, font: SANS })}
    <circle cx="236" cy="975" r="8" fill="${C.wine}"/>
    ${text(252, 980, 'Sundays', { size: 14, color: C.ivory, font: SANS })}
    ${text(950, 980, 'Consultations Mon–Sat · +91 484 400 1993', { size: 14, color: C.gold2, font: SANS, anchor: 'end' })}`;
  return svg(w, h, body);
}

/* ---------- about 1200 x 900 ---------- */

function aboutImage() {
  const w = 1200,
    h = 900;
  const bg = backdrop(w, h, '#f3ead8', '#d8c6a2', 41, { rings: false, hatch: false, glow: '#ffffff' });
  let windows = '';
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 6; col++) {
      const lit = (row * 7 + col * 3) % 5 === 0;
      windows += `<rect x="${380 + col * 75}" y="${250 + row * 85}" width="48" height="58" fill="${lit ? C.gold2 : C.navy2}" opacity="${lit ? 0.95 : 0.85}"/>`;
    }
  }
  let palms = '';
  for (const [px, s] of [
    [200, 1],
    [1010, 0.85],
  ]) {
    palms += `<g transform="translate(${px} 760) scale(${s})"><path d="M0 0c4-90 10-180 30-260" stroke="#4c5b3f" stroke-width="12" fill="none"/>
      <path d="M30-260c-60-20-110 0-140 30M30-260c-40-50-100-60-150-50M30-260c20-60 70-80 120-80M30-260c60-10 110 20 130 60M30-260c10 40 0 80-20 110" stroke="${C.teal}" stroke-width="14" fill="none" stroke-linecap="round"/></g>`;
  }
  const body = `${bg.body}
    <rect x="340" y="200" width="520" height="540" fill="${C.navy}"/>
    <rect x="330" y="180" width="540" height="28" fill="${C.ink}"/>
    ${windows}
    <rect x="540" y="670" width="120" height="70" fill="${C.gold}"/>
    <rect x="555" y="682" width="90" height="58" fill="${C.ink}"/>
    <rect x="0" y="740" width="${w}" height="160" fill="#9a8a6e"/>
    <rect x="0" y="740" width="${w}" height="8" fill="#7e7057"/>
    <path d="M0 820h1200" stroke="#b7a784" stroke-width="4" stroke-dasharray="40 30"/>
    ${palms}
    <rect x="420" y="120" width="360" height="52" rx="4" fill="${C.ink}"/>
    ${text(600, 155, 'MARINE CREST · KOCHI', { size: 22, color: C.gold, font: SANS, anchor: 'middle', spacing: 3 })}
    <g transform="translate(70 70)">${monogram(60, 60, 56, C.navy)}</g>
    ${text(1130, 860, 'Harrow & Vale · est. 1993', { size: 26, color: C.ivory, anchor: 'end' })}`;
  return svg(w, h, body, bg.defs);
}

/* ---------- square-ish cards: categories, blogs, events 1200 x 800 ---------- */

function iconCard({ iconName, from, to, seed, kicker, title, subtitle, accent = C.gold }) {
  const w = 1200,
    h = 800;
  const bg = backdrop(w, h, from, to, seed, { glow: accent });
  let body = `${bg.body}
    <circle cx="${title ? 860 : 600}" cy="${title ? 400 : 380}" r="230" fill="#ffffff" opacity="0.06"/>
    <circle cx="${title ? 860 : 600}" cy="${title ? 400 : 380}" r="230" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="3"/>
    ${icon(iconName, (title ? 860 : 600) - 150, (title ? 400 : 380) - 150, 300, accent, 6)}`;
  if (kicker) {
    body += `<rect x="80" y="${title ? 250 : 640}" width="70" height="4" fill="${accent}"/>`;
    body += text(80, title ? 230 : 620, kicker.toUpperCase(), { size: 22, color: accent, font: SANS, spacing: 4 });
  }
  if (title) {
    title.forEach((line, i) => (body += text(80, 330 + i * 64, line, { size: 52, color: C.ivory, weight: 'bold' })));
  }
  if (subtitle)
    body += text(80, 330 + (title?.length ?? 0) * 64 + 30, subtitle, { size: 24, color: C.gold2, font: SANS });
  body += text(1140, 770, 'Harrow & Vale', { size: 20, color: C.ivory, anchor: 'end', opacity: 0.6 });
  return svg(w, h, body, bg.defs);
}

/* ---------- people 400 x 400 ---------- */

function portrait({ initials, from, to, skin, hair, suit, seed, long = false }) {
  const w = 400,
    h = 400;
  const bg = backdrop(w, h, from, to, seed, { hatch: false, glow: '#ffffff' });
  const hairShape = long
    ? `<path d="M128 196c-6-70 24-116 72-116s80 46 72 116c-4 40 8 70 20 90H108c12-20 24-50 20-90z" fill="${hair}"/>`
    : `<path d="M136 170c-4-52 22-86 64-86s68 34 64 86c-8-26-30-40-64-40s-56 14-64 40z" fill="${hair}"/>`;
  const body = `${bg.body}
    ${hairShape}
    <path d="M60 400c6-82 60-118 140-118s134 36 140 118z" fill="${suit}"/>
    <path d="M170 282l30 52 30-52z" fill="#ffffff"/>
    <path d="M194 300h12l6 60-12 14-12-14z" fill="${C.wine}"/>
    <rect x="178" y="238" width="44" height="50" rx="14" fill="${skin}"/>
    <ellipse cx="200" cy="186" rx="62" ry="74" fill="${skin}"/>
    ${long ? '' : `<path d="M138 168c6-36 30-54 62-54s56 18 62 54c-10-16-34-26-62-26s-52 10-62 26z" fill="${hair}"/>`}
    <circle cx="350" cy="350" r="34" fill="${C.navy}" stroke="${C.gold}" stroke-width="3"/>
    ${text(350, 358, initials, { size: 22, color: C.gold, anchor: 'middle', font: SANS, weight: 'bold' })}`;
  return svg(w, h, body, bg.defs);
}

/* ---------- partner logos 400 x 200 (PNG) ---------- */

function logo({ mark, name, sub, color, accent }) {
  const w = 400,
    h = 200;
  const marks = {
    wave: `<path d="M20 60c15-12 30-12 45 0s30 12 45 0M20 80c15-12 30-12 45 0s30 12 45 0M20 40c15-12 30-12 45 0s30 12 45 0" fill="none" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>`,
    leaf: `<path d="M65 100C20 90 15 40 40 10c20 20 70 30 60 70-6 22-20 24-35 20z" fill="${accent}"/><path d="M65 100C55 70 50 50 42 22" stroke="#ffffff" stroke-width="4" fill="none"/>`,
    coin: `<circle cx="62" cy="60" r="46" fill="${accent}"/><circle cx="62" cy="60" r="34" fill="none" stroke="#ffffff" stroke-width="5"/><path d="M46 46h32M46 58h32M62 46c16 0 16 24 0 24l18 20" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    cross: `<rect x="16" y="14" width="92" height="92" rx="22" fill="${accent}"/><path d="M62 34v52M36 60h52" stroke="#ffffff" stroke-width="14" stroke-linecap="round"/>`,
    key: `<path d="M20 100 62 14l42 86z" fill="none" stroke="${accent}" stroke-width="9" stroke-linejoin="round"/><path d="M44 100V72h36v28" fill="${accent}"/>`,
  };
  const body = `<rect width="${w}" height="${h}" fill="#ffffff"/>
    <g transform="translate(24 40)">${marks[mark]}</g>
    ${text(160, sub ? 98 : 112, name, { size: name.length > 12 ? 26 : 30, color, font: SANS, weight: 'bold' })}
    ${sub ? text(160, 130, sub, { size: 16, color: '#66707e', font: SANS, spacing: 2 }) : ''}`;
  return svg(w, h, body);
}

/* ---------- ads: Primary 600 x 800, Secondary 728 x 250 ---------- */

function adPrimary({ from, to, seed, iconName, kicker, lines, body: copy, cta }) {
  const w = 600,
    h = 800;
  const bg = backdrop(w, h, from, to, seed);
  let body = `${bg.body}
    ${monogram(300, 110, 52)}
    ${text(300, 205, kicker.toUpperCase(), { size: 18, color: C.gold2, font: SANS, anchor: 'middle', spacing: 4 })}
    <rect x="265" y="222" width="70" height="3" fill="${C.gold}"/>`;
  lines.forEach(
    (l, i) => (body += text(300, 292 + i * 52, l, { size: 42, color: C.ivory, anchor: 'middle', weight: 'bold' })),
  );
  const y0 = 292 + lines.length * 52 + 10;
  body += icon(iconName, 230, y0, 140, C.gold, 5);
  copy.forEach(
    (l, i) =>
      (body += text(300, y0 + 200 + i * 30, l, {
        size: 20,
        color: C.ivory,
        font: SANS,
        anchor: 'middle',
        opacity: 0.9,
      })),
  );
  body += `<rect x="110" y="700" width="380" height="60" rx="30" fill="${C.gold}"/>
    ${text(300, 739, cta, { size: 22, color: C.ink, font: SANS, anchor: 'middle', weight: 'bold' })}`;
  return svg(w, h, body, bg.defs);
}

function adSecondary({ from, to, seed, iconName, headline, sub, cta }) {
  const w = 728,
    h = 250;
  const bg = backdrop(w, h, from, to, seed);
  const body = `${bg.body}
    ${icon(iconName, 34, 55, 140, C.gold, 5)}
    <rect x="196" y="40" width="3" height="170" fill="${C.gold}" opacity="0.7"/>
    ${text(226, 100, headline, { size: 32, color: C.ivory, weight: 'bold' })}
    ${text(226, 140, sub, { size: 18, color: C.gold2, font: SANS })}
    <rect x="226" y="164" width="${cta.length * 12 + 40}" height="44" rx="22" fill="${C.gold}"/>
    ${text(246, 193, cta, { size: 18, color: C.ink, font: SANS, weight: 'bold' })}
    ${text(700, 232, 'Harrow & Vale Legal Consultants', { size: 13, color: C.ivory, font: SANS, anchor: 'end', opacity: 0.7 })}`;
  return svg(w, h, body, bg.defs);
}

/* ---------- gallery scenes 1200 x 800 ---------- */

function scene(kind, seed) {
  const w = 1200,
    h = 800;
  const r = rng(seed);
  let defs = '';
  let body = '';
  switch (kind) {
    case 'skyline': {
      defs = linear('sky', '#f0c987', '#6c86a8', 90);
      body += `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="900" cy="250" r="80" fill="#fbe3b0" opacity="0.9"/>`;
      let x = 0;
      while (x < w) {
        const bw = 60 + r() * 90;
        const bh = 180 + r() * 300;
        body += `<rect x="${x}" y="${620 - bh}" width="${bw}" height="${bh}" fill="${C.navy}" opacity="${0.55 + r() * 0.35}"/>`;
        for (let wy = 640 - bh; wy < 600; wy += 34)
          for (let wx = x + 12; wx < x + bw - 16; wx += 26)
            if (r() > 0.55)
              body += `<rect x="${wx}" y="${wy}" width="10" height="14" fill="${C.gold2}" opacity="0.8"/>`;
        x += bw + 6;
      }
      body += `<rect y="620" width="${w}" height="180" fill="${C.ink}"/><path d="M0 700h1200" stroke="${C.gold}" stroke-width="3" stroke-dasharray="50 40"/>
        <path d="M420 560h360" stroke="${C.wine}" stroke-width="10"/><path d="M600 540c-30-20-60 0-40 20 20 20 40 0 40-20zm0 0c30-20 60 0 40 20-20 20-40 0-40-20z" fill="${C.wine}"/>`;
      break;
    }
    case 'library': {
      body += `<rect width="${w}" height="${h}" fill="#3a2a20"/>`;
      for (let shelf = 0; shelf < 4; shelf++) {
        const y = 60 + shelf * 180;
        let x = 60;
        while (x < 1140) {
          const bw = 22 + r() * 30;
          const bh = 110 + r() * 40;
          const col = [C.wine, C.navy, C.teal, C.sand, '#5a3e2b', C.slate, C.gold][Math.floor(r() * 7)];
          body += `<rect x="${x}" y="${y + 150 - bh}" width="${bw}" height="${bh}" fill="${col}"/><rect x="${x + 4}" y="${y + 170 - bh}" width="${bw - 8}" height="5" fill="${C.gold2}" opacity="0.6"/>`;
          x += bw + 3;
          if (r() > 0.93) x += 40;
        }
        body += `<rect x="40" y="${y + 150}" width="1120" height="16" fill="#6b4b33"/>`;
      }
      body += `<rect x="0" y="0" width="40" height="${h}" fill="#24180f"/><rect x="1160" y="0" width="40" height="${h}" fill="#24180f"/>`;
      break;
    }
    case 'lecture': {
      defs = linear('hall', '#2b3b57', '#121c2c', 90);
      body += `<rect width="${w}" height="${h}" fill="url(#hall)"/><rect x="300" y="60" width="600" height="300" rx="6" fill="${C.ivory}" opacity="0.92"/>
        ${icon('scales', 530, 110, 140, C.navy, 4)}
        <rect x="400" y="290" width="400" height="14" rx="7" fill="${C.gold}"/>
        <rect x="880" y="360" width="120" height="170" fill="#5a3e2b"/><rect x="866" y="350" width="148" height="20" fill="#6b4b33"/>
        <circle cx="940" cy="300" r="28" fill="#c89a7a"/><path d="M900 350c0-30 18-46 40-46s40 16 40 46z" fill="${C.navy}"/>`;
      for (let row = 0; row < 3; row++)
        for (let i = 0; i < 12; i++) {
          const cx = 70 + i * 96 + (row % 2) * 40;
          const cy = 620 + row * 70;
          body += `<circle cx="${cx}" cy="${cy}" r="26" fill="${['#3b2a22', '#1a1a1a', '#5a3e2b'][Math.floor(r() * 3)]}"/><path d="M${cx - 44} ${cy + 70}c0-40 20-50 44-50s44 10 44 50z" fill="${[C.slate, C.wine, C.teal, C.navy2][Math.floor(r() * 4)]}"/>`;
        }
      break;
    }
    case 'camp': {
      defs = linear('day', '#bfe0e8', '#f7efdc', 90);
      body += `<rect width="${w}" height="${h}" fill="url(#day)"/><rect y="560" width="${w}" height="240" fill="#9fb27e"/>
        <path d="M200 560 600 300l400 260z" fill="${C.ivory}"/><path d="M600 300v260" stroke="${C.sand}" stroke-width="6"/>
        <path d="M200 560 600 300 560 560z" fill="#e9dfca"/>
        <path d="M180 300h840" stroke="${C.navy}" stroke-width="0"/>
        <rect x="360" y="470" width="480" height="22" fill="#6b4b33"/><rect x="380" y="492" width="12" height="70" fill="#6b4b33"/><rect x="808" y="492" width="12" height="70" fill="#6b4b33"/>
        <rect x="460" y="440" width="90" height="30" fill="${C.ivory}" stroke="${C.slate}"/><rect x="640" y="446" width="70" height="24" fill="${C.gold2}"/>`;
      for (let i = 0; i < 9; i++) {
        const cx = 120 + i * 120 + r() * 30;
        const cy = 640 + r() * 60;
        body += `<circle cx="${cx}" cy="${cy - 70}" r="22" fill="${['#8d5b3f', '#6e4430', '#b07a57'][Math.floor(r() * 3)]}"/><path d="M${cx - 34} ${cy + 20}c0-50 14-66 34-66s34 16 34 66z" fill="${[C.wine, C.teal, C.gold, C.navy2, C.sage][Math.floor(r() * 5)]}"/>`;
      }
      body += `<rect x="480" y="250" width="240" height="46" rx="4" fill="${C.navy}"/>${text(600, 282, 'FREE LEGAL AID', { size: 24, color: C.gold, font: SANS, anchor: 'middle', weight: 'bold', spacing: 2 })}`;
      break;
    }
    case 'roundtable': {
      body += `<rect width="${w}" height="${h}" fill="#d9cfbd"/><path d="M0 0h1200v800H0z" fill="none"/>`;
      for (let i = 0; i < 16; i++) body += `<rect x="${i * 75}" y="0" width="2" height="${h}" fill="#cbbfa9"/>`;
      body += `<ellipse cx="600" cy="400" rx="330" ry="230" fill="#6b4b33"/><ellipse cx="600" cy="392" rx="320" ry="220" fill="#80593c"/>`;
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2;
        const cx = 600 + Math.cos(a) * 400;
        const cy = 400 + Math.sin(a) * 290;
        body += `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="46" fill="${C.navy}"/><circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="30" fill="${C.navy2}"/>`;
        const px = 600 + Math.cos(a) * 240;
        const py = 396 + Math.sin(a) * 160;
        body += `<rect x="${(px - 30).toFixed(0)}" y="${(py - 22).toFixed(0)}" width="60" height="44" fill="${C.paper}" transform="rotate(${((a * 180) / Math.PI + 90).toFixed(0)} ${px.toFixed(0)} ${py.toFixed(0)})"/>`;
      }
      body += `<circle cx="600" cy="392" r="46" fill="${C.teal}"/><circle cx="600" cy="392" r="20" fill="${C.ivory}"/>`;
      break;
    }
    case 'workshop': {
      defs = linear('wall', '#e9e2d3', '#cfc3ad', 90);
      body += `<rect width="${w}" height="${h}" fill="url(#wall)"/><rect x="150" y="70" width="640" height="380" fill="#ffffff" stroke="${C.slate}" stroke-width="6"/>
        ${text(190, 130, 'Consumer Protection Act, 2019', { size: 30, color: C.navy, weight: 'bold' })}
        <rect x="190" y="150" width="120" height="4" fill="${C.gold}"/>`;
      ['Who is a consumer?', 'Deficiency in service', 'Where and how to file', 'Limitation: two years'].forEach(
        (l, i) => {
          body += `<circle cx="205" cy="${200 + i * 56}" r="7" fill="${C.gold}"/>${text(228, 208 + i * 56, l, { size: 26, color: C.ink, font: SANS })}`;
        },
      );
      body += `<rect x="870" y="220" width="200" height="300" rx="100" fill="${C.teal}"/><circle cx="970" cy="170" r="56" fill="#9c6b4c"/><path d="M930 150c10-40 70-40 82 0-20-14-60-14-82 0z" fill="#1a1a1a"/>
        <rect x="0" y="600" width="${w}" height="200" fill="#8a6a4c"/><rect x="0" y="600" width="${w}" height="14" fill="#6b4b33"/>`;
      for (let i = 0; i < 6; i++)
        body += `<rect x="${100 + i * 180}" y="640" width="120" height="80" rx="6" fill="${C.paper}" opacity="0.9"/><path d="M${116 + i * 180} 664h88M${116 + i * 180} 684h70" stroke="${C.slate}" stroke-width="4"/>`;
      break;
    }
    case 'anniversary': {
      const bg = backdrop(w, h, C.ink, C.navy2, 77);
      defs = bg.defs;
      body += bg.body;
      let laurel = '';
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (0.62 + i * 0.09);
        const lx = 600 + Math.cos(a) * 250;
        const ly = 390 + Math.sin(a) * 250;
        const deg = (a * 180) / Math.PI + 60;
        laurel += `<ellipse cx="${lx.toFixed(0)}" cy="${ly.toFixed(0)}" rx="30" ry="12" fill="${C.gold}" transform="rotate(${deg.toFixed(0)} ${lx.toFixed(0)} ${ly.toFixed(0)})"/>`;
        const rx = 1200 - lx;
        laurel += `<ellipse cx="${rx.toFixed(0)}" cy="${ly.toFixed(0)}" rx="30" ry="12" fill="${C.gold}" transform="rotate(${(180 - deg).toFixed(0)} ${rx.toFixed(0)} ${ly.toFixed(0)})"/>`;
      }
      body += `${laurel}
        ${text(600, 440, '30', { size: 220, color: C.gold, anchor: 'middle', weight: 'bold' })}
        ${text(600, 510, 'YEARS OF COUNSEL', { size: 30, color: C.ivory, font: SANS, anchor: 'middle', spacing: 8 })}
        ${text(600, 700, '1993 — 2023', { size: 34, color: C.gold2, anchor: 'middle' })}`;
      for (let i = 0; i < 40; i++)
        body += `<rect x="${(r() * w).toFixed(0)}" y="${(r() * 300).toFixed(0)}" width="10" height="4" fill="${[C.gold, C.ivory, C.wine][i % 3]}" transform="rotate(${(r() * 180).toFixed(0)})" opacity="0.7"/>`;
      break;
    }
    case 'reception': {
      body += `<rect width="${w}" height="${h}" fill="#efe7d7"/><rect y="560" width="${w}" height="240" fill="#b79f7c"/>
        <rect x="300" y="100" width="600" height="180" fill="${C.navy}"/>
        ${monogram(420, 190, 62)}
        ${text(510, 180, 'Harrow & Vale', { size: 48, color: C.ivory })}
        ${text(512, 222, 'LEGAL CONSULTANTS', { size: 20, color: C.gold, font: SANS, spacing: 5 })}
        <rect x="240" y="420" width="720" height="160" fill="#6b4b33"/><rect x="220" y="400" width="760" height="26" fill="#80593c"/>
        <rect x="240" y="440" width="720" height="6" fill="${C.gold}"/>
        <rect x="100" y="360" width="60" height="200" fill="${C.teal}" rx="30"/><path d="M130 360c-40-60-20-120 0-140 20 20 40 80 0 140z" fill="${C.sage}"/>
        <rect x="1040" y="360" width="60" height="200" fill="${C.teal}" rx="30"/><path d="M1070 360c-40-60-20-120 0-140 20 20 40 80 0 140z" fill="${C.sage}"/>`;
      break;
    }
  }
  return svg(w, h, body, defs);
}

/* ---------- PDFs (hand-written, one A4 page of Helvetica text) ---------- */

function wrap(line, max = 88) {
  const words = line.split(' ');
  const out = [];
  let cur = '';
  for (const wd of words) {
    if ((cur + ' ' + wd).trim().length > max) {
      out.push(cur);
      cur = wd;
    } else cur = (cur + ' ' + wd).trim();
  }
  if (cur || !out.length) out.push(cur);
  return out;
}

function pdf({ title, subtitle, sections }) {
  const pdfText = (s) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  let y = 790;
  const ops = [];
  ops.push('0.106 0.165 0.255 rg 0 800 595 42 re f');
  ops.push(`BT /F2 13 Tf 1 1 1 rg 40 815 Td (${pdfText('Harrow & Vale Legal Consultants')}) Tj ET`);
  ops.push(
    `BT /F1 9 Tf 0.886 0.788 0.561 rg 330 815 Td (${pdfText('4th Floor, Marine Crest, Shanmugham Road, Kochi 682031')}) Tj ET`,
  );
  y = 760;
  ops.push(`BT /F2 17 Tf 0.106 0.165 0.255 rg 40 ${y} Td (${pdfText(title)}) Tj ET`);
  y -= 20;
  ops.push(`BT /F3 10 Tf 0.36 0.42 0.51 rg 40 ${y} Td (${pdfText(subtitle)}) Tj ET`);
  y -= 10;
  ops.push(`0.788 0.643 0.361 RG 1.5 w 40 ${y} m 555 ${y} l S`);
  y -= 24;
  for (const sec of sections) {
    ops.push(`BT /F2 11.5 Tf 0.106 0.165 0.255 rg 40 ${y} Td (${pdfText(sec.heading)}) Tj ET`);
    y -= 17;
    for (const item of sec.lines) {
      const bullet = item.startsWith('- ');
      const lines = wrap(bullet ? item.slice(2) : item, bullet ? 92 : 96);
      lines.forEach((l, i) => {
        const x = bullet ? 58 : 40;
        if (bullet && i === 0) ops.push(`BT /F1 10 Tf 0.788 0.643 0.361 rg 46 ${y} Td (-) Tj ET`);
        ops.push(`BT /F1 10 Tf 0.15 0.15 0.15 rg ${x} ${y} Td (${pdfText(l)}) Tj ET`);
        y -= 14;
      });
      y -= 2;
    }
    y -= 10;
  }
  if (y < 70) throw new Error(`PDF "${title}" does not fit on one page`);
  ops.push('0.788 0.643 0.361 RG 0.8 w 40 52 m 555 52 l S');
  ops.push(
    `BT /F3 8.5 Tf 0.36 0.42 0.51 rg 40 38 Td (${pdfText("This document is general information prepared for the firm's website. It is not legal advice for any particular matter.")}) Tj ET`,
  );
  ops.push(
    `BT /F3 8.5 Tf 0.36 0.42 0.51 rg 40 26 Td (${pdfText('contact@harrowvale.example  |  +91 484 400 1993  |  Names and identifying details have been changed.')}) Tj ET`,
  );
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Author (Harrow & Vale Legal Consultants) /Producer (generate-demo-images.mjs) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PDFS = {
  'property-title-checklist.pdf': {
    title: 'Property Title Verification Checklist',
    subtitle: 'For buyers of land, houses and apartments in Kerala',
    sections: [
      {
        heading: '1. Documents to ask the seller for',
        lines: [
          '- The title deed (sale deed, gift deed, partition deed or settlement deed) and every prior deed for at least 30 years.',
          "- The latest land tax (basic tax) receipt from the village office, in the seller's name.",
          '- Possession certificate and location sketch from the village office.',
          '- Building permit, approved plan and occupancy certificate (for built property).',
          "- For apartments: the builder's RERA registration and the agreement for sale.",
        ],
      },
      {
        heading: '2. Searches to make',
        lines: [
          "- Encumbrance certificate from the Sub-Registrar's office covering at least 30 years.",
          '- Check the thandaper (revenue) record and survey number against the deed.',
          '- Confirm the land is not classified as paddy or wetland under the Conservation of Paddy Land and Wetland Act, 2008.',
          '- Ask whether any suit, attachment or acquisition notice is pending.',
        ],
      },
      {
        heading: '3. Before you pay',
        lines: [
          '- Have an advocate read the chain of title and issue a written title opinion.',
          '- Verify the identity of every owner and heir who must sign; one missing signature can void a sale.',
          '- Pay by bank transfer and record every payment in the sale deed.',
          '- Register the sale deed and apply for mutation of the revenue records promptly.',
        ],
      },
      {
        heading: 'Red flags',
        lines: [
          'A seller who will not show original deeds, a power of attorney sale, a price far below the market, gaps in the chain of title, or a survey number that does not match the village records.',
        ],
      },
    ],
  },
  'rent-control-order-summary.pdf': {
    title: 'Rent Control Petition - Summary of Order',
    subtitle: 'Eviction for bona fide need of the landlord (Kerala Buildings (Lease and Rent Control) Act, 1965)',
    sections: [
      {
        heading: 'Parties and property',
        lines: [
          'Petitioner: a retired teacher, owner of a two-storey commercial building in Ernakulam. Respondent: tenant of the ground-floor shop room since 2009.',
        ],
      },
      {
        heading: 'The need pleaded',
        lines: [
          'The petitioner sought the shop room for her son, who had qualified as a pharmacist and had no other premises of his own to start a medical store.',
        ],
      },
      {
        heading: 'What the Rent Control Court considered',
        lines: [
          '- Whether the need was genuine and not a pretext to raise the rent.',
          '- Whether the landlord or her son had other suitable buildings in the same city.',
          '- Whether the tenant depended solely on the business for a livelihood and whether other premises were available nearby.',
        ],
      },
      {
        heading: 'Outcome',
        lines: [
          '- Eviction ordered; the tenant was given six months to vacate.',
          '- The parties later agreed on an earlier handover in return for a waiver of arrears for the final quarter.',
          '- Possession was delivered without execution proceedings.',
        ],
      },
      {
        heading: 'Practical notes',
        lines: [
          "Keep rent receipts and correspondence; prove the family member's qualification and plans with documents; and consider a negotiated timeline, which often saves a year of execution proceedings.",
        ],
      },
    ],
  },
  'health-claim-order-summary.pdf': {
    title: 'Consumer Complaint - Summary of Order',
    subtitle: 'Repudiated health insurance claim before a District Consumer Disputes Redressal Commission',
    sections: [
      {
        heading: 'Facts',
        lines: [
          'The complainant, a 52-year-old shopkeeper, underwent an angioplasty. His insurer rejected the cashless request and then the reimbursement claim of Rs. 3,40,000, citing non-disclosure of a pre-existing condition.',
        ],
      },
      {
        heading: 'Issues',
        lines: [
          '- Was the hypertension relied on by the insurer diagnosed before the policy began?',
          "- Had the insurer's own pre-policy medical check recorded the condition?",
          '- Was the rejection a deficiency in service under the Consumer Protection Act, 2019?',
        ],
      },
      {
        heading: 'Findings',
        lines: [
          '- The insurer produced no record of treatment before the policy was issued.',
          '- Its own pre-policy check-up had not flagged hypertension.',
          '- The policy had been renewed without a break for six years.',
        ],
      },
      {
        heading: 'Relief granted',
        lines: [
          '- The claim amount with interest at 9% a year from the date of repudiation.',
          '- Rs. 25,000 as compensation for mental agony and Rs. 10,000 as costs.',
          '- Payment within 45 days of the order.',
        ],
      },
    ],
  },
};

/* ---------- the set ---------- */

async function main() {
  const firstYear = Number(process.argv[2]) || new Date().getFullYear();
  rmSync(IMG_DIR, { recursive: true, force: true });
  mkdirSync(IMG_DIR, { recursive: true });
  mkdirSync(FILE_DIR, { recursive: true });

  const jobs = [
    ['carousel-1.jpg', 1600, 700, carouselColumns()],
    ['carousel-2.jpg', 1600, 700, carouselScales()],
    ['carousel-3.jpg', 1600, 700, carouselDesk()],
    ['calendar-current.jpg', 1000, 1000, yearCalendar(firstYear)],
    ['calendar-next.jpg', 1000, 1000, yearCalendar(firstYear + 1)],
    ['about.jpg', 1200, 900, aboutImage()],
    // Case categories: icon only (the card prints the name).
    ['category-family.jpg', 1200, 800, iconCard({ iconName: 'family', from: '#2a1f2e', to: C.wine, seed: 101 })],
    ['category-property.jpg', 1200, 800, iconCard({ iconName: 'house', from: C.ink, to: C.teal, seed: 102 })],
    ['category-criminal.jpg', 1200, 800, iconCard({ iconName: 'shield', from: '#101722', to: C.navy2, seed: 103 })],
    ['category-corporate.jpg', 1200, 800, iconCard({ iconName: 'briefcase', from: C.navy, to: C.slate, seed: 104 })],
    [
      'category-consumer.jpg',
      1200,
      800,
      iconCard({ iconName: 'receipt', from: '#1d3a37', to: C.sage, seed: 105, accent: C.gold2 }),
    ],
    [
      'category-employment.jpg',
      1200,
      800,
      iconCard({ iconName: 'badge', from: '#2e2a24', to: '#7a6a4e', seed: 106, accent: C.gold2 }),
    ],
    // Blogs.
    [
      'blog-title-check.jpg',
      1200,
      800,
      iconCard({
        iconName: 'house',
        from: C.ink,
        to: C.teal,
        seed: 201,
        kicker: 'Property · Guide',
        title: ['Before you buy:', 'checking the title'],
      }),
    ],
    [
      'blog-mutual-divorce.jpg',
      1200,
      800,
      iconCard({
        iconName: 'family',
        from: '#2a1f2e',
        to: C.wine,
        seed: 202,
        kicker: 'Family law',
        title: ['Mutual consent', 'divorce, step by step'],
      }),
    ],
    [
      'blog-consumer-complaint.jpg',
      1200,
      800,
      iconCard({
        iconName: 'receipt',
        from: '#1d3a37',
        to: C.sage,
        seed: 203,
        kicker: 'Consumer protection',
        title: ['Filing a consumer', 'complaint online'],
        accent: C.gold2,
      }),
    ],
    [
      'blog-anticipatory-bail.jpg',
      1200,
      800,
      iconCard({
        iconName: 'shield',
        from: '#101722',
        to: C.navy2,
        seed: 204,
        kicker: 'Criminal law',
        title: ['Anticipatory bail,', 'explained'],
      }),
    ],
    [
      'blog-founders-agreement.jpg',
      1200,
      800,
      iconCard({
        iconName: 'handshake',
        from: C.navy,
        to: C.slate,
        seed: 205,
        kicker: 'Corporate',
        title: ["Founders'", 'agreements'],
      }),
    ],
    [
      'blog-final-settlement.jpg',
      1200,
      800,
      iconCard({
        iconName: 'badge',
        from: '#2e2a24',
        to: '#7a6a4e',
        seed: 206,
        kicker: 'Employment',
        title: ['When your final', 'settlement is late'],
        accent: C.gold2,
      }),
    ],
    // Events.
    [
      'event-property-rights.jpg',
      1200,
      800,
      iconCard({
        iconName: 'columns',
        from: C.ink,
        to: C.navy2,
        seed: 301,
        kicker: 'Legal awareness session · Kochi',
        title: ['Know your', 'property rights'],
      }),
    ],
    [
      'event-startups-law.jpg',
      1200,
      800,
      iconCard({
        iconName: 'briefcase',
        from: '#132a2a',
        to: C.teal,
        seed: 302,
        kicker: 'Seminar · Bengaluru',
        title: ['Startups', 'and the law'],
      }),
    ],
    [
      'event-cyber-fraud.jpg',
      1200,
      800,
      iconCard({
        iconName: 'shieldLock',
        from: '#1a1424',
        to: C.wine,
        seed: 303,
        kicker: 'Public workshop · Kozhikode',
        title: ['Cyber fraud', 'and you'],
      }),
    ],
    [
      'event-legal-aid-camp.jpg',
      1200,
      800,
      iconCard({
        iconName: 'scales',
        from: '#2e2a24',
        to: '#7a6a4e',
        seed: 304,
        kicker: 'Community · Thiruvananthapuram',
        title: ['Free legal', 'aid camp'],
        accent: C.gold2,
      }),
    ],
    // Speakers.
    [
      'speaker-meera-harrow.jpg',
      400,
      400,
      portrait({
        initials: 'MH',
        from: C.navy,
        to: C.teal,
        skin: '#c08a68',
        hair: '#2b1d16',
        suit: C.ink,
        seed: 401,
        long: true,
      }),
    ],
    [
      'speaker-nisha-thomas.jpg',
      400,
      400,
      portrait({
        initials: 'NT',
        from: C.wine,
        to: '#b0705a',
        skin: '#a9755a',
        hair: '#1a1210',
        suit: C.navy,
        seed: 402,
        long: true,
      }),
    ],
    [
      'speaker-suresh-kr.jpg',
      400,
      400,
      portrait({
        initials: 'SK',
        from: C.slate,
        to: C.sand,
        skin: '#8d5f45',
        hair: '#bdb8b0',
        suit: '#3a3f47',
        seed: 403,
      }),
    ],
    [
      'speaker-arjun-vale.jpg',
      400,
      400,
      portrait({
        initials: 'AV',
        from: C.teal,
        to: C.sage,
        skin: '#b98563',
        hair: '#1d1410',
        suit: C.navy2,
        seed: 404,
      }),
    ],
    [
      'speaker-kavya-raman.jpg',
      400,
      400,
      portrait({
        initials: 'KR',
        from: '#4a3b5c',
        to: C.slate,
        skin: '#9a6b50',
        hair: '#120d0b',
        suit: C.wine,
        seed: 405,
        long: true,
      }),
    ],
    [
      'speaker-imran-siddiqui.jpg',
      400,
      400,
      portrait({
        initials: 'IS',
        from: C.ink,
        to: C.slate,
        skin: '#b07e5f',
        hair: '#2a2a2a',
        suit: '#2f3a2f',
        seed: 406,
      }),
    ],
    // Gallery.
    ['gallery-reception.jpg', 1200, 800, scene('reception', 501)],
    ['gallery-legal-aid-camp.jpg', 1200, 800, scene('camp', 502)],
    ['gallery-lecture.jpg', 1200, 800, scene('lecture', 503)],
    ['gallery-library.jpg', 1200, 800, scene('library', 504)],
    ['gallery-consumer-workshop.jpg', 1200, 800, scene('workshop', 505)],
    ['gallery-bengaluru-office.jpg', 1200, 800, scene('skyline', 506)],
    ['gallery-thirty-years.jpg', 1200, 800, scene('anniversary', 507)],
    ['gallery-mediation-room.jpg', 1200, 800, scene('roundtable', 508)],
    // Ads.
    [
      'ad-primary-awareness.jpg',
      600,
      800,
      adPrimary({
        from: C.ink,
        to: C.navy2,
        seed: 601,
        iconName: 'book',
        kicker: 'Every second Saturday',
        lines: ['Free legal', 'awareness clinic'],
        body: ['Tenancy, family, consumer and', 'property questions answered', 'at our Kochi office, 10 AM to 1 PM.'],
        cta: 'Book a seat',
      }),
    ],
    [
      'ad-primary-documents.jpg',
      600,
      800,
      adPrimary({
        from: '#132a2a',
        to: C.teal,
        seed: 602,
        iconName: 'document',
        kicker: 'Buying property?',
        lines: ['Title review', 'before you sign'],
        body: ['A written title opinion on', 'deeds, encumbrance certificate', 'and village records.'],
        cta: 'Book a consultation',
      }),
    ],
    [
      'ad-secondary-consult.jpg',
      728,
      250,
      adSecondary({
        from: C.ink,
        to: C.wine,
        seed: 603,
        iconName: 'scales',
        headline: 'Talk to a lawyer this week',
        sub: 'Offices in Kochi, Bengaluru, Chennai and more',
        cta: 'Book a consultation',
      }),
    ],
    [
      'ad-secondary-legal-week.jpg',
      728,
      250,
      adSecondary({
        from: '#132a2a',
        to: C.teal,
        seed: 604,
        iconName: 'calendar',
        headline: 'Legal Awareness Week',
        sub: 'Daily talks at our five offices',
        cta: 'See the schedule',
      }),
    ],
  ];
  const logos = [
    [
      'partner-vembanad-realty.png',
      { mark: 'key', name: 'Vembanad', sub: 'REALTY & INFRA', color: C.navy, accent: C.teal },
    ],
    [
      'partner-spicecoast.png',
      { mark: 'leaf', name: 'Spicecoast', sub: 'EXPORTS PVT LTD', color: '#2f4a2a', accent: '#6f8f3a' },
    ],
    [
      'partner-tharang-bank.png',
      { mark: 'coin', name: 'Tharang', sub: 'CO-OPERATIVE BANK', color: '#3b2a22', accent: C.gold },
    ],
    [
      'partner-nila-health.png',
      { mark: 'cross', name: 'Nila Health', sub: 'HOSPITAL NETWORK', color: C.teal, accent: '#2e8b84' },
    ],
    [
      'partner-backwater-tech.png',
      { mark: 'wave', name: 'Backwater', sub: 'TECHNOLOGIES', color: C.navy, accent: '#3b6fb6' },
    ],
  ];

  await Promise.all(jobs.map(([name, w, h, markup]) => save(name, w, h, markup)));
  await Promise.all(logos.map(([name, spec]) => save(name, 400, 200, logo(spec), 'png')));
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
