import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { loadLinkSecret } from '../consultations/links.server';
import type { Database, DbOrTrx } from '../database';
import { AppError } from '../lib/errors';
import type { SessionLifetimes } from './sessions.server';

/* ------------------------------------------------------------------ security settings (decision 0045) */

const IDLE = 'sessionIdleMinutes must be a whole number of minutes from 5 to 1440 (24 hours).';
const ABSOLUTE = 'sessionAbsoluteHours must be a whole number of hours from 1 to 720 (30 days).';
/** The firm-wide sign-in policy: a document of its own, readable and writable by administrators only. */
export const SecuritySettingsSchema = z.object({
  requireTwoFactor: z.boolean('requireTwoFactor must be true or false.').default(false),
  sessionIdleMinutes: z.number(IDLE).int(IDLE).min(5, IDLE).max(1440, IDLE).default(720),
  sessionAbsoluteHours: z.number(ABSOLUTE).int(ABSOLUTE).min(1, ABSOLUTE).max(720, ABSOLUTE).default(168),
});
export type SecuritySettings = z.output<typeof SecuritySettingsSchema>;
export const DEFAULT_SECURITY: SecuritySettings = SecuritySettingsSchema.parse({});
const SECURITY_KEY = 'security';

/**
 * The security settings as stored (defaults for what is missing). Read from the database at every
 * administrator request, so a change on one instance holds on every instance at once.
 */
export async function loadSecuritySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SECURITY_KEY).executeTakeFirst();
  if (!row) return DEFAULT_SECURITY;
  try {
    const parsed = SecuritySettingsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : DEFAULT_SECURITY;
  } catch {
    return DEFAULT_SECURITY;
  }
}

export async function saveSecuritySettings(db: Kysely<Database>, input: unknown, now: Date): Promise<SecuritySettings> {
  if (!input || typeof input !== 'object' || Array.isArray(input) || Object.keys(input).length === 0)
    throw new AppError(400, 'Send the settings to change as a JSON object: requireTwoFactor, sessionIdleMinutes or sessionAbsoluteHours.');
  const current = await loadSecuritySettings(db);
  const merged = { ...current, ...input };
  const parsed = SecuritySettingsSchema.strict().safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(400, issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : issue.message);
  }
  const value = JSON.stringify(parsed.data);
  const at = now.toISOString();
  await db
    .insertInto('settings')
    .values({ key: SECURITY_KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
  return parsed.data;
}

export function lifetimesOf(s: SecuritySettings): SessionLifetimes {
  return { idleMs: s.sessionIdleMinutes * 60_000, absoluteMs: s.sessionAbsoluteHours * 3_600_000 };
}

/* ------------------------------------------------------------------ the key of stored secrets (decision 0043) */

/**
 * The keys that seal TOTP secrets and key the recovery-code hashes: derived with HKDF-SHA256 from the link
 * secret (LINK_SECRET, or the one generated once and kept in the database), so every instance derives the
 * same keys and no new variable is needed. Each use has its own `info`, so the keys are independent.
 */
export class SecretKeys {
  private constructor(
    private readonly seal: Buffer,
    private readonly codes: Buffer,
  ) {}

  static async load(db: Kysely<Database>, configured?: string): Promise<SecretKeys> {
    const secret = await loadLinkSecret(db, configured);
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
    return new SecretKeys(derive('lexfirm/totp-secret/v1'), derive('lexfirm/recovery-code/v1'));
  }

  /** AES-256-GCM with the account bound in as associated data: "v1.iv.ciphertext.tag" (base64url). */
  sealSecret(plain: string, adminId: number): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.seal, iv);
    c.setAAD(Buffer.from(`admin:${adminId}`));
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), ct.toString('base64url'), c.getAuthTag().toString('base64url')].join('.');
  }

  openSecret(sealed: string, adminId: number): string {
    const [v, iv, ct, tag] = sealed.split('.');
    if (v !== 'v1' || !iv || !ct || !tag) throw new AppError(500, 'A stored two-factor secret is damaged.');
    const d = createDecipheriv('aes-256-gcm', this.seal, Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from(`admin:${adminId}`));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  }

  /** The stored form of a recovery code (keyed, so a copy of the database alone cannot test guesses). */
  hashCode(code: string): string {
    return createHmac('sha256', this.codes).update(code).digest('base64url');
  }
}

/* ------------------------------------------------------------------ challenges */

const hashId = (token: string) => createHmac('sha256', 'auth-challenge').update(token).digest('base64url');
export type ChallengeKind = 'mfa' | 'passkey-register' | 'passkey-login';

/** Stores a short-lived challenge and answers the token that names it (only its hash is stored). */
export async function issueChallenge(
  db: DbOrTrx,
  kind: ChallengeKind,
  adminId: number | null,
  challenge: string | null,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.deleteFrom('auth_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('auth_challenges')
    .values({
      challenge_id: hashId(token),
      kind,
      admin_id: adminId,
      challenge,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

/** The live challenge a token names, of that kind, or null. */
export async function readChallenge(db: DbOrTrx, token: unknown, kind: ChallengeKind, now: Date): Promise<{ adminId: number | null; challenge: string | null } | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db.selectFrom('auth_challenges').selectAll().where('challenge_id', '=', hashId(token)).executeTakeFirst();
  if (!row || row.kind !== kind || Date.parse(row.expires_at) <= now.getTime()) return null;
  return { adminId: row.admin_id === null ? null : Number(row.admin_id), challenge: row.challenge };
}

/** Uses a challenge up: true for the one caller that deletes it. */
export async function consumeChallenge(db: DbOrTrx, token: string): Promise<boolean> {
  const res = await db.deleteFrom('auth_challenges').where('challenge_id', '=', hashId(token)).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
