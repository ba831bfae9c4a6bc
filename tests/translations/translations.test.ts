/**
 * Content translations over real HTTP (decision 0076): each locale's translation of a row has its own
 * state (missing, draft, published, outdated), the admin list shows it per row, the spec's list calls
 * answer `?locale=` with published translations and English elsewhere (and exactly as before without
 * it), an English change marks a translation outdated while it stays live, publishing runs the Rule 36
 * check, and bad input changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { call, signedInServer } from '../helpers/server';

const { s, cookie } = await signedInServer({ pages: true });

const ML_Q = 'വിവാഹമോചനത്തിന് എത്ര സമയമെടുക്കും?';
const ML_A = 'പരസ്പര സമ്മതത്തോടെയുള്ള വിവാഹമോചനത്തിന് സാധാരണയായി ആറു മാസം മുതൽ ഒന്നര വർഷം വരെ എടുക്കും.';
const HI_Q = 'तलाक में कितना समय लगता है?';

async function addFaq(question: string, answer: string): Promise<number> {
  const res = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question, answer } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.faq.faqs_id as number;
}
const tr = (id: number, locale: string) => `/api/content/faqs/${id}/translations/${locale}`;
const save = (id: number, locale: string, json: Record<string, unknown>) => call(s.url, tr(id, locale), { cookie, method: 'PUT', json });
const publicFaqs = async (query = '') => (await call(s.url, `/api/faqs/getallfaqs${query}`)).body.faq as { faqs_id: number; question: string; answer: string }[];
const stateIn = async (id: number) => {
  const list = await call(s.url, '/api/content/faqs?status=all&perPage=200', { cookie });
  expect(list.status).toBe(200);
  return (list.body.rows as { faqs_id: number; translations?: Record<string, string> }[]).find((r) => r.faqs_id === id)?.translations;
};

describe('a translation of a row', () => {
  it('is missing, then a draft, then published, each locale on its own; ?locale= answers what is published', async () => {
    const id = await addFaq('How long does a divorce take?', 'A divorce by mutual consent usually takes six to eighteen months.');
    const before = await publicFaqs();

    const empty = await call(s.url, tr(id, 'ml'), { cookie });
    expect(empty.status).toBe(200);
    expect(empty.body.translation).toMatchObject({ state: 'missing', fields: {}, source: { question: 'How long does a divorce take?' } });
    expect(await stateIn(id)).toEqual({ ml: 'missing', hi: 'missing' });

    const draft = await save(id, 'ml', { question: ML_Q, answer: ML_A, status: 'draft' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({ message: 'Translation draft saved successfully', translation: { state: 'draft', fields: { question: ML_Q } } });
    expect((await publicFaqs('?locale=ml')).find((f) => f.faqs_id === id)?.question).toBe('How long does a divorce take?');

    const pub = await save(id, 'ml', { status: 'published' });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.translation).toMatchObject({ state: 'published', fields: { question: ML_Q, answer: ML_A } });
    expect(await stateIn(id)).toEqual({ ml: 'published', hi: 'missing' });

    const ml = await publicFaqs('?locale=ml');
    expect(ml.find((f) => f.faqs_id === id)).toMatchObject({ question: ML_Q, answer: ML_A });
    expect((await publicFaqs('?locale=hi')).find((f) => f.faqs_id === id)?.question).toBe('How long does a divorce take?');
    // Without the parameter (and with the default locale) the spec's call answers exactly as before.
    expect(await publicFaqs()).toEqual(before);
    expect(await publicFaqs('?locale=en')).toEqual(before);

    // The Malayalam page shows the published translation; the Hindi one the English text, as a fallback.
    const mlPage = await fetch(`${s.url}/ml/faqs`).then((r) => r.text());
    expect(mlPage).toContain(ML_Q);
    const hiPage = await fetch(`${s.url}/hi/faqs`).then((r) => r.text());
    expect(hiPage).toContain('How long does a divorce take?');
    expect(hiPage).not.toContain(ML_Q);

    // Hindi has its own state: a draft there leaves Malayalam published.
    expect((await save(id, 'hi', { question: HI_Q })).body.translation.state).toBe('draft');
    expect(await stateIn(id)).toEqual({ ml: 'published', hi: 'draft' });
  });

  it('becomes outdated when the English text changes, stays live, and is confirmed or updated', async () => {
    const id = await addFaq('Can I get bail on the same day?', 'Often, for bailable offences.');
    await save(id, 'ml', { question: 'അതേ ദിവസം ജാമ്യം ലഭിക്കുമോ?', answer: 'ജാമ്യം ലഭിക്കാവുന്ന കുറ്റങ്ങൾക്ക് പലപ്പോഴും ലഭിക്കും.', status: 'published' });
    const upd = await call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'Can I get bail on the same day?', answer: 'Often, for bailable offences; the court decides.' } });
    expect(upd.status).toBe(200);
    expect((await stateIn(id))?.ml).toBe('outdated');
    expect((await publicFaqs('?locale=ml')).find((f) => f.faqs_id === id)?.question).toBe('അതേ ദിവസം ജാമ്യം ലഭിക്കുമോ?');

    const confirmed = await call(s.url, `${tr(id, 'ml')}/confirm`, { cookie, method: 'POST', json: {} });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.translation.state).toBe('published');

    // A draft over a published translation leaves the live text on the site.
    const pending = await save(id, 'ml', { answer: 'പുതിയ ഉത്തരം', status: 'draft' });
    expect(pending.body.translation).toMatchObject({ state: 'published', draft: { answer: 'പുതിയ ഉത്തരം' } });
    expect((await publicFaqs('?locale=ml')).find((f) => f.faqs_id === id)?.answer).toBe('ജാമ്യം ലഭിക്കാവുന്ന കുറ്റങ്ങൾക്ക് പലപ്പോഴും ലഭിക്കും.');
    await save(id, 'ml', { status: 'published' });
    expect((await publicFaqs('?locale=ml')).find((f) => f.faqs_id === id)?.answer).toBe('പുതിയ ഉത്തരം');

    // Each save is a revision of that locale, apart from the English row's.
    const revs = await s.services.store.db.selectFrom('content_revisions').select(['resource', 'action']).where('record_id', '=', id).where('resource', '=', 'faqs@ml').execute();
    expect(revs.map((r) => r.action)).toEqual(['publish', 'draft', 'publish']);
  });

  it('is checked under Rule 36 when it is published (409 with the passages, unless override_reason)', async () => {
    const add = await call(s.url, '/api/clientreview/addClientreviews', { cookie, json: { name: 'A. Client', profession: 'Teacher', message: 'Clear advice on my tenancy.' } });
    expect(add.status).toBe(200);
    const id = add.body.reviews.client_review_id as number;
    const path = `/api/content/review/${id}/translations/hi`;
    const refused = await call(s.url, path, { cookie, method: 'PUT', json: { message: 'They are the best lawyers in Kochi.', status: 'published' } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body.findings)).toContain('best lawyers');
    expect((await call(s.url, path, { cookie })).body.translation.state).toBe('missing');
    // The language's own rules (decision 0077): a Hindi superlative.
    const hindi = await call(s.url, path, { cookie, method: 'PUT', json: { message: 'ये केरल के नंबर 1 वकील हैं।', status: 'published' } });
    expect(hindi.status).toBe(409);
    expect(hindi.body.findings).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'message', kind: 'superlative', rule: expect.stringMatching(/^hi-/) })]));
    const overridden = await call(s.url, path, { cookie, method: 'PUT', json: { message: 'They are the best lawyers in Kochi.', status: 'published', override_reason: 'The client’s own words' } });
    expect(overridden.status).toBe(200);
    expect(overridden.body.translation.state).toBe('published');
  });

  it('keeps a machine draft from being published until a person says they reviewed it (decision 0078)', async () => {
    const id = await addFaq('Do you take tenancy cases?', 'Yes, for landlords and tenants.');
    expect((await save(id, 'ml', { question: 'വാടക കേസുകൾ എടുക്കുമോ?', machine: true, status: 'published' })).status).toBe(409);
    const machine = await save(id, 'ml', { question: 'വാടക കേസുകൾ എടുക്കുമോ?', machine: true });
    expect(machine.body.translation).toMatchObject({ state: 'draft', machine: true });
    expect((await save(id, 'ml', { status: 'published' })).status).toBe(409);
    // Changed text alone is not a review: the draft stays a machine draft until `reviewed`.
    const unreviewed = await save(id, 'ml', { question: 'നിങ്ങൾ വാടക കേസുകൾ ഏറ്റെടുക്കുമോ?', status: 'published' });
    expect(unreviewed.status).toBe(409);
    expect(unreviewed.body.message).toMatch(/machine draft/);
    expect((await call(s.url, tr(id, 'ml'), { cookie })).body.translation).toMatchObject({ state: 'draft', machine: true });
    const reviewed = await save(id, 'ml', { question: 'നിങ്ങൾ വാടക കേസുകൾ ഏറ്റെടുക്കുമോ?', status: 'published', reviewed: true });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.translation.machine).toBe(false);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const id = await addFaq('Is the first meeting confidential?', 'Yes.');
    const cases: [string, Record<string, unknown> | null, number, RegExp][] = [
      [tr(id, 'fr'), { question: 'x' }, 400, /locale must be one of ml, hi/],
      [tr(id, 'ml'), { question: 42 }, 400, /Question must be text/],
      [tr(id, 'ml'), { question: 'x'.repeat(301) }, 400, /at most 300 characters/],
      [tr(id, 'ml'), { unknown_field: 'x' }, 400, /at least one of: Question, Description/],
      [tr(id, 'ml'), { question: 'x', status: 'live' }, 400, /Status must be draft or published/],
      [tr(999_999, 'ml'), { question: 'x' }, 404, /FAQ not found/],
      ['/api/content/carousel/1/translations/ml', { x: 'y' }, 400, /no text to translate|not found/],
    ];
    for (const [path, json, status, message] of cases) {
      const res = await call(s.url, path, { cookie, method: 'PUT', json });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect((await call(s.url, tr(id, 'ml'), { cookie })).body.translation.state).toBe('missing');
    expect((await call(s.url, tr(id, 'ml'), { method: 'PUT', json: { question: 'x' } })).status).toBe(401);
    const badLocale = await call(s.url, '/api/faqs/getallfaqs?locale=xx');
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.message).toBe('The query parameter locale must be one of en, ml, hi.');
  });

  it('is in the API reference under its operationIds', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((p) => Object.values(p)).map((o) => o.operationId);
    expect(ops).toEqual(expect.arrayContaining(['getTranslation', 'saveTranslation', 'confirmTranslation']));
  });
});
