import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../database';
import { AppError } from '../lib/errors';
import { verifyPassword } from './passwords.server';
import type { SecretKeys } from './security.server';
import type { TwoFactorStatus } from '../../content/admin-views';

/**
 * Two-factor sign-in with an authenticator app (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of
 * drift either way) and ten single-use recovery codes (decision 0043). Every time rule takes `now`
 * from the caller (services.clock), so tests move the 30-second steps and the lockout.
 */
export const PERIOD_S = 30;
export const RECOVERY_CODES = 10;
/** Wrong second-step codes in a row that lock the second step, and for how long. */
export const MFA_LOCK_AFTER = 5;
export const MFA_LOCK_MS = 15 * 60 * 1000;
/** How long a secret shown by startTotp waits for its confirmTotp. */
export const PENDING_TTL_MS = 15 * 60 * 1000;

export const CODE_WRONG = 'The code is not correct. Check your authenticator app and try again.';
export const CODE_REPLAYED = 'This code was already used. Wait for the next code in your authenticator app.';

const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function totpOf(secretBase32: string, issuer = 'Admin', label = 'account'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** The 30-second step a TOTP code of this secret belongs to (now, one before or one after), or null. */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** "ABCD-EFGH-JKMN-PQRS": 80 random bits a person can copy. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

async function securityRow(db: DbOrTrx, adminId: number) {
  await db.insertInto('admin_security').values({ admin_id: adminId, mfa_failures: 0 }).onConflict((oc) => oc.column('admin_id').doNothing()).execute();
  return db.selectFrom('admin_security').selectAll().where('admin_id', '=', adminId).executeTakeFirstOrThrow();
}

export type { TwoFactorStatus };

/** How many of the account's recovery codes are still unused. */
async function recoveryCodesLeft(db: DbOrTrx, adminId: number): Promise<number> {
  const left = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(left?.n ?? 0);
}

export async function twoFactorStatus(db: Kysely<Database>, adminId: number): Promise<TwoFactorStatus> {
  const sec = await db.selectFrom('admin_security').select('totp_enabled_at').where('admin_id', '=', adminId).executeTakeFirst();
  const keys = await db.selectFrom('admin_passkeys').select((eb) => eb.fn.countAll().as('n')).where('admin_id', '=', adminId).executeTakeFirst();
  return {
    totp: !!sec?.totp_enabled_at,
    totpEnabledAt: sec?.totp_enabled_at ?? null,
    recoveryCodesLeft: await recoveryCodesLeft(db, adminId),
    passkeys: Number(keys?.n ?? 0),
  };
}

/** Whether an account must pass a second step after its password (an authenticator app or a passkey). */
export async function hasSecondFactor(db: Kysely<Database>, adminId: number): Promise<boolean> {
  const s = await twoFactorStatus(db, adminId);
  return s.totp || s.passkeys > 0;
}

/** startTotp: a new secret (kept encrypted until confirmed), its otpauth:// URI and a QR code of it. */
export async function startTotp(
  db: Kysely<Database>,
  keys: SecretKeys,
  account: { adminId: number; email: string },
  issuer: string,
  now: Date,
): Promise<{ secret: string; uri: string; qrCode: string }> {
  const row = await securityRow(db, account.adminId);
  if (row.totp_enabled_at) throw new AppError(409, 'Two-factor sign-in is already on. Turn it off first to set up another authenticator app.');
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, issuer.slice(0, 60) || 'Admin', account.email).toString();
  await db
    .updateTable('admin_security')
    .set({ totp_pending: keys.sealSecret(secret, account.adminId), totp_pending_at: now.toISOString() })
    .where('admin_id', '=', account.adminId)
    .execute();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

async function replaceRecoveryCodes(db: DbOrTrx, keys: SecretKeys, adminId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await db
    .insertInto('admin_recovery_codes')
    .values(codes.map((c) => ({ code_hash: keys.hashCode(normaliseRecoveryCode(c)), admin_id: adminId, created_at: now.toISOString(), used_at: null })))
    .execute();
  return codes;
}

function sixDigits(code: unknown): string {
  const c = typeof code === 'string' ? code.replace(/\s/g, '') : '';
  if (!c) throw new AppError(400, 'Please enter the 6-digit code from your authenticator app.');
  if (!/^\d{6}$/.test(c)) throw new AppError(400, 'The code is the 6 digits your authenticator app shows.');
  return c;
}

/** confirmTotp: a current code of the pending secret turns two-factor on; answers the ten recovery codes. */
export async function confirmTotp(db: Kysely<Database>, keys: SecretKeys, adminId: number, code: unknown, now: Date): Promise<string[]> {
  const c = sixDigits(code);
  const row = await securityRow(db, adminId);
  if (row.totp_enabled_at) throw new AppError(409, 'Two-factor sign-in is already on.');
  if (!row.totp_pending || !row.totp_pending_at || Date.parse(row.totp_pending_at) + PENDING_TTL_MS <= now.getTime()) {
    throw new AppError(400, 'Start the set-up again: the QR code has expired or was never shown.');
  }
  const secret = keys.openSecret(row.totp_pending, adminId);
  const step = matchingStep(secret, c, now.getTime());
  if (step === null) throw new AppError(400, CODE_WRONG);
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('admin_security')
      .set({ totp_secret: keys.sealSecret(secret, adminId), totp_enabled_at: now.toISOString(), totp_last_step: step, totp_pending: null, totp_pending_at: null })
      .where('admin_id', '=', adminId)
      .where('totp_enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(409, 'Two-factor sign-in is already on.');
    return replaceRecoveryCodes(trx, keys, adminId, now);
  });
}

