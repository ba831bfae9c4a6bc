import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
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

export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const { busy, error, fail, run } = useFormSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return fail('Both fields are required.');
    void run(async () => {
      const res = await api<{ admin?: { email?: string } }>('/api/admin/adminlogin', {
        method: 'POST',
        json: { email: email.trim(), password },
      });
      if (!res.ok) return fail(res.body.message || 'Invalid credentials');
      setStoredAdminEmail(res.body.admin?.email ?? email.trim());
      notify.success(res.body.message || 'Login successful');
      timer.current = setTimeout(() => navigate('/admin-side-bar/dashboard'), LOGIN_REDIRECT_MS);
      return true;
    }, 'Something went wrong. Please try again later.');
  };

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
      </Form>
    </AuthCard>
  );
}
