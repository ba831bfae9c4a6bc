import { describe, expect, it } from 'vitest';
import { caseDetails } from '../resources/case-details';
import {
  checkRecordRule36,
  checkRule36,
  foldForRule36,
  RULE36_RULES,
  rule36LanguagesFor,
  type Rule36Kind,
} from './rule36';

// Rule 36 in Hindi and Malayalam (decision 0077): per language, phrases that must be flagged (with their
// kind and the exact passage) and ordinary legal prose that must not be.

type Locale = 'hi' | 'ml';
type Flag = [locale: Locale, text: string, kind: Rule36Kind, excerpt: string];

const FLAG: Flag[] = [
  ['hi', 'हम नंबर 1 वकील हैं।', 'superlative', 'नंबर 1 वकील'],
  ['hi', 'यहाँ सबसे अच्छे तलाक वकील।', 'superlative', 'सबसे अच्छे तलाक वकील'],
  ['hi', 'हमारी बेस्ट लॉ फर्म', 'superlative', 'बेस्ट लॉ फर्म'],
  ['hi', 'टॉप क्रिमिनल लॉयर से मिलें', 'superlative', 'टॉप क्रिमिनल लॉयर'],
  ['hi', 'केरल के सर्वश्रेष्ठ', 'superlative', 'केरल के सर्वश्रेष्ठ'],
  ['hi', 'हम सबसे भरोसेमंद फर्म हैं', 'superlative', 'सबसे भरोसेमंद'],
  ['hi', 'बेजोड़ अधिवक्ता टीम', 'superlative', 'बेजोड़ अधिवक्ता'],
  ['hi', '100% सफलता की गारंटी', 'success-claim', '100% सफलता'],
  ['hi', '95% मामलों में जीत', 'success-claim', '95% मामलों में जीत'],
  ['hi', 'हमारी सफलता दर 98% है', 'success-claim', 'सफलता दर 98%'],
  ['hi', 'आज तक एक भी केस नहीं हारे', 'success-claim', 'आज तक एक भी केस नहीं हारे'],
  ['hi', 'गारंटीड जीत', 'success-claim', 'गारंटीड जीत'],
  ['hi', '24 घंटे में जमानत की गारंटी', 'success-claim', 'जमानत की गारंटी'],
  ['hi', 'तलाक पक्का, फीस कम', 'success-claim', 'तलाक पक्का'],
  ['hi', '100% बेल', 'success-claim', '100% बेल'],
  ['hi', 'तलाक की 100% गारंटी', 'success-claim', 'तलाक की 100% गारंटी'],
  ['hi', 'हम कभी नहीं हारते', 'success-claim', 'हम कभी नहीं हारते'],
  ['hi', 'नंबर वन लॉ फर्म', 'superlative', 'नंबर वन लॉ फर्म'],
  ['hi', '500+ केस जीते', 'success-claim', '500+ केस जीते'],
  ['hi', 'तलाक के मामलों के लिए अभी कॉल करें', 'solicitation', 'अभी कॉल करें'],
  ['hi', 'आज ही हमसे संपर्क करें', 'solicitation', 'आज ही हमसे संपर्क करें'],
  ['hi', 'मुफ़्त परामर्श के लिए लिखें', 'solicitation', 'मुफ़्त परामर्श'],
  ['hi', 'मुफ्त परामर्श और कानूनी सहायता के लिए लिखें', 'solicitation', 'मुफ्त परामर्श'],
  ['hi', 'फ्री कंसल्टेशन बुक करें', 'solicitation', 'फ्री कंसल्टेशन'],
  ['hi', 'पहला परामर्श बिल्कुल निःशुल्क', 'solicitation', 'पहला परामर्श बिल्कुल निःशुल्क'],
  ['hi', 'इस महीने फीस में 20% छूट', 'solicitation', 'फीस में 20% छूट'],
  ['hi', 'सबसे कम फीस', 'solicitation', 'सबसे कम फीस'],
  ['hi', 'स्पेशल ऑफर केवल इस हफ्ते', 'solicitation', 'स्पेशल ऑफर'],
  ['hi', 'हम दूसरे वकीलों से बेहतर हैं', 'comparison', 'दूसरे वकीलों से बेहतर'],
  ['hi', 'अन्य लॉ फर्मों की तुलना में तेज़', 'comparison', 'अन्य लॉ फर्मों की तुलना में'],
  ['ml', 'ഞങ്ങൾ ഏറ്റവും മികച്ച ഡിവോഴ്സ് അഭിഭാഷകൻ', 'superlative', 'ഏറ്റവും മികച്ച ഡിവോഴ്സ് അഭിഭാഷകൻ'],
  ['ml', 'നമ്പർ 1 വക്കീൽ', 'superlative', 'നമ്പർ 1 വക്കീൽ'],
  ['ml', 'ബെസ്റ്റ് അഡ്വക്കേറ്റ്', 'superlative', 'ബെസ്റ്റ് അഡ്വക്കേറ്റ്'],
  ['ml', 'കേരളത്തിലെ നമ്പർ 1', 'superlative', 'കേരളത്തിലെ നമ്പർ 1'],
  ['ml', 'മുൻനിര നിയമ സ്ഥാപനം', 'superlative', 'മുൻനിര നിയമ സ്ഥാപനം'],
  ['ml', 'ഏറ്റവും വിശ്വസ്തരായ ടീം', 'superlative', 'ഏറ്റവും വിശ്വസ്തരായ'],
  ['ml', '100% വിജയം', 'success-claim', '100% വിജയം'],
  ['ml', '95% കേസുകളിലും വിജയം', 'success-claim', '95% കേസുകളിലും വിജയം'],
  ['ml', 'ഉറപ്പായ വിജയം', 'success-claim', 'ഉറപ്പായ വിജയം'],
  ['ml', 'ജാമ്യം ഉറപ്പ്', 'success-claim', 'ജാമ്യം ഉറപ്പ്'],
  ['ml', 'ഗ്യാരണ്ടിയോടെ വിവാഹമോചനം', 'success-claim', 'ഗ്യാരണ്ടിയോടെ വിവാഹമോചനം'],
  ['ml', 'ഒരു കേസ് പോലും തോറ്റിട്ടില്ല', 'success-claim', 'ഒരു കേസ് പോലും തോറ്റിട്ടില്ല'],
  ['ml', 'തോൽവി അറിയാത്ത അഭിഭാഷകർ', 'success-claim', 'തോൽവി അറിയാത്ത'],
  ['ml', 'ജാമ്യം 100% ഉറപ്പ്', 'success-claim', 'ജാമ്യം 100% ഉറപ്പ്'],
  ['ml', 'നമ്പർ വൺ ലോ ഫേം', 'superlative', 'നമ്പർ വൺ ലോ ഫേം'],
  ['ml', 'ഏതൊരു അഭിഭാഷകനെക്കാളും മികച്ചത്', 'comparison', 'ഏതൊരു അഭിഭാഷകനെക്കാളും'],
  ['ml', '500-ലധികം കേസുകൾ വിജയിച്ചു', 'success-claim', '500-ലധികം കേസുകൾ വിജയിച്ചു'],
  ['ml', 'ഇപ്പോൾ തന്നെ വിളിക്കൂ', 'solicitation', 'ഇപ്പോൾ തന്നെ വിളിക്കൂ'],
  ['ml', 'വിവാഹമോചന കേസുകൾക്ക് ഇന്നുതന്നെ ഞങ്ങളെ ബന്ധപ്പെടൂ', 'solicitation', 'ഇന്നുതന്നെ ഞങ്ങളെ ബന്ധപ്പെടൂ'],
  ['ml', 'സൗജന്യ കൺസൾട്ടേഷൻ', 'solicitation', 'സൗജന്യ കൺസൾട്ടേഷൻ'],
  ['ml', 'സൗജന്യ കൺസൾട്ടേഷനും നിയമ സഹായവും', 'solicitation', 'സൗജന്യ കൺസൾട്ടേഷനും'],
  ['ml', 'ഫ്രീ ഓൺലൈൻ കൺസൾട്ടേഷൻ ബുക്ക് ചെയ്യാം', 'solicitation', 'ഫ്രീ ഓൺലൈൻ കൺസൾട്ടേഷൻ'],
  ['ml', 'ആദ്യ കൺസൾട്ടേഷൻ തികച്ചും സൗജന്യം', 'solicitation', 'ആദ്യ കൺസൾട്ടേഷൻ തികച്ചും സൗജന്യം'],
  ['ml', 'ഫീസിൽ 20% ഇളവ്', 'solicitation', 'ഫീസിൽ 20% ഇളവ്'],
  ['ml', 'സ്പെഷ്യൽ ഓഫർ', 'solicitation', 'സ്പെഷ്യൽ ഓഫർ'],
  ['ml', 'മറ്റ് അഭിഭാഷകരെക്കാൾ മികച്ച സേവനം', 'comparison', 'മറ്റ് അഭിഭാഷകരെക്കാൾ'],
  ['ml', 'മറ്റു വക്കീലന്മാരിൽ നിന്ന് വ്യത്യസ്തമായി', 'comparison', 'മറ്റു വക്കീലന്മാരിൽ നിന്ന് വ്യത്യസ്തമായി'],
];

