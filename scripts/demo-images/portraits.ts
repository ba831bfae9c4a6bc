// The event speakers' portraits, 400 x 400 (scripts/generate-demo-images.ts).
import { image, type DemoImage } from './image';
import { backdrop, C, SANS, svg, text } from './svg';

/** A speaker's portrait: colours, initials, and long or short hair. */
interface PortraitSpec {
  initials: string;
  from: string;
  to: string;
  skin: string;
  hair: string;
  suit: string;
  seed: number;
  long?: boolean;
}

function portrait(name: string, { initials, from, to, skin, hair, suit, seed, long = false }: PortraitSpec): DemoImage {
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
  return image(name, w, h, svg(w, h, body, bg.defs));
}

export function speakerImages(): DemoImage[] {
  return [
    // Speakers.
    portrait('speaker-meera-harrow.jpg', {
      initials: 'MH',
      from: C.navy,
      to: C.teal,
      skin: '#c08a68',
      hair: '#2b1d16',
      suit: C.ink,
      seed: 401,
      long: true,
    }),
    portrait('speaker-nisha-thomas.jpg', {
      initials: 'NT',
      from: C.wine,
      to: '#b0705a',
      skin: '#a9755a',
      hair: '#1a1210',
      suit: C.navy,
      seed: 402,
      long: true,
    }),
    portrait('speaker-suresh-kr.jpg', {
      initials: 'SK',
      from: C.slate,
      to: C.sand,
      skin: '#8d5f45',
      hair: '#bdb8b0',
      suit: '#3a3f47',
      seed: 403,
    }),
    portrait('speaker-arjun-vale.jpg', {
      initials: 'AV',
      from: C.teal,
      to: C.sage,
      skin: '#b98563',
      hair: '#1d1410',
      suit: C.navy2,
      seed: 404,
    }),
    portrait('speaker-kavya-raman.jpg', {
      initials: 'KR',
      from: '#4a3b5c',
      to: C.slate,
      skin: '#9a6b50',
      hair: '#120d0b',
      suit: C.wine,
      seed: 405,
      long: true,
    }),
    portrait('speaker-imran-siddiqui.jpg', {
      initials: 'IS',
      from: C.ink,
      to: C.slate,
      skin: '#b07e5f',
      hair: '#2a2a2a',
      suit: '#2f3a2f',
      seed: 406,
    }),
  ];
}
