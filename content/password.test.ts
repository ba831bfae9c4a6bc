import { describe, expect, it } from 'vitest';
import { firstProblem, newPasswordSchema, newPasswordTwiceSchema } from './password';

describe('the shared new-password schema', () => {
  const twice = newPasswordTwiceSchema({ blank: 'Type it twice.', mismatch: 'They differ.' });
  const problem = (password: string, repeat: string) => firstProblem(twice.safeParse({ password, repeat }));

  it("gives the form's own message for a blank box and a repeat that differs, before the length", () => {
    expect(problem('', 'x')).toBe('Type it twice.');
    expect(problem('short', 'shorter')).toBe('They differ.');
  });

  it('then the length rules the server applies too', () => {
    expect(problem('short', 'short')).toBe('The password must be at least 10 characters long.');
    expect(problem('x'.repeat(257), 'x'.repeat(257))).toBe('The password must be at most 256 characters long.');
    expect(problem('plum orchard quietly', 'plum orchard quietly')).toBeNull();
    expect(firstProblem(newPasswordSchema.safeParse(undefined))).toBe('Please enter a new password.');
  });
});
