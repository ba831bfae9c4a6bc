/** Administrator accounts: invitations, removal, own password change, 'Forgot Password?' and the one-time links. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from '../../server/auth/password-policy.server';
import { hashToken } from '../../server/auth/tokens.server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';
import { api } from '../helpers/api-helpers';
import { until } from '../helpers/mail-sink';

const STRONG = 'violet tractor umbrella 42';
const STRONG2 = 'copper lantern meadow 7';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startServer({ socket: false, env: { MAIL_POLL_MS: '50' } });
  cookie = await s.login();
});
afterAll(() => s.close());

const db = () => s.services.store.db;

async function login(email: string, password: string) {
  const r = await api(s.url, '/api/admin/adminlogin', { json: { email, password } });
  const c = r.headers.getSetCookie().find((x) => x.startsWith('lex_session='));
  return { ...r, cookie: c ? c.split(';')[0]! : '' };
}

/** The newest message queued to an address, once the outbox worker has sent it. */
async function lastMailTo(to: string) {
  const row = await until(
    () =>
      db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .orderBy('mail_id', 'desc')
        .executeTakeFirst(),
    (r) => !!r && r.status === 'sent',
    10_000,
    `a sent message to ${to}`,
  );
  return row!;
}

function linkIn(text: string): { token: string; url: URL } {
  const m = /(https?:\/\/\S+\/admin-login\/reset-password\?\S+)/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  const url = new URL(m[1]!);
  return { token: url.searchParams.get('token')!, url };
}

describe('the password policy', () => {
  it('needs 10 characters and refuses common passwords, dressed-up common words, repetitions and the email', () => {
    expect(passwordProblem('short1!')).toMatch(/at least 10 characters/);
    expect(isCommonPassword('password123')).toBe(true);
    expect(passwordProblem('1234567890')).toMatch(/too common/);
    expect(passwordProblem('qwertyuiop')).toMatch(/too common/);
    expect(passwordProblem('Password2024!')).toMatch(/too common/);
    expect(passwordProblem('Football!!!!')).toMatch(/too common/);
    expect(passwordProblem('abcabcabcabc')).toMatch(/too common/);
    expect(passwordProblem('zzzzzzzzzzzz')).toMatch(/too common/);
    expect(passwordProblem('jane.doe.lawyer@firm.example', 'jane.doe.lawyer@firm.example')).toMatch(/email address/);
    expect(passwordProblem('janedoelawyer', 'janedoelawyer@firm.example')).toMatch(/email address/);
    expect(passwordProblem(STRONG)).toBeNull();
    expect(passwordProblem(ADMIN_PASSWORD)).toBeNull();
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });
});

