import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../api/auth-hooks';
import {
  ADMIN,
  answer,
  errors,
  fieldsBody,
  fromZod,
  idField,
  PUBLIC,
  type RequestOf,
  ROLES_OF,
  route,
  type FieldDoc,
} from '../api/route-schema';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import type { AccountSecurity } from './account-security.server';
import {
  finishAuthentication,
  finishRegistration,
  listPasskeys,
  removePasskey,
  startAuthentication,
  startRegistration,
} from './passkeys.server';
import { consumeChallenge, lifetimesOf, readChallenge, saveSecuritySettings } from './security.server';
import { deleteSessionsOf, listSessions, revokeSessionById } from './sessions.server';
import {
  checkSecondStep,
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  startTotp,
  twoFactorStatus,
} from './two-factor.server';

const tags = ['My account'];
const signInTags = ['Administrator session'];

const int = z.number().int();
const about = (description: string) => ({ description });
const SessionView = z.strictObject({
  id: z.string().meta(about('The id to revoke it by')),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable().meta(about('The client address it signed in from')),
  device: z.string().meta(about('Browser and system, from the user agent')),
  current: z.boolean().meta(about('The session making this call')),
});
const PasskeyView = z.strictObject({
  passkey_id: int,
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
const TwoFactorView = z.strictObject({
  totp: z.boolean().meta(about('An authenticator app is set up')),
  totpEnabledAt: z.string().nullable(),
  recoveryCodesLeft: int,
  passkeys: int,
});
const SecuritySettingsView = z.strictObject({
  requireTwoFactor: z
    .boolean()
    .meta(about('Accounts without an authenticator app or a passkey reach only My account until they set one up')),
  sessionIdleMinutes: int.meta(about('A session ends after this long without use (5–1440, default 720)')),
  sessionAbsoluteHours: int.meta(about('A session ends this long after sign-in in any case (1–720, default 168)')),
});
/** The administrator a sign-in started the session of. */
const SignedIn = z.strictObject({
  email: z.string().meta({ description: 'The administrator signed in', format: 'email' }),
});
/** A WebAuthn options object (the browser's API reads it as it is). */
const webauthnJson = (description: string) =>
  z
    .custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .meta({ type: 'object', additionalProperties: true, description });
const webauthnField = (description: string): FieldDoc => ({ type: 'object', description, additionalProperties: true });
const codeField: FieldDoc = { type: 'string', description: 'The 6 digits the app shows' };
const WebauthnOptions = (d: string) => answer({ options: webauthnJson(d), challengeId: z.string() });
/** A locked second step (two-factor.server.ts): the time left, also sent as Retry-After. */
const Locked = answer({ retryAfterSeconds: z.number().int().optional() });
const RecoveryCodes = answer({ recoveryCodes: z.array(z.string()) });

// The fields below are checked by the services with the spec's messages (fieldsBody).
const CodeBody = fieldsBody({ code: codeField }, ['code']);
const DisableBody = fieldsBody({ password: { type: 'string' }, code: codeField }, ['password', 'code']);
const FinishPasskeyBody = fieldsBody(
  {
    challengeId: { type: 'string' },
    name: { type: 'string', description: 'e.g. "Office laptop" (at most 60 characters)' },
    response: webauthnField('RegistrationResponseJSON'),
  },
  ['challengeId', 'name', 'response'],
);
const SecuritySettingsBody = fieldsBody({
  requireTwoFactor: { type: 'boolean', description: SecuritySettingsView.shape.requireTwoFactor.description },
  sessionIdleMinutes: { type: 'integer', description: SecuritySettingsView.shape.sessionIdleMinutes.description },
  sessionAbsoluteHours: { type: 'integer', description: SecuritySettingsView.shape.sessionAbsoluteHours.description },
});
const VerifyTotpBody = fieldsBody(
  {
    mfaToken: { type: 'string', description: 'From adminLogin' },
    code: { type: 'string', description: '6 digits, or a recovery code' },
  },
  ['mfaToken', 'code'],
);
const PasskeyLoginStartBody = fieldsBody({
  mfaToken: { type: 'string', description: 'From adminLogin, for the second step' },
});
const PasskeyLoginFinishBody = fieldsBody(
  {
    challengeId: { type: 'string' },
    response: webauthnField('AuthenticationResponseJSON'),
    mfaToken: { type: 'string' },
  },
  ['challengeId', 'response'],
);

const EndSessionsBody = z.object({ admin_id: idField('admin_id') });
const RevokeBody = z.object({ id: z.string('id is required.').min(1, 'id is required.').max(64, 'id is not valid.') });
const RemovePasskeyBody = z.object({ passkey_id: idField('passkey_id') });

const EXPIRED = 'The sign-in has expired. Please sign in again with your email and password.';

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
export function registerAccountSecurityRoutes(
  app: FastifyInstance,
  services: Services,
  security: AccountSecurity,
): void {
  const db = services.store.db;
  const own = requireAdmin(services);
  const admin = requireAdmin(services);
  /** The routes of one's own account: every role, and open while two-factor set-up is required. */
  const mine = { roles: ROLES_OF.staff, ownAccount: true, tags, security: ADMIN } as const;
  const administrators = { roles: ROLES_OF.admin, tags: ['Administrators'], security: ADMIN };
  const who = (req: FastifyRequest) => req.admin!;
  const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  /** The audit line of a change to one's own account: the account, and what changed where there is more to say. */
  const ownAudit = (req: FastifyRequest, action: string, what?: string | number) => {
    const summary = what === undefined ? who(req).email : `${who(req).email}: ${what}`;
    req.audit = { action, target: 'admins', recordId: who(req).adminId, summary };
  };
  /** A change to one's own account that its owner is told of by email (decision 0045), audited as ownAudit. */
  const ownChange = async (req: FastifyRequest, action: string, change: { what?: string; notice: string }) => {
    ownAudit(req, action, change.what);
    await security.changed(req, who(req).email, change.notice);
  };
  /** A call of one's own account that removes one thing named by its zod-checked body: 400 or 404 else. */
  const ownRemoval = <B extends z.ZodType>(
    url: string,
    operationId: string,
    summary: string,
    body: B,
    handler: (req: RequestOf<B, undefined, undefined>) => Promise<{ statusCode: number; message: string }>,
  ) =>
    route(app, {
      method: 'POST',
      url,
      preValidation: own,
      schema: { operationId, ...mine, summary, body, response: { 200: answer(), ...errors(400, 404) } },
      handler,
    });

  /* ---------------------------------------------------------------- My account (every role: its own account) */

  route(app, {
    method: 'GET',
    url: '/api/account/security',
    preHandler: own,
    schema: {
      operationId: 'getMyAccountSecurity',
      ...mine,
      summary: 'The signed-in account: two-factor status, passkeys, and whether the firm requires two-factor sign-in',
      response: {
        200: answer({
          email: z.string(),
          twoFactor: TwoFactorView,
          passkeys: z.array(PasskeyView),
          requireTwoFactor: z.boolean(),
        }),
      },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Account security fetched successfully',
      email: who(req).email,
      twoFactor: await twoFactorStatus(db, who(req).adminId),
      passkeys: await listPasskeys(db, who(req).adminId),
      requireTwoFactor: (await security.settings()).requireTwoFactor,
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/account/totp/start',
    preHandler: own,
    schema: {
      operationId: 'startTotp',
      ...mine,
      summary:
        'Starts setting up an authenticator app: a new secret, its otpauth:// URI and a QR code (an SVG data URL)',
      description: 'The secret waits 15 minutes for confirmTotp. While an authenticator app is on, answers 409.',
      response: {
        200: answer({
          secret: z.string().meta(about('Base32, for typing into the app')),
          uri: z.string().meta(about('otpauth://totp/…')),
          qrCode: z.string().meta(about('data:image/svg+xml;base64,…')),
        }),
        ...errors(409),
      },
    },
    handler: async (req) => {
      const firm = (await services.settings.get()).firmName;
      const started = await startTotp(db, await security.keys(), who(req), firm, security.now());
      ownAudit(req, 'start-totp');
      return {
        statusCode: 200,
        message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
        ...started,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/account/totp/confirm',
    preHandler: own,
    config: limited,
    schema: {
      operationId: 'confirmTotp',
      ...mine,
      summary:
        'Turns two-factor sign-in on with a current code of the new secret; answers ten single-use recovery codes (shown once)',
      body: CodeBody,
      response: { 200: RecoveryCodes, ...errors(400, 409) },
    },
    handler: async (req) => {
      const codes = await confirmTotp(db, await security.keys(), who(req).adminId, req.body.code, security.now());
      await ownChange(req, 'enable-totp', {
        notice: 'Two-factor sign-in with an authenticator app was turned on for your account.',
      });
      return {
        statusCode: 200,
        message:
          'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
        recoveryCodes: codes,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/account/totp/recoverycodes',
    preHandler: own,
    config: limited,
    schema: {
      operationId: 'regenerateRecoveryCodes',
      ...mine,
      summary: 'Ten new recovery codes with a current code; the old ones stop working',
      body: CodeBody,
      response: { 200: RecoveryCodes, ...errors(400, 409), 429: Locked },
    },
    handler: async (req, reply) => {
      const codes = await regenerateRecoveryCodes(
        db,
        await security.keys(),
        who(req).adminId,
        req.body.code,
        security.now(),
      ).catch((e: unknown) => withRetryAfter(reply, e));
      await ownChange(req, 'regenerate-recovery-codes', {
        notice: 'New recovery codes were made for your account; the earlier ones no longer work.',
      });
      return {
        statusCode: 200,
        message: 'New recovery codes made. The earlier ones no longer work.',
        recoveryCodes: codes,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/account/totp/disable',
    preHandler: own,
    config: limited,
    schema: {
      operationId: 'disableTotp',
      ...mine,
      summary:
        'Turns the authenticator app off: needs the password and a current code; every other session of the account ends',
      body: DisableBody,
      response: { 200: answer(), ...errors(400, 409), 429: Locked },
    },
    handler: async (req, reply) => {
      const b = req.body;
      await disableTotp(db, await security.keys(), who(req).adminId, b.password, b.code, security.now()).catch(
        (e: unknown) => withRetryAfter(reply, e),
      );
      await deleteSessionsOf(db, who(req).adminId, who(req).sessionId);
      await ownChange(req, 'disable-totp', {
        notice:
          'Two-factor sign-in with an authenticator app was turned off for your account. Every other session of the account has ended.',
      });
      return {
        statusCode: 200,
        message: 'Two-factor sign-in with an authenticator app is off. Every other session of your account has ended.',
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/account/passkeys',
    preHandler: own,
    schema: {
      operationId: 'listPasskeys',
      ...mine,
      summary: "The account's passkeys",
      response: { 200: answer({ passkeys: z.array(PasskeyView) }) },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Passkeys fetched successfully',
      passkeys: await listPasskeys(db, who(req).adminId),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/account/passkeys/start',
    preHandler: own,
    schema: {
      operationId: 'startPasskeyRegistration',
      ...mine,
      summary: 'Options for navigator.credentials.create() (WebAuthn) and the id of their challenge (five minutes)',
      response: { 200: WebauthnOptions('PublicKeyCredentialCreationOptionsJSON'), ...errors(409) },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Passkey options made',
      ...(await startRegistration(db, await security.rp(), who(req), security.now())),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/account/passkeys/finish',
    preHandler: own,
    config: limited,
    schema: {
      operationId: 'finishPasskeyRegistration',
      ...mine,
      summary: "Registers the passkey from the browser's answer under a name",
      body: FinishPasskeyBody,
      response: { 200: answer({ passkey: PasskeyView }), ...errors(400, 409) },
    },
    handler: async (req) => {
      const b = req.body;
      const passkey = await finishRegistration(
        db,
        await security.rp(),
        who(req).adminId,
        { challengeId: b.challengeId, name: b.name, response: b.response },
        security.now(),
      );
      await ownChange(req, 'add-passkey', {
        what: passkey.name,
        notice: `A passkey named "${passkey.name}" was added to your account.`,
      });
      return { statusCode: 200, message: `Passkey "${passkey.name}" added.`, passkey };
    },
  });

  ownRemoval(
    '/api/account/passkeys/remove',
    'removePasskey',
    'Removes one of the account’s passkeys',
    RemovePasskeyBody,
    async (req) => {
      const b = req.body;
      const removed = await removePasskey(db, who(req).adminId, b.passkey_id);
      await ownChange(req, 'remove-passkey', {
        what: removed.name,
        notice: `The passkey named "${removed.name}" was removed from your account.`,
      });
      return { statusCode: 200, message: `Passkey "${removed.name}" removed.` };
    },
  );

  /* ---------------------------------------------------------------- sessions */

  route(app, {
    method: 'GET',
    url: '/api/account/sessions',
    preHandler: own,
    schema: {
      operationId: 'listSessions',
      ...mine,
      summary: "The account's own sessions: created, last seen, address, device, and which one is this",
      response: { 200: answer({ sessions: z.array(SessionView) }) },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Sessions fetched successfully',
      sessions: await listSessions(
        db,
        who(req).adminId,
        who(req).sessionId,
        security.now().getTime(),
        lifetimesOf(await security.settings()),
      ),
    }),
  });

  ownRemoval(
    '/api/account/sessions/revoke',
    'revokeSession',
    'Ends one of the account’s sessions (this one too, which signs out)',
    RevokeBody,
    async (req) => {
      const b = req.body;
      if (!(await revokeSessionById(db, who(req).adminId, b.id))) throw new AppError(404, 'Session not found');
      ownAudit(req, 'revoke-session');
      return { statusCode: 200, message: 'The session has ended.' };
    },
  );

  route(app, {
    method: 'POST',
    url: '/api/account/sessions/revokeothers',
    preHandler: own,
    schema: {
      operationId: 'revokeOtherSessions',
      ...mine,
      summary: 'Sign out everywhere else: ends every session of the account but this one',
      response: { 200: answer({ ended: int }) },
    },
    handler: async (req) => {
      const ended = await deleteSessionsOf(db, who(req).adminId, who(req).sessionId);
      ownAudit(req, 'revoke-other-sessions', ended);
      return {
        statusCode: 200,
        message: ended
          ? `Signed out everywhere else (${ended} session${ended === 1 ? '' : 's'} ended).`
          : 'There were no other sessions.',
        ended,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admins/endsessions',
    preValidation: admin,
    schema: {
      operationId: 'endAdminSessions',
      ...administrators,
      summary: 'Ends every session of an account (one’s own: every other one)',
      body: EndSessionsBody,
      response: { 200: answer({ ended: int }), ...errors(400, 404) },
    },
    handler: async (req) => {
      const id = req.body.admin_id;
      const target = await db.selectFrom('admins').select('email').where('admin_id', '=', id).executeTakeFirst();
      if (!target) throw new AppError(404, 'Administrator not found');
      const ended = await deleteSessionsOf(db, id, id === who(req).adminId ? who(req).sessionId : undefined);
      req.audit = { action: 'end-sessions', target: 'admins', recordId: id, summary: `${target.email}: ${ended}` };
      return { statusCode: 200, message: `Every session of ${target.email} has ended (${ended}).`, ended };
    },
  });

  /* ---------------------------------------------------------------- security settings */

  const Settings = answer({ settings: SecuritySettingsView });
  route(app, {
    method: 'GET',
    url: '/api/admins/securitysettings',
    preHandler: admin,
    schema: {
      operationId: 'getSecuritySettings',
      ...administrators,
      summary: 'The sign-in policy and session lifetimes',
      response: { 200: Settings },
    },
    handler: async () => ({
      statusCode: 200,
      message: 'Security settings fetched successfully',
      settings: await security.settings(),
    }),
  });
  route(app, {
    method: 'POST',
    url: '/api/admins/securitysettings',
    preHandler: admin,
    schema: {
      operationId: 'updateSecuritySettings',
      ...administrators,
      summary: 'Changes the sign-in policy or the session lifetimes (the keys sent; the others stay)',
      body: SecuritySettingsBody,
      response: { 200: Settings, ...errors(400) },
    },
    handler: async (req) => {
      const settings = await saveSecuritySettings(db, req.body, security.now());
      req.audit = { action: 'update', target: 'security-settings', summary: JSON.stringify(settings) };
      return { statusCode: 200, message: 'Security settings saved', settings };
    },
  });

  /* ---------------------------------------------------------------- the second step of a sign-in, passkey sign-in */

  const signIn = { roles: PUBLIC, tags: signInTags } as const;
  route(app, {
    method: 'POST',
    url: '/api/admin/verifytotp',
    config: limited,
    schema: {
      operationId: 'verifyTotp',
      ...signIn,
      summary:
        'The second step of a sign-in: the mfaToken of adminLogin and a current code or one recovery code; starts the session',
      description:
        'A code already used is refused; a recovery code works once. Five wrong codes lock the second step for 15 minutes (429 with the time left and Retry-After).',
      body: VerifyTotpBody,
      response: {
        200: answer({
          admin: SignedIn,
          recoveryCodesLeft: int.optional().meta(about('When a recovery code signed in: how many are left')),
        }),
        ...errors(400, 401),
        429: Locked,
      },
    },
    handler: async (req, reply) => {
      const { mfaToken, code } = req.body;
      const now = security.now();
      if (typeof mfaToken !== 'string' || !mfaToken)
        throw new AppError(400, 'Please sign in with your email and password first.');
      const pending = await readChallenge(db, mfaToken, 'mfa', now);
      if (!pending?.adminId) throw new AppError(401, EXPIRED);
      const result = await checkSecondStep(db, await security.keys(), pending.adminId, code, now).catch((e: unknown) =>
        withRetryAfter(reply, e),
      );
      if (!(await consumeChallenge(db, mfaToken))) throw new AppError(401, EXPIRED);
      const account = await db
        .selectFrom('admins')
        .select(['admin_id', 'email'])
        .where('admin_id', '=', pending.adminId)
        .executeTakeFirstOrThrow();
      await security.signIn(req, reply, { adminId: Number(account.admin_id), email: account.email });
      const left = result.method === 'recovery' ? (result.recoveryCodesLeft ?? 0) : null;
      if (left !== null)
        await security.changed(
          req,
          account.email,
          `A recovery code was used to sign in to your account (${left} left).`,
        );
      return {
        statusCode: 200,
        message: left === null ? 'Login successful' : `Login successful. You used a recovery code: ${left} left.`,
        admin: { email: account.email },
        ...(left === null ? {} : { recoveryCodesLeft: left }),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/passkeylogin/start',
    config: limited,
    schema: {
      operationId: 'startPasskeyLogin',
      ...signIn,
      summary:
        'Options for navigator.credentials.get(): with an mfaToken the account’s passkeys (second step), without one any passkey of this site (sign-in without a password)',
      // Optional: without a body, the passkey sign-in without a password.
      requestBody: { required: false, content: { 'application/json': { schema: fromZod(PasskeyLoginStartBody) } } },
      body: PasskeyLoginStartBody,
      response: { 200: WebauthnOptions('PublicKeyCredentialRequestOptionsJSON'), ...errors(400, 401) },
    },
    handler: async (req) => {
      const { mfaToken } = req.body;
      let adminId: number | null = null;
      if (mfaToken !== undefined) {
        const pending = await readChallenge(db, mfaToken, 'mfa', security.now());
        if (!pending?.adminId) throw new AppError(401, EXPIRED);
        adminId = pending.adminId;
      }
      return {
        statusCode: 200,
        message: 'Passkey options made',
        ...(await startAuthentication(db, await security.rp(), adminId, security.now())),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/passkeylogin/finish',
    config: limited,
    schema: {
      operationId: 'finishPasskeyLogin',
      ...signIn,
      summary:
        "Signs in with the browser's passkey answer (and the mfaToken when it is the second step); starts the session",
      body: PasskeyLoginFinishBody,
      response: { 200: answer({ admin: SignedIn }), ...errors(400, 401) },
    },
    handler: async (req, reply) => {
      const { challengeId, response, mfaToken } = req.body;
      const now = security.now();
      const { adminId, passwordless } = await finishAuthentication(
        db,
        await security.rp(),
        { challengeId, response },
        now,
      );
      if (!passwordless) {
        const pending = await readChallenge(db, mfaToken, 'mfa', now);
        // A pending second step was read by a text token, so only a text token gets here.
        if (pending?.adminId !== adminId || typeof mfaToken !== 'string' || !(await consumeChallenge(db, mfaToken))) {
          throw new AppError(401, EXPIRED);
        }
      }
      const account = await db
        .selectFrom('admins')
        .select(['admin_id', 'email', 'password_hash'])
        .where('admin_id', '=', adminId)
        .executeTakeFirstOrThrow();
      await security.signIn(req, reply, { adminId, email: account.email });
      return { statusCode: 200, message: 'Login successful', admin: { email: account.email } };
    },
  });
}
