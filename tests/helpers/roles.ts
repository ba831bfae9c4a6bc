/** Accounts of each role for the tests (decision 0040): invited by the test administrator over HTTP. */
import type { Role } from '../../content/roles';
import { setPassword } from '../../server/auth/admins.server';
import { call, type TestServer } from './server';

export const ROLE_PASSWORD = 'a long and unusual passphrase';

/** Signs in over HTTP; returns the Cookie header value. */
export async function signIn(url: string, email: string, password = ROLE_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/admin/adminlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('lex_session='))!.split(';')[0]!;
}

/**
 * An account with `role`, invited through inviteAdmin by the administrator behind `adminCookie`; its
 * password is set with the operator's tool (the invitation mail's link is tested in accounts.test.ts).
 */
export async function accountWithRole(s: TestServer, adminCookie: string, role: Role, email = `${role}@test.example`): Promise<{ email: string; cookie: string; adminId: number }> {
  const invited = await call(s.url, '/api/admins/invite', { cookie: adminCookie, json: { email, role } });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  await setPassword(s.services.store.db, email, ROLE_PASSWORD);
  return { email, cookie: await signIn(s.url, email), adminId: Number(invited.body.admin.admin_id) };
}