describe('POST /api/admins/invite and the invitation link', () => {
  it('creates a pending administrator, mails a 72-hour link through the outbox, and the link sets the first password once', async () => {
    const email = 'second.admin@test.example';
    const r = await api(s.url, '/api/admins/invite', { cookie, json: { email: 'Second.Admin@Test.example ' } });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/Invitation sent to second\.admin@test\.example/);
    expect(r.body.admin).toMatchObject({ email, status: 'invited', invited_by: ADMIN_EMAIL });

    const list = await api(s.url, '/api/admins/list', { cookie });
    expect(
      list.body.admins.map((a: { email: string; status: string; you: boolean }) => [a.email, a.status, a.you]),
    ).toEqual([
      [ADMIN_EMAIL, 'active', true],
      [email, 'invited', false],
    ]);

    // A pending account cannot sign in with anything.
    expect((await login(email, '!invited')).status).toBe(401);

    const mail = await lastMailTo(email);
    expect(mail.subject).toMatch(/administrator account/);
    expect(mail.text_body).toMatch(/expires in 72 hours/);
    const { token, url } = linkIn(mail.text_body);
    expect(url.origin).toBe(s.url);
    expect(url.searchParams.get('welcome')).toBe('1');
    // The .eml went out with the same link (file transport).
    const eml = readdirSync(path.join(s.dataDir, 'outbox')).filter((f) =>
      f.startsWith(`${String(mail.mail_id).padStart(6, '0')}-`),
    );
    expect(eml).toHaveLength(1);
    const parsed = await PostalMime.parse(readFileSync(path.join(s.dataDir, 'outbox', eml[0]!)));
    expect(parsed.to?.map((t) => t.address)).toEqual([email]);
    expect(linkIn(parsed.text ?? '').token).toBe(token);
    expect(parsed.html).toContain(`token=${token}`);

    // Only the hash is stored, with a 72-hour expiry.
    const stored = await db().selectFrom('admin_tokens').selectAll().execute();
    expect(stored.some((t) => t.token_hash === token)).toBe(false);
    const row = stored.find((t) => t.token_hash === hashToken(token))!;
    expect(row.purpose).toBe('invite');
    const hours = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3600_000;
    expect(hours).toBeCloseTo(72, 5);

    const weak = await api(s.url, '/api/admin/resetpassword', { json: { token, password: 'password1234' } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/too common/);
    const ok = await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your password is set. You can sign in now.');
    const again = await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG2 } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link is invalid or has expired. Please ask for a new one.');

    const signed = await login(email, STRONG);
    expect(signed.status).toBe(200);
    const list2 = await api(s.url, '/api/admins/list', { cookie: signed.cookie });
    expect(list2.body.admins.find((a: { email: string }) => a.email === email).status).toBe('active');

    // Both are recorded in the audit log.
    const audit = await api(s.url, '/api/audit/getauditlog?q=second.admin', { cookie });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain('invite');
  });

  it('refuses a bad address with a clear message, an existing administrator with 409, and needs a session', async () => {
    expect((await api(s.url, '/api/admins/invite', { cookie, json: { email: '' } })).body.message).toBe(
      'Please enter an email address.',
    );
    expect((await api(s.url, '/api/admins/invite', { cookie, json: { email: 'not-an-email' } })).body.message).toBe(
      'Please enter a valid email address.',
    );
    const dup = await api(s.url, '/api/admins/invite', { cookie, json: { email: ADMIN_EMAIL } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An administrator with this email address already exists.');
    expect((await api(s.url, '/api/admins/invite', { json: { email: 'x@test.example' } })).status).toBe(401);
    expect((await api(s.url, '/api/admins/list')).status).toBe(401);
  });
});

describe('POST /api/admins/changepassword', () => {
  it('checks the current password and the policy, then ends every session of the account and issues a new cookie', async () => {
    const email = 'changer@test.example';
    await api(s.url, '/api/admins/invite', { cookie, json: { email } });
    const { token } = linkIn((await lastMailTo(email)).text_body);
    expect((await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG } })).status).toBe(200);
    const a = await login(email, STRONG);
    const b = await login(email, STRONG);
    expect((await api(s.url, '/api/admin/me', { cookie: b.cookie })).status).toBe(200);

    const wrong = await api(s.url, '/api/admins/changepassword', {
      cookie: a.cookie,
      json: { currentPassword: 'nope nope nope', newPassword: STRONG2 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is not correct.');
    const short = await api(s.url, '/api/admins/changepassword', {
      cookie: a.cookie,
      json: { currentPassword: STRONG, newPassword: 'short' },
    });
    expect(short.body.message).toBe('The password must be at least 10 characters long.');
    const common = await api(s.url, '/api/admins/changepassword', {
      cookie: a.cookie,
      json: { currentPassword: STRONG, newPassword: 'iloveyou2025' },
    });
    expect(common.body.message).toMatch(/too common/);
    const same = await api(s.url, '/api/admins/changepassword', {
      cookie: a.cookie,
      json: { currentPassword: STRONG, newPassword: STRONG },
    });
    expect(same.body.message).toBe('The new password must differ from the current one.');

    const ok = await api(s.url, '/api/admins/changepassword', {
      cookie: a.cookie,
      json: { currentPassword: STRONG, newPassword: STRONG2 },
    });
    expect(ok.status).toBe(200);
    const fresh = ok.headers
      .getSetCookie()
      .find((x) => x.startsWith('lex_session='))!
      .split(';')[0]!;
    expect((await api(s.url, '/api/admin/me', { cookie: a.cookie })).status).toBe(401);
    expect((await api(s.url, '/api/admin/me', { cookie: b.cookie })).status).toBe(401);
    expect((await api(s.url, '/api/admin/me', { cookie: fresh })).status).toBe(200);
    expect((await login(email, STRONG)).status).toBe(401);
    expect((await login(email, STRONG2)).status).toBe(200);
    // The test administrator's own session was not touched.
    expect((await api(s.url, '/api/admin/me', { cookie })).status).toBe(200);
  });
});

describe("'Forgot Password?': POST /api/admin/forgotpassword and /api/admin/resetpassword", () => {
  it('answers the same for unknown addresses, mails a 30-minute link that works once and ends every session', async () => {
    const email = 'forgetful@test.example';
    await api(s.url, '/api/admins/invite', { cookie, json: { email } });
    const invite = linkIn((await lastMailTo(email)).text_body);
    expect(
      (await api(s.url, '/api/admin/resetpassword', { json: { token: invite.token, password: STRONG } })).status,
    ).toBe(200);
    const session = await login(email, STRONG);

    const before = await db()
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await api(s.url, '/api/admin/forgotpassword', { json: { email: 'nobody@test.example' } });
    expect(unknown.status).toBe(200);
    const known = await api(s.url, '/api/admin/forgotpassword', { json: { email: 'Forgetful@test.example' } });
    expect(known.status).toBe(200);
    expect(known.body.message).toBe(unknown.body.message);
    expect(known.body.message).toMatch(/expires in 30 minutes/);

    const mail = await lastMailTo(email);
    expect(mail.subject).toMatch(/Reset your administrator password/);
    const { token, url } = linkIn(mail.text_body);
    expect(url.searchParams.get('welcome')).toBeNull();
    const row = await db()
      .selectFrom('admin_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset');
    expect((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60_000).toBeCloseTo(30, 5);
    // Exactly one new message: none for the unknown address.
    const after = await db()
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);

    // A second request within a minute sends nothing more (same answer).
    const repeat = await api(s.url, '/api/admin/forgotpassword', { json: { email } });
    expect(repeat.body.message).toBe(known.body.message);
    const after2 = await db()
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after2.n)).toBe(Number(after.n));

    const ok = await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG2 } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/every session of your account has ended/);
    expect((await api(s.url, '/api/admin/me', { cookie: session.cookie })).status).toBe(401);
    expect((await login(email, STRONG2)).status).toBe(200);
    expect(
      (await api(s.url, '/api/admin/resetpassword', { json: { token, password: 'another fine phrase' } })).status,
    ).toBe(400);
  });

  it('refuses an expired link, a made-up token and a missing email with clear messages', async () => {
    // Its own server: the shared one has used up this minute's reset attempts from 127.0.0.1 (10).
    const shared = s;
    s = await startServer({ socket: false, env: { MAIL_POLL_MS: '50' } });
    const cookie = await s.login();
    try {
      await refusals(cookie);
    } finally {
      await s.close();
      s = shared;
    }
  });

  async function refusals(cookie: string) {
    const email = 'late@test.example';
    await api(s.url, '/api/admins/invite', { cookie, json: { email } });
    const { token } = linkIn((await lastMailTo(email)).text_body);
    await db()
      .updateTable('admin_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This link is invalid or has expired. Please ask for a new one.');
    for (const bad of ['x'.repeat(43), '', null, 42, '../../etc', 'a'.repeat(5000)]) {
      const r = await api(s.url, '/api/admin/resetpassword', { json: { token: bad, password: STRONG } });
      expect(r.status).toBe(400);
    }
    const missing = await api(s.url, '/api/admin/forgotpassword', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your email address.');
  }
});

