import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, NewPasswordFields, useFormSubmit, useNewPassword } from '~/components/admin/auth';
import { FormError } from '~/components/admin/fields';
import { notify } from '~/components/admin/notify';
import { api } from '~/lib/api';
import { MIN_PASSWORD_LENGTH as MIN_LENGTH, newPasswordTwiceSchema } from '@content/password';

/** The form's checks: the shared new-password schema (the server's length rules) with this form's messages. */
const twice = newPasswordTwiceSchema({
  blank: 'Please enter the new password twice.',
  mismatch: 'The passwords do not match.',
});

export function meta() {
  return [{ title: 'Choose a Password | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * The page an emailed link opens (/admin-login/reset-password?token=…): a reset after 'Forgot Password?'
 * or, with welcome=1, an invitation to choose a first password. The token is read in the browser only.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const welcome = params.get('welcome') === '1';
  const pair = useNewPassword(twice);
  const { busy, error, fail, run } = useFormSubmit();
  const [done, setDone] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = pair.problem();
    if (problem) return fail(problem);
    void run(async () => {
      const r = await api('/api/admin/resetpassword', { json: { token, password: pair.password } });
      if (r.ok) {
        setDone(r.body.message ?? 'Your password is set. You can sign in now.');
        notify.success('Password saved');
      } else fail(r.body.message ?? 'Something went wrong. Please try again later.');
    }, 'Something went wrong. Please try again later.');
  };

  const title = welcome ? 'Choose your password' : 'Choose a new password';
  return (
    <AuthCard title={title}>
      {!token ? (
        <div className="alert alert-warning" role="alert">
          This page needs the link from your email.{' '}
          <Link to="/admin-login/forgot-password" className="alert-link">
            Ask for a new link
          </Link>
          .
        </div>
      ) : done ? (
        <div role="status" className="alert alert-success" data-testid="reset-done">
          {done}{' '}
          <Link to="/admin-login" className="alert-link">
            Go to the login
          </Link>
          .
        </div>
      ) : (
        <Form noValidate onSubmit={submit} aria-label={title}>
          <p className="small text-body-secondary">
            At least {MIN_LENGTH} characters and not a common password; a few unrelated words work well.
          </p>
          <NewPasswordFields ids={['admin-reset-password', 'admin-reset-repeat']} pair={pair} />
          <FormError message={error} />
          <Button type="submit" variant="dark" className="w-100" disabled={busy}>
            {busy ? 'Saving...' : 'Save password'}
          </Button>
          {error && /expired|invalid/i.test(error) ? (
            <p className="small mt-3 mb-0">
              <Link to="/admin-login/forgot-password">Ask for a new link</Link>
            </p>
          ) : null}
        </Form>
      )}
    </AuthCard>
  );
}
