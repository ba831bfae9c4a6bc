import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../database';
import { AppError } from '../lib/errors';
import { consumeChallenge, issueChallenge, readChallenge } from './security.server';
import type { PasskeyView } from '../../content/admin-views';

/**
 * Passkeys (WebAuthn, decision 0044) with @simplewebauthn/server: an account registers any number of named
 * credentials; one signs in without a password (a discoverable credential with user verification) or serves
 * as the second step after the password. The relying party is the site itself: its ID is the host of
 * PUBLIC_URL and the only accepted origin is PUBLIC_URL's origin. Challenges live in the database (five
 * minutes, used once), so the ceremony may begin on one instance and end on another.
 */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingParty(publicUrl: string, name: string): RelyingParty {
  const u = new URL(publicUrl);
  return { name: name.slice(0, 60) || 'Admin', id: u.hostname, origin: u.origin };
}

/** The browser's answer as @simplewebauthn/browser sends it: checked for its shape before the library reads it. */
const b64 = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/).max(16_384);
const Transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional();
const RegistrationShape = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: b64, attestationObject: b64, transports: Transports }).loose(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}).loose();
const AuthenticationShape = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: b64, authenticatorData: b64, signature: b64, userHandle: b64.optional() }).loose(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}).loose();

const NOT_A_PASSKEY = 'The passkey answer is not valid. Please try again.';

export type { PasskeyView };

export async function listPasskeys(db: Kysely<Database>, adminId: number): Promise<PasskeyView[]> {
  const rows = await db
    .selectFrom('admin_passkeys')
    .select(['passkey_id', 'name', 'created_at', 'last_used_at'])
    .where('admin_id', '=', adminId)
    .orderBy('passkey_id', 'asc')
    .execute();
  return rows.map((r) => ({ passkey_id: Number(r.passkey_id), name: r.name, created_at: r.created_at, last_used_at: r.last_used_at }));
}

const transportsOf = (s: string): AuthenticatorTransportFuture[] => (s ? (s.split(',') as AuthenticatorTransportFuture[]) : []);

