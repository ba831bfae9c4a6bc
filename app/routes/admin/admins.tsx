import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '~/components/admin/ConfirmModal';
import { FormError } from '~/components/admin/fields';
import { notify } from '~/components/admin/notify';
import { api, clearStoredAdminEmail } from '~/lib/api';
import { formatAdminDay as day } from '@content/rules/dates';
import { firstProblem, newPasswordTwiceSchema } from '@content/password';

/** The change-password form's checks: the shared new-password schema with this form's messages. */
const twice = newPasswordTwiceSchema({
  blank: 'Please fill in all three password fields.',
  mismatch: 'The new passwords do not match.',
});

export function meta() {
  return [{ title: 'Administrators | Admin' }];
}

interface AdminRow {
  admin_id: number;
  email: string;
  status: 'active' | 'invited';
  created_at: string;
  invited_by: string | null;
  password_changed_at: string | null;
  you: boolean;
}

/** Administrators: every one has the same role. Invite by email, remove, change your own password. */
export default function AdminsPage() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<AdminRow[] | null>(null);
  const [minLength, setMinLength] = useState(10);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [inviteEmail, setInviteEmail] = useState('');
  const [inviting, setInviting] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminRow | null>(null);
  const [busyRemove, setBusyRemove] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [changing, setChanging] = useState(false);
  const [pwError, setPwError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await api<{ admins: AdminRow[]; minPasswordLength: number }>('/admins/list');
      if (r.ok) {
        setRows(r.body.admins);
        setMinLength(r.body.minPasswordLength);
        setLoadError(null);
      } else setLoadError(r.body.message ?? 'Error fetching administrators');
    } catch {
      setLoadError('Error fetching administrators');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function invite(e: React.FormEvent) {
    e.preventDefault();
    const email = inviteEmail.trim();
    if (!email) {
      setInviteError('Please enter an email address.');
      notify.error('Please enter an email address.');
      return;
    }
    setInviting(true);
    setInviteError(null);
    try {
      const r = await api('/admins/invite', { json: { email } });
      if (r.ok) {
        notify.success(r.body.message ?? 'Invitation sent');
        setInviteEmail('');
        await load();
      } else {
        setInviteError(r.body.message ?? 'Failed to send the invitation');
        notify.error(r.body.message ?? 'Failed to send the invitation');
      }
    } catch {
      setInviteError('Failed to send the invitation');
      notify.error('Failed to send the invitation');
    } finally {
      setInviting(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusyRemove(true);
    try {
      const r = await api('/admins/remove', { json: { admin_id: removing.admin_id } });
      if (r.ok) {
        notify.success(r.body.message ?? 'Administrator removed');
        if (removing.you) {
          clearStoredAdminEmail();
          navigate('/admin-login');
          return;
        }
        await load();
      } else notify.error(r.body.message ?? 'Failed to remove the administrator');
    } catch {
      notify.error('Failed to remove the administrator');
    } finally {
      setBusyRemove(false);
      setRemoving(null);
    }
  }

  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    const fail = (message: string) => {
      setPwError(message);
      notify.error(message);
    };
    if (!current) return fail('Please fill in all three password fields.');
    const problem = firstProblem(twice.safeParse({ password: next, repeat }));
    if (problem) return fail(problem);
    setChanging(true);
    setPwError(null);
    try {
      const r = await api('/admins/changepassword', { json: { currentPassword: current, newPassword: next } });
      if (r.ok) {
        notify.success(r.body.message ?? 'Password changed');
        setCurrent('');
        setNext('');
        setRepeat('');
      } else fail(r.body.message ?? 'Failed to change the password');
    } catch {
      fail('Failed to change the password');
    } finally {
      setChanging(false);
    }
  }

  return (
    <div>
      <h1 className="h3 mb-3">Administrators</h1>
      <p className="text-body-secondary">
        Every administrator can manage the whole site. An invited person receives an email with a link to choose a
        password; the link works once and expires in 72 hours.
      </p>

      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Invite an administrator</h2>
          <Form noValidate onSubmit={invite} aria-label="Invite an administrator" className="row g-2 align-items-end">
            <Form.Group className="col-sm-8 col-md-6" controlId="admin-invite-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                autoComplete="off"
                value={inviteEmail}
                onChange={(e) => setInviteEmail(e.target.value)}
              />
            </Form.Group>
            <div className="col-auto">
              <Button type="submit" variant="dark" disabled={inviting}>
                {inviting ? 'Sending...' : 'Send invitation'}
              </Button>
            </div>
          </Form>
          <div className="mt-2">
            <FormError message={inviteError} />
          </div>
        </Card.Body>
      </Card>

      {loadError ? <div className="alert alert-danger">{loadError}</div> : null}
      <Table striped bordered responsive className="admin-table align-middle">
        <caption className="visually-hidden">Administrators</caption>
        <thead>
          <tr>
            <th scope="col">S.No</th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Added</th>
            <th scope="col">Invited by</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows === null ? (
            <tr>
              <td colSpan={6}>Loading...</td>
            </tr>
          ) : (
            rows.map((a, i) => (
              <tr key={a.admin_id}>
                <td>{i + 1}</td>
                <td>
                  {a.email} {a.you ? <Badge bg="secondary">you</Badge> : null}
                </td>
                <td>
                  {a.status === 'active' ? (
                    <Badge bg="success">Active</Badge>
                  ) : (
                    <Badge bg="warning" text="dark">
                      Invitation pending
                    </Badge>
                  )}
                </td>
                <td>{day(a.created_at)}</td>
                <td>{a.invited_by ?? ''}</td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setRemoving(a)}
                    aria-label={`Remove ${a.email}`}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>

      <Card className="mt-4" style={{ maxWidth: 560 }}>
        <Card.Body>
          <h2 className="h5">Change your password</h2>
          <p className="small text-body-secondary">
            At least {minLength} characters and not a common password. Every other session of your account ends when it
            changes.
          </p>
          <Form noValidate onSubmit={changePassword} aria-label="Change your password">
            <Form.Group className="mb-2" controlId="admin-current-password">
              <Form.Label>Current password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId="admin-new-password">
              <Form.Label>New password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="admin-repeat-password">
              <Form.Label>Repeat the new password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
            </Form.Group>
            <FormError message={pwError} />
            <Button type="submit" variant="dark" disabled={changing}>
              {changing ? 'Saving...' : 'Change password'}
            </Button>
          </Form>
        </Card.Body>
      </Card>

      <ConfirmModal
        show={removing !== null}
        title="Remove administrator?"
        body={
          removing ? (
            <p className="mb-0">
              {removing.you
                ? 'You are removing your own account: you will be signed out at once.'
                : `${removing.email} will no longer be able to sign in, and their sessions end now.`}
            </p>
          ) : null
        }
        confirmLabel="Yes, Remove"
        busy={busyRemove}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