export type SecondStepResult = { ok: true; method: 'totp' | 'recovery'; recoveryCodesLeft?: number };

export function lockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many wrong codes. The second step of signing in is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** 429 with the time left when the account's second step is locked. */
export function assertNotLocked(lockedUntil: string | null, now: Date): void {
  if (!lockedUntil) return;
  const left = Date.parse(lockedUntil) - now.getTime();
  if (left > 0) {
    const seconds = Math.ceil(left / 1000);
    throw new AppError(429, lockedMessage(seconds), { retryAfterSeconds: seconds });
  }
}

/** Counts a wrong second-step code; the MFA_LOCK_AFTER-th in a row locks the step for MFA_LOCK_MS (429). */
async function failSecondStep(db: Kysely<Database>, adminId: number, failures: number, now: Date, message: string): Promise<never> {
  const next = failures + 1;
  const lock = next >= MFA_LOCK_AFTER;
  await db
    .updateTable('admin_security')
    .set({ mfa_failures: lock ? 0 : next, mfa_locked_until: lock ? new Date(now.getTime() + MFA_LOCK_MS).toISOString() : null })
    .where('admin_id', '=', adminId)
    .execute();
  if (lock) throw new AppError(429, lockedMessage(MFA_LOCK_MS / 1000), { retryAfterSeconds: MFA_LOCK_MS / 1000 });
  throw new AppError(400, message);
}

/**
 * Checks a current TOTP code (never one of an already accepted step) or, when `allowRecovery`, one unused
 * recovery code (used up here). Wrong codes count toward the lockout; a right one resets the count.
 */
export async function checkSecondStep(
  db: Kysely<Database>,
  keys: SecretKeys,
  adminId: number,
  code: unknown,
  now: Date,
  allowRecovery = true,
): Promise<SecondStepResult> {
  const raw = typeof code === 'string' ? code.trim() : '';
  if (!raw) throw new AppError(400, allowRecovery ? 'Please enter the code from your authenticator app or a recovery code.' : 'Please enter the 6-digit code from your authenticator app.');
  if (raw.length > 64) throw new AppError(400, CODE_WRONG);
  const row = await securityRow(db, adminId);
  assertNotLocked(row.mfa_locked_until, now);
  const digits = raw.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    if (!row.totp_secret || !row.totp_enabled_at) return failSecondStep(db, adminId, row.mfa_failures, now, CODE_WRONG);
    const step = matchingStep(keys.openSecret(row.totp_secret, adminId), digits, now.getTime());
    if (step === null) return failSecondStep(db, adminId, row.mfa_failures, now, CODE_WRONG);
    // The step is taken only if it is newer than the last one (a conditional update: two requests with
    // the same code cannot both pass, on any instance).
    const res = await db
      .updateTable('admin_security')
      .set({ totp_last_step: step, mfa_failures: 0, mfa_locked_until: null })
      .where('admin_id', '=', adminId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return failSecondStep(db, adminId, row.mfa_failures, now, CODE_REPLAYED);
    return { ok: true, method: 'totp' };
  }
  if (!allowRecovery) return failSecondStep(db, adminId, row.mfa_failures, now, 'The code is the 6 digits your authenticator app shows.');
  const used = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', keys.hashCode(normaliseRecoveryCode(raw)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return failSecondStep(db, adminId, row.mfa_failures, now, CODE_WRONG);
  await db.updateTable('admin_security').set({ mfa_failures: 0, mfa_locked_until: null }).where('admin_id', '=', adminId).execute();
  return { ok: true, method: 'recovery', recoveryCodesLeft: await recoveryCodesLeft(db, adminId) };
}

/** New recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(db: Kysely<Database>, keys: SecretKeys, adminId: number, code: unknown, now: Date): Promise<string[]> {
  const row = await securityRow(db, adminId);
  if (!row.totp_enabled_at) throw new AppError(409, 'Two-factor sign-in with an authenticator app is off.');
  sixDigits(code);
  await checkSecondStep(db, keys, adminId, code, now, false);
  return db.transaction().execute((trx) => replaceRecoveryCodes(trx, keys, adminId, now));
}

/** disableTotp: needs the account's password and a current code; removes the secret and the recovery codes. */
export async function disableTotp(db: Kysely<Database>, keys: SecretKeys, adminId: number, password: unknown, code: unknown, now: Date): Promise<void> {
  if (typeof password !== 'string' || !password) throw new AppError(400, 'Please enter your password.');
  sixDigits(code);
  const row = await securityRow(db, adminId);
  if (!row.totp_enabled_at) throw new AppError(409, 'Two-factor sign-in with an authenticator app is already off.');
  assertNotLocked(row.mfa_locked_until, now);
  const account = await db.selectFrom('admins').select('password_hash').where('admin_id', '=', adminId).executeTakeFirstOrThrow();
  if (password.length > 1024 || !(await verifyPassword(password, account.password_hash))) throw new AppError(400, 'The password is not correct.');
  await checkSecondStep(db, keys, adminId, code, now, false);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_security')
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, totp_pending: null, totp_pending_at: null })
      .where('admin_id', '=', adminId)
      .execute();
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  });
}

/** Marks the account's sign-in time (the administrators page shows it). */
export async function recordSignIn(db: Kysely<Database>, adminId: number, now: Date): Promise<void> {
  await securityRow(db, adminId);
  await db.updateTable('admin_security').set({ last_login_at: now.toISOString() }).where('admin_id', '=', adminId).execute();
}
