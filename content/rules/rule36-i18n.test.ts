import { describe, expect, it } from 'vitest';
import { caseDetails } from '../resources/case-details';
import { checkRecordRule36, checkRule36, foldForRule36, RULE36_RULES, rule36LanguagesFor, type Rule36Kind } from './rule36';

// Rule 36 in Hindi and Malayalam (decision 0077): per language, phrases that must be flagged (with their
// kind and the exact passage) and ordinary legal prose that must not be.

type Flag = [text: string, kind: Rule36Kind, excerpt: string];

const HI_FLAG: Flag[] = [
  ['हम नंबर 1 वकील हैं।', 'superlative', 'नंबर 1 वकील'],
  ['यहाँ सबसे अच्छे तलाक वकील।', 'superlative', 'सबसे अच्छे तलाक वकील'],
  ['हमारी बेस्ट लॉ फर्म', 'superlative', 'बेस्ट लॉ फर्म'],
  ['टॉप क्रिमिनल लॉयर से मिलें', 'superlative', 'टॉप क्रिमिनल लॉयर'],
  ['केरल के सर्वश्रेष्ठ', 'superlative', 'केरल के सर्वश्रेष्ठ'],
  ['हम सबसे भरोसेमंद फर्म हैं', 'superlative', 'सबसे भरोसेमंद'],
  ['बेजोड़ अधिवक्ता टीम', 'superlative', 'बेजोड़ अधिवक्ता'],
  ['100% सफलता की गारंटी', 'success-claim', '100% सफलता'],
  ['95% मामलों में जीत', 'success-claim', '95% मामलों में जीत'],
  ['हमारी सफलता दर 98% है', 'success-claim', 'सफलता दर 98%'],
  ['आज तक एक भी केस नहीं हारे', 'success-claim', 'आज तक एक भी केस नहीं हारे'],
  ['गारंटीड जीत', 'success-claim', 'गारंटीड जीत'],
  ['24 घंटे में जमानत की गारंटी', 'success-claim', 'जमानत की गारंटी'],
  ['तलाक पक्का, फीस कम', 'success-claim', 'तलाक पक्का'],
  ['100% बेल', 'success-claim', '100% बेल'],
  ['तलाक की 100% गारंटी', 'success-claim', 'तलाक की 100% गारंटी'],
  ['हम कभी नहीं हारते', 'success-claim', 'हम कभी नहीं हारते'],
  ['नंबर वन लॉ फर्म', 'superlative', 'नंबर वन लॉ फर्म'],
  ['500+ केस जीते', 'success-claim', '500+ केस जीते'],
  ['तलाक के मामलों के लिए अभी कॉल करें', 'solicitation', 'अभी कॉल करें'],
  ['आज ही हमसे संपर्क करें', 'solicitation', 'आज ही हमसे संपर्क करें'],
  ['मुफ़्त परामर्श के लिए लिखें', 'solicitation', 'मुफ़्त परामर्श'],
  ['मुफ्त परामर्श और कानूनी सहायता के लिए लिखें', 'solicitation', 'मुफ्त परामर्श'],
  ['फ्री कंसल्टेशन बुक करें', 'solicitation', 'फ्री कंसल्टेशन'],
  ['पहला परामर्श बिल्कुल निःशुल्क', 'solicitation', 'पहला परामर्श बिल्कुल निःशुल्क'],
  ['इस महीने फीस में 20% छूट', 'solicitation', 'फीस में 20% छूट'],
  ['सबसे कम फीस', 'solicitation', 'सबसे कम फीस'],
  ['स्पेशल ऑफर केवल इस हफ्ते', 'solicitation', 'स्पेशल ऑफर'],
  ['हम दूसरे वकीलों से बेहतर हैं', 'comparison', 'दूसरे वकीलों से बेहतर'],
  ['अन्य लॉ फर्मों की तुलना में तेज़', 'comparison', 'अन्य लॉ फर्मों की तुलना में'],
];

