import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/index';
import type { Database } from '../database';
import { isRole, type Role } from '../../content/roles';

export const SESSION_COOKIE = 'lex_session';
/** A session ends after 12 hours without use, and after 7 days in any case. */
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionAdmin {
  adminId: number;
  email: string;
  sessionId: string;
  /** Read from the account on every request, so a role change applies at once on every instance. */
  role: Role;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Kysely<Database>,
  adminId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      session_id: hashToken(token),
      admin_id: adminId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ABSOLUTE_MS).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/** Starts a session for the administrator and sets its cookie on the reply (sign-in, a changed password). */
export async function startSession(
  db: Kysely<Database>,
  adminId: number,
  req: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  const token = await createSession(db, adminId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: Math.floor(ABSOLUTE_MS / 1000) });
}

/** The administrator behind a cookie token, or null. Touches last_seen at most once a minute. */
export async function readSession(db: Kysely<Database>, token: string | undefined): Promise<SessionAdmin | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.admin_id', 'sessions.admin_id')
    .select(['sessions.session_id', 'sessions.admin_id', 'sessions.expires_at', 'sessions.last_seen_at', 'admins.email', 'admins.role'])
    .where('sessions.session_id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_MS <= now) {
    await db.deleteFrom('sessions').where('session_id', '=', id).execute();
    return null;
  }
  if (now - lastSeen > 60_000) {
    await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('session_id', '=', id).execute();
  }
  // A value the server never writes grants nothing: no session.
  if (!isRole(row.role)) return null;
  return { adminId: Number(row.admin_id), email: row.email, sessionId: id, role: row.role };
}

export async function deleteSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('session_id', '=', hashToken(token)).execute();
}

/** Ends every session of an account, or every one but `keep` (the session hash of the request making the change). */
export async function deleteSessionsOf(db: Kysely<Database>, adminId: number, keep?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('admin_id', '=', adminId);
  if (keep) q = q.where('session_id', '!=', keep);
  await q.execute();
}

export async function purgeExpiredSessions(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date(now).toISOString()),
        eb('last_seen_at', '<=', new Date(now - IDLE_MS).toISOString()),
      ]),
    )
    .execute();
}
