// The About page's picture of the office, 1200 x 900 (scripts/generate-demo-images.ts).
import { image, type DemoImage } from './image';
import { backdrop, C, monogram, SANS, svg, text } from './svg';

function aboutImage(): string {
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

export function aboutImages(): DemoImage[] {
  return [
    image('about.jpg', 1200, 900, aboutImage()),
  ];
}