const HI_CLEAN: string[] = [
  'सर्वोच्च न्यायालय ने अपील खारिज कर दी।',
  'देश के सर्वोच्च न्यायालय का निर्णय बाध्यकारी है।',
  'न्यायालय बच्चे का सर्वोत्तम हित देखता है।',
  'राज्य का सर्वोत्तम हित',
  'मुफ्त कानूनी सहायता विधिक सेवा प्राधिकरण अधिनियम के तहत उपलब्ध है।',
  'विधिक सेवा शिविर में मुफ्त कानूनी सलाह दी गई।',
  'प्रतिवादी नंबर 1 के वकील ने जवाब दाखिल किया।',
  'प्रतिवादी नंबर 1 ने जवाब दाखिल किया।',
  'मामले में प्रमुख वकील ने बहस की।',
  'अनुच्छेद 21 जीवन के अधिकार की गारंटी देता है।',
  'बैंक गारंटी लागू की गई।',
  'परिणाम की गारंटी नहीं दी जा सकती।',
  'न्यायालय शुल्क में छूट के लिए आवेदन किया गया।',
  'आयकर में 10% की छूट मिलती है।',
  'याचिका पर 9% वार्षिक ब्याज दिया गया।',
  'लिस्टिंग जांचने के लिए रजिस्ट्री को कॉल करें।',
  'अन्य वकीलों से परामर्श किया गया।',
  'जमानत याचिका 2019 में स्वीकार की गई।',
  'हमारे अधिवक्ता पारिवारिक और संपत्ति विवादों में सलाह देते हैं।',
];

const ML_FLAG: Flag[] = [
  ['ഞങ്ങൾ ഏറ്റവും മികച്ച ഡിവോഴ്സ് അഭിഭാഷകൻ', 'superlative', 'ഏറ്റവും മികച്ച ഡിവോഴ്സ് അഭിഭാഷകൻ'],
  ['നമ്പർ 1 വക്കീൽ', 'superlative', 'നമ്പർ 1 വക്കീൽ'],
  ['ബെസ്റ്റ് അഡ്വക്കേറ്റ്', 'superlative', 'ബെസ്റ്റ് അഡ്വക്കേറ്റ്'],
  ['കേരളത്തിലെ നമ്പർ 1', 'superlative', 'കേരളത്തിലെ നമ്പർ 1'],
  ['മുൻനിര നിയമ സ്ഥാപനം', 'superlative', 'മുൻനിര നിയമ സ്ഥാപനം'],
  ['ഏറ്റവും വിശ്വസ്തരായ ടീം', 'superlative', 'ഏറ്റവും വിശ്വസ്തരായ'],
  ['100% വിജയം', 'success-claim', '100% വിജയം'],
  ['95% കേസുകളിലും വിജയം', 'success-claim', '95% കേസുകളിലും വിജയം'],
  ['ഉറപ്പായ വിജയം', 'success-claim', 'ഉറപ്പായ വിജയം'],
  ['ജാമ്യം ഉറപ്പ്', 'success-claim', 'ജാമ്യം ഉറപ്പ്'],
  ['ഗ്യാരണ്ടിയോടെ വിവാഹമോചനം', 'success-claim', 'ഗ്യാരണ്ടിയോടെ വിവാഹമോചനം'],
  ['ഒരു കേസ് പോലും തോറ്റിട്ടില്ല', 'success-claim', 'ഒരു കേസ് പോലും തോറ്റിട്ടില്ല'],
  ['തോൽവി അറിയാത്ത അഭിഭാഷകർ', 'success-claim', 'തോൽവി അറിയാത്ത'],
  ['ജാമ്യം 100% ഉറപ്പ്', 'success-claim', 'ജാമ്യം 100% ഉറപ്പ്'],
  ['നമ്പർ വൺ ലോ ഫേം', 'superlative', 'നമ്പർ വൺ ലോ ഫേം'],
  ['ഏതൊരു അഭിഭാഷകനെക്കാളും മികച്ചത്', 'comparison', 'ഏതൊരു അഭിഭാഷകനെക്കാളും'],
  ['500-ലധികം കേസുകൾ വിജയിച്ചു', 'success-claim', '500-ലധികം കേസുകൾ വിജയിച്ചു'],
  ['ഇപ്പോൾ തന്നെ വിളിക്കൂ', 'solicitation', 'ഇപ്പോൾ തന്നെ വിളിക്കൂ'],
  ['വിവാഹമോചന കേസുകൾക്ക് ഇന്നുതന്നെ ഞങ്ങളെ ബന്ധപ്പെടൂ', 'solicitation', 'ഇന്നുതന്നെ ഞങ്ങളെ ബന്ധപ്പെടൂ'],
  ['സൗജന്യ കൺസൾട്ടേഷൻ', 'solicitation', 'സൗജന്യ കൺസൾട്ടേഷൻ'],
  ['സൗജന്യ കൺസൾട്ടേഷനും നിയമ സഹായവും', 'solicitation', 'സൗജന്യ കൺസൾട്ടേഷനും'],
  ['ഫ്രീ ഓൺലൈൻ കൺസൾട്ടേഷൻ ബുക്ക് ചെയ്യാം', 'solicitation', 'ഫ്രീ ഓൺലൈൻ കൺസൾട്ടേഷൻ'],
  ['ആദ്യ കൺസൾട്ടേഷൻ തികച്ചും സൗജന്യം', 'solicitation', 'ആദ്യ കൺസൾട്ടേഷൻ തികച്ചും സൗജന്യം'],
  ['ഫീസിൽ 20% ഇളവ്', 'solicitation', 'ഫീസിൽ 20% ഇളവ്'],
  ['സ്പെഷ്യൽ ഓഫർ', 'solicitation', 'സ്പെഷ്യൽ ഓഫർ'],
  ['മറ്റ് അഭിഭാഷകരെക്കാൾ മികച്ച സേവനം', 'comparison', 'മറ്റ് അഭിഭാഷകരെക്കാൾ'],
  ['മറ്റു വക്കീലന്മാരിൽ നിന്ന് വ്യത്യസ്തമായി', 'comparison', 'മറ്റു വക്കീലന്മാരിൽ നിന്ന് വ്യത്യസ്തമായി'],
];

