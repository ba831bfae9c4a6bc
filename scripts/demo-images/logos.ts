// The partners' logos, 400 x 200 PNG (scripts/generate-demo-images.ts).
import { image, type DemoImage } from './image';
import { C, SANS, svg, text } from './svg';

/** A partner's logo: a mark, the name and a line under it. */
interface LogoSpec {
  mark: 'wave' | 'leaf' | 'coin' | 'cross' | 'key';
  name: string;
  sub?: string;
  color: string;
  accent: string;
}

function logo({ mark, name, sub, color, accent }: LogoSpec): string {
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

export function partnerLogos(): DemoImage[] {
  return [
    image(
      'partner-vembanad-realty.png',
      400,
      200,
      logo({ mark: 'key', name: 'Vembanad', sub: 'REALTY & INFRA', color: C.navy, accent: C.teal }),
      'png',
    ),
    image(
      'partner-spicecoast.png',
      400,
      200,
      logo({ mark: 'leaf', name: 'Spicecoast', sub: 'EXPORTS PVT LTD', color: '#2f4a2a', accent: '#6f8f3a' }),
      'png',
    ),
    image(
      'partner-tharang-bank.png',
      400,
      200,
      logo({ mark: 'coin', name: 'Tharang', sub: 'CO-OPERATIVE BANK', color: '#3b2a22', accent: C.gold }),
      'png',
    ),
    image(
      'partner-nila-health.png',
      400,
      200,
      logo({ mark: 'cross', name: 'Nila Health', sub: 'HOSPITAL NETWORK', color: C.teal, accent: '#2e8b84' }),
      'png',
    ),
    image(
      'partner-backwater-tech.png',
      400,
      200,
      logo({ mark: 'wave', name: 'Backwater', sub: 'TECHNOLOGIES', color: C.navy, accent: '#3b6fb6' }),
      'png',
    ),
  ];
}