const CLEAN: [locale: Locale, text: string][] = [
  ['hi', 'सर्वोच्च न्यायालय ने अपील खारिज कर दी।'],
  ['hi', 'देश के सर्वोच्च न्यायालय का निर्णय बाध्यकारी है।'],
  ['hi', 'न्यायालय बच्चे का सर्वोत्तम हित देखता है।'],
  ['hi', 'राज्य का सर्वोत्तम हित'],
  ['hi', 'मुफ्त कानूनी सहायता विधिक सेवा प्राधिकरण अधिनियम के तहत उपलब्ध है।'],
  ['hi', 'विधिक सेवा शिविर में मुफ्त कानूनी सलाह दी गई।'],
  ['hi', 'प्रतिवादी नंबर 1 के वकील ने जवाब दाखिल किया।'],
  ['hi', 'प्रतिवादी नंबर 1 ने जवाब दाखिल किया।'],
  ['hi', 'मामले में प्रमुख वकील ने बहस की।'],
  ['hi', 'अनुच्छेद 21 जीवन के अधिकार की गारंटी देता है।'],
  ['hi', 'बैंक गारंटी लागू की गई।'],
  ['hi', 'परिणाम की गारंटी नहीं दी जा सकती।'],
  ['hi', 'न्यायालय शुल्क में छूट के लिए आवेदन किया गया।'],
  ['hi', 'आयकर में 10% की छूट मिलती है।'],
  ['hi', 'याचिका पर 9% वार्षिक ब्याज दिया गया।'],
  ['hi', 'लिस्टिंग जांचने के लिए रजिस्ट्री को कॉल करें।'],
  ['hi', 'अन्य वकीलों से परामर्श किया गया।'],
  ['hi', 'जमानत याचिका 2019 में स्वीकार की गई।'],
  ['hi', 'हमारे अधिवक्ता पारिवारिक और संपत्ति विवादों में सलाह देते हैं।'],
  ['ml', 'ഹൈക്കോടതി ജാമ്യാപേക്ഷ തള്ളി.'],
  ['ml', 'ജാമ്യാപേക്ഷ ഉറപ്പായും പരിഗണിക്കും.'],
  ['ml', 'സുപ്രീം കോടതിയുടെ വിധി ബാധകമാണ്.'],
  ['ml', 'കുട്ടിയുടെ ഏറ്റവും മികച്ച താൽപര്യം കോടതി പരിഗണിക്കുന്നു.'],
  ['ml', 'സംസ്ഥാനത്തിന്റെ ഏറ്റവും മികച്ച താൽപര്യം'],
  ['ml', 'ലീഗൽ സർവീസസ് അതോറിറ്റി ആക്ട് പ്രകാരം സൗജന്യ നിയമ സഹായം ലഭ്യമാണ്.'],
  ['ml', 'നിയമ സഹായ ക്യാമ്പിൽ സൗജന്യ നിയമ ഉപദേശം നൽകി.'],
  ['ml', 'പ്രതി നമ്പർ 1 ന്റെ അഭിഭാഷകൻ ഹാജരായി.'],
  ['ml', 'ഭരണഘടന ഉറപ്പുനൽകുന്ന അവകാശം.'],
  ['ml', 'ബാങ്ക് ഗ്യാരണ്ടി പിൻവലിച്ചു.'],
  ['ml', 'കേസിന്റെ ഫലം ഉറപ്പ് നൽകാനാവില്ല.'],
  ['ml', 'കോടതി ഫീസിൽ ഇളവ് അനുവദിച്ചു.'],
  ['ml', 'ഹർജിക്കാരന് വസ്തുവിന്റെ കൈവശം ഒരിക്കലും നഷ്ടപ്പെട്ടിട്ടില്ല.'],
  ['ml', 'ലിസ്റ്റിംഗ് പരിശോധിക്കാൻ രജിസ്ട്രിയെ വിളിക്കുക.'],
  ['ml', 'പ്രതിവർഷം 9% പലിശ നൽകണം.'],
  ['ml', 'ഞങ്ങളുടെ അഭിഭാഷകർ കുടുംബ, സ്വത്ത് തർക്കങ്ങളിൽ ഉപദേശം നൽകുന്നു.'],
];