const ML_CLEAN: string[] = [
  'ഹൈക്കോടതി ജാമ്യാപേക്ഷ തള്ളി.',
  'ജാമ്യാപേക്ഷ ഉറപ്പായും പരിഗണിക്കും.',
  'സുപ്രീം കോടതിയുടെ വിധി ബാധകമാണ്.',
  'കുട്ടിയുടെ ഏറ്റവും മികച്ച താൽപര്യം കോടതി പരിഗണിക്കുന്നു.',
  'സംസ്ഥാനത്തിന്റെ ഏറ്റവും മികച്ച താൽപര്യം',
  'ലീഗൽ സർവീസസ് അതോറിറ്റി ആക്ട് പ്രകാരം സൗജന്യ നിയമ സഹായം ലഭ്യമാണ്.',
  'നിയമ സഹായ ക്യാമ്പിൽ സൗജന്യ നിയമ ഉപദേശം നൽകി.',
  'പ്രതി നമ്പർ 1 ന്റെ അഭിഭാഷകൻ ഹാജരായി.',
  'ഭരണഘടന ഉറപ്പുനൽകുന്ന അവകാശം.',
  'ബാങ്ക് ഗ്യാരണ്ടി പിൻവലിച്ചു.',
  'കേസിന്റെ ഫലം ഉറപ്പ് നൽകാനാവില്ല.',
  'കോടതി ഫീസിൽ ഇളവ് അനുവദിച്ചു.',
  'ഹർജിക്കാരന് വസ്തുവിന്റെ കൈവശം ഒരിക്കലും നഷ്ടപ്പെട്ടിട്ടില്ല.',
  'ലിസ്റ്റിംഗ് പരിശോധിക്കാൻ രജിസ്ട്രിയെ വിളിക്കുക.',
  'പ്രതിവർഷം 9% പലിശ നൽകണം.',
  'ഞങ്ങളുടെ അഭിഭാഷകർ കുടുംബ, സ്വത്ത് തർക്കങ്ങളിൽ ഉപദേശം നൽകുന്നു.',
];

function expectFlag(text: string, locale: 'hi' | 'ml', kind: Rule36Kind, excerpt: string) {
  // A prefix makes wrong offsets visible.
  const full = `परिचय। ${text}`.replace('परिचय।', locale === 'ml' ? 'ആമുഖം.' : 'परिचय।');
  const findings = checkRule36(full, { locale });
  const hit = findings.find((f) => f.kind === kind && f.excerpt === excerpt);
  expect(hit, JSON.stringify(findings)).toBeDefined();
  expect(full.slice(hit!.start, hit!.end)).toBe(excerpt);
  expect(hit!.reason).toMatch(/Rule 36 of the Bar Council of India Rules/);
  expect(hit!.rule.startsWith(`${locale}-`)).toBe(true);
}

