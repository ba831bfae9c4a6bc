import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, PUBLIC, ROLES_OF, answers, api, arr, bool, idField, int, jsonBody, nullable, obj, str, validBody, zodCompiler, type Schema } from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import type { AccountSecurity } from './account-security.server';
import { finishAuthentication, finishRegistration, listPasskeys, removePasskey, startAuthentication, startRegistration } from './passkeys.server';
import { consumeChallenge, lifetimesOf, readChallenge, saveSecuritySettings } from './security.server';
import { deleteSessionsOf, listSessions, revokeSessionById } from './sessions.server';
import { checkSecondStep, confirmTotp, disableTotp, regenerateRecoveryCodes, startTotp, twoFactorStatus } from './two-factor.server';

const tags = ['My account'];
const signInTags = ['Administrator session'];
const body = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;

const sessionView = obj({
  id: str('The id to revoke it by'),
  created_at: str(),
  last_seen_at: str(),
  ip: nullable(str('The client address it signed in from')),
  device: str('Browser and system, from the user agent'),
  current: bool('The session making this call'),
});
const passkeyView = obj({ passkey_id: int(), name: str(), created_at: str(), last_used_at: nullable(str()) });
const twoFactorView = obj({
  totp: bool('An authenticator app is set up'),
  totpEnabledAt: nullable(str()),
  recoveryCodesLeft: int(),
  passkeys: int(),
});
const securitySettingsView = obj({
  requireTwoFactor: bool('Accounts without an authenticator app or a passkey reach only My account until they set one up'),
  sessionIdleMinutes: int('A session ends after this long without use (5–1440, default 720)'),
  sessionAbsoluteHours: int('A session ends this long after sign-in in any case (1–720, default 168)'),
});
const signedIn = obj({ email: str('The administrator signed in', { format: 'email' }) }, ['email']);
const webauthnJson = (d: string): Schema => obj({}, [], { description: d, additionalProperties: true });

const EndSessionsBody = z.object({ admin_id: idField('admin_id') });
const RevokeBody = z.object({ id: z.string('id is required.').min(1, 'id is required.').max(64, 'id is not valid.') });
const RemovePasskeyBody = z.object({ passkey_id: idField('passkey_id') });

/** The 429 of a locked second step carries Retry-After as well as the time left in its message. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof AppError && err.statusCode === 429 && typeof err.extra?.retryAfterSeconds === 'number') {
    reply.header('retry-after', String(err.extra.retryAfterSeconds));
  }
  throw err;
}

/**
 * Two-factor sign-in (TOTP and recovery codes), passkeys, the account's sessions, the security settings and
 * an administrator ending another account's sessions (decisions 0043–0045). The routes of one's own account
 * stay open while the firm requires two-factor sign-in and the account has none yet (`ownAccount`).
 */