describe('POST /api/admins/remove', () => {
  it('removes an administrator and ends their sessions, and never removes the last one who can sign in', async () => {
    const solo = await startServer({ socket: false });
    try {
      const own = await solo.login();
      const list = await api(solo.url, '/api/admins/list', { cookie: own });
      const me = list.body.admins[0];
      const last = await api(solo.url, '/api/admins/remove', { cookie: own, json: { admin_id: me.admin_id } });
      expect(last.status).toBe(409);
      expect(last.body.message).toBe('The last administrator cannot be removed. Invite another administrator first.');

      // A pending invitation does not count as a second administrator.
      await api(solo.url, '/api/admins/invite', { cookie: own, json: { email: 'pending@test.example' } });
      expect((await api(solo.url, '/api/admins/remove', { cookie: own, json: { admin_id: me.admin_id } })).status).toBe(
        409,
      );
      const pending = (await api(solo.url, '/api/admins/list', { cookie: own })).body.admins.find(
        (a: { email: string }) => a.email === 'pending@test.example',
      );
      const gone = await api(solo.url, '/api/admins/remove', { cookie: own, json: { admin_id: pending.admin_id } });
      expect(gone.status).toBe(200);
      expect(gone.body.message).toMatch(/pending@test\.example removed/);
      expect(
        (await api(solo.url, '/api/admins/remove', { cookie: own, json: { admin_id: pending.admin_id } })).status,
      ).toBe(404);
      expect((await api(solo.url, '/api/admins/remove', { cookie: own, json: { admin_id: 'abc' } })).status).toBe(400);
    } finally {
      await solo.close();
    }

    // On the shared server: remove an active administrator who is signed in.
    const email = 'leaving@test.example';
    await api(s.url, '/api/admins/invite', { cookie, json: { email } });
    const { token } = linkIn((await lastMailTo(email)).text_body);
    await api(s.url, '/api/admin/resetpassword', { json: { token, password: STRONG } });
    const theirs = await login(email, STRONG);
    const id = (await api(s.url, '/api/admins/list', { cookie })).body.admins.find(
      (a: { email: string }) => a.email === email,
    ).admin_id;
    const r = await api(s.url, '/api/admins/remove', { cookie, json: { admin_id: id } });
    expect(r.status).toBe(200);
    expect((await api(s.url, '/api/admin/me', { cookie: theirs.cookie })).status).toBe(401);
    // (Not signing in again here: this server has used up the minute's 10 sign-ins from 127.0.0.1.)
    expect(await db().selectFrom('admins').selectAll().where('email', '=', email).execute()).toEqual([]);
    expect(await db().selectFrom('sessions').selectAll().where('admin_id', '=', id).execute()).toEqual([]);
  });
});
