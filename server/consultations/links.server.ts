import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database as IntakeDatabase } from '../database';

/**
 * Signed links of intake: HMAC-SHA256 over the payload with the server's link secret, an expiry in the
 * payload, and a nonce that is recorded when the link is used, so each link works once. The secret is
 * LINK_SECRET when set, else generated once and kept in the database (so several instances share it).
 */
export const LINK_PURPOSES = ['decide', 'manage', 'data'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

const Payload = z.object({
  p: z.enum(LINK_PURPOSES),
  /** consultation id (decide, manage) or data request id (data). */
  id: z.number().int().positive(),
  /** The action a decide link is for (confirm / decline). */
  a: z.string().max(20).optional(),
  exp: z.number().int(),
  n: z.string().min(16).max(40),
  /** The reader's language of a client's link (decision 0071), so even an expired link answers in it. */
  l: z.string().max(16).optional(),
});
export type LinkPayload = z.infer<typeof Payload>;

type Db = Kysely<IntakeDatabase> | Transaction<IntakeDatabase>;

const SECRET_KEY = 'intake_link_secret';

/** The link secret: the configured one, or the one stored in the settings table (created on first use). */
export async function loadLinkSecret(db: Kysely<IntakeDatabase>, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const read = async () =>
    (await db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirst())?.value as
      | string
      | undefined;
  let value = await read();
  if (!value) {
    await db
      .insertInto('settings')
      .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url'), updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    value = await read();
  }
  return Buffer.from(String(value), 'utf8');
}

export class LinkSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }

  /** A keyed one-way hash of an email address (what the records of an erasure keep). */
  hashEmail(email: string): string {
    return createHmac('sha256', this.secret).update(`email:${email.trim().toLowerCase()}`).digest('hex');
  }

  sign(p: Omit<LinkPayload, 'n'>): string {
    const body = Buffer.from(JSON.stringify({ ...p, n: randomBytes(12).toString('base64url') }), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload of a well-signed token for that purpose, or a reason it is refused. Does not use it. */
  verify(token: unknown, purpose: LinkPurpose, now: Date): { ok: true; payload: LinkPayload } | { ok: false; reason: 'invalid' | 'expired'; l?: string } {
    if (typeof token !== 'string' || token.length > 600 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'invalid' };
    const [body, mac] = token.split('.') as [string, string];
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'invalid' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const r = Payload.safeParse(parsed);
    if (!r.success || r.data.p !== purpose) return { ok: false, reason: 'invalid' };
    if (r.data.exp <= now.getTime()) return { ok: false, reason: 'expired', ...(r.data.l ? { l: r.data.l } : {}) };
    return { ok: true, payload: r.data };
  }
}

/** Whether a link's nonce was already used. */
export async function linkUsed(db: Db, payload: LinkPayload): Promise<boolean> {
  return !!(await db.selectFrom('signed_link_uses').select('nonce').where('nonce', '=', payload.n).executeTakeFirst());
}

/**
 * Records the use of a link; true only for the one caller that records it first (the primary key on the
 * nonce decides between two clicks at once, in any number of processes).
 */
export async function useLink(db: Db, payload: LinkPayload, now: Date): Promise<boolean> {
  const res = await db
    .insertInto('signed_link_uses')
    .values({ nonce: payload.n, purpose: payload.p, used_at: now.toISOString(), expires_at: new Date(payload.exp).toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
