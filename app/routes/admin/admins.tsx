import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '~/components/admin/ConfirmModal';
import { useFormSubmit } from '~/components/admin/auth';
import { DataTable } from '~/components/admin/DataTable';
import { FormError, TextField } from '~/components/admin/fields';
import { notify, sendAction } from '~/components/admin/notify';
import { api, clearStoredAdminEmail } from '~/lib/api';
import { formatAdminDay as day, formatAdminTime } from '@content/rules/dates';
import type { AdminAccount } from '../../../content/admin-views';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, isRole, type Role } from '@content/roles';

export function meta() {
  return [{ title: 'Administrators | Admin' }];
}

/** An account as /admins/list answers it, `you` marking the signed-in one. */
type AdminRow = AdminAccount & { you: boolean };

/** Accounts and their roles (decision 0040): invite by email with a role, change a role, two-factor status and last sign-in, end every session of one, remove. */
export default function AdminsPage() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<AdminRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [inviteEmail, setInviteEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<Role>('admin');
  const [changingRole, setChangingRole] = useState<number | null>(null);
  const inviting = useFormSubmit();
  const [removing, setRemoving] = useState<AdminRow | null>(null);
  const [busyRemove, setBusyRemove] = useState(false);
  const [ending, setEnding] = useState<AdminRow | null>(null);
  const [busyEnd, setBusyEnd] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await api<{ admins: AdminRow[] }>('/admins/list');
      if (r.ok) {
        setRows(r.body.admins);
        setLoadError(null);
      } else setLoadError(r.body.message ?? 'Error fetching administrators');
    } catch {
      setLoadError('Error fetching administrators');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  function invite(e: React.FormEvent) {
    e.preventDefault();
    const email = inviteEmail.trim();
    if (!email) return inviting.fail('Please enter an email address.');
    void inviting.run(async () => {
      const r = await api('/admins/invite', { json: { email, role: inviteRole } });
      if (r.ok) {
        notify.success(r.body.message ?? 'Invitation sent');
        setInviteEmail('');
        setInviteRole('admin');
        await load();
      } else inviting.fail(r.body.message ?? 'Failed to send the invitation');
    }, 'Failed to send the invitation');
  }

  /** setAdminRole: the account's sessions end at once; one's own other sessions end too. */
  async function changeRole(a: AdminRow, role: Role) {
    setChangingRole(a.admin_id);
    const r = await sendAction('/admins/role', { admin_id: a.admin_id, role }, { success: 'Role changed', failure: 'Failed to change the role' });
    setChangingRole(null);
    // No longer an administrator: this page is not yours any more.
    if (r?.ok && a.you && role !== 'admin') navigate('/admin-side-bar/dashboard');
    else await load();
  }

  async function remove() {
    if (!removing) return;
    setBusyRemove(true);
    const r = await sendAction('/admins/remove', { admin_id: removing.admin_id }, { success: 'Administrator removed', failure: 'Failed to remove the administrator' });
    setBusyRemove(false);
    setRemoving(null);
    if (!r?.ok) return;
    if (removing.you) {
      clearStoredAdminEmail();
      navigate('/admin-login');
    } else await load();
  }

  async function endSessions() {
    if (!ending) return;
    setBusyEnd(true);
    const r = await sendAction('/admins/endsessions', { admin_id: ending.admin_id }, { success: 'Sessions ended', failure: 'Failed to end the sessions' });
    setBusyEnd(false);
    setEnding(null);
    if (r?.ok) await load();
  }

  return (
    <div>
      <h1 className="h3 mb-3">Administrators</h1>
      <p className="text-body-secondary">
        Each account has a role. {ROLES.map((r) => `${ROLE_LABELS[r]}: ${ROLE_DESCRIPTIONS[r]}`).join(' ')} An invited
        person receives an email with a link to choose a password; the link works once and expires in 72 hours. A role
        change ends that account’s sessions at once. Your own password, two-factor sign-in, passkeys and sessions are
        under <Link to="/admin-side-bar/my-account">My account</Link>.
      </p>

      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Invite an account</h2>
          <Form noValidate onSubmit={invite} aria-label="Invite an account" className="row g-2 align-items-end">
            <TextField
              id="admin-invite-email"
              className="col-sm-8 col-md-6"
              label="Email"
              type="email"
              autoComplete="off"
              value={inviteEmail}
              onChange={setInviteEmail}
            />
            <Form.Group className="col-sm-4 col-md-3" controlId="admin-invite-role">
              <Form.Label>Role</Form.Label>
              <Form.Select value={inviteRole} onChange={(e) => isRole(e.target.value) && setInviteRole(e.target.value)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <div className="col-auto">
              <Button type="submit" variant="dark" disabled={inviting.busy}>
                {inviting.busy ? 'Sending...' : 'Send invitation'}
              </Button>
            </div>
          </Form>
          <div className="mt-2">
            <FormError message={inviting.error} />
          </div>
        </Card.Body>
      </Card>

      {loadError ? <div className="alert alert-danger">{loadError}</div> : null}
      <DataTable
        caption="Administrators"
        rows={rows}
        table={{ striped: true, bordered: true, responsive: true, className: 'admin-table align-middle' }}
        numbered
        rowKey={(a) => a.admin_id}
        emptyText=""
        columns={[
          {
            key: 'email',
            header: 'Email',
            render: (a) => (
              <>
                {a.email} {a.you ? <Badge bg="secondary">you</Badge> : null}
              </>
            ),
          },
          {
            key: 'role',
            header: 'Role',
            render: (a) => (
              <Form.Select
                size="sm"
                aria-label={`Role of ${a.email}`}
                value={a.role}
                disabled={changingRole !== null}
                onChange={(e) => isRole(e.target.value) && void changeRole(a, e.target.value)}
                style={{ minWidth: '9rem' }}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Form.Select>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            render: (a) =>
              a.status === 'active' ? (
                <Badge bg="success">Active</Badge>
              ) : (
                <Badge bg="warning" text="dark">
                  Invitation pending
                </Badge>
              ),
          },
          {
            key: 'twoFactor',
            header: 'Two-factor',
            render: (a) =>
              a.two_factor.totp || a.two_factor.passkeys ? (
                <Badge bg="success">
                  {[a.two_factor.totp ? 'App' : '', a.two_factor.passkeys ? `${a.two_factor.passkeys} passkey${a.two_factor.passkeys === 1 ? '' : 's'}` : ''].filter(Boolean).join(' + ')}
                </Badge>
              ) : (
                <Badge bg="secondary">Off</Badge>
              ),
          },
          { key: 'lastLogin', header: 'Last sign-in', render: (a) => (a.last_login_at ? formatAdminTime(a.last_login_at) : 'Never') },
          { key: 'added', header: 'Added', render: (a) => day(a.created_at) },
          { key: 'invitedBy', header: 'Invited by', render: (a) => a.invited_by ?? '' },
        ]}
        actions={{
          header: 'Action',
          render: (a) => (
            <div className="d-flex flex-wrap gap-1">
              {a.status === 'active' ? (
                <Button size="sm" variant="outline-dark" onClick={() => setEnding(a)} aria-label={`End all sessions of ${a.email}`}>
                  End all sessions
                </Button>
              ) : null}
              <Button size="sm" variant="outline-danger" onClick={() => setRemoving(a)} aria-label={`Remove ${a.email}`}>
                Remove
              </Button>
            </div>
          ),
        }}
      />

      <ConfirmModal
        show={ending !== null}
        title="End all sessions?"
        body={
          ending ? (
            <p className="mb-0">
              {ending.you
                ? 'Every other browser signed in to your account is signed out now; this one stays signed in.'
                : `${ending.email} is signed out everywhere now and has to sign in again.`}
            </p>
          ) : null
        }
        confirmLabel="Yes, End Sessions"
        busy={busyEnd}
        onConfirm={() => void endSessions()}
        onCancel={() => setEnding(null)}
      />
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
