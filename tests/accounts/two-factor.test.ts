import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV, mailServer, until } from '../helpers/mail-sink';

/**
 * Two-factor sign-in, the firm's policy and sessions over real HTTP (decisions 0043–0045), on SQLite or,
 * with TEST_DATABASE_URL, PostgreSQL. The codes are computed here from the secret the server answered, at
 * the time of the server's sign-in clock (services.authClock), which the test moves step by step.
 */
const { sink, s } = await mailServer({ TRUST_PROXY: 'on' }, { socket: false });

let t = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
s.services.authClock.now = () => new Date(t);
const advance = (ms: number) => {
  t += ms;
};

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const headers = (ip: string, ua = UA) => ({ 'x-forwarded-for': ip, 'user-agent': ua });
const cookieOf = (h: Headers) => h.getSetCookie().find((c) => c.startsWith('lex_session='))?.split(';')[0];

async function password(base: string, ip: string, ua = UA) {
  return call(base, '/api/admin/adminlogin', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: headers(ip, ua) });
}
const codeAt = (secret: string, at = t) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

let secret = '';
let recoveryCodes: string[] = [];
let cookie = await s.login();

describe('two-factor sign-in with an authenticator app', () => {
  it('startTotp answers a secret, its otpauth:// URI and a QR code; confirmTotp with a current code answers ten recovery codes', async () => {
    const start = await call(s.url, '/api/account/totp/start', { method: 'POST', cookie });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    secret = start.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(start.body.uri).toContain(`secret=${secret}`);
    expect(start.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    expect((await call(s.url, '/api/account/totp/confirm', { cookie, json: { code: '000000' === codeAt(secret) ? '111111' : '000000' } })).status).toBe(400);
    expect((await call(s.url, '/api/account/totp/confirm', { cookie, json: { code: 'abc' } })).body.message).toBe('The code is the 6 digits your authenticator app shows.');
    const confirm = await call(s.url, '/api/account/totp/confirm', { cookie, json: { code: codeAt(secret) } });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    recoveryCodes = confirm.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored hashed and encrypted: neither the secret nor a code is in the database as typed.
    const sec = await s.services.store.db.selectFrom('admin_security').selectAll().executeTakeFirstOrThrow();
    expect(sec.totp_secret).not.toContain(secret);
    const codes = await s.services.store.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));
    const status = await call(s.url, '/api/account/security', { cookie });
    expect(status.body.twoFactor).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: 0 });
    // Shown once: a second startTotp is refused while it is on.
    expect((await call(s.url, '/api/account/totp/start', { method: 'POST', cookie })).status).toBe(409);
    const mail = await until(async () => sink.messages, (m) => m.some((x) => x.parsed.subject?.startsWith('Security change') && x.parsed.text?.includes('turned on')), 10_000, 'the alert');
    expect(mail.find((x) => x.parsed.subject?.startsWith('Security change'))!.envelopeTo).toEqual([ADMIN_EMAIL]);
  });

  it('the right password answers mfaRequired and no session; verifyTotp with the current code starts it; a used code is refused', async () => {
    const first = await password(s.url, '10.1.0.1');
    expect(first.status).toBe(200);
    expect(first.body.mfaRequired).toBe(true);
    expect(first.body.message).toMatch(/authenticator app/);
    expect(first.body.admin).toBeUndefined();
    expect(cookieOf(first.headers)).toBeUndefined();
    // Every admin call still answers 401 (no cookie was set; the token is not a session).
    expect((await call(s.url, '/api/admins/list', { headers: { cookie: `lex_session=${first.body.mfaToken}` } })).status).toBe(401);

    // The code of the step confirmTotp used is spent.
    const replay = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: codeAt(secret) }, headers: headers('10.1.0.1') });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This code was already used. Wait for the next code in your authenticator app.');

    advance(30_000);
    const ok = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: codeAt(secret) }, headers: headers('10.1.0.1') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Login successful', admin: { email: ADMIN_EMAIL } });
    const c = cookieOf(ok.headers)!;
    expect((await call(s.url, '/api/admin/me', { cookie: c })).status).toBe(200);
    // The token works once.
    advance(30_000);
    expect((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: codeAt(secret) }, headers: headers('10.1.0.1') })).status).toBe(401);

    // The same code again, on a fresh sign-in within its step: refused.
    const again = await password(s.url, '10.1.0.1');
    const code = codeAt(secret);
    expect((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: again.body.mfaToken, code }, headers: headers('10.1.0.1') })).status).toBe(200);
    const third = await password(s.url, '10.1.0.1');
    const reused = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: third.body.mfaToken, code }, headers: headers('10.1.0.1') });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/already used/);
    cookie = c;
  });

  it('a recovery code signs in once', async () => {
    const first = await password(s.url, '10.2.0.1');
    const ok = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: recoveryCodes[0]!.toLowerCase() }, headers: headers('10.2.0.1') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recoveryCodesLeft).toBe(9);
    expect(cookieOf(ok.headers)).toBeDefined();
    const second = await password(s.url, '10.2.0.1');
    const again = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: second.body.mfaToken, code: recoveryCodes[0] }, headers: headers('10.2.0.1') });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/not correct/);
    // Regenerated codes replace the old ones.
    advance(30_000);
    const regen = await call(s.url, '/api/account/totp/recoverycodes', { cookie, json: { code: codeAt(secret) } });
    expect(regen.status, JSON.stringify(regen.body)).toBe(200);
    const third = await password(s.url, '10.2.0.1');
    expect((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: third.body.mfaToken, code: recoveryCodes[1] }, headers: headers('10.2.0.1') })).status).toBe(400);
    recoveryCodes = regen.body.recoveryCodes;
    expect((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: third.body.mfaToken, code: recoveryCodes[1] }, headers: headers('10.2.0.1') })).status).toBe(200);
  });

  it('five wrong codes lock the second step for 15 minutes (429 with the time left), then it opens again', async () => {
    const ip = '10.3.0.1';
    const first = await password(s.url, ip);
    const wrong = codeAt(secret, t + 10 * 60_000);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: wrong }, headers: headers(ip) })).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    advance(30_000);
    const locked = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: codeAt(secret) }, headers: headers(ip) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong codes. The second step of signing in is locked: try again in 15 minutes.');
    expect(Number(locked.headers.get('retry-after'))).toBe(870);
    advance(5 * 60_000);
    const later = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: first.body.mfaToken, code: codeAt(secret) }, headers: headers(ip) });
    expect(later.status).toBe(429);
    expect(later.body.message).toMatch(/try again in 10 minutes/);
    advance(10 * 60_000);
    // The pending sign-in (10 minutes) has expired meanwhile; a new one passes.
    const next = await password(s.url, '10.3.0.2');
    const ok = await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: next.body.mfaToken, code: codeAt(secret) }, headers: headers('10.3.0.2') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    cookie = cookieOf(ok.headers)!;
  });

  it('disableTotp needs the password and a current code, and ends the other sessions; then the spec sign-in is back', async () => {
    const other = await password(s.url, '10.4.0.1');
    advance(30_000);
    const otherCookie = cookieOf((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: other.body.mfaToken, code: codeAt(secret) }, headers: headers('10.4.0.1') })).headers)!;
    advance(30_000);
    expect((await call(s.url, '/api/account/totp/disable', { cookie, json: { password: 'wrong password', code: codeAt(secret) } })).body.message).toBe('The password is not correct.');
    expect((await call(s.url, '/api/account/totp/disable', { cookie, json: { password: ADMIN_PASSWORD } })).status).toBe(400);
    const off = await call(s.url, '/api/account/totp/disable', { cookie, json: { password: ADMIN_PASSWORD, code: codeAt(secret) } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await call(s.url, '/api/admin/me', { cookie: otherCookie })).status).toBe(401);
    expect((await call(s.url, '/api/admin/me', { cookie })).status).toBe(200);
    const plain = await password(s.url, '10.4.0.1');
    expect(plain.body).toEqual({ statusCode: 200, message: 'Login successful', admin: { email: ADMIN_EMAIL } });
    cookie = cookieOf(plain.headers)!;
  });
});

