import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { MIN_PASSWORD_LENGTH, newPasswordTwiceSchema } from '@content/password';
import { NewPasswordFields, useFormSubmit, useNewPassword } from './auth';
import { FormError, TextField } from './fields';
import { notify } from './notify';
import { api } from '~/lib/api';

/** The change-password form's checks: the shared new-password schema with this form's messages. */
const twice = newPasswordTwiceSchema({
  blank: 'Please fill in all three password fields.',
  mismatch: 'The new passwords do not match.',
});

/** "Change your password" (My account): the current password and the new one twice. */
export function ChangePasswordCard({ minLength = MIN_PASSWORD_LENGTH, onChanged }: { minLength?: number; onChanged?: () => void }) {
  const [current, setCurrent] = useState('');
  const pair = useNewPassword(twice);
  const changing = useFormSubmit();

  function changePassword(e: React.FormEvent) {
    e.preventDefault();
    if (!current) return changing.fail('Please fill in all three password fields.');
    const problem = pair.problem();
    if (problem) return changing.fail(problem);
    void changing.run(async () => {
      const r = await api('/admins/changepassword', { json: { currentPassword: current, newPassword: pair.password } });
      if (r.ok) {
        notify.success(r.body.message ?? 'Password changed');
        setCurrent('');
        pair.clear();
        onChanged?.();
      } else changing.fail(r.body.message ?? 'Failed to change the password');
    }, 'Failed to change the password');
  }

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Change your password</h2>
        <p className="small text-body-secondary">
          At least {minLength} characters and not a common password. Every other session of your account ends when it
          changes.
        </p>
        <Form noValidate onSubmit={changePassword} aria-label="Change your password" style={{ maxWidth: 520 }}>
          <TextField id="admin-current-password" className="mb-2" label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} />
          <NewPasswordFields ids={['admin-new-password', 'admin-repeat-password']} pair={pair} />
          <FormError message={changing.error} />
          <Button type="submit" variant="dark" disabled={changing.busy}>
            {changing.busy ? 'Saving...' : 'Change password'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