function expectFlag(text: string, locale: Locale, kind: Rule36Kind, excerpt: string) {
  // A prefix makes wrong offsets visible.
  const full = `परिचय। ${text}`.replace('परिचय।', locale === 'ml' ? 'ആമുഖം.' : 'परिचय।');
  const findings = checkRule36(full, { locale });
  const hit = findings.find((f) => f.kind === kind && f.excerpt === excerpt);
  expect(hit, JSON.stringify(findings)).toBeDefined();
  expect(full.slice(hit!.start, hit!.end)).toBe(excerpt);
  expect(hit!.reason).toMatch(/Rule 36 of the Bar Council of India Rules/);
  expect(hit!.rule.startsWith(`${locale}-`)).toBe(true);
}

describe('Rule 36 in Hindi and Malayalam', () => {
  it.each(FLAG)('%s: flags %j as %s (%j)', (locale, text, kind, excerpt) => expectFlag(text, locale, kind, excerpt));
  it.each(CLEAN)('%s: does not flag ordinary legal prose: %j', (locale, text) => {
    expect(checkRule36(text, { locale })).toEqual([]);
    expect(checkRule36(text, { locale, scope: 'case-write-up' })).toEqual([]);
  });
});

/** A client named in a case write-up: the name is flagged in the case write-up scope only. */
const CLIENT_NAMES: { locale: Locale; text: string; name: string }[] = [
  { locale: 'hi', text: 'श्रीमती अनीता मेनन ने तलाक की याचिका दायर की।', name: 'श्रीमती अनीता मेनन' },
  { locale: 'hi', text: 'हमारे मुवक्किल श्री के. राजन को जमानत मिली।', name: 'श्री के. राजन' },
  { locale: 'hi', text: 'याचिकाकर्ता के. लता ने भरण-पोषण मांगा।', name: 'याचिकाकर्ता के. लता' },
  { locale: 'ml', text: 'ശ്രീമതി അനിത വിവാഹമോചനത്തിന് ഹർജി നൽകി.', name: 'ശ്രീമതി അനിത' },
  { locale: 'ml', text: 'ഞങ്ങളുടെ കക്ഷി ശ്രീ. കെ. രാജന് ജാമ്യം ലഭിച്ചു.', name: 'ശ്രീ. കെ. രാജന്' },
  { locale: 'ml', text: 'ഹർജിക്കാരിയായ കെ. ലത ജീവനാംശം ആവശ്യപ്പെട്ടു.', name: 'ഹർജിക്കാരിയായ കെ. ലത' },
];