/** Registration options for the signed-in account (its own passkeys excluded); the challenge is stored. */
export async function startRegistration(db: Kysely<Database>, rp: RelyingParty, account: { adminId: number; email: string }, now: Date) {
  const existing = await db.selectFrom('admin_passkeys').select(['credential_id', 'transports']).where('admin_id', '=', account.adminId).execute();
  if (existing.length >= 20) throw new AppError(409, 'An account can have at most 20 passkeys. Remove one first.');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.email,
    userID: new TextEncoder().encode(`admin:${account.adminId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await issueChallenge(db, 'passkey-register', account.adminId, options.challenge, now, CHALLENGE_TTL_MS);
  return { options, challengeId };
}

/** What every WebAuthn check of this site expects besides the answer: its challenge, origin and RP ID. */
interface Expected {
  expectedChallenge: string;
  expectedOrigin: string;
  expectedRPID: string;
}

/** Runs a WebAuthn check for this site's challenge; a check that throws (a malformed or forged answer) answers `refusal`. */
async function checkedFor<T>(rp: RelyingParty, challenge: string, refusal: AppError, check: (expected: Expected) => Promise<T>): Promise<T> {
  try {
    return await check({ expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id });
  } catch {
    throw refusal;
  }
}

/** Verifies the browser's registration answer and stores the credential under its name. */
export async function finishRegistration(
  db: Kysely<Database>,
  rp: RelyingParty,
  adminId: number,
  input: { challengeId: unknown; name: unknown; response: unknown },
  now: Date,
): Promise<PasskeyView> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw new AppError(400, 'Please give the passkey a name (for example "Office laptop").');
  if (name.length > 60) throw new AppError(400, 'The passkey name is too long (at most 60 characters).');
  const shape = RegistrationShape.safeParse(input.response);
  if (!shape.success) throw new AppError(400, NOT_A_PASSKEY);
  const ch = await readChallenge(db, input.challengeId, 'passkey-register', now);
  if (!ch || ch.adminId !== adminId || !ch.challenge) throw new AppError(400, 'The passkey request has expired. Please try again.');
  const verified = await checkedFor(rp, ch.challenge, new AppError(400, NOT_A_PASSKEY), (expected) =>
    verifyRegistrationResponse({ response: shape.data satisfies RegistrationResponseJSON, ...expected, requireUserVerification: false }),
  );
  if (!(await consumeChallenge(db, input.challengeId as string))) throw new AppError(400, 'The passkey request has expired. Please try again.');
  if (!verified.verified) throw new AppError(400, NOT_A_PASSKEY);
  const cred = verified.registrationInfo.credential;
  const taken = await db.selectFrom('admin_passkeys').select('passkey_id').where('credential_id', '=', cred.id).executeTakeFirst();
  if (taken) throw new AppError(409, 'This passkey is already registered.');
  const row = await db
    .insertInto('admin_passkeys')
    .values({
      admin_id: adminId,
      credential_id: cred.id,
      public_key: Buffer.from(cred.publicKey).toString('base64url'),
      counter: cred.counter,
      transports: (cred.transports ?? []).join(','),
      name,
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .returning('passkey_id')
    .executeTakeFirstOrThrow();
  return { passkey_id: Number(row.passkey_id), name, created_at: now.toISOString(), last_used_at: null };
}

export async function removePasskey(db: Kysely<Database>, adminId: number, passkeyId: number): Promise<PasskeyView> {
  const found = (await listPasskeys(db, adminId)).find((p) => p.passkey_id === passkeyId);
  if (!found) throw new AppError(404, 'Passkey not found');
  await db.deleteFrom('admin_passkeys').where('passkey_id', '=', passkeyId).where('admin_id', '=', adminId).execute();
  return found;
}

/**
 * Sign-in options: for the second step, the account's own credentials; without an account (sign-in
 * without a password), none listed, so the browser offers its discoverable passkeys for this site.
 */
export async function startAuthentication(db: Kysely<Database>, rp: RelyingParty, adminId: number | null, now: Date) {
  const allow = adminId === null ? [] : await db.selectFrom('admin_passkeys').select(['credential_id', 'transports']).where('admin_id', '=', adminId).execute();
  if (adminId !== null && !allow.length) throw new AppError(400, 'This account has no passkey.');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    userVerification: adminId === null ? 'required' : 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await issueChallenge(db, 'passkey-login', adminId, options.challenge, now, CHALLENGE_TTL_MS);
  return { options, challengeId };
}

/**
 * Verifies a sign-in answer: the credential must be registered (to `adminId` when given), signed over this
 * challenge, origin and RP ID, with user verification when it replaces the password. Answers the account.
 */
export async function finishAuthentication(
  db: Kysely<Database>,
  rp: RelyingParty,
  input: { challengeId: unknown; response: unknown },
  now: Date,
): Promise<{ adminId: number; passwordless: boolean }> {
  const shape = AuthenticationShape.safeParse(input.response);
  if (!shape.success) throw new AppError(400, NOT_A_PASSKEY);
  const ch = await readChallenge(db, input.challengeId, 'passkey-login', now);
  if (!ch?.challenge) throw new AppError(400, 'The passkey request has expired. Please try again.');
  const passwordless = ch.adminId === null;
  const cred = await db.selectFrom('admin_passkeys').selectAll().where('credential_id', '=', shape.data.id).executeTakeFirst();
  // Used up whatever the outcome: a challenge answers one attempt.
  const fresh = await consumeChallenge(db, input.challengeId as string);
  if (!cred || (!passwordless && Number(cred.admin_id) !== ch.adminId)) throw new AppError(401, 'This passkey is not registered for this site.');
  if (!fresh) throw new AppError(400, 'The passkey request has expired. Please try again.');
  const result = await checkedFor(rp, ch.challenge, new AppError(401, 'The passkey could not be verified.'), (expected) =>
    verifyAuthenticationResponse({
      response: shape.data satisfies AuthenticationResponseJSON,
      ...expected,
      credential: {
        id: cred.credential_id,
        publicKey: new Uint8Array(Buffer.from(cred.public_key, 'base64url')),
        counter: Number(cred.counter),
        transports: transportsOf(cred.transports),
      },
      requireUserVerification: passwordless,
    }),
  );
  if (!result.verified) throw new AppError(401, 'The passkey could not be verified.');
  await db
    .updateTable('admin_passkeys')
    .set({ counter: result.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where('passkey_id', '=', cred.passkey_id)
    .execute();
  return { adminId: Number(cred.admin_id), passwordless };
}
