// The gallery's scenes, 1200 x 800 (scripts/generate-demo-images.ts).
import { icon } from './icons';
import { image, type DemoImage } from './image';
import { backdrop, C, linear, monogram, rng, SANS, svg, text } from './svg';

/** The gallery's scenes. */
type SceneKind = 'skyline' | 'library' | 'lecture' | 'camp' | 'roundtable' | 'workshop' | 'anniversary' | 'reception';

function scene(kind: SceneKind, seed: number): string {
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

export function galleryImages(): DemoImage[] {
  return [
    // Gallery.
    image('gallery-reception.jpg', 1200, 800, scene('reception', 501)),
    image('gallery-legal-aid-camp.jpg', 1200, 800, scene('camp', 502)),
    image('gallery-lecture.jpg', 1200, 800, scene('lecture', 503)),
    image('gallery-library.jpg', 1200, 800, scene('library', 504)),
    image('gallery-consumer-workshop.jpg', 1200, 800, scene('workshop', 505)),
    image('gallery-bengaluru-office.jpg', 1200, 800, scene('skyline', 506)),
    image('gallery-thirty-years.jpg', 1200, 800, scene('anniversary', 507)),
    image('gallery-mediation-room.jpg', 1200, 800, scene('roundtable', 508)),
  ];
}
