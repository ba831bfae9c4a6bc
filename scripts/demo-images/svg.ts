// The demo pictures' drawing kit (scripts/generate-demo-images.ts): the firm's palette and fonts, and small
// SVG helpers every family of pictures uses. Deterministic: a regeneration gives the same bytes.

// Brand palette (navy, gold, ivory) with a few accents.
export const C = {
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
export const SERIF = 'font-family="DejaVu Serif"';
export const SANS = 'font-family="DejaVu Sans"';

export const esc = (s: string | number): string => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic pseudo-random numbers so a regeneration gives the same pictures. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}

export function svg(w: number, h: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

export function linear(id: string, from: string, to: string, angle = 135): string {
  const a = (angle * Math.PI) / 180;
  const x = Math.cos(a) / 2;
  const y = Math.sin(a) / 2;
  return `<linearGradient id="${id}" x1="${0.5 - x}" y1="${0.5 - y}" x2="${0.5 + x}" y2="${0.5 + y}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function radial(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Background: gradient, soft glows, faint rings and a diagonal hatch. */
export function backdrop(
  w: number,
  h: number,
  from: string,
  to: string,
  seed: number,
  { rings = true, hatch = true, glow = C.gold }: { rings?: boolean; hatch?: boolean; glow?: string } = {},
): { body: string; defs: string } {
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

/** How a line of text is set. */
export interface TextStyle {
  size?: number;
  color?: string;
  font?: string;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  opacity?: number;
}

export function text(
  x: number,
  y: number,
  str: string,
  { size = 32, color = C.ivory, font = SERIF, weight = 'normal', anchor = 'start', spacing = 0, opacity = 1 }: TextStyle = {},
): string {
  return `<text x="${x}" y="${y}" ${font} font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="${anchor}" letter-spacing="${spacing}" opacity="${opacity}">${esc(str)}</text>`;
}

/** The firm's monogram: a gold ring with 'H&V'. */
export function monogram(cx: number, cy: number, r: number, color = C.gold): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${r * 0.06}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.84}" fill="none" stroke="${color}" stroke-width="${r * 0.02}"/>
    ${text(cx, cy + r * 0.22, 'H&V', { size: r * 0.62, color, anchor: 'middle', weight: 'bold' })}`;
}
