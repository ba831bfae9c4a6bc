// The home page's carousel slides, 1600 x 700 (scripts/generate-demo-images.ts).
import { icon } from './icons';
import { image, type DemoImage } from './image';
import { backdrop, C, rng, SANS, svg, text } from './svg';

const W = 1600,
  H = 700;

/** What a slide draws: its backdrop, its picture, and the line in spaced capitals along its foot. */
interface Slide {
  bg: { body: string; defs: string };
  art: string;
  foot: string;
}

function slide(name: string, { bg, art, foot }: Slide): DemoImage {
  const body = `${bg.body}
    ${art}
    ${text(120, 672, foot, { size: 18, color: C.gold2, font: SANS, spacing: 3 })}`;
  return image(name, W, H, svg(W, H, body, bg.defs));
}

function carouselColumns(): Slide {
  const bg = backdrop(W, H, C.ink, C.navy2, 11);
  let cols = '';
  for (let i = 0; i < 5; i++) {
    const x = 900 + i * 110;
    cols += `<rect x="${x}" y="260" width="56" height="330" fill="${C.ivory}" opacity="0.9"/>`;
    for (let f = 0; f < 4; f++)
      cols += `<rect x="${x + 8 + f * 11}" y="270" width="4" height="310" fill="${C.sand}" opacity="0.7"/>`;
    cols += `<rect x="${x - 8}" y="246" width="72" height="16" fill="${C.ivory}"/><rect x="${x - 8}" y="588" width="72" height="14" fill="${C.ivory}"/>`;
  }
  const art = `<path d="M860 236 1130 120l270 116z" fill="${C.ivory}"/>
    <path d="M910 226 1130 134l220 92z" fill="${C.sand}" opacity="0.5"/>
    <rect x="860" y="232" width="540" height="16" fill="${C.ivory}"/>
    ${cols}
    <rect x="830" y="602" width="600" height="18" fill="${C.ivory}"/>
    <rect x="800" y="620" width="660" height="22" fill="${C.sand}"/>
    <rect x="0" y="642" width="${W}" height="58" fill="${C.ink}" opacity="0.6"/>
    ${icon('scales', 1104, 168, 52, C.gold, 3)}`;
  return { bg, art, foot: 'HARROW & VALE LEGAL CONSULTANTS  ·  KOCHI  ·  SINCE 1993' };
}

function carouselScales(): Slide {
  const bg = backdrop(W, H, '#16243a', C.teal, 23, { glow: C.gold2 });
  const art = `<circle cx="1150" cy="350" r="260" fill="${C.ink}" opacity="0.35"/>
    <circle cx="1150" cy="350" r="260" fill="none" stroke="${C.gold}" stroke-opacity="0.5" stroke-width="2"/>
    <circle cx="1150" cy="350" r="230" fill="none" stroke="${C.gold}" stroke-opacity="0.25" stroke-width="1"/>
    ${icon('scales', 960, 160, 380, C.gold, 6)}`;
  return { bg, art, foot: 'KOCHI  ·  THIRUVANANTHAPURAM  ·  KOZHIKODE  ·  BENGALURU  ·  CHENNAI' };
}

function carouselDesk(): Slide {
  const bg = backdrop(W, H, '#2a1f24', C.wine, 37, { glow: C.gold });
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
  const art = `${spines}
    <rect x="850" y="420" width="700" height="16" fill="${C.sand}"/>
    <rect x="760" y="520" width="840" height="30" fill="#3b2a22"/>
    <rect x="760" y="550" width="840" height="150" fill="#2a1d17"/>
    ${icon('gavel', 1080, 380, 150, C.gold, 5)}
    <rect x="1240" y="470" width="150" height="50" fill="${C.ivory}" transform="rotate(-6 1315 495)"/>
    <path d="M1255 482h110M1255 494h90M1255 506h100" stroke="${C.slate}" stroke-width="3" transform="rotate(-6 1315 495)"/>`;
  return { bg, art, foot: 'CONSULTATIONS MONDAY TO SATURDAY' };
}

export function carouselImages(): DemoImage[] {
  return [
    slide('carousel-1.jpg', carouselColumns()),
    slide('carousel-2.jpg', carouselScales()),
    slide('carousel-3.jpg', carouselDesk()),
  ];
}
