/**
 * The new-password rules, one schema for every form that sets a password (changing one's own, the reset
 * and invitation link) and for the server, which adds what only it can check (the common-password list,
 * the account's email: server/auth/password-policy.server.ts). Isomorphic.
 */
import { z } from './zod';

/** The shortest password an administrator may choose (docs/decisions/0006-administrator-accounts.md). */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer passwords are refused (scrypt hashes anything, but a megabyte of input is not a password). */
export const MAX_PASSWORD_LENGTH = 256;

export const newPasswordSchema = z
  .string({ error: 'Please enter a new password.' })
  .min(1, 'Please enter a new password.')
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

/**
 * A new password typed twice, as the forms take it. `blank` is the form's message when either box is
 * empty, `mismatch` when they differ; the repeat is compared before the length is judged.
 */
export function newPasswordTwiceSchema(messages: { blank: string; mismatch: string }) {
  return z
    .object({ password: z.string(), repeat: z.string() })
    .check((ctx) => {
      const { password, repeat } = ctx.value;
      if (!password || !repeat) ctx.issues.push({ code: 'custom', message: messages.blank, input: ctx.value });
      else if (password !== repeat) ctx.issues.push({ code: 'custom', message: messages.mismatch, input: ctx.value });
    })
    .pipe(z.object({ password: newPasswordSchema, repeat: z.string() }));
}

/** The first message of a failed parse, or null. */
export function firstProblem(res: { success: true } | { success: false; error: z.ZodError }): string | null {
  return res.success ? null : (res.error.issues[0]?.message ?? 'Please check the password.');
}
