/**
 * Translations of nested list items (decision 0080) and of the settings' texts (decision 0081) over real
 * HTTP: an event's speakers' designations are keys of the event's translation, shown on the public list
 * call and page in the locale, outdated (and English again) when the list changes; the settings' tagline,
 * hours and legal-team texts are one translation per locale, shown on the locale's pages, checked by Rule 36
 * in their language, outdated by an English change, confirmed; bad input changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { file, pngBytes } from '../helpers/files';
import { call, signedInServer, type Json } from '../helpers/server';

const { s, cookie } = await signedInServer({ pages: true });

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

const TITLE = 'Tenancy Rights Evening';
const DESCRIPTION = 'An evening on the rights of tenants and landlords under the Kerala rent control law.';
const SPEAKERS = [
  { speaker_name: 'Adv. Rekha Nair', designation: 'Senior Advocate', date: '', from_time: '', to_time: '', image: '' },
  {
    speaker_name: 'P. Mohan',
    designation: 'Retired Rent Control Court Clerk',
    date: '',
    from_time: '',
    to_time: '',
    image: '',
  },
];
const ML = {
  event_title: 'വാടക അവകാശങ്ങളെക്കുറിച്ചുള്ള സായാഹ്നം',
  event_description: 'കേരളത്തിലെ വാടക നിയന്ത്രണ നിയമപ്രകാരം വാടകക്കാരുടെയും കെട്ടിട ഉടമകളുടെയും അവകാശങ്ങളെക്കുറിച്ചുള്ള ഒരു സായാഹ്നം.',
  'speakers.0.designation': 'സീനിയർ അഭിഭാഷക',
  'speakers.1.designation': 'വാടക നിയന്ത്രണ കോടതിയിലെ റിട്ടയേർഡ് ക്ലർക്ക്',
};

async function addEvent(title = TITLE): Promise<number> {
  const res = await call(s.url, '/api/event/addEvent', {
    cookie,
    form: form({
      event_title: title,
      event_description: DESCRIPTION,
      event_image: file(await pngBytes(320, 200), 'event.png', 'image/png'),
      event_address: 'Town Hall, Kochi',
      speakers: JSON.stringify(SPEAKERS),
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.event.event_id);
}
const eventTr = (id: number, locale: string) => `/api/content/event/${id}/translations/${locale}`;
const publicEvent = async (id: number, query = '') =>
  ((await call(s.url, `/api/event/getAllEvents${query}`)).body.data as Json[]).find((e) => e.event_id === id) as Json;

describe("a nested list's items (decision 0080)", () => {
  it('are keys of the translation by position, published with the row and shown in the locale', async () => {
    const id = await addEvent();
    const empty = await call(s.url, eventTr(id, 'ml'), { cookie });
    expect(empty.status).toBe(200);
    expect(empty.body.translation.source).toEqual({
      event_title: TITLE,
      event_description: DESCRIPTION,
      'speakers.0.designation': 'Senior Advocate',
      'speakers.1.designation': 'Retired Rent Control Court Clerk',
    });

    // A third speaker does not exist: its key is not kept; a designation past its limit is refused.
    const tooLong = await call(s.url, eventTr(id, 'ml'), {
      cookie,
      method: 'PUT',
      json: { 'speakers.1.designation': 'x'.repeat(161) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Speaker 2: Designation must be at most 160 characters.');
    const pub = await call(s.url, eventTr(id, 'ml'), {
      cookie,
      method: 'PUT',
      json: { ...ML, 'speakers.2.designation': 'ഇല്ലാത്ത ആൾ', status: 'published' },
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.translation.state).toBe('published');
    expect(pub.body.translation.fields).toEqual(ML);

    const ml = await publicEvent(id, '?locale=ml');
    expect(ml.event_title).toBe(ML.event_title);
    expect(ml.speakers.map((sp: Json) => [sp.speaker_name, sp.designation])).toEqual([
      ['Adv. Rekha Nair', 'സീനിയർ അഭിഭാഷക'],
      ['P. Mohan', 'വാടക നിയന്ത്രണ കോടതിയിലെ റിട്ടയേർഡ് ക്ലർക്ക്'],
    ]);
    // No stray keys on the row; English and Hindi as before.
    expect(Object.keys(ml).filter((k) => k.includes('.'))).toEqual([]);
    expect((await publicEvent(id)).speakers.map((sp: Json) => sp.designation)).toEqual([
      'Senior Advocate',
      'Retired Rent Control Court Clerk',
    ]);
    expect((await publicEvent(id, '?locale=hi')).speakers[0].designation).toBe('Senior Advocate');
  });

  it('become outdated when the list changes: the row stays translated, the items show in English until confirmed', async () => {
    // Its own title: an event's address (its slug) is unique in each locale (decision 0082).
    const title = `${TITLE} II`;
    const id = await addEvent(title);
    expect(
      (await call(s.url, eventTr(id, 'ml'), { cookie, method: 'PUT', json: { ...ML, status: 'published' } })).status,
    ).toBe(200);
    // The speakers swapped: kept by position, a translated designation would now sit under the other speaker.
    const upd = await call(s.url, '/api/event/updateevent', {
      cookie,
      form: form({
        event_id: String(id),
        event_title: title,
        event_description: DESCRIPTION,
        event_address: 'Town Hall, Kochi',
        speakers: JSON.stringify([SPEAKERS[1], SPEAKERS[0]]),
      }),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const view = (await call(s.url, eventTr(id, 'ml'), { cookie })).body.translation;
    expect(view.state).toBe('outdated');
    expect(view.source['speakers.0.designation']).toBe('Retired Rent Control Court Clerk');
    const list = await call(s.url, '/api/content/event?status=all&perPage=200', { cookie });
    expect((list.body.rows as Json[]).find((r) => r.event_id === id)?.translations).toEqual({
      ml: 'outdated',
      hi: 'missing',
    });

    const ml = await publicEvent(id, '?locale=ml');
    expect(ml.event_title).toBe(ML.event_title);
    expect(ml.speakers.map((sp: Json) => sp.designation)).toEqual([
      'Retired Rent Control Court Clerk',
      'Senior Advocate',
    ]);

    // Updated for the new order, the items show translated again.
    const fixed = await call(s.url, eventTr(id, 'ml'), {
      cookie,
      method: 'PUT',
      json: {
        'speakers.0.designation': ML['speakers.1.designation'],
        'speakers.1.designation': ML['speakers.0.designation'],
        status: 'published',
      },
    });
    expect(fixed.body.translation.state).toBe('published');
    expect((await publicEvent(id, '?locale=ml')).speakers.map((sp: Json) => [sp.speaker_name, sp.designation])).toEqual(
      [
        ['P. Mohan', 'വാടക നിയന്ത്രണ കോടതിയിലെ റിട്ടയേർഡ് ക്ലർക്ക്'],
        ['Adv. Rekha Nair', 'സീനിയർ അഭിഭാഷക'],
      ],
    );
  });
});

const settingsTr = (locale: string) => `/api/settings/translations/${locale}`;
/** The dashboard work list's entries for the settings' texts (decision 0081), by locale. */
const settingsWork = async () => {
  const r = await call(s.url, '/api/content-worklist', { cookie });
  expect(r.status).toBe(200);
  return (r.body.translations as Json[]).filter((w) => w.group === 'settings-texts');
};
const HI_TAGLINE = '1993 से स्पष्टता के साथ क़ानूनी परामर्श';
const HI_BIO = 'मीरा हैरो 1993 से वकालत कर रही हैं और हर नए परामर्श की स्वयं समीक्षा करती हैं।';

