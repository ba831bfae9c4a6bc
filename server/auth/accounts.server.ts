import type { ExpressionBuilder, Kysely } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../db/index';
import { AppError } from '../lib/errors';
import { hashPassword, verifyPassword } from './passwords.server';
import { passwordProblem } from './password-policy.server';
import { deleteSessionsOf } from './sessions.server';
import { consumeToken, issueToken, lastIssued, peekToken, TOKEN_TTL_MS, type TokenPurpose } from './tokens.server';
import type { Database } from '../database';
import type { AdminAccount } from '../../content/admin-views';
import { isRole, ROLE_LABELS, type Role } from '../../content/roles';

/**
 * The password hash of an invited administrator who has not chosen a password yet: not a scrypt hash,
 * so no password ever matches it.
 */
export const PENDING_HASH = '!invited';

/** A reset mail is sent at most once in this period per account (more requests answer the same). */
export const RESET_MAIL_INTERVAL_MS = 60_000;

export type { AdminAccount };

const emailSchema = z.email();

/** A trimmed, lowercased email address, or 400 with a message. */
export function normaliseEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!email) throw new AppError(400, 'Please enter an email address.');
  if (email.length > 254 || !emailSchema.safeParse(email).success)
    throw new AppError(400, 'Please enter a valid email address.');
  return email;
}

/** Throws 400 with the policy's message when a new password is not acceptable. */
export function checkNewPassword(password: unknown, email: string): string {
  if (typeof password !== 'string' || password.length === 0) throw new AppError(400, 'Please enter a new password.');
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError(400, problem);
  return password;
}

export async function listAdmins(db: Kysely<Database>): Promise<AdminAccount[]> {
  const rows = await db
    .selectFrom('admins')
    .leftJoin('admin_security', 'admin_security.admin_id', 'admins.admin_id')
    .select((eb) => [
      'admins.admin_id',
      'admins.email',
      'admins.password_hash',
      'admins.created_at',
      'admins.invited_by',
      'admins.password_changed_at',
      'admins.role',
      'admin_security.totp_enabled_at',
      'admin_security.last_login_at',
      eb.selectFrom('admin_passkeys').select((e) => e.fn.countAll().as('n')).whereRef('admin_passkeys.admin_id', '=', 'admins.admin_id').as('passkeys'),
    ])
    .orderBy('admins.admin_id', 'asc')
    .execute();
  return rows.map((r) => ({
    admin_id: Number(r.admin_id),
    email: String(r.email),
    status: r.password_hash === PENDING_HASH ? 'invited' : 'active',
    created_at: String(r.created_at),
    invited_by: r.invited_by ?? null,
    password_changed_at: r.password_changed_at ?? null,
    // A value the server never writes grants the narrowest view here; such an account cannot sign in (sessions.server).
    role: isRole(r.role) ? r.role : 'intake',
    two_factor: { totp: !!r.totp_enabled_at, passkeys: Number(r.passkeys ?? 0) },
    last_login_at: r.last_login_at ?? null,
  }));
}

/**
 * Creates an invited administrator (no password yet) and a 72-hour invitation token. Inviting an
 * address that is still pending issues a fresh link; an active administrator answers 409.
 */
export async function inviteAdmin(
  db: Kysely<Database>,
  email: string,
  invitedBy: string,
  role: Role = 'admin',
): Promise<{ adminId: number; token: string; resent: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('admins')
      .select(['admin_id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing && existing.password_hash !== PENDING_HASH) {
      throw new AppError(409, 'An administrator with this email address already exists.');
    }
    let adminId: number;
    if (existing) {
      adminId = Number(existing.admin_id);
      await trx.updateTable('admins').set({ invited_by: invitedBy, role }).where('admin_id', '=', adminId).execute();
    } else {
      const row = await trx
        .insertInto('admins')
        .values({
          email,
          password_hash: PENDING_HASH,
          created_at: nowIso(),
          password_changed_at: null,
          invited_by: invitedBy,
          role,
        })
        .returning('admin_id')
        .executeTakeFirstOrThrow();
      adminId = Number(row.admin_id);
    }
    const token = await issueToken(trx, adminId, 'invite');
    return { adminId, token, resent: !!existing };
  });
}

/**
 * Removes an account with its sessions and links. The last administrator (role admin) who can sign in
 * is never removed: the delete itself checks that another active one remains (one statement).
 */
export async function removeAdmin(db: Kysely<Database>, adminId: number): Promise<AdminAccount> {
  const target = (await listAdmins(db)).find((a) => a.admin_id === adminId);
  if (!target) throw new AppError(404, 'Administrator not found');
  const res = await db
    .deleteFrom('admins')
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('password_hash', '=', PENDING_HASH), eb('role', '!=', 'admin'), otherActiveAdmins(eb, adminId)]))
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) {
    throw new AppError(409, 'The last administrator cannot be removed. Invite another administrator first.');
  }
  // The foreign keys cascade; said explicitly so it holds whatever the database's settings.
  await deleteSessionsOf(db, adminId);
  await db.deleteFrom('admin_tokens').where('admin_id', '=', adminId).execute();
  return target;
}

