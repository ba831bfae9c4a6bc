import { useEffect, useRef, useState } from 'react';
import { Button, Card, Form, InputGroup } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { FormError } from '~/components/admin/fields';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
    setBusy(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return fail('Both fields are required.');
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ admin?: { email?: string } }>('/api/admin/adminlogin', {
        method: 'POST',
        json: { email: email.trim(), password },
      });
      if (!res.ok) return fail(res.body.message || 'Invalid credentials');
      setStoredAdminEmail(res.body.admin?.email ?? email.trim());
      notify.success(res.body.message || 'Login successful');
      timer.current = setTimeout(() => navigate('/admin-side-bar/dashboard'), LOGIN_REDIRECT_MS);
    } catch {
      fail('Something went wrong. Please try again later.');
    }
  };

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-light p-3">
      <Card style={{ width: '100%', maxWidth: 420 }} className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">Admin Login</h1>
          <Form noValidate onSubmit={submit} aria-label="Admin login">
            <Form.Group className="mb-3" controlId="admin-login-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Form.Group>
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
        </Card.Body>
      </Card>
    </main>
  );
}
