import { createHash, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../database';
import { isRole, type Role } from '../../content/roles';
import type { SessionView } from '../../content/admin-views';

export const SESSION_COOKIE = 'lex_session';

/**
 * How long a session lives: it ends after `idleMs` without use and `absoluteMs` after it began, whatever
 * happens. Both are security settings (decision 0045); these are the defaults.
 */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_LIFETIMES: SessionLifetimes = { idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS };

export interface SessionAdmin {
  adminId: number;
  email: string;
  /** The stored key of the session (the SHA-256 of its cookie token). */
  sessionId: string;
  /** The account has a second factor (an authenticator app or a passkey). */
  twoFactor: boolean;
  /** Read from the account on every request, so a role change applies at once on every instance. */
  role: Role;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The id a session is shown and revoked by: derived from its stored key, never the key itself. */
export const publicSessionId = (sessionId: string) => createHash('sha256').update(`session:${sessionId}`).digest('base64url').slice(0, 22);

/** Creates a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: DbOrTrx,
  adminId: number,
  meta: { ip?: string; userAgent?: string },
  now: number = Date.now(),
  absoluteMs: number = ABSOLUTE_MS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      session_id: hashToken(token),
      admin_id: adminId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + absoluteMs).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/**
 * Starts a session for the administrator and sets its cookie on the reply (sign-in, its second step, a
 * changed password). Answers the new session's stored key.
 */
export async function startSession(
  db: Kysely<Database>,
  adminId: number,
  req: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  now: number = Date.now(),
  lifetimes: SessionLifetimes = DEFAULT_LIFETIMES,
): Promise<string> {
  const token = await createSession(db, adminId, { ip: req.ip, userAgent: req.headers['user-agent'] }, now, lifetimes.absoluteMs);
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: Math.floor(lifetimes.absoluteMs / 1000) });
  return hashToken(token);
}

/**
 * The administrator behind a cookie token, or null. A session past its idle or absolute lifetime (as the
 * settings now say) is deleted. Touches last_seen at most once a minute. Sessions live in the database, so
 * one ended on any instance is refused by every instance at its next request.
 */
export async function readSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number = Date.now(),
  lifetimes: SessionLifetimes = DEFAULT_LIFETIMES,
): Promise<SessionAdmin | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.admin_id', 'sessions.admin_id')
    .leftJoin('admin_security', 'admin_security.admin_id', 'sessions.admin_id')
    .select((eb) => [
      'sessions.session_id',
      'sessions.admin_id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'admins.email',
      'admins.role',
      'admin_security.totp_enabled_at',
      eb.exists(eb.selectFrom('admin_passkeys').select('passkey_id').whereRef('admin_passkeys.admin_id', '=', 'sessions.admin_id')).as('has_passkey'),
    ])
    .where('sessions.session_id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  const ends = Math.min(Date.parse(row.expires_at), Date.parse(row.created_at) + lifetimes.absoluteMs);
  if (ends <= now || lastSeen + lifetimes.idleMs <= now) {
    await db.deleteFrom('sessions').where('session_id', '=', id).execute();
    return null;
  }
  if (now - lastSeen > 60_000) {
    await db.updateTable('sessions').set({ last_seen_at: new Date(now).toISOString() }).where('session_id', '=', id).execute();
  }
  // A value the server never writes grants nothing: no session.
  if (!isRole(row.role)) return null;
  return {
    adminId: Number(row.admin_id),
    email: row.email,
    sessionId: id,
    role: row.role,
    twoFactor: !!row.totp_enabled_at || !!Number(row.has_passkey),
  };
}

export async function deleteSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('session_id', '=', hashToken(token)).execute();
}

/** Ends every session of an account, or every one but `keep` (the session making the change). */
export async function deleteSessionsOf(db: DbOrTrx, adminId: number, keep?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('admin_id', '=', adminId);
  if (keep) q = q.where('session_id', '!=', keep);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function purgeExpiredSessions(db: Kysely<Database>, now: number = Date.now(), lifetimes: SessionLifetimes = DEFAULT_LIFETIMES): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date(now).toISOString()),
        eb('created_at', '<=', new Date(now - lifetimes.absoluteMs).toISOString()),
        eb('last_seen_at', '<=', new Date(now - lifetimes.idleMs).toISOString()),
      ]),
    )
    .execute();
}

/** "Chrome 131 on Linux": the browser and system a user agent names (bowser), or a plain fallback. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const p = Bowser.parse(userAgent);
  const browser = p.browser.name ? `${p.browser.name}${p.browser.version ? ` ${p.browser.version.split('.')[0]}` : ''}` : '';
  const os = p.os.name ? `${p.os.name}${p.os.versionName ? ` ${p.os.versionName}` : ''}` : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}

export type { SessionView };

/** An account's live sessions, newest use first; `current` marks the one asking. */
export async function listSessions(db: Kysely<Database>, adminId: number, currentSessionId: string, now: number, lifetimes: SessionLifetimes): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['session_id', 'created_at', 'expires_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('admin_id', '=', adminId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .filter((r) => Math.min(Date.parse(r.expires_at), Date.parse(r.created_at) + lifetimes.absoluteMs) > now && Date.parse(r.last_seen_at) + lifetimes.idleMs > now)
    .map((r) => ({
      id: publicSessionId(r.session_id),
      created_at: r.created_at,
      last_seen_at: r.last_seen_at,
      ip: r.ip,
      device: describeDevice(r.user_agent),
      current: r.session_id === currentSessionId,
    }));
}

/** Ends one of the account's sessions by its shown id; false when it has no such session. */
export async function revokeSessionById(db: Kysely<Database>, adminId: number, publicId: string): Promise<boolean> {
  const rows = await db.selectFrom('sessions').select('session_id').where('admin_id', '=', adminId).execute();
  const match = rows.find((r) => publicSessionId(r.session_id) === publicId);
  if (!match) return false;
  await db.deleteFrom('sessions').where('session_id', '=', match.session_id).execute();
  return true;
}
