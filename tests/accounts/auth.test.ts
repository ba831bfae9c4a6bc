/**
 * The administrator session: sign-in, throttling, sign-out, the session and origin checks on every admin
 * call of every content group, and the `set-password` command line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, apiPath } from '../../content/resources/index';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, signedInServer, type TestServer, startServer } from '../helpers/server';
import { api } from '../helpers/api-helpers';

const login = (base: string, body: unknown) =>
  call(base, '/api/admin/adminlogin', { json: body }).then((r) => {
    expect(r.body.statusCode).toBe(r.status);
    return r;
  });

const { s, cookie } = await signedInServer();

describe('POST /api/admin/adminlogin', () => {
  it('signs in with an HttpOnly, SameSite=Strict session cookie and answers admin.email', async () => {
    const res = await fetch(`${s.url}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ statusCode: 200, admin: { email: ADMIN_EMAIL } });
    expect(body.message).toBeTypeOf('string');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('lex_session='))!;
    expect(set).toBeDefined();
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Path=\//);
  });

  it.each([
    ['no body', {}],
    ['no password', { email: ADMIN_EMAIL }],
    ['no email', { password: ADMIN_PASSWORD }],
    ['blank fields', { email: '  ', password: '' }],
  ])('answers 400 "Both fields are required." for %s', async (_n, body) => {
    const r = await login(s.url, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Both fields are required.');
  });

  it('answers 401 for a wrong password and for an unknown email, without a cookie', async () => {
    const wrong = await login(s.url, { email: ADMIN_EMAIL, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('lex_session=') && !/Expires=Thu, 01 Jan 1970/.test(c))).toBe(false);
    const unknown = await login(s.url, { email: 'nobody@test.example', password: ADMIN_PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
  });
});

describe('throttling', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('locks the account after repeated wrong passwords (429 with Retry-After), even for the right one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t.url, { email: ADMIN_EMAIL, password: `wrong ${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await login(t.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-in attempts per client address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      statuses.push((await login(t.url, { email: `x${i}@test.example`, password: 'whatever1' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((st) => st === 401)).toBe(true);
  });
});

describe('sign-out', () => {
  it('ends the session on the server: the old cookie answers 401', async () => {
    const c = await s.login();
    expect((await api(s.url, '/api/admin/me', { cookie: c })).status).toBe(200);
    const out = await api(s.url, '/api/admin/logout', { cookie: c, method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully!!');
    expect((await api(s.url, '/api/admin/me', { cookie: c })).status).toBe(401);
    expect((await api(s.url, '/api/faqs/addFaqs', { cookie: c, json: { question: 'q', answer: 'a' } })).status).toBe(401);
    // The other session is untouched.
    expect((await api(s.url, '/api/admin/me', { cookie })).status).toBe(200);
  });

  it('refuses a made-up session cookie', async () => {
    expect((await api(s.url, '/api/admin/me', { cookie: 'lex_session=forged-token' })).status).toBe(401);
  });
});

describe('GET /api/admin/me and /api/admin/counts', () => {
  it('answer the signed-in administrator and a count per content group', async () => {
    const me = await api(s.url, '/api/admin/me', { cookie });
    expect(me.body.admin).toEqual({ email: ADMIN_EMAIL, role: 'admin' });
    const counts = await api(s.url, '/api/admin/counts', { cookie });
    expect(counts.status).toBe(200);
    for (const r of resources) expect(counts.body.counts[r.key], r.key).toBeTypeOf('number');
    expect((await api(s.url, '/api/admin/counts')).status).toBe(401);
  });
});

/** The three lists only an administrator may read (the public reads them through the special calls). */
const ADMIN_LISTS = ['/api/about/getAllAboutImage', '/api/cases/getallcases', '/api/casedetails/getcasedetails'];

describe.each(resources.map((r) => ({ name: r.key, r })))('$name: session and origin checks', ({ r }) => {
  const writes: [string, string][] = [
    ['POST', apiPath(r, 'add')],
    ['POST', apiPath(r, 'update')],
    ['PUT', apiPath(r, 'update')],
    ['POST', apiPath(r, 'delete')],
    ['DELETE', apiPath(r, 'delete')],
  ];

  it('refuses every write without a session (401) and changes nothing', async () => {
    const before = await api(s.url, apiPath(r, 'list'), { cookie });
    for (const [method, p] of writes) {
      const res = await api(s.url, p, { method, json: { [r.id]: 1 } });
      expect(res.status, `${method} ${p}`).toBe(401);
    }
    expect((await api(s.url, apiPath(r, 'list'), { cookie })).body).toEqual(before.body);
  });

  it('refuses every write from another origin (403), even with the session', async () => {
    for (const [method, p] of writes) {
      const res = await api(s.url, p, { method, cookie, json: { [r.id]: 1 }, headers: { origin: 'https://evil.example' } });
      expect(res.status, `${method} ${p}`).toBe(403);
      const ref = await api(s.url, p, { method, cookie, json: { [r.id]: 1 }, headers: { referer: 'https://evil.example/page' } });
      expect(ref.status, `${method} ${p} (Referer)`).toBe(403);
    }
  });

  it(`reads the list ${ADMIN_LISTS.includes(apiPath(r, 'list')) ? 'only with a session' : 'without a session'}`, async () => {
    const anon = await api(s.url, apiPath(r, 'list'));
    expect(anon.status).toBe(ADMIN_LISTS.includes(apiPath(r, 'list')) ? 401 : 200);
    expect((await api(s.url, apiPath(r, 'list'), { cookie })).status).toBe(200);
  });
});

it('accepts a write whose Origin is the site itself', async () => {
  const r = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Same origin?', answer: 'Yes' }, headers: { origin: s.url } });
  expect(r.status).toBe(200);
});

it('refuses a sign-in posted from another origin (403)', async () => {
  const r = await call(s.url, '/api/admin/adminlogin', {
    json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin: 'https://evil.example' },
  });
  expect(r.status).toBe(403);
});

describe('npm run admin -- set-password EMAIL', () => {
  const cli = path.resolve('dist/admin.js');

  it('changes the password, ends the sessions, and the new password signs in', async () => {
    expect(existsSync(cli), 'dist/admin.js is built by the global setup').toBe(true);
    const t = await startServer();
    try {
      const oldCookie = await t.login();
      const newPassword = 'a brand new passphrase 42';
      const run = spawnSync(process.execPath, [cli, 'set-password', ADMIN_EMAIL], {
        env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, DATABASE_URL: t.services.config.databaseUrl ?? '', ADMIN_PASSWORD: newPassword, LOG_LEVEL: 'error' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(ADMIN_EMAIL);

      expect((await login(t.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(401);
      const ok = await login(t.url, { email: ADMIN_EMAIL, password: newPassword });
      expect(ok.status).toBe(200);
      expect((await api(t.url, '/api/admin/me', { cookie: oldCookie })).status).toBe(401);

      const unknown = spawnSync(process.execPath, [cli, 'set-password', 'nobody@test.example'], {
        env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, DATABASE_URL: t.services.config.databaseUrl ?? '', ADMIN_PASSWORD: newPassword },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(unknown.status).toBe(1);
      const short = spawnSync(process.execPath, [cli, 'set-password', ADMIN_EMAIL], {
        env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, ADMIN_PASSWORD: 'short' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(short.status).not.toBe(0);
      expect((await login(t.url, { email: ADMIN_EMAIL, password: newPassword })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
