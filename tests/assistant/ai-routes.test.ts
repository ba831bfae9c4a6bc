/**
 * The chat calls over HTTP: admin only, history per administrator, the {statusCode, message} envelope,
 * the rate limit, and the OpenAI-compatible path against a local server speaking that protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.server';
import { SYSTEM_PROMPT } from '../../server/assistant/index.server';
import { storeConsultation } from '../helpers/consultations';
import { completion, serverWithModel, startFakeModel, type FakeModel } from '../helpers/fake-model';
import { call, startServer, type TestServer } from '../helpers/server';

describe('GET /api/ai/getaichat and POST /api/ai/createai', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startServer();
    cookie = await s.login();
  });
  afterAll(() => s?.close());

  it('refuses both calls without the session cookie, in the envelope', async () => {
    const h = await call(s.url, '/api/ai/getaichat');
    expect(h.status).toBe(401);
    expect(h.body).toEqual({ statusCode: 401, message: 'Please sign in to continue.' });
    const c = await call(s.url, '/api/ai/createai', { json: { prompt: 'how many faqs' } });
    expect(c.status).toBe(401);
    expect(c.body.statusCode).toBe(401);
    expect(await s.services.store.db.selectFrom('chat_messages').selectAll().execute()).toHaveLength(0);
  });

  it('answers, stores the exchange and returns it in the history, oldest first', async () => {
    const empty = await call(s.url, '/api/ai/getaichat', { cookie });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ statusCode: 200, history: [] });
    expect(typeof empty.body.message).toBe('string');

    await call(s.url, '/api/faqs/addFaqs', {
      cookie,
      json: { question: 'Is parking available?', answer: 'Yes, behind the office.' },
    });
    const a = await call(s.url, '/api/ai/createai', { cookie, json: { prompt: 'How many FAQs are there?' } });
    expect(a.status).toBe(200);
    expect(a.body.statusCode).toBe(200);
    expect(typeof a.body.message).toBe('string');
    expect(a.body.response).toContain('There is 1 FAQ');
    expect(a.body.response).toContain('Is parking available?');
    const b = await call(s.url, '/api/ai/createai', { cookie, json: { prompt: '  how do I log out?  ' } });
    expect(b.body.response).toContain('Yes,Logout');

    const h = await call(s.url, '/api/ai/getaichat', { cookie });
    expect(h.body.history).toEqual([
      { prompt: 'How many FAQs are there?', response: a.body.response },
      { prompt: 'how do I log out?', response: b.body.response },
    ]);
  });

  it('keeps each administrator’s history separate', async () => {
    const db = s.services.store.db;
    await db
      .insertInto('admins')
      .values({ email: 'second@test.example', password_hash: await hashPassword('second password 123') })
      .execute();
    const login = await fetch(`${s.url}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'second@test.example', password: 'second password 123' }),
    });
    expect(login.status).toBe(200);
    const other = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await call(s.url, '/api/ai/getaichat', { cookie: other })).body.history).toEqual([]);
    await call(s.url, '/api/ai/createai', { cookie: other, json: { prompt: 'hello' } });
    const mine = (await call(s.url, '/api/ai/getaichat', { cookie })).body.history;
    expect(mine.map((x: { prompt: string }) => x.prompt)).not.toContain('hello');
    expect((await call(s.url, '/api/ai/getaichat', { cookie: other })).body.history).toEqual([
      { prompt: 'hello', response: 'Hello Admin! How can I assist you today?' },
    ]);
  });

  it('refuses an empty prompt and an oversized one with 400', async () => {
    const blank = await call(s.url, '/api/ai/createai', { cookie, json: { prompt: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ statusCode: 400, message: 'Please enter a question.' });
    const huge = await call(s.url, '/api/ai/createai', { cookie, json: { prompt: 'x'.repeat(2001) } });
    expect(huge.status).toBe(400);
  });

  it('limits a session to 30 questions a minute (429 in the envelope)', async () => {
    const fresh = await s.login();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call(s.url, '/api/ai/createai', { cookie: fresh, json: { prompt: `how many blogs ${i}` } })).status,
      );
    }
    expect(statuses.slice(0, 30).every((x) => x === 200)).toBe(true);
    const last = await call(s.url, '/api/ai/createai', { cookie: fresh, json: { prompt: 'one more' } });
    expect(last.status).toBe(429);
    expect(last.body.statusCode).toBe(429);
  });
});

type Mode = 'ok' | 'error' | 'timeout' | 'empty';

/** The assistant's model: echoes the question's second line, or fails as the mode says. */
const startModel = () =>
  startFakeModel<Mode>('ok', (body, mode) => {
    if (mode === 'timeout') return 'hold';
    if (mode === 'error') return { status: 500, json: { error: { message: 'model overloaded' } } };
    if (mode === 'empty') return { status: 200, json: { id: 'x', choices: [] } };
    const user = body.messages[body.messages.length - 1].content as string;
    return completion(body, `MODEL SAYS: ${user.split('\n')[1]}`);
  });

