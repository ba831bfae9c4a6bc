import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { AuthCard, useFormSubmit } from '~/components/admin/auth';
import { FormError, TextField } from '~/components/admin/fields';
import { api } from '~/lib/api';

export function meta() {
  return [{ title: 'Forgot Password | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** 'Forgot Password?' from the login page: asks for a one-time reset link by email (30 minutes). */
export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const { busy, error, fail, run } = useFormSubmit();
  const [sent, setSent] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return fail('Please enter your email address.');
    void run(async () => {
      const r = await api('/api/admin/forgotpassword', { json: { email: email.trim() } });
      if (r.ok) setSent(r.body.message ?? 'If an administrator account uses this email address, a link is on its way.');
      else fail(r.body.message ?? 'Something went wrong. Please try again later.');
    }, 'Something went wrong. Please try again later.');
  };

  return (
    <AuthCard title="Forgot Password">
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
          <TextField id="admin-forgot-email" label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
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
    </AuthCard>
  );
}
