/**
 * The admin's translation workflow over real HTTP (decision 0078): the admin list's filter by translation
 * state, the dashboard's counts of missing and outdated translations, "Draft with the model" against a
 * local server speaking the OpenAI chat-completions protocol (the hosted model is the one thing stubbed),
 * the refusal to publish a machine draft nobody reviewed, and the signed preview link of a translation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, serverWithModel, startFakeModel, type FakeModel } from '../helpers/fake-model';
import { call, startServer, type Json, type TestServer } from '../helpers/server';
import { addCase, caseDetailsBody, sampleBytes } from '../helpers/api-helpers';

const tr = (group: string, id: number, locale: string, rest = '') =>
  `/api/content/${group}/${id}/translations/${locale}${rest}`;

async function addFaq(
  s: TestServer,
  cookie: string,
  question: string,
  answer: string,
  status?: 'draft',
): Promise<number> {
  const res = await call(s.url, '/api/faqs/addFaqs', {
    cookie,
    json: { question, answer, ...(status ? { status } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.faq.faqs_id as number;
}

describe('the admin list filtered by translation state, and the work list', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startServer({ env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
    cookie = await s.login();
  });
  afterAll(() => s?.close());

  const ids = (query: string) =>
    call(s.url, `/api/content/faqs?perPage=200&${query}`, { cookie }).then((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.rows as { faqs_id: number }[]).map((row) => row.faqs_id).sort((a, b) => a - b);
    });
  const faqWork = async () => {
    const r = await call(s.url, '/api/content-worklist', { cookie });
    expect(r.status).toBe(200);
    return (r.body.translations as Json[]).filter((w) => w.group === 'faqs');
  };

  it('keeps the rows in the state asked for, per locale; the work list counts what is on the site', async () => {
    expect(await faqWork()).toEqual([]);
    const translated = await addFaq(s, cookie, 'Do you handle tenancy disputes?', 'Yes, for landlords and tenants.');
    const untouched = await addFaq(s, cookie, 'Can I pay the fee in instalments?', 'Ask us at the first meeting.');
    const drafted = await addFaq(s, cookie, 'Do you visit clients at home?', 'When they cannot travel.');
    const englishDraft = await addFaq(s, cookie, 'Is parking available?', 'Behind the office.', 'draft');

    const published = await call(s.url, tr('faqs', translated, 'ml'), {
      cookie,
      method: 'PUT',
      json: {
        question: 'വാടക തർക്കങ്ങൾ നിങ്ങൾ കൈകാര്യം ചെയ്യുമോ?',
        answer: 'ഉവ്വ്, ഭൂവുടമകൾക്കും വാടകക്കാർക്കും വേണ്ടി.',
        status: 'published',
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const draft = await call(s.url, tr('faqs', drafted, 'ml'), {
      cookie,
      method: 'PUT',
      json: { question: 'നിങ്ങൾ വീട്ടിൽ വന്ന് കാണുമോ?' },
    });
    expect(draft.status).toBe(200);

    expect(await ids('translation=ml:published')).toEqual([translated]);
    expect(await ids('translation=ml:draft')).toEqual([drafted]);
    // Every row outside the trash, the English drafts included, is in one state per locale.
    expect(await ids('translation=ml:missing')).toEqual([untouched, englishDraft]);
    expect(await ids('translation=hi:missing')).toEqual([translated, untouched, drafted, englishDraft]);
    expect(await ids('translation=ml:outdated')).toEqual([]);
    // With the list's other filters: its state, its search; counts and total follow the filter.
    expect(await ids('translation=ml:missing&status=published')).toEqual([untouched]);
    expect(await ids('translation=hi:missing&q=tenancy')).toEqual([translated]);
    const filtered = await call(s.url, '/api/content/faqs?translation=ml:missing', { cookie });
    expect(filtered.body).toMatchObject({ total: 2, counts: { all: 2, published: 1, draft: 1 } });
    expect(filtered.body.rows.every((r: Json) => r.translations.ml === 'missing')).toBe(true);

    // The work list: rows on the site in English only (the English draft is not counted, a translation in
    // draft is under way, not missing).
    expect(await faqWork()).toEqual([
      { group: 'faqs', groupTitle: "FAQ's", adminPath: '/admin-side-bar/faqs', locale: 'ml', missing: 1, outdated: 0 },
      { group: 'faqs', groupTitle: "FAQ's", adminPath: '/admin-side-bar/faqs', locale: 'hi', missing: 3, outdated: 0 },
    ]);

    // An English change makes the published translation outdated: filtered, and counted.
    const upd = await call(s.url, '/api/faqs/updatefaqs', {
      cookie,
      json: {
        faqs_id: translated,
        question: 'Do you handle tenancy disputes?',
        answer: 'Yes, for landlords and for tenants, in every court of Kerala.',
      },
    });
    expect(upd.status).toBe(200);
    expect(await ids('translation=ml:outdated')).toEqual([translated]);
    expect(await ids('translation=ml:published')).toEqual([]);
    expect((await faqWork()).find((w) => w.locale === 'ml')).toMatchObject({ missing: 1, outdated: 1 });

    // The editor shows what changed in English: the text it was made from beside the text now.
    const view = (await call(s.url, tr('faqs', translated, 'ml'), { cookie })).body.translation;
    expect(view.state).toBe('outdated');
    expect(view.source_then.answer).toBe('Yes, for landlords and tenants.');
    expect(view.source.answer).toBe('Yes, for landlords and for tenants, in every court of Kerala.');

    // Mark as up to date: published again, the English it holds for is now's, and the work list is down by one.
    const confirmed = await call(s.url, tr('faqs', translated, 'ml', '/confirm'), { cookie, method: 'POST', json: {} });
    expect(confirmed.body.translation).toMatchObject({
      state: 'published',
      source_then: { answer: 'Yes, for landlords and for tenants, in every court of Kerala.' },
    });
    expect((await faqWork()).find((w) => w.locale === 'ml')).toMatchObject({ missing: 1, outdated: 0 });

    // A row in the trash is in no state and no count.
    expect((await call(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: untouched } })).status).toBe(200);
    expect(await ids('translation=ml:missing')).toEqual([englishDraft]);
    // Nothing left to do in Malayalam: the group leaves that language's list.
    expect(await faqWork()).toEqual([
      { group: 'faqs', groupTitle: "FAQ's", adminPath: '/admin-side-bar/faqs', locale: 'hi', missing: 2, outdated: 0 },
    ]);
  });

  it('refuses a filter it does not know with a sentence, and documents the parameter', async () => {
    for (const bad of ['fr:missing', 'ml:lost', 'ml', 'en:published']) {
      const r = await call(s.url, `/api/content/faqs?translation=${encodeURIComponent(bad)}`, { cookie });
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toMatch(/translation|list query/);
    }
    const doc = (await call(s.url, '/api/docs.json')).body;
    const list = doc.paths['/api/content/{group}'].get;
    const param = (list.parameters as Json[]).find((p) => p.name === 'translation');
    expect(param).toMatchObject({ in: 'query', required: false });
    expect(param.schema.enum).toEqual(expect.arrayContaining(['ml:missing', 'hi:outdated']));
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((p) => Object.values(p))
      .map((o) => o.operationId);
    expect(ops).toEqual(expect.arrayContaining(['machineDraftTranslation', 'previewTranslation']));
  });

  it('has no "Draft with the model" without a model: the editor is told so, and the call answers 409', async () => {
    const id = await addFaq(s, cookie, 'Who can file for divorce?', 'Either spouse.');
    expect((await call(s.url, tr('faqs', id, 'ml'), { cookie })).body.model).toBe(false);
    const r = await call(s.url, tr('faqs', id, 'ml', '/machine-draft'), { cookie, method: 'POST', json: {} });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/No language model is configured \(AI_BASE_URL and AI_MODEL\)/);
    expect((await call(s.url, tr('faqs', id, 'ml'), { cookie })).body.translation.state).toBe('missing');
    expect((await call(s.url, tr('faqs', id, 'ml', '/machine-draft'), { method: 'POST', json: {} })).status).toBe(401);
  });
});

type Mode = 'ok' | 'english' | 'error' | 'long' | 'hostile';

const MALAYALAM: Record<string, string> = {
  'How long does a divorce by mutual consent take?': 'പരസ്പര സമ്മതത്തോടെയുള്ള വിവാഹമോചനത്തിന് എത്ര സമയമെടുക്കും?',
  'Usually six to eighteen months after the petition is filed.':
    'ഹർജി ഫയൽ ചെയ്ത ശേഷം സാധാരണയായി ആറു മുതൽ പതിനെട്ടു മാസം വരെ.',
};
const HINDI: Record<string, string> = {
  'How long does a divorce by mutual consent take?': 'आपसी सहमति से तलाक में कितना समय लगता है?',
  'Usually six to eighteen months after the petition is filed.': 'याचिका दायर होने के बाद आमतौर पर छह से अठारह महीने।',
};
const ML_HTML = '<p>മധ്യസ്ഥതയ്ക്കു ശേഷം കോടതി <strong>സംയുക്ത രക്ഷാകർതൃത്വം</strong> അനുവദിച്ചു.</p>';

/** The translating model: the few texts this file uses, in the language the system prompt asks for. */
const startModel = () =>
  startFakeModel<Mode>('ok', (body, mode) => {
    if (mode === 'error') return { status: 503, json: { error: { message: 'model overloaded' } } };
    const system = String(body.messages[0].content);
    const english = String(body.messages[body.messages.length - 1].content);
    const hindi = system.includes('into Hindi');
    if (mode === 'english') return completion(body, english);
    if (mode === 'long') return completion(body, 'വിവാഹമോചനം '.repeat(40));
    if (english.startsWith('<')) {
      return completion(
        body,
        mode === 'hostile'
          ? `\`\`\`html\n${ML_HTML}<script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(2)">\n\`\`\``
          : ML_HTML,
      );
    }
    return completion(body, (hindi ? HINDI : MALAYALAM)[english] ?? (hindi ? 'अनुवाद' : 'വിവർത്തനം'));
  });