describe('with an OpenAI-compatible model configured', () => {
  const ctx = serverWithModel(startModel, { AI_TIMEOUT_MS: '400' });
  let model: FakeModel<Mode>;
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    ({ model, s, cookie } = ctx);
    await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Is parking available?', answer: 'Yes.' } });
  });

  /** Asks the assistant, the model answering in that mode (its request log emptied first). */
  const ask = (prompt: string, mode: Mode = 'ok') => {
    model.mode = mode;
    model.requests.length = 0;
    return call(s.url, '/api/ai/createai', { cookie, json: { prompt } });
  };

  it('sends the prompt with the built-in facts and the system prompt, and returns the model’s answer', async () => {
    const r = await ask('How many FAQs are there?');
    expect(r.status).toBe(200);
    expect(r.body.response).toBe('MODEL SAYS: There is 1 FAQ:');
    expect(model.requests).toHaveLength(1);
    const req = model.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.auth).toBe('Bearer sk-test');
    expect(req.body.model).toBe('tiny-model');
    expect(req.body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(SYSTEM_PROMPT).toMatch(/Never give legal advice/);
    expect(SYSTEM_PROMPT).toMatch(/Never invent/);
    const user = req.body.messages.at(-1).content as string;
    expect(user).toContain('Is parking available?');
    expect(user).toContain('QUESTION:\nHow many FAQs are there?');
    const h = await call(s.url, '/api/ai/getaichat', { cookie });
    expect(h.body.history.at(-1)).toEqual({
      prompt: 'How many FAQs are there?',
      response: 'MODEL SAYS: There is 1 FAQ:',
    });
  });

  it('falls back to the built-in answer when the model answers with an error', async () => {
    const r = await ask('How many FAQs are there?', 'error');
    expect(r.status).toBe(200);
    expect(r.body.response).toContain('There is 1 FAQ:');
    expect(r.body.response).not.toContain('MODEL SAYS');
  });

  it('falls back when the model answers without content', async () => {
    const r = await ask('How many FAQs are there?', 'empty');
    expect(r.body.response).toContain('There is 1 FAQ:');
  });

  it('falls back after AI_TIMEOUT_MS when the model does not answer', async () => {
    const started = Date.now();
    const r = await ask('How many FAQs are there?', 'timeout');
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(r.body.response).toContain('There is 1 FAQ:');
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(10_000);
  });

  it('refuses legal advice itself, before the model is asked', async () => {
    const r = await ask('My husband wants a divorce, what should I do legally?');
    expect(r.status).toBe(200);
    expect(r.body.response).toMatch(/^I can't give legal advice/);
    expect(r.body.response).toContain('/book-consultation');
    expect(r.body.response).not.toContain('MODEL SAYS');
    expect(model.requests).toHaveLength(0);
  });

  it('gives the model the facts retrieved for the question (a setting, field by field)', async () => {
    const r = await ask('What is the phone number of the Bengaluru office?');
    expect(r.body.response).toBe(
      'MODEL SAYS: Office Bengaluru: city Bengaluru; address 88 Residency Road, Bengaluru 560025; phone +91 80 4000 4455. (Site settings, editable at /admin-side-bar/settings.)',
    );
    expect(model.requests).toHaveLength(1);
  });

  it('never sends consultation requests (client personal data) to the model', async () => {
    await storeConsultation(s.services.store.db, { reference: 'R-1', name: 'Private Person', email: 'p@example.com' });
    const r = await ask('list new consultation requests');
    expect(r.body.response).toContain('Private Person');
    expect(model.requests).toHaveLength(0);
  });
});
