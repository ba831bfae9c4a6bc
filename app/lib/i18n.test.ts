/**
 * The chrome's catalogs (decision 0063): every catalog has every key English has and nothing else, every
 * message is valid ICU with the same placeholders as English, English says the spec's and the API's texts
 * word for word, and the Intl formatters speak each locale.
 */
import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { catalogLocales, compiledMessages, pageCatalog } from './catalogs.server';
import { formatClock, formatDay, formatNumber, i18nFor, translator } from './i18n';
import { VISITOR_MESSAGES } from '../components/public/consultation-send';
import { HEADER_LINKS } from '../components/public/header';
import { CONSENT_LABEL, OPPOSING_PARTY_LABEL, WHATSAPP_LABEL, WHATSAPP_NUMBER_LABEL } from '../../content/consultation';
import { RULE36_DEFAULTS } from '../../content/settings';
import { EVENT_ENDED_LABEL, EVENT_LIVE_LABEL } from '../../content/rules/event-timing';
import { LOCALES } from '../../content/locales';
import { searchKinds } from '../../content/rules/search';
import en from '../../content/i18n/en.json';

const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

/** The placeholder names of an ICU message ({firm}, {count, plural, …}, <0>…</0>), from its compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (typeof tokens === 'string') {
      for (const m of tokens.matchAll(/<(\d+)>/g)) names.add(`<${m[1]}>`);
      return;
    }
    if (!Array.isArray(tokens)) return;
    for (const t of tokens) {
      if (typeof t === 'string') walk(t);
      else if (Array.isArray(t)) {
        names.add(String(t[0]));
        const branches: unknown = t[2];
        if (branches && typeof branches === 'object') for (const b of Object.values(branches)) walk(b);
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('message catalogs', () => {
  it('every locale of content/locales.ts has a catalog', () => {
    expect(catalogLocales().sort()).toEqual([...LOCALES].sort());
  });

  it("every catalog's calendar.weekdays is seven initials, Sunday first, split by single spaces", () => {
    for (const locale of LOCALES) {
      const days = (catalog(locale)['calendar.weekdays'] ?? '').split(' ');
      expect(days, locale).toHaveLength(7);
      for (const d of days) expect(d.trim(), locale).toMatch(/^\S+$/u);
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every key English has, and no other`, () => {
      const own = catalog(locale);
      const missing = Object.keys(en).filter((k) => !(k in own));
      const extra = Object.keys(own).filter((k) => !(k in en));
      expect(missing, `keys missing from ${locale}.json`).toEqual([]);
      expect(extra, `keys in ${locale}.json that English lacks`).toEqual([]);
    });

    it(`${locale}: every message is its own text (not English), valid ICU, with English's placeholders`, () => {
      const own = catalog(locale);
      for (const [key, english] of Object.entries(en)) {
        const text = own[key] ?? '';
        expect(() => compileMessage(text), key).not.toThrow();
        expect(placeholders(text), key).toEqual(placeholders(english));
        // Only the code '404' is the same in every language.
        if (key !== 'notFound.code') expect(text, `${locale}: ${key} is still English`).not.toBe(english);
      }
    });
  }

  it('a catalog missing a key fails the check above (the check can fail)', () => {
    const own = { ...catalog('ml') };
    delete own['nav.home'];
    expect(Object.keys(en).filter((k) => !(k in own))).toEqual(['nav.home']);
  });

  it('English keeps the spec and the API word for word', () => {
    expect(HEADER_LINKS.map((l) => en[l.label])).toEqual([
      'Home',
      'About',
      'Contact',
      'Our Cases',
      'Gallery',
      'Events',
      'Blog',
      'Book Now',
      'Careers',
      'FAQs',
      'Our Legal Team',
      'Privacy Policy',
    ]);
    expect(en['form.consent']).toBe(CONSENT_LABEL);
    expect(en['form.opposing']).toBe(`${OPPOSING_PARTY_LABEL} (optional)`);
    // The booking form's WhatsApp opt-in and routing (decisions 0067, 0072), as the intake issue names them.
    expect([en['form.whatsapp'], en['form.whatsappNumber']]).toEqual([WHATSAPP_LABEL, WHATSAPP_NUMBER_LABEL]);
    expect(WHATSAPP_LABEL).toBe('Send me updates on WhatsApp');
    expect([en['routing.office'], en['routing.inPerson'], en['routing.video'], en['routing.practiceArea']]).toEqual([
      'Office',
      'In person',
      'By video',
      'Practice area',
    ]);
    expect(en['event.live']).toBe(EVENT_LIVE_LABEL);
    expect(en['event.ended']).toBe(EVENT_ENDED_LABEL);
    const d = RULE36_DEFAULTS.disclaimer;
    expect([
      en['disclaimer.default.statement'],
      en['disclaimer.default.ack1'],
      en['disclaimer.default.ack2'],
      en['disclaimer.default.ack3'],
      en['disclaimer.default.ack4'],
      en['disclaimer.default.advice'],
    ]).toEqual([d.statement, ...d.acknowledgements, d.advice]);
    for (const [message, key] of Object.entries(VISITOR_MESSAGES)) expect(en[key], key).toBe(message);
    // Each kind of search result in the words its declaration gives it (the results page reads the catalog).
    const catalogEn: Record<string, string> = en;
    for (const [kind, label] of Object.entries(searchKinds()))
      expect(catalogEn[`page.search.kind.${kind}`], kind).toBe(label);
  });

  it('every message the consultation rules can refuse with has a translation key', () => {
    const source = readFileSync(new URL('../../content/consultation-schema.ts', import.meta.url), 'utf8');
    const messages = [...source.matchAll(/'((?:Please|The) [^']+\.)'/g)].map((m) => m[1]!);
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) expect(VISITOR_MESSAGES, m).toHaveProperty([m]);
    const consent = /CONSENT_REQUIRED_MESSAGE =\s*'([^']+)'/.exec(source)?.[1];
    expect(consent && VISITOR_MESSAGES[consent]).toBe('form.error.consent');
  });

  it('compiles ICU plurals: one day, two days; Hindi घंटा / घंटे', () => {
    const t = translator(i18nFor(pageCatalog('en').full));
    expect(t('countdown.label', { days: 1, hours: 2, minutes: 1, seconds: 0 })).toBe(
      'Starts in 1 day, 2 hours, 1 minute and 0 seconds',
    );
    expect(t('countdown.days', { count: 1 })).toBe('Days');
    expect(t('footer.rights', { year: 2026, firm: 'X' })).toBe('© 2026 X. All rights reserved.');
    const hi = translator(i18nFor(pageCatalog('hi').full));
    expect(hi('countdown.hours', { count: 1 })).toBe('घंटा');
    expect(hi('countdown.hours', { count: 5 })).toBe('घंटे');
  });

  it('the islands get every key but the server-only page texts', () => {
    const { full, islands } = pageCatalog('ml');
    expect(Object.keys(full.messages)).toEqual(Object.keys(compiledMessages('ml')));
    expect(islands.messages).toHaveProperty(['form.error.nameRequired']);
    expect(Object.keys(islands.messages).some((k) => k.startsWith('page.'))).toBe(false);
  });
});

describe('dates and numbers per locale (Intl, Asia/Kolkata)', () => {
  it('formats a day, a time and a number in Malayalam and Hindi', () => {
    expect(formatDay('ml', '2027-03-05')).toBe('2027 മാർച്ച് 5');
    expect(formatDay('hi', '2027-03-05')).toBe('5 मार्च 2027');
    expect(formatClock('hi', '13:05')).toMatch(/1:05/);
    expect(formatNumber('hi', 100000)).toBe('1,00,000');
    expect(formatDay('ml', 'not a date')).toBe('');
  });
});
