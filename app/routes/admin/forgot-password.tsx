import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { FormError } from '~/components/admin/fields';
import { notify } from '~/components/admin/notify';
import { api } from '~/lib/api';

export function meta() {
  return [{ title: 'Forgot Password | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** 'Forgot Password?' from the login page: asks for a one-time reset link by email (30 minutes). */
export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const fail = (message: string) => {
      setError(message);
      notify.error(message);
    };
    if (!email.trim()) return fail('Please enter your email address.');
    setBusy(true);
    setError(null);
    try {
      const r = await api('/api/admin/forgotpassword', { json: { email: email.trim() } });
      if (r.ok) setSent(r.body.message ?? 'If an administrator account uses this email address, a link is on its way.');
      else fail(r.body.message ?? 'Something went wrong. Please try again later.');
    } catch {
      fail('Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-light p-3">
      <Card style={{ width: '100%', maxWidth: 420 }} className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3 text-center">Forgot Password</h1>
          {sent ? (
            <div role="status" className="alert alert-success" data-testid="forgot-sent">
              {sent}
            </div>
          ) : (
            <Form noValidate onSubmit={submit} aria-label="Forgot password">
              <p className="small text-body-secondary">
                Enter the email address of your administrator account. We will send a link to choose a new password; it
                works once and expires in 30 minutes.
              </p>
              <Form.Group className="mb-3" controlId="admin-forgot-email">
                <Form.Label>Email</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Form.Group>
              <FormError message={error} />
              <Button type="submit" variant="dark" className="w-100" disabled={busy}>
                {busy ? 'Sending...' : 'Send reset link'}
              </Button>
            </Form>
          )}
          <div className="mt-3 text-center">
            <Link to="/admin-login" className="small">
              Back to login
            </Link>
          </div>
        </Card.Body>
      </Card>
    </main>
  );
}
