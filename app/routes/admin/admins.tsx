import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { ConfirmRow, useConfirmRow } from '~/components/admin/ConfirmModal';
import { useFormSubmit } from '~/components/admin/auth';
import { DataTable, markedColumn } from '~/components/admin/DataTable';
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
  const removing = useConfirmRow<AdminRow>();
  const ending = useConfirmRow<AdminRow>();

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
    const done = await removing.run((a) => sendAction('/admins/remove', { admin_id: a.admin_id }, { success: 'Administrator removed', failure: 'Failed to remove the administrator' }));
    if (!done?.answer?.ok) return;
    if (done.row.you) {
      clearStoredAdminEmail();
      navigate('/admin-login');
    } else await load();
  }

  async function endSessions() {
    const done = await ending.run((a) => sendAction('/admins/endsessions', { admin_id: a.admin_id }, { success: 'Sessions ended', failure: 'Failed to end the sessions' }));
    if (done?.answer?.ok) await load();
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
          markedColumn<AdminRow>('email', 'Email', (a) => a.email, (a) => a.you && 'you'),
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
                <Button size="sm" variant="outline-dark" onClick={() => ending.ask(a)} aria-label={`End all sessions of ${a.email}`}>
                  End all sessions
                </Button>
              ) : null}
              <Button size="sm" variant="outline-danger" onClick={() => removing.ask(a)} aria-label={`Remove ${a.email}`}>
                Remove
              </Button>
            </div>
          ),
        }}
      />

      <ConfirmRow
        confirm={ending}
        title="End all sessions?"
        text={(a) => (a.you ? 'Every other browser signed in to your account is signed out now; this one stays signed in.' : `${a.email} is signed out everywhere now and has to sign in again.`)}
        confirmLabel="Yes, End Sessions"
        onConfirm={() => void endSessions()}
      />
      <ConfirmRow
        confirm={removing}
        title="Remove administrator?"
        text={(a) => (a.you ? 'You are removing your own account: you will be signed out at once.' : `${a.email} will no longer be able to sign in, and their sessions end now.`)}
        confirmLabel="Yes, Remove"
        onConfirm={() => void remove()}
      />
    </div>
  );
}