/** A judge, or a client described without a name: never flagged. */
const NOT_CLIENT_NAMES: [locale: Locale, text: string][] = [
  ['hi', 'न्यायमूर्ति श्री राम ने अपील सुनी।'],
  ['hi', 'श्री न्यायमूर्ति राम ने अपील सुनी।'],
  ['hi', 'हमारे मुवक्किल, एक सेवानिवृत्त शिक्षक, ने ग्रेच्युटी मांगी।'],
  ['hi', 'प्रतिवादी सं. 1 ने जवाब दिया।'],
  ['ml', 'ജസ്റ്റിസ് ശ്രീ രാമചന്ദ്രൻ അപ്പീൽ കേട്ടു.'],
  ['ml', 'ഞങ്ങളുടെ കക്ഷി, ഒരു റിട്ടയേർഡ് അധ്യാപിക, ഗ്രാറ്റുവിറ്റി ആവശ്യപ്പെട്ടു.'],
  ['ml', 'ശ്രീനാരായണ ഗുരുവിന്റെ പേരിലുള്ള ട്രസ്റ്റ്.'],
];

describe('client names in Hindi and Malayalam case write-ups', () => {
  it.each(CLIENT_NAMES)('$locale: flags $name, in the case write-up scope only', ({ locale, text, name }) => {
    const findings = checkRule36(text, { locale, scope: 'case-write-up' });
    const hit = findings.find((f) => f.kind === 'client-name');
    expect(hit?.excerpt, JSON.stringify(findings)).toBe(name);
    expect(text.slice(hit!.start, hit!.end)).toBe(name);
    expect(checkRule36(text, { locale })).toEqual([]);
  });

  it.each(NOT_CLIENT_NAMES)('%s: leaves judges and descriptions alone: %j', (locale, text) => {
    expect(checkRule36(text, { locale, scope: 'case-write-up' })).toEqual([]);
  });

  it('checks a record’s case write-up in its locale', () => {
    const findings = checkRecordRule36(caseDetails, { case_content: '<p>ശ്രീമതി അനിത: 100% വിജയം</p>' }, 'ml');
    expect(findings.map((f) => [f.field, f.kind, f.excerpt])).toEqual([
      ['case_content', 'client-name', 'ശ്രീമതി അനിത'],
      ['case_content', 'success-claim', '100% വിജയം'],
    ]);
  });
});

