// The year calendars of the home page, 1000 x 1000 (scripts/generate-demo-images.ts).
import { image, type DemoImage } from './image';
import { C, monogram, SANS, svg, text } from './svg';
import { MONTH_NAMES, monthCells } from '../../app/lib/month-grid';

// Fixed-date national holidays (the court calendar adds many more each year).
const HOLIDAYS: Record<string, string> = {
  '1-26': 'Republic Day',
  '8-15': 'Independence Day',
  '10-2': 'Gandhi Jayanti',
  '5-1': 'May Day',
  '12-25': 'Christmas',
};

function yearCalendar(year: number): string {
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
    body += text(ox + 6, oy + 26, MONTH_NAMES[m], { size: 18, color: C.navy, weight: 'bold' });
    dayNames.forEach((d, i) => {
      body += text(ox + 14 + i * cellW, oy + 50, d, {
        size: 12,
        color: i === 0 ? C.wine : C.slate,
        font: SANS,
        anchor: 'middle',
        weight: 'bold',
      });
    });
    monthCells(year, m).forEach((d, idx) => {
      if (d === null) return;
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
    });
  }
  body += `<rect y="950" width="${w}" height="50" fill="${C.navy}"/>
    <circle cx="60" cy="975" r="8" fill="${C.gold}"/>
    ${text(76, 980, 'National holidays', { size: 14, color: C.ivory, font: SANS })}
    <circle cx="236" cy="975" r="8" fill="${C.wine}"/>
    ${text(252, 980, 'Sundays', { size: 14, color: C.ivory, font: SANS })}
    ${text(950, 980, 'Consultations Mon–Sat · +91 484 400 1993', { size: 14, color: C.gold2, font: SANS, anchor: 'end' })}`;
  return svg(w, h, body);
}

/** This year's and the next year's calendar, from firstYear. */
export function calendarImages(firstYear: number): DemoImage[] {
  return [
    image('calendar-current.jpg', 1000, 1000, yearCalendar(firstYear)),
    image('calendar-next.jpg', 1000, 1000, yearCalendar(firstYear + 1)),
  ];
}