describe('"Draft with the model" with a model configured', () => {
  const ctx = serverWithModel(startModel, { AI_TIMEOUT_MS: '2000', ADMIN_WRITE_RATE_LIMIT: '0' });
  let model: FakeModel<Mode>;
  let s: TestServer;
  let cookie: string;
  beforeAll(() => void ({ model, s, cookie } = ctx));

  const draftWithModel = (group: string, id: number, locale: string, mode: Mode = 'ok') => {
    model.mode = mode;
    model.requests.length = 0;
    return call(s.url, tr(group, id, locale, '/machine-draft'), { cookie, method: 'POST', json: {} });
  };
  const publicFaq = async (id: number, locale: string) =>
    (
      (await call(s.url, `/api/faqs/getallfaqs?locale=${locale}`)).body.faq as { faqs_id: number; question: string }[]
    ).find((f) => f.faqs_id === id)?.question;
  const revisions = (id: number, resource: string) =>
    s.services.store.db
      .selectFrom('content_revisions')
      .select(['action', 'admin_email'])
      .where('record_id', '=', id)
      .where('resource', '=', resource)
      .orderBy('revision_id')
      .execute();

  it('fills a machine draft from the English, which cannot be published until a person says they reviewed it', async () => {
    const q = 'How long does a divorce by mutual consent take?';
    const id = await addFaq(s, cookie, q, 'Usually six to eighteen months after the petition is filed.');
    expect((await call(s.url, tr('faqs', id, 'ml'), { cookie })).body.model).toBe(true);

    const drafted = await draftWithModel('faqs', id, 'ml');
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body.message).toBe('Machine draft saved: review every field before publishing');
    expect(drafted.body.translation).toMatchObject({
      state: 'draft',
      machine: true,
      fields: {
        question: MALAYALAM[q],
        answer: MALAYALAM['Usually six to eighteen months after the petition is filed.'],
      },
    });
    // One request per field, each with the field's English and what language to write.
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.auth).toBe('Bearer sk-test');
    expect(model.requests[0]!.body.model).toBe('tiny-model');
    expect(model.requests[0]!.body.messages[0].content).toMatch(/from English into Malayalam/);
    expect(model.requests[0]!.body.messages[0].content).toMatch(/Rule 36/);
    expect(model.requests.map((r) => r.body.messages.at(-1).content)).toEqual([
      q,
      'Usually six to eighteen months after the petition is filed.',
    ]);
    expect(await revisions(id, 'faqs@ml')).toEqual([{ action: 'machine draft', admin_email: 'admin@test.example' }]);

    // Publishing as it is: refused with a sentence, nothing changes, the site keeps the English.
    const refused = await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'published' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/machine draft: review every field .*before publishing it/);
    // A person's edit without saying they reviewed it leaves it a machine draft.
    const edited = await call(s.url, tr('faqs', id, 'ml'), {
      cookie,
      method: 'PUT',
      json: { question: 'പരസ്പര സമ്മതപ്രകാരമുള്ള വിവാഹമോചനത്തിന് എത്ര സമയമെടുക്കും?' },
    });
    expect(edited.body.translation).toMatchObject({ state: 'draft', machine: true });
    expect(
      (await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'published' } })).status,
    ).toBe(409);
    expect(await publicFaq(id, 'ml')).toBe(q);
    // "I have reviewed this translation": published, no longer a machine draft.
    const published = await call(s.url, tr('faqs', id, 'ml'), {
      cookie,
      method: 'PUT',
      json: { status: 'published', reviewed: true },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.translation).toMatchObject({ state: 'published', machine: false });
    expect(await publicFaq(id, 'ml')).toBe('പരസ്പര സമ്മതപ്രകാരമുള്ള വിവാഹമോചനത്തിന് എത്ര സമയമെടുക്കും?');
    // The other language is its own: still missing.
    expect((await call(s.url, tr('faqs', id, 'hi'), { cookie })).body.translation.state).toBe('missing');

    // Over a published translation the model's draft is a pending draft: the live text stays until reviewed and published.
    const again = await draftWithModel('faqs', id, 'ml');
    expect(again.body.translation).toMatchObject({
      state: 'published',
      machine: true,
      draft: { question: MALAYALAM[q] },
    });
    expect(await publicFaq(id, 'ml')).toBe('പരസ്പര സമ്മതപ്രകാരമുള്ള വിവാഹമോചനത്തിന് എത്ര സമയമെടുക്കും?');
    expect(
      (await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'published' } })).status,
    ).toBe(409);
    // Saved by a person who reviewed it, as a draft: theirs now, then published without the flag.
    expect(
      (await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'draft', reviewed: true } }))
        .body.translation.machine,
    ).toBe(false);
    expect(
      (await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'published' } })).status,
    ).toBe(200);
    expect(await publicFaq(id, 'ml')).toBe(MALAYALAM[q]);

    // Hindi: the model is asked for Hindi.
    const hindi = await draftWithModel('faqs', id, 'hi');
    expect(hindi.body.translation.fields.question).toBe(HINDI[q]);
    expect(model.requests[0]!.body.messages[0].content).toMatch(/into Hindi/);
  });

  it('never trusts the answer: rich text is sanitised, English, over-long or failed answers save nothing', async () => {
    const { pdf } = await sampleBytes();
    const { categoryId, caseId } = await addCase(s, cookie, 'Family Law', 'Custody of minor children');
    const added = await call(s.url, '/api/casedetails/addcasedetails', {
      cookie,
      ...caseDetailsBody(
        categoryId,
        caseId,
        [pdf, 'order.pdf'],
        '<p>The court granted <strong>joint guardianship</strong> after mediation.</p>',
      ),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const detailsId = added.body.case.case_details_id as number;
    const hostile = await draftWithModel('caseDetails', detailsId, 'ml', 'hostile');
    expect(hostile.status, JSON.stringify(hostile.body)).toBe(200);
    const html = hostile.body.translation.fields.case_content as string;
    expect(html).toContain('<strong>സംയുക്ത രക്ഷാകർതൃത്വം</strong>');
    expect(html).not.toMatch(/<script|onerror|```/);

    const id = await addFaq(
      s,
      cookie,
      'Can a tenant be evicted without notice?',
      'No. The landlord must give notice and go to court.',
    );
    const before = await revisions(id, 'faqs@ml');
    for (const [mode, message] of [
      ['english', /Malayalam for Question was not written in Malayalam. Nothing was saved/],
      ['long', /Question was longer than the 300 characters the field allows. Nothing was saved/],
      ['error', /The language model did not answer \(model answered 503: model overloaded\). Nothing was saved/],
    ] as const) {
      const r = await draftWithModel('faqs', id, 'ml', mode);
      expect(r.status, mode).toBe(502);
      expect(r.body.message, mode).toMatch(message);
    }
    expect((await call(s.url, tr('faqs', id, 'ml'), { cookie })).body.translation.state).toBe('missing');
    expect(await revisions(id, 'faqs@ml')).toEqual(before);
    // Bad targets answer as the other translation calls do.
    expect(
      (await call(s.url, tr('faqs', id, 'fr', '/machine-draft'), { cookie, method: 'POST', json: {} })).status,
    ).toBe(400);
    expect(
      (await call(s.url, tr('faqs', 999_999, 'ml', '/machine-draft'), { cookie, method: 'POST', json: {} })).status,
    ).toBe(404);
    expect(
      (await call(s.url, tr('carousel', 1, 'ml', '/machine-draft'), { cookie, method: 'POST', json: {} })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it("drafts the settings' texts too: every text with English, a machine draft published only once reviewed", async () => {
    const path = '/api/settings/translations/ml';
    expect((await call(s.url, path, { cookie })).body.model).toBe(true);
    model.mode = 'ok';
    model.requests.length = 0;
    const drafted = await call(s.url, `${path}/machine-draft`, { cookie, method: 'POST', json: {} });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const view = drafted.body.translation as Json;
    expect(view).toMatchObject({ group: 'settings', state: 'draft', machine: true });
    const withEnglish = Object.entries(view.source as Record<string, string>).filter(([, v]) => v.trim());
    expect(withEnglish.length).toBeGreaterThan(5);
    // One request per text with English, each in Malayalam, told what the text is.
    expect(model.requests.length).toBe(withEnglish.length);
    expect(String(model.requests[0]!.body.messages[0].content)).toMatch(/into Malayalam[\s\S]*website settings text/);
    expect(Object.keys(view.draft ?? view.fields).sort()).toEqual(withEnglish.map(([k]) => k).sort());
    // The page still shows the English until a person reviewed and published it.
    const refused = await call(s.url, path, { cookie, method: 'PUT', json: { status: 'published' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/machine draft/);
    const published = await call(s.url, path, { cookie, method: 'PUT', json: { status: 'published', reviewed: true } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.translation).toMatchObject({ state: 'published', machine: false });
    // A failing model saves nothing over it.
    model.mode = 'error';
    const failed = await call(s.url, `${path}/machine-draft`, { cookie, method: 'POST', json: {} });
    expect(failed.status).toBe(502);
    expect((await call(s.url, path, { cookie })).body.translation).toMatchObject({
      state: 'published',
      machine: false,
    });
    model.mode = 'ok';
  });
});

describe('the preview link of a translation', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
    cookie = await s.login();
  });
  afterAll(() => s?.close());

  const page = async (p: string) => {
    const r = await fetch(`${s.url}${p}`);
    return { status: r.status, html: await r.text(), headers: r.headers };
  };
  const previewOf = async (group: string, id: number, locale: string) => {
    const r = await call(s.url, tr(group, id, locale, '/preview'), { cookie, method: 'POST', json: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    return new URL(r.body.url).pathname;
  };

  it("opens the page in that language with the draft translation, unindexed and uncached; the site doesn't change", async () => {
    const id = await addFaq(
      s,
      cookie,
      'Can I change my lawyer midway through a case?',
      'Yes, with a no-objection letter or the court’s leave.',
    );
    const none = await call(s.url, tr('faqs', id, 'ml', '/preview'), { cookie, method: 'POST', json: {} });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('There is no translation to preview yet: save a draft first.');

    const ML_Q = 'കേസിന്റെ ഇടയ്ക്ക് എനിക്ക് അഭിഭാഷകനെ മാറ്റാമോ?';
    await call(s.url, tr('faqs', id, 'ml'), {
      cookie,
      method: 'PUT',
      json: { question: ML_Q, answer: 'ഉവ്വ്, എതിർപ്പില്ലാ കത്തോടെയോ കോടതിയുടെ അനുമതിയോടെയോ.' },
    });
    const link = await previewOf('faqs', id, 'ml');
    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(ML_Q);
    expect(shown.html).toMatch(/<html[^>]* lang="ml"/);
    // Marked as a preview, in the page's language.
    expect(shown.html).toContain('പ്രിവ്യൂ: പ്രസിദ്ധീകരിച്ചിട്ടില്ല');
    expect(shown.headers.get('x-robots-tag')).toContain('noindex');
    expect(shown.headers.get('cache-control')).toContain('no-store');
    // The site itself still shows the English (the draft is not published), in the page and its cache.
    expect((await page('/ml/faqs')).html).not.toContain(ML_Q);
    expect((await page('/ml/faqs')).html).not.toContain(ML_Q);
    expect((await page('/faqs')).html).not.toContain(ML_Q);

    // A pending draft over a published translation is what the preview shows; the site keeps the published text.
    await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { status: 'published' } });
    const NEXT = 'കേസ് നടക്കുന്നതിനിടെ അഭിഭാഷകനെ മാറ്റാൻ കഴിയുമോ?';
    await call(s.url, tr('faqs', id, 'ml'), { cookie, method: 'PUT', json: { question: NEXT, status: 'draft' } });
    expect((await page(await previewOf('faqs', id, 'ml'))).html).toContain(NEXT);
    const live = (await page('/ml/faqs')).html;
    expect(live).toContain(ML_Q);
    expect(live).not.toContain(NEXT);
    // The Hindi page is another language: its own preview needs its own translation.
    expect((await call(s.url, tr('faqs', id, 'hi', '/preview'), { cookie, method: 'POST', json: {} })).status).toBe(
      404,
    );
  });

  it('refuses a forged, tampered or expired link (404, not indexed), and needs the session to make one', async () => {
    const id = await addFaq(s, cookie, 'Is the first consultation free?', 'Ask the office about fees.');
    await call(s.url, tr('faqs', id, 'hi'), { cookie, method: 'PUT', json: { question: 'क्या पहली सलाह निःशुल्क है?' } });
    const link = await previewOf('faqs', id, 'hi');
    expect((await page(link)).html).toContain('क्या पहली सलाह निःशुल्क है?');
    const tampered = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A');
    const forged = await page(tampered);
    expect(forged.status).toBe(404);
    expect(forged.headers.get('x-robots-tag')).toContain('noindex');
    expect((await page('/preview/' + 'x'.repeat(43))).status).toBe(404);
    expect((await call(s.url, tr('faqs', id, 'hi', '/preview'), { method: 'POST', json: {} })).status).toBe(401);

    // An hour later (the services' clock moved on) the link has expired.
    const clock = s.services.clock;
    const real = clock.now;
    clock.now = () => new Date(Date.now() + 61 * 60 * 1000);
    try {
      const expired = await page(link);
      expect(expired.status).toBe(404);
      expect(expired.html).not.toContain('क्या पहली सलाह निःशुल्क है?');
    } finally {
      clock.now = real;
    }
    expect((await page(link)).status).toBe(200);
  });

  it("of the settings' texts opens the home page in the language with their draft, the live site unchanged", async () => {
    const settingsTr = (locale: string, rest = '') => `/api/settings/translations/${locale}${rest}`;
    const none = await call(s.url, settingsTr('hi', '/preview'), { cookie, method: 'POST', json: {} });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('There is no translation to preview yet: save a draft first.');

    const TAGLINE = 'हर मामले में साफ़ और सच्ची क़ानूनी सलाह';
    const DAYS = 'सोमवार से शुक्रवार';
    const saved = await call(s.url, settingsTr('hi'), {
      cookie,
      method: 'PUT',
      json: { tagline: TAGLINE, 'hours.days': DAYS },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.translation.state).toBe('draft');
    const made = await call(s.url, settingsTr('hi', '/preview'), { cookie, method: 'POST', json: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const link = new URL(made.body.url as string).pathname;
    expect(link).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.html).toMatch(/<html[^>]* lang="hi"/);
    expect(shown.html).toContain(TAGLINE);
    expect(shown.html).toContain(DAYS);
    expect(shown.headers.get('x-robots-tag')).toContain('noindex');
    expect(shown.headers.get('cache-control')).toContain('no-store');
    // The draft is not on the site, in Hindi or any other language, before or after the preview.
    for (const path of ['/hi/', '/hi/contact', '/', '/ml/'])
      expect((await page(path)).html, path).not.toContain(TAGLINE);
    // Malayalam has no translation of its own to preview; without a session there is no link.
    expect((await call(s.url, settingsTr('ml', '/preview'), { cookie, method: 'POST', json: {} })).status).toBe(404);
    expect((await call(s.url, settingsTr('hi', '/preview'), { method: 'POST', json: {} })).status).toBe(401);
    expect((await call(s.url, settingsTr('fr', '/preview'), { cookie, method: 'POST', json: {} })).status).toBe(400);
  });
});
