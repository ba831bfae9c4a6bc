// Cards of case categories, blogs and events, 1200 x 800 (scripts/generate-demo-images.ts).
import { icon, type IconName } from './icons';
import { image, type DemoImage } from './image';
import { backdrop, C, SANS, svg, text } from './svg';

/** A card: an icon in a ring on a backdrop, with an optional kicker, title lines and subtitle. */
interface CardSpec {
  iconName: IconName;
  from: string;
  to: string;
  seed: number;
  kicker?: string;
  title?: string[];
  subtitle?: string;
  accent?: string;
}

function iconCard({ iconName, from, to, seed, kicker, title, subtitle, accent = C.gold }: CardSpec): string {
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

export function categoryImages(): DemoImage[] {
  return [
    // Case categories: icon only (the card prints the name).
    image('category-family.jpg', 1200, 800, iconCard({ iconName: 'family', from: '#2a1f2e', to: C.wine, seed: 101 })),
    image('category-property.jpg', 1200, 800, iconCard({ iconName: 'house', from: C.ink, to: C.teal, seed: 102 })),
    image('category-criminal.jpg', 1200, 800, iconCard({ iconName: 'shield', from: '#101722', to: C.navy2, seed: 103 })),
    image('category-corporate.jpg', 1200, 800, iconCard({ iconName: 'briefcase', from: C.navy, to: C.slate, seed: 104 })),
    image(
      'category-consumer.jpg',
      1200,
      800,
      iconCard({ iconName: 'receipt', from: '#1d3a37', to: C.sage, seed: 105, accent: C.gold2 }),
    ),
    image(
      'category-employment.jpg',
      1200,
      800,
      iconCard({ iconName: 'badge', from: '#2e2a24', to: '#7a6a4e', seed: 106, accent: C.gold2 }),
    ),
  ];
}

export function blogImages(): DemoImage[] {
  return [
    // Blogs.
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
  ];
}

export function eventImages(): DemoImage[] {
  return [
    // Events.
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
    image(
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
    ),
  ];
}
