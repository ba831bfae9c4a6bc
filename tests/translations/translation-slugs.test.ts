/**
 * A slug per locale (decision 0082), over real HTTP on SQLite (and PostgreSQL with TEST_DATABASE_URL): a
 * translation's own slug serves its page under /ml/ and /hi/, the English slug there answers 301 to it in one
 * hop, a clash within a locale is refused with 400 (and changes nothing), a slug may repeat across locales, a
 * rename of a published slug leaves a 301 from the old one (one hop however many renames, a rename back serves
 * the page), and the language switcher, the hreflang alternates, the canonical link, the sitemap and the event
 * cards use each version's own address.
 */
import { describe, expect, it } from 'vitest';
import { eventPath, eventSlugPath } from '../../content/rules/slug';
import { pngBytes } from '../helpers/files';
import { signedInServer } from '../helpers/server';
import { api, EVENT_WHEN, multipart, speakersField } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer({ pages: true });
const png = await pngBytes(40, 30, '#335577');

const when = {
  ...EVENT_WHEN,
  // A speaker: the list's card then links to the event's page ('Read More', spec section 4).
  speakers: speakersField({ speaker_name: 'Adv. Meera Nair', designation: 'Advocate' }),
};

/** GET without following redirects. */
const get = (path: string) => fetch(`${s.url}${path}`, { redirect: 'manual' });
const page = async (path: string) => {
  const res = await get(path);
  return { status: res.status, text: await res.text(), location: res.headers.get('location'), cacheControl: res.headers.get('cache-control') };
};