describe("the settings' texts (decision 0081)", () => {
  it('are one translation per locale by path, shown on the pages of that locale only', async () => {
    // Untranslated in both languages: the work list counts them and links to the language's tab.
    expect(await settingsWork()).toEqual(
      ['ml', 'hi'].map((locale) => ({
        group: 'settings-texts',
        groupTitle: "The settings' texts",
        adminPath: '/admin-side-bar/settings',
        href: `/admin-side-bar/settings?language=${locale}`,
        locale,
        missing: 1,
        outdated: 0,
      })),
    );
    const empty = await call(s.url, settingsTr('hi'), { cookie });
    expect(empty.status).toBe(200);
    expect(empty.body.translation).toMatchObject({ group: 'settings', id: 0, state: 'missing', fields: {} });
    const settings = (await call(s.url, '/api/settings/getsettings')).body.settings as Json;
    expect(empty.body.translation.source).toMatchObject({
      tagline: settings.tagline,
      'hours.days': settings.hours.days,
      'offices.0.address': settings.offices[0].address,
      'legalTeam.0.bio': settings.legalTeam[0].bio,
      'legalTeam.0.practiceAreas.1': settings.legalTeam[0].practiceAreas[1],
    });
    // Names and cities are not texts to translate.
    expect(Object.keys(empty.body.translation.source).filter((k) => /name|city|phone|email/i.test(k))).toEqual([]);

    const pub = await call(s.url, settingsTr('hi'), {
      cookie,
      method: 'PUT',
      json: {
        tagline: HI_TAGLINE,
        'legalTeam.0.bio': HI_BIO,
        'hours.days': 'सोमवार से शनिवार',
        firmName: 'कोई और नाम',
        status: 'published',
      },
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.translation.state).toBe('published');
    expect(pub.body.translation.fields).toEqual({
      tagline: HI_TAGLINE,
      'legalTeam.0.bio': HI_BIO,
      'hours.days': 'सोमवार से शनिवार',
    });

    // Published in Hindi: only Malayalam is left to do.
    expect((await settingsWork()).map((w) => w.locale)).toEqual(['ml']);
    const hiHome = await fetch(`${s.url}/hi/`).then((r) => r.text());
    expect(hiHome).toContain(HI_TAGLINE);
    expect(hiHome).not.toContain('कोई और नाम');
    const hiTeam = await fetch(`${s.url}/hi/our-legal-team`).then((r) => r.text());
    expect(hiTeam).toContain(HI_BIO);
    const en = await fetch(`${s.url}/`).then((r) => r.text());
    expect(en).toContain(settings.tagline);
    expect(en).not.toContain(HI_TAGLINE);
    const ml = await fetch(`${s.url}/ml/`).then((r) => r.text());
    expect(ml).not.toContain(HI_TAGLINE);
    // The public settings call answers English as before.
    expect((await call(s.url, '/api/settings/getsettings')).body.settings.tagline).toBe(settings.tagline);
  });

  it('are checked under Rule 36 in their language when published', async () => {
    const refused = await call(s.url, settingsTr('ml'), {
      cookie,
      method: 'PUT',
      json: { 'legalTeam.1.bio': 'കൊച്ചിയിലെ ഏറ്റവും മികച്ച അഭിഭാഷകൻ.', status: 'published' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'legalTeam.1.bio', rule: expect.stringMatching(/^ml-/) }),
      ]),
    );
    expect((await call(s.url, settingsTr('ml'), { cookie })).body.translation.state).toBe('missing');
  });

  it('become outdated when the English texts change, the list items English again, until confirmed', async () => {
    const before = (await call(s.url, '/api/settings/getsettings')).body.settings as Json;
    const changed = {
      ...before,
      tagline: 'Clear counsel since 1993',
      legalTeam: [before.legalTeam[1], before.legalTeam[0], ...before.legalTeam.slice(2)],
    };
    expect((await call(s.url, '/api/settings/updatesettings', { cookie, json: changed })).status).toBe(200);
    try {
      expect((await call(s.url, settingsTr('hi'), { cookie })).body.translation.state).toBe('outdated');
      expect((await settingsWork()).find((w) => w.locale === 'hi')).toMatchObject({ missing: 0, outdated: 1 });
      const hiTeam = await fetch(`${s.url}/hi/our-legal-team`).then((r) => r.text());
      // The reordered team's first biography is not given the translation made for the other advocate.
      expect(hiTeam).not.toContain(HI_BIO);
      expect(await fetch(`${s.url}/hi/`).then((r) => r.text())).toContain(HI_TAGLINE);
      const confirmed = await call(s.url, `${settingsTr('hi')}/confirm`, { cookie, method: 'POST', json: {} });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.translation.state).toBe('published');
      expect((await settingsWork()).map((w) => w.locale)).toEqual(['ml']);
    } finally {
      await call(s.url, '/api/settings/updatesettings', { cookie, json: before });
    }
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const cases: [string, string, Record<string, unknown>, number, RegExp][] = [
      ['PUT', settingsTr('fr'), { tagline: 'x' }, 400, /locale must be one of ml, hi/],
      ['PUT', settingsTr('ml'), { tagline: 42 }, 400, /Tagline must be text/],
      ['PUT', settingsTr('ml'), { tagline: 'x'.repeat(201) }, 400, /Tagline must be at most 200 characters/],
      ['PUT', settingsTr('ml'), { firmName: 'x' }, 400, /at least one of: Tagline/],
      ['PUT', settingsTr('ml'), { tagline: 'x', status: 'live' }, 400, /Status must be draft or published/],
      ['POST', `${settingsTr('ml')}/confirm`, {}, 404, /no published translation/],
    ];
    for (const [method, path, json, status, message] of cases) {
      const res = await call(s.url, path, { cookie, method, json });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect((await call(s.url, settingsTr('ml'), { cookie })).body.translation.state).toBe('missing');
    expect((await call(s.url, settingsTr('ml'), { method: 'PUT', json: { tagline: 'x' } })).status).toBe(401);
    const doc = (await call(s.url, '/api/docs.json')).body;
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((p) => Object.values(p))
      .map((o) => o.operationId);
    expect(ops).toEqual(
      expect.arrayContaining(['getSettingsTranslation', 'saveSettingsTranslation', 'confirmSettingsTranslation']),
    );
  });
});
