import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { AuthCard, useFormSubmit } from '~/components/admin/auth';
import { FormError, TextField } from '~/components/admin/fields';
import { EyeIcon, EyeSlashIcon } from '~/components/admin/icons';
import { notify } from '~/components/admin/notify';
import { api, setStoredAdminEmail } from '~/lib/api';

/** The dashboard opens this long after a successful sign-in (spec section 9). */
const LOGIN_REDIRECT_MS = 2000;

export function meta() {
  return [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex, nofollow' }];
}

type LoginAnswer = { admin?: { email?: string }; mfaRequired?: boolean; mfaToken?: string; methods?: { totp: boolean; passkey: boolean } };
type PasskeyOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const { busy, error, fail, run } = useFormSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  /** The second step (decision 0043): the token from the password step and the account's methods. */
  const [second, setSecond] = useState<{ token: string; totp: boolean; passkey: boolean } | null>(null);
  const [code, setCode] = useState('');
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(browserSupportsWebAuthn()), []);

  const signedIn = (res: { body: LoginAnswer & { message?: string } }, fallbackEmail: string) => {
    setStoredAdminEmail(res.body.admin?.email ?? fallbackEmail);
    notify.success(res.body.message || 'Login successful');
    timer.current = setTimeout(() => navigate('/admin-side-bar/dashboard'), LOGIN_REDIRECT_MS);
    return true;
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return fail('Both fields are required.');
    void run(async () => {
      const res = await api<LoginAnswer>('/api/admin/adminlogin', {
        method: 'POST',
        json: { email: email.trim(), password },
      });
      if (!res.ok) return fail(res.body.message || 'Invalid credentials');
      if (res.body.mfaRequired && res.body.mfaToken) {
        setSecond({ token: res.body.mfaToken, totp: !!res.body.methods?.totp, passkey: !!res.body.methods?.passkey });
        setPassword('');
        return;
      }
      return signedIn(res, email.trim());
    }, 'Something went wrong. Please try again later.');
  };

  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    if (!second) return;
    if (!code.trim()) return fail('Please enter the code from your authenticator app or a recovery code.');
    void run(async () => {
      const res = await api<LoginAnswer>('/api/admin/verifytotp', { json: { mfaToken: second.token, code: code.trim() } });
      if (!res.ok) {
        if (res.status === 401) setSecond(null);
        return fail(res.body.message || 'The code is not correct.');
      }
      return signedIn(res, email.trim());
    }, 'Something went wrong. Please try again later.');
  };

  /** A passkey: the second step (with the token) or a sign-in without a password. */
  const withPasskey = () =>
    void run(async () => {
      const start = await api<{ options: PasskeyOptions; challengeId: string }>('/api/admin/passkeylogin/start', { json: second ? { mfaToken: second.token } : {} });
      if (!start.ok) return fail(start.body.message || 'Passkeys are not available right now.');
      let response;
      try {
        response = await startAuthentication({ optionsJSON: start.body.options });
      } catch {
        return fail('No passkey was used. Please try again.');
      }
      const res = await api<LoginAnswer>('/api/admin/passkeylogin/finish', {
        json: { challengeId: start.body.challengeId, response, ...(second ? { mfaToken: second.token } : {}) },
      });
      if (!res.ok) return fail(res.body.message || 'The passkey could not be verified.');
      return signedIn(res, email.trim());
    }, 'Something went wrong. Please try again later.');

  if (second) {
    return (
      <AuthCard title="Two-factor sign-in" headingClass="mb-3">
        <Form noValidate onSubmit={verify} aria-label="Two-factor sign-in">
          {second.totp ? (
            <TextField
              id="admin-login-code"
              label="Authentication code"
              inputMode="text"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={setCode}
              help="The 6 digits your authenticator app shows, or one of your recovery codes."
            />
          ) : null}
          <FormError message={error} />
          {second.totp ? (
            <Button type="submit" variant="dark" className="w-100 mb-2" disabled={busy}>
              {busy ? 'Checking...' : 'Verify'}
            </Button>
          ) : null}
          {second.passkey && passkeys ? (
            <Button variant="outline-dark" className="w-100 mb-2" onClick={withPasskey} disabled={busy}>
              Use a passkey
            </Button>
          ) : null}
          <Button variant="link" className="w-100" onClick={() => setSecond(null)}>
            Back to the password
          </Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Admin Login" headingClass="mb-4">
      <Form noValidate onSubmit={submit} aria-label="Admin login">
        <TextField id="admin-login-email" label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
        <Form.Group className="mb-2">
          <Form.Label htmlFor="admin-login-password">Password</Form.Label>
          <InputGroup>
            <Form.Control
              id="admin-login-password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button
              variant="outline-secondary"
              onClick={() => setShow((s) => !s)}
              aria-label={show ? 'Hide password' : 'Show password'}
              aria-pressed={show}
              aria-controls="admin-login-password"
            >
              {show ? <EyeSlashIcon /> : <EyeIcon />}
            </Button>
          </InputGroup>
        </Form.Group>
        <div className="mb-3 text-end">
          {/* The spec's link has no target; it now opens the reset request (docs/decisions/0006). */}
          <Link to="/admin-login/forgot-password" className="small">
            Forgot Password?
          </Link>
        </div>
        <FormError message={error} />
        <Button type="submit" variant="dark" className="w-100" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
        {passkeys ? (
          <Button variant="outline-dark" className="w-100 mt-2" onClick={withPasskey} disabled={busy}>
            Sign in with a passkey
          </Button>
        ) : null}
      </Form>
    </AuthCard>
  );
}