/** True when an active account other than adminId has the role admin (a condition inside one statement). */
function otherActiveAdmins(eb: ExpressionBuilder<Database, 'admins'>, adminId: number) {
  return eb(
    eb
      .selectFrom('admins as other')
      .select((e) => e.fn.countAll().as('n'))
      .where('other.admin_id', '!=', adminId)
      .where('other.role', '=', 'admin')
      .where('other.password_hash', '!=', PENDING_HASH),
    '>',
    0,
  );
}

export const LAST_ADMIN_ROLE = 'The last administrator cannot be given another role. Make another account an administrator first.';

/**
 * Gives an account another role and ends its sessions (all of them, or all but `keepSession` when the
 * account changes its own role), so every instance applies it at once. The last active administrator
 * keeps the role admin: the update itself checks that another one remains (one statement). Answers
 * the account before and after.
 */
export async function setAdminRole(
  db: Kysely<Database>,
  adminId: number,
  role: Role,
  keepSession?: string,
): Promise<{ before: AdminAccount; after: AdminAccount }> {
  const before = (await listAdmins(db)).find((a) => a.admin_id === adminId);
  if (!before) throw new AppError(404, 'Administrator not found');
  if (before.role === role) return { before, after: before };
  const res = await db
    .updateTable('admins')
    .set({ role })
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('password_hash', '=', PENDING_HASH), eb('role', '!=', 'admin'), otherActiveAdmins(eb, adminId)]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(409, LAST_ADMIN_ROLE);
  await deleteSessionsOf(db, adminId, keepSession);
  return { before, after: { ...before, role } };
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** Stores a new password hash, ends every session of the account and drops its unused links. */
async function storePassword(db: Kysely<Database>, adminId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ password_hash: hash, password_changed_at: nowIso(), failed_logins: 0, locked_until: null })
      .where('admin_id', '=', adminId)
      .execute();
    await trx.deleteFrom('sessions').where('admin_id', '=', adminId).execute();
    await trx.deleteFrom('admin_tokens').where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
  });
}

/** The signed-in administrator changes their own password: the current one must be given. */
export async function changeOwnPassword(
  db: Kysely<Database>,
  adminId: number,
  current: unknown,
  next: unknown,
): Promise<void> {
  if (typeof current !== 'string' || !current) throw new AppError(400, 'Please enter your current password.');
  const row = await db
    .selectFrom('admins')
    .select(['email', 'password_hash'])
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  if (!row) throw new AppError(401, 'Please sign in to continue.');
  if (current.length > 1024 || !(await verifyPassword(current, row.password_hash))) {
    throw new AppError(400, 'The current password is not correct.');
  }
  const password = checkNewPassword(next, row.email);
  if (password === current) throw new AppError(400, 'The new password must differ from the current one.');
  await storePassword(db, adminId, password);
}

/**
 * 'Forgot Password?': a reset token for the account with that email, or null when there is no such
 * account or a link was sent less than RESET_MAIL_INTERVAL_MS ago (the caller answers the same either way).
 */
export async function requestReset(
  db: Kysely<Database>,
  email: string,
  now = Date.now(),
): Promise<{ token: string; email: string } | null> {
  const row = await db.selectFrom('admins').select(['admin_id', 'email']).where('email', '=', email).executeTakeFirst();
  if (!row) return null;
  const adminId = Number(row.admin_id);
  const last = await lastIssued(db, adminId, 'reset');
  if (last !== null && now - last < RESET_MAIL_INTERVAL_MS) return null;
  return { token: await issueToken(db, adminId, 'reset', now), email: String(row.email) };
}

/** Sets a password through a one-time link (reset or invitation). The link works once. */
export async function resetWithToken(
  db: Kysely<Database>,
  token: unknown,
  password: unknown,
): Promise<{ email: string; purpose: TokenPurpose }> {
  const info = await peekToken(db, token);
  if (!info) throw new AppError(400, 'This link is invalid or has expired. Please ask for a new one.');
  const checked = checkNewPassword(password, info.email);
  const hash = await hashPassword(checked);
  const used = await db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, token as string))) return false;
    await trx
      .updateTable('admins')
      .set({ password_hash: hash, password_changed_at: nowIso(), failed_logins: 0, locked_until: null })
      .where('admin_id', '=', info.adminId)
      .execute();
    await trx.deleteFrom('sessions').where('admin_id', '=', info.adminId).execute();
    await trx.deleteFrom('admin_tokens').where('admin_id', '=', info.adminId).where('used_at', 'is', null).execute();
    return true;
  });
  if (!used) throw new AppError(400, 'This link is invalid or has expired. Please ask for a new one.');
  return { email: info.email, purpose: info.purpose };
}

/** Hours or minutes a link of this purpose lives, as a person reads it. */
export function ttlText(purpose: TokenPurpose): string {
  const minutes = TOKEN_TTL_MS[purpose] / 60_000;
  return minutes >= 120 ? `${minutes / 60} hours` : `${minutes} minutes`;
}
