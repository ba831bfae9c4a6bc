import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MailService } from '../mail/service.server';
import { escapeHtml } from '../mail/templates.server';
import type { Services } from '../services';
import { relyingParty, type RelyingParty } from './passkeys.server';
import { issueChallenge, lifetimesOf, loadSecuritySettings, SecretKeys, type SecuritySettings } from './security.server';
import { describeDevice, startSession } from './sessions.server';
import { recordSignIn, twoFactorStatus } from './two-factor.server';

/** The cookie that lets the new-device alert recognise a browser an account has signed in from. */
export const DEVICE_COOKIE = 'lex_device';
const DEVICE_COOKIE_DAYS = 400;
/** How long the second step of a sign-in may take after the password. */
export const MFA_STEP_TTL_MS = 10 * 60 * 1000;

export const MFA_REQUIRED_MESSAGE =
  'Password accepted. To finish signing in, enter the code from your authenticator app (or a recovery code), or use a passkey.';

/**
 * What the sign-in and account-security routes share (decisions 0043–0045): the derived keys, the security
 * settings, the relying party, starting a session once every step passed, and the alert mails.
 */
export class AccountSecurity {
  private keysPromise: Promise<SecretKeys> | null = null;

  constructor(
    readonly services: Services,
    private readonly mail: MailService,
  ) {}

  get db() {
    return this.services.store.db;
  }

  /** The time the sign-in rules read (TOTP steps, lockouts, session lifetimes); tests move it. */
  now(): Date {
    return this.services.authClock.now();
  }

  keys(): Promise<SecretKeys> {
    this.keysPromise ??= SecretKeys.load(this.db, this.services.config.linkSecret).catch((err: unknown) => {
      this.keysPromise = null;
      throw err;
    });
    return this.keysPromise;
  }

  settings(): Promise<SecuritySettings> {
    return loadSecuritySettings(this.db);
  }

  async rp(): Promise<RelyingParty> {
    return relyingParty(this.services.config.publicUrl, (await this.services.settings.get()).firmName);
  }

  get secure(): boolean {
    return this.services.config.publicUrl.startsWith('https:');
  }

  /**
   * After a right password: an account with a second factor gets a token for the second step (and no
   * session); any other account is signed in as the spec says.
   */
  async afterPassword(
    req: FastifyRequest,
    reply: FastifyReply,
    account: { adminId: number; email: string },
  ): Promise<{ mfaRequired: true; mfaToken: string; methods: { totp: boolean; passkey: boolean } } | null> {
    const status = await twoFactorStatus(this.db, account.adminId);
    if (!status.totp && !status.passkeys) {
      await this.signIn(req, reply, account);
      return null;
    }
    const mfaToken = await issueChallenge(this.db, 'mfa', account.adminId, null, this.now(), MFA_STEP_TTL_MS);
    return { mfaRequired: true, mfaToken, methods: { totp: status.totp, passkey: status.passkeys > 0 } };
  }

  /** Every step passed: the session starts, the sign-in is recorded, and a device not seen before is mailed about. */
  async signIn(req: FastifyRequest, reply: FastifyReply, account: { adminId: number; email: string }): Promise<void> {
    const now = this.now();
    const settings = await this.settings();
    await startSession(this.db, account.adminId, req, reply, this.secure, now.getTime(), lifetimesOf(settings));
    await recordSignIn(this.db, account.adminId, now);
    await this.noteDevice(req, reply, account, now);
  }

  /**
   * A device is known to an account when the browser brings a device cookie the account signed in with
   * before, or, without one (scripts and API clients keep no cookies), when the same user agent signed in
   * from the same address before. The first sign-in of an account only records its device.
   */
  private async noteDevice(req: FastifyRequest, reply: FastifyReply, account: { adminId: number; email: string }, now: Date): Promise<void> {
    const h = (s: string) => createHash('sha256').update(s).digest('base64url');
    let token = req.cookies[DEVICE_COOKIE];
    const hadCookie = typeof token === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(token);
    if (!hadCookie) token = randomBytes(24).toString('base64url');
    const ua = String(req.headers['user-agent'] ?? '');
    const keys = [`cookie:${h(token!)}`, `agent:${h(`${ua}|${req.ip}`)}`];
    const seen = await this.db.selectFrom('admin_devices').select('device_hash').where('admin_id', '=', account.adminId).execute();
    const known = seen.some((d) => (hadCookie ? keys : keys.slice(1)).includes(d.device_hash));
    const at = now.toISOString();
    for (const device_hash of keys) {
      await this.db
        .insertInto('admin_devices')
        .values({ admin_id: account.adminId, device_hash, created_at: at, last_seen_at: at })
        .onConflict((oc) => oc.columns(['admin_id', 'device_hash']).doUpdateSet({ last_seen_at: at }))
        .execute();
    }
    reply.setCookie(DEVICE_COOKIE, token!, { httpOnly: true, sameSite: 'strict', secure: this.secure, path: '/', maxAge: DEVICE_COOKIE_DAYS * 86_400 });
    if (!known && seen.length > 0) {
      await this.alert(account.email, 'New sign-in to your account', [
        `Your administrator account signed in from a device it has not used before: ${describeDevice(ua)}, address ${req.ip}, at ${at} (UTC).`,
        'If this was you, nothing needs doing.',
        `If it was not you, change your password at once under My account (${this.services.config.publicUrl}/admin-side-bar/my-account) and end the sessions you do not recognise.`,
      ]);
    }
  }

  /** A security alert to the account's own address, through the outbox. */
  async alert(to: string, subject: string, lines: string[]): Promise<void> {
    const firm = (await this.services.settings.get()).firmName;
    try {
      await this.mail.queueMessage({
        kind: 'admin',
        to,
        subject: `${subject} (${firm})`,
        text: [...lines, '', `This is a security notice from the website of ${firm}.`].join('\n\n'),
        html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${lines
          .map((l) => `<p>${escapeHtml(l)}</p>`)
          .join('')}<p style="color:#555">This is a security notice from the website of ${escapeHtml(firm)}.</p></body></html>`,
      });
    } catch (err) {
      // The change itself stands; a mail that could not be queued is logged, not answered as a failure.
      this.services.log.error({ err }, 'security alert could not be queued');
    }
  }

  /** The alert of a security change made on the account (password, two-factor, passkeys, role). */
  async changed(req: FastifyRequest, to: string, what: string): Promise<void> {
    await this.alert(to, 'Security change on your account', [
      `${what}`,
      `When: ${this.now().toISOString()} (UTC), from ${describeDevice(String(req.headers['user-agent'] ?? ''))}, address ${req.ip}.`,
      `If you did not make this change, sign in and review My account (${this.services.config.publicUrl}/admin-side-bar/my-account), or ask another administrator to end your sessions.`,
    ]);
  }
}
