import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

/** What a one-time link is for, and how long it lives. */
export type TokenPurpose = 'reset' | 'invite';
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: 30 * 60 * 1000,
  invite: 72 * 60 * 60 * 1000,
};

type Db = Kysely<Database> | Transaction<Database>;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A token as it may arrive in a link: base64url, bounded (anything else is never looked up). */
export function isTokenShaped(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

/**
 * Issues a one-time token for an administrator and returns it (only its hash is stored). Earlier
 * unused tokens of the same purpose for that administrator stop working.
 */
export async function issueToken(db: Db, adminId: number, purpose: TokenPurpose, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('admin_tokens')
    .where('admin_id', '=', adminId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('admin_tokens')
    .values({
      token_hash: hashToken(token),
      admin_id: adminId,
      purpose,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + TOKEN_TTL_MS[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export interface TokenInfo {
  adminId: number;
  purpose: TokenPurpose;
  email: string;
}

/** The administrator a token is valid for (unused, not expired), or null. Does not use it up. */
export async function peekToken(db: Db, token: unknown, now = Date.now()): Promise<TokenInfo | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .selectFrom('admin_tokens')
    .innerJoin('admins', 'admins.admin_id', 'admin_tokens.admin_id')
    .select([
      'admin_tokens.admin_id',
      'admin_tokens.purpose',
      'admin_tokens.expires_at',
      'admin_tokens.used_at',
      'admins.email',
    ])
    .where('admin_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= now) return null;
  return { adminId: Number(row.admin_id), purpose: row.purpose as TokenPurpose, email: String(row.email) };
}

/**
 * Uses a token up: true only for the one caller that marks it used while it is still valid
 * (a conditional update, so two requests with the same link cannot both succeed).
 */
export async function consumeToken(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const res = await db
    .updateTable('admin_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The newest reset token issued to an administrator (to refuse a flood of reset mails). */
export async function lastIssued(db: Db, adminId: number, purpose: TokenPurpose): Promise<number | null> {
  const row = await db
    .selectFrom('admin_tokens')
    .select('created_at')
    .where('admin_id', '=', adminId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Date.parse(row.created_at) : null;
}

/** Forgets tokens that expired more than a day ago. */
export async function purgeOldTokens(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('admin_tokens')
    .where('expires_at', '<=', new Date(now - 24 * 3600_000).toISOString())
    .execute();
}