describe('folding: Unicode forms and offsets into the text as given', () => {
  it('matches decomposed (NFD) Malayalam and reports offsets of the original', () => {
    const text = 'ആമുഖം. ഒരു കേസ് പോലും തോറ്റിട്ടില്ല!'.normalize('NFD');
    expect(text).not.toBe(text.normalize('NFC'));
    const [f] = checkRule36(text, { locale: 'ml' });
    expect(f?.kind).toBe('success-claim');
    expect(text.slice(f!.start, f!.end)).toBe(f!.excerpt);
    expect(f!.excerpt.normalize('NFC')).toBe('ഒരു കേസ് പോലും തോറ്റിട്ടില്ല');
  });

  it('matches chillus written with a zero-width joiner', () => {
    const text = 'സൗജന്യ കണ്\u200Dസള്\u200Dട്ടേഷന്\u200D ഇന്ന്';
    const [f] = checkRule36(text, { locale: 'ml' });
    expect(f?.kind).toBe('solicitation');
    expect(f!.excerpt).toBe('സൗജന്യ കണ്\u200Dസള്\u200Dട്ടേഷന്\u200D');
    expect(text.slice(f!.start, f!.end)).toBe(f!.excerpt);
  });

  it('matches Devanagari with or without the nukta, precomposed or not', () => {
    for (const free of [
      '\u092E\u0941\u095E\u094D\u0924',
      '\u092E\u0941\u092B\u093C\u094D\u0924',
      '\u092E\u0941\u092B\u094D\u0924',
    ]) {
      const text = `नमस्ते। ${free} परामर्श`;
      const [f] = checkRule36(text, { locale: 'hi' });
      expect(f?.kind).toBe('solicitation');
      expect(f!.excerpt).toBe(`${free} परामर्श`);
      expect(text.slice(f!.start, f!.end)).toBe(f!.excerpt);
    }
  });

  it('maps every folded index back into the original', () => {
    const text = 'a\u0D15\u0D4A\u0D7B\u0D28\u0D4D\u200D b'.normalize('NFD');
    const folded = foldForRule36(text);
    expect(folded.text).toBe('a\u0D15\u0D4A\u0D7B\u0D7B b');
    expect(folded.startOf(1)).toBe(1);
    expect(folded.endOf(2)).toBe(4);
    expect(folded.startOf(4)).toBe(5);
    expect(folded.endOf(5)).toBe(8);
    expect(folded.endOf(folded.text.length)).toBe(text.length);
  });
});

describe('which rules a locale gets', () => {
  it('checks English with every set, a translation with English and its own', () => {
    expect(rule36LanguagesFor()).toEqual(Object.keys(RULE36_RULES));
    expect(rule36LanguagesFor('en')).toEqual(Object.keys(RULE36_RULES));
    expect(rule36LanguagesFor('ml')).toEqual(['en', 'ml']);
    expect(rule36LanguagesFor('hi')).toEqual(['en', 'hi']);
    expect(rule36LanguagesFor('ta')).toEqual(Object.keys(RULE36_RULES));
  });

  it('flags English phrases inside a translation', () => {
    expect(checkRule36('ഞങ്ങൾ best divorce lawyer ആണ്. Call now!', { locale: 'ml' }).map((f) => f.kind)).toEqual([
      'superlative',
      'solicitation',
    ]);
    expect(checkRule36('हम best lawyer हैं', { locale: 'hi' }).map((f) => f.kind)).toEqual(['superlative']);
  });

  it('checks a translation without the other translation language’s set, English with all', () => {
    expect(checkRule36('100% सफलता', { locale: 'ml' })).toEqual([]);
    expect(checkRule36('100% വിജയം', { locale: 'hi' })).toEqual([]);
    expect(checkRule36('100% सफलता, 100% വിജയം').map((f) => f.rule)).toEqual(['hi-success-rate', 'ml-success-rate']);
  });

  it('covers every kind the English set covers in each language', () => {
    const kinds = (lang: string) => new Set(RULE36_RULES[lang]!.map((r) => r.kind));
    for (const lang of ['hi', 'ml']) expect(kinds(lang)).toEqual(kinds('en'));
  });
});
