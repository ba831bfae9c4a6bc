/**
 * Abuse limits, each answering 429 with a clear message: sign-in per address and per account (growing
 * lockout), the consultation form per address, the assistant per session, administrator writes and
 * uploads per session (ADMIN_WRITE_RATE_LIMIT).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';
import { api, multipart, sampleBytes, storedFiles } from '../helpers/api-helpers';

const GENERIC_429 = 'Too many requests. Please wait a moment and try again.';
const servers: TestServer[] = [];
async function server(env: Record<string, string> = {}) {
  const s = await startServer({ env });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const signIn = (s: TestServer, email: string, password: string) =>
  api(s.url, '/api/admin/adminlogin', { json: { email, password } });

describe('sign-in', () => {
  it('allows 10 attempts a minute per client address, then answers 429 with a clear message', async () => {
    const s = await server();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(s, `nobody${i}@test.example`, 'wrong password')).status);
    expect(statuses.slice(0, 10).every((x) => x === 401)).toBe(true);
    const r = await signIn(s, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(GENERIC_429);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });

  it('locks an account after 5 failures for 30 s, and each further failure doubles the delay', async () => {
    const s = await server();
    for (let i = 0; i < 5; i++) expect((await signIn(s, ADMIN_EMAIL, `wrong ${i}`)).status).toBe(401);
    const locked = await signIn(s, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in (29|30) seconds\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);

    // The 30 s pass (moved into the past rather than waited for); one more failure locks for 60 s.
    const db = s.services.store.db;
    await db
      .updateTable('admins')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', ADMIN_EMAIL)
      .execute();
    expect((await signIn(s, ADMIN_EMAIL, 'wrong again')).status).toBe(401);
    const longer = await signIn(s, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(Number(longer.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // After the lock a correct password signs in and clears the count.
    await db
      .updateTable('admins')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', ADMIN_EMAIL)
      .execute();
    expect((await signIn(s, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const row = await db
      .selectFrom('admins')
      .select(['failed_logins', 'locked_until'])
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(Number(row.failed_logins)).toBe(0);
    expect(row.locked_until).toBeNull();
  });

  it("limits 'Forgot Password?' requests per address (5 a minute)", async () => {
    const s = await server();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api(s.url, '/api/admin/forgotpassword', { json: { email: `x${i}@test.example` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the consultation form', () => {
  it('answers 429 with a clear message above CONSULTATION_RATE_LIMIT a minute per address', async () => {
    const s = await server({ CONSULTATION_RATE_LIMIT: '2' });
    const send = () => api(s.url, '/api/mail/contact', { ...multipart({ name: 'A' }) });
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(400);
    const r = await send();
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(GENERIC_429);
    expect(r.body.success).toBe(false);
  });
});

describe('the assistant', () => {
  it('answers 429 after 30 questions a minute from one session', async () => {
    const s = await server();
    const cookie = await s.login();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await api(s.url, '/api/ai/createai', { cookie, json: { prompt: '' } })).status;
      if (i < 30) expect(last).toBe(400);
    }
    expect(last).toBe(429);
  });
});

describe('administrator writes and uploads (ADMIN_WRITE_RATE_LIMIT per session)', () => {
  it('answers 429 with the wait named once a session exceeds the limit; reads, other sessions and visitors are unaffected', async () => {
    const s = await server({ ADMIN_WRITE_RATE_LIMIT: '3' });
    const cookie = await s.login();
    const add = (c: string, i: number) =>
      api(s.url, '/api/faqs/addFaqs', { cookie: c, json: { question: `Q${i}?`, answer: 'A' } });
    for (let i = 0; i < 3; i++) expect((await add(cookie, i)).status).toBe(200);
    const r = await add(cookie, 3);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Too many changes in a short time\. Please wait \d+ seconds? and try again\.$/);
    const wait = Number(r.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await s.services.store.db.selectFrom('faqs').selectAll().execute()).toHaveLength(3);

    // An upload from the same session is refused before anything is stored.
    const b = await sampleBytes();
    const up = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [b.png, 'a.png'] }),
    });
    expect(up.status).toBe(429);
    expect(storedFiles(s.dataDir, 'uploads')).toEqual([]);
    expect(readdirSync(path.join(s.dataDir, 'tmp'))).toEqual([]);

    // Reads still work; another session has its own count; without a session it is 401, never 429.
    expect((await api(s.url, '/api/faqs/getallfaqs', { cookie })).status).toBe(200);
    expect((await api(s.url, '/api/admin/me', { cookie })).status).toBe(200);
    const other = await s.login();
    expect((await add(other, 10)).status).toBe(200);
    expect((await api(s.url, '/api/faqs/addFaqs', { json: { question: 'Q?', answer: 'A' } })).status).toBe(401);
  });

  it('is generous by default: 100 writes in a row from one session all succeed', async () => {
    const s = await server();
    const cookie = await s.login();
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) {
      statuses.add(
        (await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: `Q${i}?`, answer: 'A' } })).status,
      );
    }
    expect([...statuses]).toEqual([200]);
  });
});