describe('the firm-wide policy: settings requireTwoFactor', () => {
  it('an account without a second factor reaches only its own security screen until it enrols', async () => {
    const set = await call(s.url, '/api/admins/securitysettings', { cookie, json: { requireTwoFactor: true } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.settings).toEqual({ requireTwoFactor: true, sessionIdleMinutes: 720, sessionAbsoluteHours: 168 });
    for (const path of ['/api/admins/list', '/api/admin/counts', '/api/mail/outbox', '/api/admins/securitysettings']) {
      const r = await call(s.url, path, { cookie });
      expect([path, r.status, r.body.message]).toEqual([path, 403, 'Two-factor sign-in is required: set it up under My account.']);
    }
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Q?', answer: 'A.' } });
    expect(add.status).toBe(403);
    const me = await call(s.url, '/api/admin/me', { cookie });
    expect(me.body).toMatchObject({ twoFactor: false, twoFactorSetupRequired: true });
    expect((await call(s.url, '/api/account/sessions', { cookie })).status).toBe(200);
    const start = await call(s.url, '/api/account/totp/start', { method: 'POST', cookie });
    advance(30_000);
    expect((await call(s.url, '/api/account/totp/confirm', { cookie, json: { code: codeAt(start.body.secret) } })).status).toBe(200);
    secret = start.body.secret;
    expect((await call(s.url, '/api/admins/list', { cookie })).status).toBe(200);
    expect((await call(s.url, '/api/admin/me', { cookie })).body.twoFactorSetupRequired).toBe(false);
    const bad = await call(s.url, '/api/admins/securitysettings', { cookie, json: { sessionIdleMinutes: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/from 5 to 1440/);
    expect((await call(s.url, '/api/admins/securitysettings', { cookie, json: { requireTwoFactor: false } })).status).toBe(200);
  });
});

describe('sessions under control, on two instances sharing the database', () => {
  let b: TestServer;
  afterAll(() => b?.close());

  it('lists the account’s sessions; revoking one, signing out everywhere else and a password change take effect on the other instance at once', async () => {
    b = await startServer({
      socket: false,
      dataDir: s.dataDir,
      env: { ...FAST_MAIL_ENV, SMTP_URL: sink.url, TRUST_PROXY: 'on', ...(s.services.config.databaseUrl ? { DATABASE_URL: s.services.config.databaseUrl } : {}) },
    });
    b.services.authClock.now = () => new Date(t);
    const signIn = async (base: string, ip: string, ua = UA) => {
      const p = await password(base, ip, ua);
      advance(30_000);
      const v = await call(base, '/api/admin/verifytotp', { json: { mfaToken: p.body.mfaToken, code: codeAt(secret) }, headers: headers(ip, ua) });
      expect(v.status, JSON.stringify(v.body)).toBe(200);
      return cookieOf(v.headers)!;
    };
    const onA = await signIn(s.url, '10.5.0.1');
    const onB = await signIn(b.url, '10.5.0.2', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15');
    const list = await call(s.url, '/api/account/sessions', { cookie: onA });
    expect(list.status).toBe(200);
    const sessions = list.body.sessions as Array<{ id: string; ip: string; device: string; current: boolean; created_at: string; last_seen_at: string }>;
    expect(sessions.filter((x) => x.current)).toHaveLength(1);
    expect(sessions.find((x) => x.current)).toMatchObject({ ip: '10.5.0.1', device: 'Chrome 131 on Linux' });
    const bSession = sessions.find((x) => x.ip === '10.5.0.2')!;
    expect(bSession.device).toBe('Safari 17 on macOS Catalina');
    expect((await call(b.url, '/api/admin/me', { cookie: onB })).status).toBe(200);
    expect((await call(s.url, '/api/account/sessions/revoke', { cookie: onA, json: { id: bSession.id } })).status).toBe(200);
    expect((await call(b.url, '/api/admin/me', { cookie: onB })).status).toBe(401);
    expect((await call(s.url, '/api/account/sessions/revoke', { cookie: onA, json: { id: bSession.id } })).status).toBe(404);

    const onB2 = await signIn(b.url, '10.5.0.2');
    const others = await call(s.url, '/api/account/sessions/revokeothers', { method: 'POST', cookie: onA });
    expect(others.status).toBe(200);
    expect(others.body.ended).toBeGreaterThanOrEqual(1);
    expect((await call(b.url, '/api/admin/me', { cookie: onB2 })).status).toBe(401);
    expect((await call(s.url, '/api/admin/me', { cookie: onA })).status).toBe(200);

    // An administrator ends every session of an account (here their own: every other one).
    const onB3 = await signIn(b.url, '10.5.0.2');
    const me = (await call(s.url, '/api/admins/list', { cookie: onA })).body.admins.find((a: { you: boolean }) => a.you);
    expect(me.two_factor).toEqual({ totp: true, passkeys: 0 });
    expect(me.last_login_at).toBe(new Date(t).toISOString());
    expect((await call(s.url, '/api/admins/endsessions', { cookie: onA, json: { admin_id: me.admin_id } })).status).toBe(200);
    expect((await call(b.url, '/api/admin/me', { cookie: onB3 })).status).toBe(401);

    // A password change on one instance ends the account's sessions on the other.
    const onB4 = await signIn(b.url, '10.5.0.2');
    const changed = await call(s.url, '/api/admins/changepassword', { cookie: onA, json: { currentPassword: ADMIN_PASSWORD, newPassword: 'a different long passphrase 42' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(b.url, '/api/admin/me', { cookie: onB4 })).status).toBe(401);
    const fresh = cookieOf(changed.headers)!;
    expect((await call(b.url, '/api/admin/me', { cookie: fresh })).status).toBe(200);
    await call(s.url, '/api/admins/changepassword', { cookie: fresh, json: { currentPassword: 'a different long passphrase 42', newPassword: ADMIN_PASSWORD } });
  });

  it('the idle lifetime is a setting: a session unused for longer ends', async () => {
    const p = await password(s.url, '10.6.0.1');
    advance(30_000);
    const c = cookieOf((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: p.body.mfaToken, code: codeAt(secret) }, headers: headers('10.6.0.1') })).headers)!;
    expect((await call(s.url, '/api/admins/securitysettings', { cookie: c, json: { sessionIdleMinutes: 5 } })).status).toBe(200);
    advance(4 * 60_000);
    expect((await call(b.url, '/api/admin/me', { cookie: c })).status).toBe(200);
    advance(5 * 60_000 + 1000);
    expect((await call(s.url, '/api/admin/me', { cookie: c })).status).toBe(401);
  });

  it('mails the account on a sign-in from a device it has not used before', async () => {
    const before = sink.messages.length;
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const p = await password(s.url, '10.7.0.1', ua);
    advance(30_000);
    expect((await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: p.body.mfaToken, code: codeAt(secret) }, headers: headers('10.7.0.1', ua) })).status).toBe(200);
    const alert = (x: (typeof sink.messages)[number]) => !!x.parsed.subject?.startsWith('New sign-in') && !!x.parsed.text?.includes('Firefox 133 on Windows 10, address 10.7.0.1');
    const got = await until(async () => sink.messages.slice(before), (m) => m.some(alert), 10_000, 'the new-device alert');
    expect(got.find(alert)!.envelopeTo).toEqual([ADMIN_EMAIL]);
    // The same device again: no second alert.
    const n = sink.messages.length;
    const p2 = await password(s.url, '10.7.0.1', ua);
    advance(30_000);
    await call(s.url, '/api/admin/verifytotp', { json: { mfaToken: p2.body.mfaToken, code: codeAt(secret) }, headers: headers('10.7.0.1', ua) });
    await new Promise((r) => setTimeout(r, 400));
    expect(sink.messages.slice(n).filter(alert)).toHaveLength(0);
  });
});
