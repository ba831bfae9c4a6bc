import type { Kysely } from 'kysely';
import { nowIso } from '../db/index';
import { hashPassword, randomPassword, verifyPassword, DUMMY_HASH_PROMISE } from './passwords.server';
import { deleteSessionsOf } from './sessions.server';
import type { Database } from '../database';

export const LOCK_AFTER = 5;

/** Creates the first administrator when none exists. Returns the generated password, if one was made. */
export async function ensureAdmin(
  db: Kysely<Database>,
  opts: { email?: string; password?: string },
): Promise<{ email: string; password?: string } | null> {
  const any = await db.selectFrom('admins').select('admin_id').limit(1).executeTakeFirst();
  if (any) return null;
  const email = (opts.email ?? 'admin@example.com').toLowerCase();
  const generated = opts.password ? undefined : randomPassword();
  await db
    .insertInto('admins')
    .values({ email, password_hash: await hashPassword(opts.password ?? generated!), created_at: nowIso(), password_changed_at: nowIso() })
    .execute();
  return { email, password: generated };
}

export async function setPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const row = await db.selectFrom('admins').select('admin_id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('admins')
    .set({ password_hash: await hashPassword(password), password_changed_at: nowIso(), failed_logins: 0, locked_until: null })
    .where('admin_id', '=', row.admin_id)
    .execute();
  await deleteSessionsOf(db, Number(row.admin_id));
  return true;
}

export type LoginResult =
  | { ok: true; adminId: number; email: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

/**
 * Checks credentials. After LOCK_AFTER failures in a row the account is locked for a delay that doubles
 * with each further failure (30 s, 60 s, … up to 1 hour); a success resets it.
 */
export async function checkLogin(db: Kysely<Database>, email: string, password: string): Promise<LoginResult> {
  const row = await db.selectFrom('admins').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  // An unknown address, or an invited administrator without a password yet: same work, same answer.
  if (!row || !String(row.password_hash).startsWith('scrypt$')) {
    await verifyPassword(password, await DUMMY_HASH_PROMISE);
    return { ok: false, reason: 'invalid' };
  }
  const now = Date.now();
  if (row.locked_until && Date.parse(row.locked_until) > now) {
    return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil((Date.parse(row.locked_until) - now) / 1000) };
  }
  if (await verifyPassword(password, row.password_hash)) {
    if (row.failed_logins || row.locked_until) {
      await db.updateTable('admins').set({ failed_logins: 0, locked_until: null }).where('admin_id', '=', row.admin_id).execute();
    }
    return { ok: true, adminId: Number(row.admin_id), email: row.email };
  }
  const failures = Number(row.failed_logins) + 1;
  const lockedUntil =
    failures >= LOCK_AFTER ? new Date(now + Math.min(3600, 30 * 2 ** (failures - LOCK_AFTER)) * 1000).toISOString() : null;
  await db.updateTable('admins').set({ failed_logins: failures, locked_until: lockedUntil }).where('admin_id', '=', row.admin_id).execute();
  return { ok: false, reason: 'invalid' };
}