export function registerAccountSecurityRoutes(app: FastifyInstance, services: Services, security: AccountSecurity): void {
  const db = services.store.db;
  const own = requireAdmin(services);
  const admin = requireAdmin(services);
  /** The routes of one's own account: every role, and open while two-factor set-up is required. */
  const mine = { roles: ROLES_OF.staff, ownAccount: true } as const;
  const who = (req: FastifyRequest) => req.admin!;
  /** A call of one's own account that removes one thing named by its zod-checked body: 400 or 404 else. */
  const ownRemoval = <B extends z.ZodType>(
    url: string,
    operationId: string,
    summary: string,
    bodySchema: B,
    handler: (req: FastifyRequest, b: z.output<B>) => Promise<{ statusCode: number; message: string }>,
  ) =>
    app.post(
      url,
      {
        preValidation: own,
        validatorCompiler: zodCompiler,
        schema: api({ operationId, ...mine, tags, summary, security: ADMIN, body: bodySchema, responses: answers({}, 400, 404) }),
      },
      (req) => handler(req, validBody(bodySchema, req)),
    );

  /* ---------------------------------------------------------------- My account (every role: its own account) */

  app.get(
    '/api/account/security',
    {
      preHandler: own,
      schema: api({
        operationId: 'getMyAccountSecurity',
        ...mine,
        tags,
        summary: 'The signed-in account: two-factor status, passkeys, and whether the firm requires two-factor sign-in',
        security: ADMIN,
        responses: answers({ email: str(), twoFactor: twoFactorView, passkeys: arr(passkeyView), requireTwoFactor: bool() }),
      }),
    },
    async (req) => ({
      statusCode: 200,
      message: 'Account security fetched successfully',
      email: who(req).email,
      twoFactor: await twoFactorStatus(db, who(req).adminId),
      passkeys: await listPasskeys(db, who(req).adminId),
      requireTwoFactor: (await security.settings()).requireTwoFactor,
    }),
  );

  app.post(
    '/api/account/totp/start',
    {
      preHandler: own,
      schema: api({
        operationId: 'startTotp',
        ...mine,
        tags,
        summary: 'Starts setting up an authenticator app: a new secret, its otpauth:// URI and a QR code (an SVG data URL)',
        description: 'The secret waits 15 minutes for confirmTotp. While an authenticator app is on, answers 409.',
        security: ADMIN,
        responses: answers({ secret: str('Base32, for typing into the app'), uri: str('otpauth://totp/…'), qrCode: str('data:image/svg+xml;base64,…') }, 409),
      }),
    },
    async (req) => {
      const firm = (await services.settings.get()).firmName;
      const started = await startTotp(db, await security.keys(), who(req), firm, security.now());
      req.audit = { action: 'start-totp', target: 'admins', recordId: who(req).adminId, summary: who(req).email };
      return { statusCode: 200, message: 'Scan the QR code with your authenticator app, then enter the code it shows.', ...started };
    },
  );

  app.post(
    '/api/account/totp/confirm',
    {
      preHandler: own,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: api({
        operationId: 'confirmTotp',
        ...mine,
        tags,
        summary: 'Turns two-factor sign-in on with a current code of the new secret; answers ten single-use recovery codes (shown once)',
        security: ADMIN,
        requestBody: jsonBody(obj({ code: str('The 6 digits the app shows') }, ['code'])),
        responses: answers({ recoveryCodes: arr(str()) }, 400, 409),
      }),
    },
    async (req) => {
      const codes = await confirmTotp(db, await security.keys(), who(req).adminId, body(req).code, security.now());
      req.audit = { action: 'enable-totp', target: 'admins', recordId: who(req).adminId, summary: who(req).email };
      await security.changed(req, who(req).email, 'Two-factor sign-in with an authenticator app was turned on for your account.');
      return {
        statusCode: 200,
        message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
        recoveryCodes: codes,
      };
    },
  );

  app.post(
    '/api/account/totp/recoverycodes',
    {
      preHandler: own,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: api({
        operationId: 'regenerateRecoveryCodes',
        ...mine,
        tags,
        summary: 'Ten new recovery codes with a current code; the old ones stop working',
        security: ADMIN,
        requestBody: jsonBody(obj({ code: str('The 6 digits the app shows') }, ['code'])),
        responses: answers({ recoveryCodes: arr(str()) }, 400, 409, 429),
      }),
    },
    async (req, reply) => {
      const codes = await regenerateRecoveryCodes(db, await security.keys(), who(req).adminId, body(req).code, security.now()).catch((e: unknown) => withRetryAfter(reply, e));
      req.audit = { action: 'regenerate-recovery-codes', target: 'admins', recordId: who(req).adminId, summary: who(req).email };
      await security.changed(req, who(req).email, 'New recovery codes were made for your account; the earlier ones no longer work.');
      return { statusCode: 200, message: 'New recovery codes made. The earlier ones no longer work.', recoveryCodes: codes };
    },
  );

  app.post(
    '/api/account/totp/disable',
    {
      preHandler: own,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: api({
        operationId: 'disableTotp',
        ...mine,
        tags,
        summary: 'Turns the authenticator app off: needs the password and a current code; every other session of the account ends',
        security: ADMIN,
        requestBody: jsonBody(obj({ password: str(), code: str('The 6 digits the app shows') }, ['password', 'code'])),
        responses: answers({}, 400, 409, 429),
      }),
    },
    async (req, reply) => {
      const b = body(req);
      await disableTotp(db, await security.keys(), who(req).adminId, b.password, b.code, security.now()).catch((e: unknown) => withRetryAfter(reply, e));
      await deleteSessionsOf(db, who(req).adminId, who(req).sessionId);
      req.audit = { action: 'disable-totp', target: 'admins', recordId: who(req).adminId, summary: who(req).email };
      await security.changed(req, who(req).email, 'Two-factor sign-in with an authenticator app was turned off for your account. Every other session of the account has ended.');
      return { statusCode: 200, message: 'Two-factor sign-in with an authenticator app is off. Every other session of your account has ended.' };
    },
  );

  app.get(
    '/api/account/passkeys',
    { preHandler: own, schema: api({ operationId: 'listPasskeys',
        ...mine, tags, summary: "The account's passkeys", security: ADMIN, responses: answers({ passkeys: arr(passkeyView) }) }) },
    async (req) => ({ statusCode: 200, message: 'Passkeys fetched successfully', passkeys: await listPasskeys(db, who(req).adminId) }),
  );

  app.post(
    '/api/account/passkeys/start',
    {
      preHandler: own,
      schema: api({
        operationId: 'startPasskeyRegistration',
        ...mine,
        tags,
        summary: 'Options for navigator.credentials.create() (WebAuthn) and the id of their challenge (five minutes)',
        security: ADMIN,
        responses: answers({ options: webauthnJson('PublicKeyCredentialCreationOptionsJSON'), challengeId: str() }, 409),
      }),
    },
    async (req) => ({ statusCode: 200, message: 'Passkey options made', ...(await startRegistration(db, await security.rp(), who(req), security.now())) }),
  );

  app.post(
    '/api/account/passkeys/finish',
    {
      preHandler: own,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: api({
        operationId: 'finishPasskeyRegistration',
        ...mine,
        tags,
        summary: "Registers the passkey from the browser's answer under a name",
        security: ADMIN,
        requestBody: jsonBody(obj({ challengeId: str(), name: str('e.g. "Office laptop" (at most 60 characters)'), response: webauthnJson('RegistrationResponseJSON') }, ['challengeId', 'name', 'response'])),
        responses: answers({ passkey: passkeyView }, 400, 409),
      }),
    },
    async (req) => {
      const b = body(req);
      const passkey = await finishRegistration(db, await security.rp(), who(req).adminId, { challengeId: b.challengeId, name: b.name, response: b.response }, security.now());
      req.audit = { action: 'add-passkey', target: 'admins', recordId: who(req).adminId, summary: `${who(req).email}: ${passkey.name}` };
      await security.changed(req, who(req).email, `A passkey named "${passkey.name}" was added to your account.`);
      return { statusCode: 200, message: `Passkey "${passkey.name}" added.`, passkey };
    },
  );

  ownRemoval('/api/account/passkeys/remove', 'removePasskey', 'Removes one of the account’s passkeys', RemovePasskeyBody, async (req, b) => {
      const removed = await removePasskey(db, who(req).adminId, b.passkey_id);
      req.audit = { action: 'remove-passkey', target: 'admins', recordId: who(req).adminId, summary: `${who(req).email}: ${removed.name}` };
      await security.changed(req, who(req).email, `The passkey named "${removed.name}" was removed from your account.`);
      return { statusCode: 200, message: `Passkey "${removed.name}" removed.` };
  });

  /* ---------------------------------------------------------------- sessions */

  app.get(
    '/api/account/sessions',
    {
      preHandler: own,
      schema: api({ operationId: 'listSessions',
        ...mine, tags, summary: "The account's own sessions: created, last seen, address, device, and which one is this", security: ADMIN, responses: answers({ sessions: arr(sessionView) }) }),
    },
    async (req) => ({
      statusCode: 200,
      message: 'Sessions fetched successfully',
      sessions: await listSessions(db, who(req).adminId, who(req).sessionId, security.now().getTime(), lifetimesOf(await security.settings())),
    }),
  );

  ownRemoval('/api/account/sessions/revoke', 'revokeSession', 'Ends one of the account’s sessions (this one too, which signs out)', RevokeBody, async (req, b) => {
    if (!(await revokeSessionById(db, who(req).adminId, b.id))) throw new AppError(404, 'Session not found');
    req.audit = { action: 'revoke-session', target: 'admins', recordId: who(req).adminId, summary: who(req).email };
    return { statusCode: 200, message: 'The session has ended.' };
  });

  app.post(
    '/api/account/sessions/revokeothers',
    {
      preHandler: own,
      schema: api({ operationId: 'revokeOtherSessions',
        ...mine, tags, summary: 'Sign out everywhere else: ends every session of the account but this one', security: ADMIN, responses: answers({ ended: int() }) }),
    },
    async (req) => {
      const ended = await deleteSessionsOf(db, who(req).adminId, who(req).sessionId);
      req.audit = { action: 'revoke-other-sessions', target: 'admins', recordId: who(req).adminId, summary: `${who(req).email}: ${ended}` };
      return { statusCode: 200, message: ended ? `Signed out everywhere else (${ended} session${ended === 1 ? '' : 's'} ended).` : 'There were no other sessions.', ended };
    },
  );

  app.post(
    '/api/admins/endsessions',
    {
      preValidation: admin,
      validatorCompiler: zodCompiler,
      schema: api({
        operationId: 'endAdminSessions',
        roles: ROLES_OF.admin,
        tags: ['Administrators'],
        summary: 'Ends every session of an account (one’s own: every other one)',
        security: ADMIN,
        body: EndSessionsBody,
        responses: answers({ ended: int() }, 400, 404),
      }),
    },
    async (req) => {
      const id = validBody(EndSessionsBody, req).admin_id;
      const target = await db.selectFrom('admins').select('email').where('admin_id', '=', id).executeTakeFirst();
      if (!target) throw new AppError(404, 'Administrator not found');
      const ended = await deleteSessionsOf(db, id, id === who(req).adminId ? who(req).sessionId : undefined);
      req.audit = { action: 'end-sessions', target: 'admins', recordId: id, summary: `${target.email}: ${ended}` };
      return { statusCode: 200, message: `Every session of ${target.email} has ended (${ended}).`, ended };
    },
  );

  /* ---------------------------------------------------------------- security settings */

  const settingsSchema = { settings: securitySettingsView };
  app.get(
    '/api/admins/securitysettings',
    { preHandler: admin, schema: api({ operationId: 'getSecuritySettings',
        roles: ROLES_OF.admin, tags: ['Administrators'], summary: 'The sign-in policy and session lifetimes', security: ADMIN, responses: answers(settingsSchema) }) },
    async () => ({ statusCode: 200, message: 'Security settings fetched successfully', settings: await security.settings() }),
  );
  app.post(
    '/api/admins/securitysettings',
    {
      preHandler: admin,
      schema: api({
        operationId: 'updateSecuritySettings',
        roles: ROLES_OF.admin,
        tags: ['Administrators'],
        summary: 'Changes the sign-in policy or the session lifetimes (the keys sent; the others stay)',
        security: ADMIN,
        requestBody: jsonBody(securitySettingsView),
        responses: answers(settingsSchema, 400),
      }),
    },
    async (req) => {
      const settings = await saveSecuritySettings(db, req.body, security.now());
      req.audit = { action: 'update', target: 'security-settings', summary: JSON.stringify(settings) };
      return { statusCode: 200, message: 'Security settings saved', settings };
    },
  );

  /* ---------------------------------------------------------------- the second step of a sign-in, passkey sign-in */

  const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  app.post(
    '/api/admin/verifytotp',
    {
      config: limited,
      schema: api({
        operationId: 'verifyTotp',
        roles: PUBLIC,
        tags: signInTags,
        summary: 'The second step of a sign-in: the mfaToken of adminLogin and a current code or one recovery code; starts the session',
        description: 'A code already used is refused; a recovery code works once. Five wrong codes lock the second step for 15 minutes (429 with the time left and Retry-After).',
        requestBody: jsonBody(obj({ mfaToken: str('From adminLogin'), code: str('6 digits, or a recovery code') }, ['mfaToken', 'code'])),
        responses: answers({ admin: signedIn }, 400, 401, 429),
      }),
    },
    async (req, reply) => {
      const b = body(req);
      const now = security.now();
      if (typeof b.mfaToken !== 'string' || !b.mfaToken) throw new AppError(400, 'Please sign in with your email and password first.');
      const pending = await readChallenge(db, b.mfaToken, 'mfa', now);
      if (!pending?.adminId) throw new AppError(401, 'The sign-in has expired. Please sign in again with your email and password.');
      const result = await checkSecondStep(db, await security.keys(), pending.adminId, b.code, now).catch((e: unknown) => withRetryAfter(reply, e));
      if (!(await consumeChallenge(db, b.mfaToken as string))) throw new AppError(401, 'The sign-in has expired. Please sign in again with your email and password.');
      const account = await db.selectFrom('admins').select(['admin_id', 'email']).where('admin_id', '=', pending.adminId).executeTakeFirstOrThrow();
      await security.signIn(req, reply, { adminId: Number(account.admin_id), email: account.email });
      const left = result.method === 'recovery' ? result.recoveryCodesLeft ?? 0 : null;
      if (left !== null) await security.changed(req, account.email, `A recovery code was used to sign in to your account (${left} left).`);
      return {
        statusCode: 200,
        message: left === null ? 'Login successful' : `Login successful. You used a recovery code: ${left} left.`,
        admin: { email: account.email },
        ...(left === null ? {} : { recoveryCodesLeft: left }),
      };
    },
  );

  app.post(
    '/api/admin/passkeylogin/start',
    {
      config: limited,
      schema: api({
        operationId: 'startPasskeyLogin',
        roles: PUBLIC,
        tags: signInTags,
        summary: 'Options for navigator.credentials.get(): with an mfaToken the account’s passkeys (second step), without one any passkey of this site (sign-in without a password)',
        requestBody: jsonBody(obj({ mfaToken: str('From adminLogin, for the second step') }), false),
        responses: answers({ options: webauthnJson('PublicKeyCredentialRequestOptionsJSON'), challengeId: str() }, 400, 401),
      }),
    },
    async (req) => {
      const b = body(req);
      let adminId: number | null = null;
      if (b.mfaToken !== undefined) {
        const pending = await readChallenge(db, b.mfaToken, 'mfa', security.now());
        if (!pending?.adminId) throw new AppError(401, 'The sign-in has expired. Please sign in again with your email and password.');
        adminId = pending.adminId;
      }
      return { statusCode: 200, message: 'Passkey options made', ...(await startAuthentication(db, await security.rp(), adminId, security.now())) };
    },
  );

  app.post(
    '/api/admin/passkeylogin/finish',
    {
      config: limited,
      schema: api({
        operationId: 'finishPasskeyLogin',
        roles: PUBLIC,
        tags: signInTags,
        summary: "Signs in with the browser's passkey answer (and the mfaToken when it is the second step); starts the session",
        requestBody: jsonBody(obj({ challengeId: str(), response: webauthnJson('AuthenticationResponseJSON'), mfaToken: str() }, ['challengeId', 'response'])),
        responses: answers({ admin: signedIn }, 400, 401),
      }),
    },
    async (req, reply) => {
      const b = body(req);
      const now = security.now();
      const { adminId, passwordless } = await finishAuthentication(db, await security.rp(), { challengeId: b.challengeId, response: b.response }, now);
      if (!passwordless) {
        const pending = await readChallenge(db, b.mfaToken, 'mfa', now);
        if (pending?.adminId !== adminId || !(await consumeChallenge(db, b.mfaToken as string))) {
          throw new AppError(401, 'The sign-in has expired. Please sign in again with your email and password.');
        }
      }
      const account = await db.selectFrom('admins').select(['admin_id', 'email', 'password_hash']).where('admin_id', '=', adminId).executeTakeFirstOrThrow();
      await security.signIn(req, reply, { adminId, email: account.email });
      return { statusCode: 200, message: 'Login successful', admin: { email: account.email } };
    },
  );
}