describe('Rule 36 in Hindi', () => {
  it.each(HI_FLAG)('flags %j as %s (%j)', (text, kind, excerpt) => expectFlag(text, 'hi', kind, excerpt));
  it.each(HI_CLEAN)('does not flag ordinary legal prose: %j', (text) => {
    expect(checkRule36(text, { locale: 'hi' })).toEqual([]);
    expect(checkRule36(text, { locale: 'hi', scope: 'case-write-up' })).toEqual([]);
  });
});

describe('Rule 36 in Malayalam', () => {
  it.each(ML_FLAG)('flags %j as %s (%j)', (text, kind, excerpt) => expectFlag(text, 'ml', kind, excerpt));
  it.each(ML_CLEAN)('does not flag ordinary legal prose: %j', (text) => {
    expect(checkRule36(text, { locale: 'ml' })).toEqual([]);
    expect(checkRule36(text, { locale: 'ml', scope: 'case-write-up' })).toEqual([]);
  });
});

describe('client names in Hindi and Malayalam case write-ups', () => {
  it.each([
    ['hi', 'श्रीमती अनीता मेनन ने तलाक की याचिका दायर की।', 'श्रीमती अनीता मेनन'],
    ['hi', 'हमारे मुवक्किल श्री के. राजन को जमानत मिली।', 'श्री के. राजन'],
    ['hi', 'याचिकाकर्ता के. लता ने भरण-पोषण मांगा।', 'याचिकाकर्ता के. लता'],
    ['ml', 'ശ്രീമതി അനിത വിവാഹമോചനത്തിന് ഹർജി നൽകി.', 'ശ്രീമതി അനിത'],
    ['ml', 'ഞങ്ങളുടെ കക്ഷി ശ്രീ. കെ. രാജന് ജാമ്യം ലഭിച്ചു.', 'ശ്രീ. കെ. രാജന്'],
    ['ml', 'ഹർജിക്കാരിയായ കെ. ലത ജീവനാംശം ആവശ്യപ്പെട്ടു.', 'ഹർജിക്കാരിയായ കെ. ലത'],
  ] as const)('%s: flags a name in %j only in the case write-up scope', (locale, text, excerpt) => {
    const findings = checkRule36(text, { locale, scope: 'case-write-up' });
    const hit = findings.find((f) => f.kind === 'client-name');
    expect(hit?.excerpt, JSON.stringify(findings)).toBe(excerpt);
    expect(text.slice(hit!.start, hit!.end)).toBe(excerpt);
    expect(checkRule36(text, { locale })).toEqual([]);
  });

  it.each([
    ['hi', 'न्यायमूर्ति श्री राम ने अपील सुनी।'],
    ['hi', 'श्री न्यायमूर्ति राम ने अपील सुनी।'],
    ['hi', 'हमारे मुवक्किल, एक सेवानिवृत्त शिक्षक, ने ग्रेच्युटी मांगी।'],
    ['hi', 'प्रतिवादी सं. 1 ने जवाब दिया।'],
    ['ml', 'ജസ്റ്റിസ് ശ്രീ രാമചന്ദ്രൻ അപ്പീൽ കേട്ടു.'],
    ['ml', 'ഞങ്ങളുടെ കക്ഷി, ഒരു റിട്ടയേർഡ് അധ്യാപിക, ഗ്രാറ്റുവിറ്റി ആവശ്യപ്പെട്ടു.'],
    ['ml', 'ശ്രീനാരായണ ഗുരുവിന്റെ പേരിലുള്ള ട്രസ്റ്റ്.'],
  ] as const)('%s: leaves judges and descriptions alone: %j', (locale, text) => {
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
    for (const free of ['\u092E\u0941\u095E\u094D\u0924', '\u092E\u0941\u092B\u093C\u094D\u0924', '\u092E\u0941\u092B\u094D\u0924']) {
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
