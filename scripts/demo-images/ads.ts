// Ads: Primary 600 x 800, Secondary 728 x 250 (scripts/generate-demo-images.ts).
import { icon, type IconName } from './icons';
import { image, type DemoImage } from './image';
import { backdrop, C, monogram, SANS, svg, text } from './svg';

/** A Primary ad: kicker, headline lines, icon, body lines and a button. */
interface PrimaryAdSpec {
  from: string;
  to: string;
  seed: number;
  iconName: IconName;
  kicker: string;
  lines: string[];
  body: string[];
  cta: string;
}

function adPrimary({ from, to, seed, iconName, kicker, lines, body: copy, cta }: PrimaryAdSpec): string {
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

/** A Secondary (banner) ad: icon, headline, subline and a button. */
interface SecondaryAdSpec {
  from: string;
  to: string;
  seed: number;
  iconName: IconName;
  headline: string;
  sub: string;
  cta: string;
}

function adSecondary({ from, to, seed, iconName, headline, sub, cta }: SecondaryAdSpec): string {
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

export function adImages(): DemoImage[] {
  return [
    // Ads.
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
  ];
}