async function addEvent(title: string): Promise<number> {
  const r = await api(s.url, '/api/event/addEvent', { cookie, ...multipart({ event_title: title, event_description: 'An evening on the rights of tenants and landlords.', ...when }, { event_image: [png, 'e.png'] }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.event.event_id as number;
}

const tr = (id: number, locale: string) => `/api/content/event/${id}/translations/${locale}`;
const save = (id: number, locale: string, json: Record<string, unknown>) => api(s.url, tr(id, locale), { cookie, method: 'PUT', json });
const read = async (id: number, locale: string) => (await api(s.url, tr(id, locale), { cookie })).body.translation;

const ML = {
  event_title: 'വാടക നിയമ ക്ലിനിക്',
  event_description: 'വാടകക്കാരുടെയും കെട്ടിട ഉടമസ്ഥരുടെയും അവകാശങ്ങളെക്കുറിച്ചുള്ള ഒരു സായാഹ്നം.',
};
const HI = {
  event_title: 'किरायेदारी कानून क्लिनिक',
  event_description: 'किरायेदारों और मकान मालिकों के अधिकारों पर एक शाम।',
};
const ML_SLUG = 'വാടക-നിയമ-ക്ലിനിക്';

/** hreflang → absolute URL of the page's alternates. */
const alternatesOf = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];
/** The top bar's language switcher: hreflang → href. */
function switcherOf(html: string): Record<string, string> {
  const nav = /<nav aria-label="[^"]+" class="lang-switcher[^"]*">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Object.fromEntries([...nav.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)"/g)].map((m) => [m[2]!, m[1]!]));
}

describe('a translation with a slug of its own', () => {
  it('is served at /ml/events/{its slug}; the English slug there answers 301 to it; English and Hindi keep theirs', async () => {
    const id = await addEvent('Tenancy Law Clinic');
    const en = eventPath('Tenancy Law Clinic');
    const fresh = await read(id, 'ml');
    expect(fresh.slug).toEqual({ source: 'tenancy-law-clinic', value: null, draft: null });

    // Typed with spaces, as an editor would: made into the slug the English way.
    const saved = await save(id, 'ml', { ...ML, slug: ' വാടക നിയമ  ക്ലിനിക് ', status: 'published' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.translation.slug).toEqual({ source: 'tenancy-law-clinic', value: ML_SLUG, draft: null });

    const own = eventSlugPath(ML_SLUG);
    expect(own).toBe(`/events/${encodeURIComponent(ML_SLUG)}`);
    const ml = await page(`/ml${own}`);
    expect(ml.status).toBe(200);
    expect(ml.text).toContain('<html lang="ml"');
    expect(ml.text).toContain(ML.event_title);
    expect(ml.text).not.toContain('name="robots"');
    expect(canonicalOf(ml.text)).toBe(`${s.url}/ml${own}`);

    // The English slug under /ml/: one hop to the Malayalam address, never kept by a browser for good.
    const moved = await page(`/ml${en}`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`/ml${own}`);
    expect(moved.cacheControl).toBe('no-cache');

    // English keeps its page and address; Hindi (no translation) its English slug and the fallback.
    const english = await page(en);
    expect(english.status).toBe(200);
    expect(english.text).toContain('Tenancy Law Clinic');
    const hi = await page(`/hi${en}`);
    expect(hi.status).toBe(200);
    expect(hi.text).toContain('<meta name="robots" content="noindex"/>');
    // An address no event has in Malayalam is missing.
    expect((await page(`/ml${eventSlugPath('ഇല്ലാത്ത-പരിപാടി')}`)).status).toBe(404);

    // Each version links the others at their own addresses: the switcher, the alternates (same set on each).
    const alternates = { en: `${s.url}${en}`, ml: `${s.url}/ml${own}`, 'x-default': `${s.url}${en}` };
    for (const text of [english.text, ml.text]) {
      expect(switcherOf(text)).toEqual({ en, ml: `/ml${own}`, hi: `/hi${en}` });
      expect(alternatesOf(text)).toEqual(alternates);
    }

    // The Malayalam events list links the card to the Malayalam address.
    const list = await page('/ml/event');
    expect(list.text.includes(`href="/ml${own}"`), 'the card links the Malayalam address').toBe(true);
    expect(list.text.includes(`href="/ml${en}"`), 'the card links the English slug').toBe(false);

    // The sitemap lists each published version at its own address, with the alternates.
    const sitemap = (await page('/sitemap.xml')).text;
    const entry = (loc: string) => [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!).find((u) => u.includes(`<loc>${loc}</loc>`));
    for (const loc of [`${s.url}${en}`, `${s.url}/ml${own}`]) {
      const u = entry(loc);
      expect(u, loc).toBeTruthy();
      expect(u).toContain(`<xhtml:link rel="alternate" hreflang="ml" href="${s.url}/ml${own}"/>`);
      expect(u).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${s.url}${en}"/>`);
      expect(u).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${s.url}${en}"/>`);
    }
    expect(sitemap).not.toContain(`${s.url}/ml${en}<`);
    expect(sitemap).not.toContain(`${s.url}/hi${en}<`);

    // Hindi may repeat a slug of another locale (a Latin transliteration in both, say) or the English one.
    expect((await save(id, 'hi', { ...HI, slug: 'tenancy-law-clinic', status: 'published' })).status).toBe(200);
    const hiOwn = await page(`/hi${en}`);
    expect(hiOwn.status).toBe(200);
    expect(hiOwn.text).toContain(HI.event_title);
    expect(hiOwn.text).not.toContain('name="robots"');
    expect(switcherOf(hiOwn.text)).toEqual({ en, ml: `/ml${own}`, hi: `/hi${en}` });
  });

  it('a published translation without a slug of its own is served at the English slug, translated', async () => {
    await addEvent('Consumer Rights Evening');
    const id = await addEvent('Cheque Bounce Clinic');
    const en = eventPath('Cheque Bounce Clinic');
    expect((await save(id, 'ml', { event_title: 'ചെക്ക് മടങ്ങൽ ക്ലിനിക്', event_description: 'ചെക്ക് കേസുകളെക്കുറിച്ചുള്ള ഒരു സംഭാഷണം.', status: 'published' })).status).toBe(200);
    const ml = await page(`/ml${en}`);
    expect(ml.status).toBe(200);
    expect(ml.text).toContain('ചെക്ക് മടങ്ങൽ ക്ലിനിക്');
    expect(ml.text).not.toContain('name="robots"');
    expect(canonicalOf(ml.text)).toBe(`${s.url}/ml${en}`);
  });
});

describe('a slug is unique within its locale', () => {
  it('refuses another row’s address in that locale with 400 and changes nothing; the same slug in another locale is fine', async () => {
    const a = await addEvent('Succession Law Talk');
    const b = await addEvent('Partition Suit Talk');
    const c = await addEvent('Will Writing Talk');
    expect((await save(a, 'ml', { event_title: 'പിന്തുടർച്ചാവകാശ നിയമ സംവാദം', slug: 'pinthudarcha-samvadam', status: 'published' })).status).toBe(200);

    // A's Malayalam slug, as B's Malayalam slug: refused, B's translation untouched.
    const clash = await save(b, 'ml', { event_title: 'ഭാഗം വെക്കൽ കേസ് സംവാദം', slug: 'Pinthudarcha Samvadam', status: 'published' });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('The slug "pinthudarcha-samvadam" is already the address of another event in Malayalam ("Succession Law Talk"): choose another.');
    expect((await read(b, 'ml')).state).toBe('missing');
    // A draft's slug is taken as well.
    expect((await save(b, 'ml', { event_title: 'ഭാഗം വെക്കൽ', slug: 'bhagam-vekkal' })).status).toBe(200);
    const draftClash = await save(c, 'ml', { event_title: 'വിൽപത്രം', slug: 'bhagam-vekkal' });
    expect(draftClash.status).toBe(400);
    expect(draftClash.body.message).toContain('"bhagam-vekkal" is already the address of another event in Malayalam');

    // The English slug of a row whose Malayalam page is at its English slug is its address there: refused.
    const english = await save(c, 'ml', { event_title: 'വിൽപത്രം', slug: 'partition-suit-talk' });
    expect(english.status).toBe(400);
    // A's English slug is not its Malayalam address (A has its own): free to take.
    expect((await save(c, 'ml', { event_title: 'വിൽപത്രം എഴുതൽ', slug: 'succession-law-talk', status: 'published' })).status).toBe(200);
    expect((await page(`/ml${eventPath('Succession Law Talk')}`)).text).toContain('വിൽപത്രം എഴുതൽ');
    // Dropping A's slug would put it back at its English slug, which C now has in Malayalam: refused.
    const drop = await save(a, 'ml', { slug: '', status: 'published' });
    expect(drop.status).toBe(400);
    expect((await read(a, 'ml')).slug.value).toBe('pinthudarcha-samvadam');

    // Another locale: the same slug is fine.
    expect((await save(b, 'hi', { event_title: 'बँटवारा मुकदमा चर्चा', slug: 'pinthudarcha-samvadam', status: 'published' })).status).toBe(200);
  });

  it('refuses a malformed slug, a slug for a group without addresses, and a slug that is not text', async () => {
    const id = await addEvent('Motor Accident Claims Talk');
    for (const slug of ['a/b', 'what?', 'x#y', '100%', 'a.b']) {
      const r = await save(id, 'ml', { event_title: 'വാഹനാപകട നഷ്ടപരിഹാരം', slug });
      expect(r.status, slug).toBe(400);
      expect(r.body.message).toMatch(/^The slug may have letters/);
    }
    expect((await save(id, 'ml', { event_title: 'വാഹനാപകടം', slug: 'a'.repeat(201) })).body.message).toBe('The slug must be at most 200 characters.');
    expect((await save(id, 'ml', { event_title: 'വാഹനാപകടം', slug: 12 })).status).toBe(400);
    expect((await read(id, 'ml')).state).toBe('missing');

    const faq = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Do you take accident claims?', answer: 'Yes.' } });
    const faqSave = await api(s.url, `/api/content/faqs/${faq.body.faq.faqs_id as number}/translations/ml`, { cookie, method: 'PUT', json: { question: 'അപകട ക്ലെയിമുകൾ?', slug: 'x' } });
    expect(faqSave.status).toBe(400);
    expect(faqSave.body.message).toBe('FAQ rows have no address of their own to translate: send no slug.');
    expect((await api(s.url, `/api/content/faqs/${faq.body.faq.faqs_id as number}/translations/ml`, { cookie })).body.translation.slug).toBeNull();
  });
});

describe('renaming a translation’s slug', () => {
  it('leaves a 301 from each old address to the current one in one hop; a rename back serves the page', async () => {
    const id = await addEvent('Domestic Violence Act Talk');
    const at = (slug: string) => `/ml${eventSlugPath(slug)}`;
    expect((await save(id, 'ml', { event_title: 'ഗാർഹിക പീഡന നിയമം', slug: 'gaarhika-peedanam', status: 'published' })).status).toBe(200);

    // A draft with a new slug leaves the live one live.
    const draft = await save(id, 'ml', { slug: 'gaarhika-peedana-niyamam' });
    expect(draft.body.translation.slug).toMatchObject({ value: 'gaarhika-peedanam', draft: 'gaarhika-peedana-niyamam' });
    expect((await page(at('gaarhika-peedanam'))).status).toBe(200);
    expect((await page(at('gaarhika-peedana-niyamam'))).status).toBe(404);

    // Published: the old address redirects.
    expect((await save(id, 'ml', { status: 'published' })).status).toBe(200);
    const first = await page(at('gaarhika-peedanam'));
    expect(first.status).toBe(301);
    expect(first.location).toBe(at('gaarhika-peedana-niyamam'));

    // Renamed again, in the native script: both old addresses lead straight to the newest.
    expect((await save(id, 'ml', { slug: 'ഗാർഹിക-പീഡന-നിയമം', status: 'published' })).status).toBe(200);
    for (const old of ['gaarhika-peedanam', 'gaarhika-peedana-niyamam']) {
      const r = await page(at(old));
      expect(r.status, old).toBe(301);
      expect(r.location).toBe(at('ഗാർഹിക-പീഡന-നിയമം'));
      expect((await page(r.location!)).status).toBe(200);
    }
    // The English page is not redirected by the Malayalam renames.
    expect((await page(eventPath('Domestic Violence Act Talk'))).status).toBe(200);

    // Back to the first slug: it serves the page again, the others lead to it.
    expect((await save(id, 'ml', { slug: 'gaarhika-peedanam', status: 'published' })).status).toBe(200);
    const back = await page(at('gaarhika-peedanam'));
    expect(back.status).toBe(200);
    expect(back.text).toContain('ഗാർഹിക പീഡന നിയമം');
    for (const old of ['gaarhika-peedana-niyamam', 'ഗാർഹിക-പീഡന-നിയമം']) {
      const r = await page(at(old));
      expect(r.status, old).toBe(301);
      expect(r.location).toBe(at('gaarhika-peedanam'));
    }

    // Dropped: the page is at its English slug again, and the old slug leads there.
    expect((await save(id, 'ml', { slug: null, status: 'published' })).status).toBe(200);
    const dropped = await page(at('gaarhika-peedanam'));
    expect(dropped.status).toBe(301);
    expect(dropped.location).toBe(`/ml${eventPath('Domestic Violence Act Talk')}`);
    expect((await page(dropped.location!)).status).toBe(200);

    // Each change is in the locale's revisions.
    const revs = await s.services.store.db.selectFrom('content_revisions').select(['changed']).where('record_id', '=', id).where('resource', '=', 'event@ml').execute();
    expect(revs.filter((r) => (JSON.parse(r.changed) as string[]).includes('slug')).length).toBe(5);
  });
});
