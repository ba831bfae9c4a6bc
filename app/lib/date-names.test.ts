/**
 * The day formats of the Indian locales taken apart on the server (decision 0104) give back exactly what
 * Intl answers, for every day of six years and each kind, and the islands' catalog carries them.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../../content/locales';
import { datesOf, pageCatalog } from './catalogs.server';
import { fromPieces, type DayKind } from './date-names';
import { formatDay, i18nFor, intlDay } from './i18n';

const OTHER = LOCALES.filter((l): l is Locale => l !== DEFAULT_LOCALE);
const KINDS: DayKind[] = ['date', 'day', 'month'];

describe('the day formats without Intl (decision 0104)', () => {
  it('are taken apart for every kind in Malayalam and Hindi', () => {
    expect(OTHER).toEqual(expect.arrayContaining(['ml', 'hi']));
    for (const locale of OTHER) expect(Object.keys(datesOf(locale)).sort(), locale).toEqual([...KINDS].sort());
    expect(datesOf('ml').date?.months[2]).toBe('മാർച്ച്');
    expect(datesOf('hi').day?.weekdays[0]).toBe('रवि');
  });

  it("give Intl's own answer for every day from 2024 to 2029, outside the three years they were checked on", () => {
    const start = Date.UTC(2024, 0, 1);
    for (const locale of OTHER) {
      for (const kind of KINDS) {
        const f = datesOf(locale)[kind]!;
        let differ = 0;
        for (let i = 0; i < 6 * 366; i++) {
          const iso = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
          if (fromPieces(f, iso) !== intlDay(locale, iso, kind)) differ++;
        }
        expect(differ, `${locale} ${kind}`).toBe(0);
      }
    }
  });

  it('are what formatDay uses once the page catalog is seen, with the same answers, unreadable days included', () => {
    const { islands } = pageCatalog('ml');
    expect(islands.dates?.date?.pieces).toEqual(['y', { s: ' ' }, 'M', { s: ' ' }, 'd']);
    // The islands receive them as JSON.
    expect(JSON.parse(JSON.stringify(islands)).dates).toEqual(islands.dates);
    i18nFor(islands);
    for (const iso of ['2027-03-05', '2027-02-30', '2027-13-01', 'garbage', '']) {
      for (const kind of KINDS) expect(formatDay('ml', iso, kind), `${iso} ${kind}`).toBe(intlDay('ml', iso, kind));
    }
    expect(pageCatalog('en').islands.dates).toBeUndefined();
  });
});
