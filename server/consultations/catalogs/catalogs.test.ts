import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../content/locales';
import { CATALOGS, CLIENT_LOCALES, placeholders, translator } from './index';
import { en } from './en';

/** The script each language's texts are written in: a catalog that copied English would fail here. */
const SCRIPT: Record<string, RegExp> = { ml: /[\u0D00-\u0D7F]/, hi: /[\u0900-\u097F]/ };

describe('client catalogs (decision 0071)', () => {
  const keys = Object.keys(en).sort();

  it('every locale of the site has a catalog', () => {
    for (const l of LOCALES) expect(CLIENT_LOCALES, `catalog for ${l}`).toContain(l);
  });

  for (const [locale, catalog] of Object.entries(CATALOGS)) {
    it(`${locale} has every English key, no other, with the same placeholders`, () => {
      expect(Object.keys(catalog).sort()).toEqual(keys);
      for (const k of keys) {
        const text = (catalog as Record<string, string>)[k]!;
        expect(text.trim(), `${locale}.${k}`).not.toBe('');
        expect(placeholders(text), `${locale}.${k}`).toEqual(placeholders((en as Record<string, string>)[k]!));
      }
    });

    if (SCRIPT[locale]) {
      it(`${locale} is written in its own script, not copied from English`, () => {
        for (const k of keys) {
          const words = (catalog as Record<string, string>)[k]!.replace(/\{\w+\}/g, '');
          if (/\p{L}/u.test(words)) expect(words, `${locale}.${k}`).toMatch(SCRIPT[locale]!);
        }
      });
    }
  }

  it('fills placeholders; the HTML form escapes values but keeps given links', () => {
    const ml = translator('ml');
    expect(ml.t('dear', { name: 'Asha' })).toBe('പ്രിയ Asha,');
    expect(ml.h('dear', { name: '<b>' })).toBe('പ്രിയ &lt;b&gt;,');
    expect(ml.h('data.askAgain', {}, { policy: '<a href="/ml/privacy-policy">x</a>' })).toContain('<a href="/ml/privacy-policy">x</a>');
    expect(translator('xx').locale).toBe('en');
    expect(translator(null).t('page.title')).toBe('Your consultation');
  });

  it('writes times in the language, in the firm’s zone', () => {
    const at = new Date('2030-03-03T21:30:00Z');
    expect(translator('en').when(at, 'Asia/Kolkata')).toMatch(/^Monday, 4 March 2030 at 3:00 am /);
    expect(translator('ml').when(at, 'Asia/Kolkata')).toMatch(/തിങ്കളാഴ്/);
    expect(translator('hi').when(at, 'Asia/Kolkata')).toMatch(/सोमवार/);
  });
});
