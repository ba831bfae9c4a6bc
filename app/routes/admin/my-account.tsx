import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useNavigate, useRevalidator } from 'react-router';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useFormSubmit } from '~/components/admin/auth';
import { ChangePasswordCard } from '~/components/admin/change-password';
import { ConfirmRow, useConfirmRow } from '~/components/admin/ConfirmModal';
import { DataTable, LIST_TABLE, markedColumn } from '~/components/admin/DataTable';
import { FormError, TextField } from '~/components/admin/fields';
import { notify, sendAction } from '~/components/admin/notify';
import { api, clearStoredAdminEmail } from '~/lib/api';
import { formatAdminTime } from '@content/rules/dates';
import type { PasskeyView, SessionView, TwoFactorStatus } from '../../../content/admin-views';
import type { JsonObject } from '../../../content/json';

export function meta() {
  return [{ title: 'My account | Admin' }];
}

interface Security {
  email: string;
  twoFactor: TwoFactorStatus;
  passkeys: PasskeyView[];
  requireTwoFactor: boolean;
}

/** Recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Alert variant="warning" className="mt-3" data-testid="recovery-codes">
      <h3 className="h6">Your recovery codes</h3>
      <p className="small mb-2">
        Each code signs in once when your authenticator app is not at hand. Keep them somewhere safe: they are not shown
        again.
      </p>
      <ul className="list-unstyled font-monospace row row-cols-2 g-1 mb-2" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline-dark" onClick={onDone}>
        I have saved them
      </Button>
    </Alert>
  );
}

/** A two-factor form's messages: a refusal's without the server's, a thrown error's, a success's without the server's. */
interface TotpTexts {
  refused: string;
  failed: string;
  done: string;
}
const TOTP_TEXTS: Record<'confirm' | 'regenerate' | 'disable', TotpTexts> = {
  confirm: { refused: 'The code is not correct.', failed: 'Could not turn two-factor sign-in on', done: 'Two-factor sign-in is on.' },
  regenerate: { refused: 'Could not make new recovery codes', failed: 'Could not make new recovery codes', done: 'New recovery codes made.' },
  disable: { refused: 'Could not turn two-factor sign-in off', failed: 'Could not turn two-factor sign-in off', done: 'Two-factor sign-in is off.' },
};
type Codes = { recoveryCodes: string[] };

/** Two-factor sign-in with an authenticator app: set up with a QR code, recovery codes, turn off. */
function TwoFactorCard({ security, reload }: { security: Security; reload(): Promise<void> }) {
  const [setup, setSetup] = useState<{ secret: string; qrCode: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [offPassword, setOffPassword] = useState('');
  const [offCode, setOffCode] = useState('');
  const [regenCode, setRegenCode] = useState('');
  const form = useFormSubmit();
  const on = security.twoFactor.totp;

  const start = () =>
    void form.run(async () => {
      const r = await api<{ secret: string; qrCode: string; uri: string }>('/account/totp/start', { method: 'POST' });
      if (r.ok) setSetup({ secret: r.body.secret, qrCode: r.body.qrCode, uri: r.body.uri });
      else form.fail(r.body.message ?? 'Could not start the set-up');
    }, 'Could not start the set-up');

  /**
   * One two-factor form's submit: sends `json` to `path`; a refusal shows the server's message (else
   * `texts.refused`), a thrown error `texts.failed`; on success it toasts the server's message (else
   * `texts.done`), hands the answer to `after`, and reloads the account.
   */
  const submit =
    <T = JsonObject,>(path: string, json: JsonObject, texts: TotpTexts, after: (body: T) => void) => (e: React.FormEvent) => {
      e.preventDefault();
      void form.run(async () => {
        const r = await api<T>(path, { json });
        if (!r.ok) return form.fail(r.body.message ?? texts.refused);
        notify.success(r.body.message ?? texts.done);
        after(r.body);
        await reload();
      }, texts.failed);
    };
  const confirm = submit<Codes>('/account/totp/confirm', { code }, TOTP_TEXTS.confirm, (body) => {
    setCodes(body.recoveryCodes);
    setSetup(null);
    setCode('');
  });
  const regenerate = submit<Codes>('/account/totp/recoverycodes', { code: regenCode }, TOTP_TEXTS.regenerate, (body) => {
    setCodes(body.recoveryCodes);
    setRegenCode('');
  });
  const turnOff = submit('/account/totp/disable', { password: offPassword, code: offCode }, TOTP_TEXTS.disable, () => {
    setOffPassword('');
    setOffCode('');
  });

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">
          Two-factor sign-in{' '}
          {on ? <Badge bg="success">On</Badge> : <Badge bg="secondary">Off</Badge>}
        </h2>
        <p className="small text-body-secondary">
          After your password, sign-in asks for the 6-digit code of an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password, …) or a passkey.
        </p>
        {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
        {!on && !setup ? (
          <Button variant="dark" onClick={start} disabled={form.busy}>
            Set up an authenticator app
          </Button>
        ) : null}
        {setup ? (
          <div className="d-flex flex-wrap gap-4 align-items-start">
            <img src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} style={{ imageRendering: 'pixelated' }} />
            <Form noValidate onSubmit={confirm} aria-label="Confirm the authenticator app" style={{ maxWidth: 360 }}>
              <p className="small mb-1">Scan the QR code with the app, or type this key into it:</p>
              <p className="font-monospace text-break" data-testid="totp-secret">
                {setup.secret}
              </p>
              <TextField id="totp-confirm-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} />
              <Button type="submit" variant="dark" disabled={form.busy}>
                Turn on
              </Button>{' '}
              <Button variant="outline-secondary" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </Form>
          </div>
        ) : null}
        {on ? (
          <div className="row g-4">
            <Form noValidate onSubmit={regenerate} aria-label="New recovery codes" className="col-md-6">
              <h3 className="h6">Recovery codes</h3>
              <p className="small">{security.twoFactor.recoveryCodesLeft} of 10 left.</p>
              <TextField id="totp-regen-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={regenCode} onChange={setRegenCode} />
              <Button type="submit" variant="outline-dark" disabled={form.busy}>
                Make new recovery codes
              </Button>
            </Form>
            <Form noValidate onSubmit={turnOff} aria-label="Turn two-factor sign-in off" className="col-md-6">
              <h3 className="h6">Turn off</h3>
              <TextField id="totp-off-password" className="mb-2" label="Your password" type="password" autoComplete="current-password" value={offPassword} onChange={setOffPassword} />
              <TextField id="totp-off-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={offCode} onChange={setOffCode} />
              <Button type="submit" variant="outline-danger" disabled={form.busy}>
                Turn off two-factor sign-in
              </Button>
            </Form>
          </div>
        ) : null}
        <div className="mt-2">
          <FormError message={form.error} />
        </div>
      </Card.Body>
    </Card>
  );
}

/** Passkeys: add one (named) with this browser, remove one. */
function PasskeysCard({ security, reload }: { security: Security; reload(): Promise<void> }) {
  const [name, setName] = useState('');
  const [supported, setSupported] = useState(false);
  const removing = useConfirmRow<PasskeyView>();
  const form = useFormSubmit();
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return form.fail('Please give the passkey a name (for example "Office laptop").');
    void form.run(async () => {
      const start = await api<{ options: Parameters<typeof startRegistration>[0]['optionsJSON']; challengeId: string }>('/account/passkeys/start', { method: 'POST' });
      if (!start.ok) return form.fail(start.body.message ?? 'Could not add a passkey');
      let response;
      try {
        response = await startRegistration({ optionsJSON: start.body.options });
      } catch {
        return form.fail('The browser did not create a passkey.');
      }
      const r = await api('/account/passkeys/finish', { json: { challengeId: start.body.challengeId, name: name.trim(), response } });
      if (!r.ok) return form.fail(r.body.message ?? 'Could not add the passkey');
      notify.success(r.body.message ?? 'Passkey added');
      setName('');
      await reload();
    }, 'Could not add a passkey');
  };

  const remove = async () => {
    const done = await removing.run((p) => sendAction('/account/passkeys/remove', { passkey_id: p.passkey_id }, { success: 'Passkey removed', failure: 'Could not remove the passkey' }));
    if (done?.answer?.ok) await reload();
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Passkeys</h2>
        <p className="small text-body-secondary">
          A passkey signs you in with this device&apos;s screen lock or a security key, without a password, or as the second
          step after it.
        </p>
        <DataTable
          caption="Your passkeys"
          rows={security.passkeys}
          table={LIST_TABLE}
          rowKey={(p) => p.passkey_id}
          emptyText="No passkeys yet."
          columns={[
            { key: 'name', header: 'Name', render: (p) => p.name },
            { key: 'added', header: 'Added', render: (p) => formatAdminTime(p.created_at) },
            { key: 'used', header: 'Last used', render: (p) => (p.last_used_at ? formatAdminTime(p.last_used_at) : 'Never') },
          ]}
          actions={{
            header: 'Action',
            render: (p) => (
              <Button size="sm" variant="outline-danger" onClick={() => removing.ask(p)} aria-label={`Remove passkey ${p.name}`}>
                Remove
              </Button>
            ),
          }}
        />
        {supported ? (
          <Form noValidate onSubmit={add} aria-label="Add a passkey" className="row g-2 align-items-end mt-2">
            <TextField id="passkey-name" className="col-sm-8 col-md-6" label="Passkey name" placeholder="Office laptop" value={name} onChange={setName} />
            <div className="col-auto">
              <Button type="submit" variant="dark" disabled={form.busy}>
                Add a passkey
              </Button>
            </div>
          </Form>
        ) : (
          <p className="small">This browser cannot create passkeys.</p>
        )}
        <div className="mt-2">
          <FormError message={form.error} />
        </div>
      </Card.Body>
      <ConfirmRow confirm={removing} title="Remove passkey?" text={(p) => `"${p.name}" will no longer sign in to your account.`} confirmLabel="Yes, Remove" onConfirm={() => void remove()} />
    </Card>
  );
}

/** The account's sessions: where it is signed in, ending one or every other one. */
function SessionsCard() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<SessionView[] | null>(null);
  const load = useCallback(async () => {
    const r = await api<{ sessions: SessionView[] }>('/account/sessions');
    if (r.ok) setRows(r.body.sessions);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (row: SessionView) => {
    const r = await sendAction('/account/sessions/revoke', { id: row.id }, { success: 'The session has ended.', failure: 'Could not end the session' });
    if (!r?.ok) return;
    if (row.current) {
      clearStoredAdminEmail();
      navigate('/admin-login');
    } else await load();
  };
  const others = async () => {
    const r = await api('/account/sessions/revokeothers', { method: 'POST' });
    if (r.ok) notify.success(r.body.message ?? 'Signed out everywhere else');
    else notify.error(r.body.message ?? 'Could not end the other sessions');
    await load();
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Where you are signed in</h2>
        <DataTable
          caption="Your sessions"
          rows={rows}
          table={LIST_TABLE}
          rowKey={(x) => x.id}
          emptyText=""
          columns={[
            markedColumn<SessionView>('device', 'Device', (x) => x.device, (x) => x.current && 'this browser'),
            { key: 'ip', header: 'Address', render: (x) => x.ip ?? '' },
            { key: 'created', header: 'Signed in', render: (x) => formatAdminTime(x.created_at) },
            { key: 'seen', header: 'Last seen', render: (x) => formatAdminTime(x.last_seen_at) },
          ]}
          actions={{
            header: 'Action',
            render: (x) => (
              <Button size="sm" variant="outline-danger" onClick={() => void revoke(x)} aria-label={`Sign out ${x.device}${x.current ? ' (this browser)' : ''}`}>
                Sign out
              </Button>
            ),
          }}
        />
        <Button variant="outline-dark" onClick={() => void others()} disabled={!rows || rows.length < 2}>
          Sign out everywhere else
        </Button>
      </Card.Body>
    </Card>
  );
}

/** My account: password, two-factor sign-in, passkeys and sessions of the signed-in administrator. */
export default function MyAccountPage() {
  const [security, setSecurity] = useState<Security | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  const load = useCallback(async () => {
    const r = await api<Security>('/account/security');
    if (r.ok) {
      setSecurity(r.body);
      setError(null);
      // The shell re-reads whether two-factor set-up is still required (its sidebar opens once it is done).
      if (r.body.requireTwoFactor) void revalidate();
    } else setError(r.body.message ?? 'Could not load your account');
  }, [revalidate]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div>
      <h1 className="h3 mb-3">My account</h1>
      {error ? <div className="alert alert-danger">{error}</div> : null}
      {security ? (
        <>
          <p className="text-body-secondary">Signed in as {security.email}.</p>
          {security.requireTwoFactor && !security.twoFactor.totp && security.twoFactor.passkeys === 0 ? (
            <Alert variant="warning">Two-factor sign-in is required: set it up under My account.</Alert>
          ) : null}
          <TwoFactorCard security={security} reload={load} />
          <PasskeysCard security={security} reload={load} />
          <SessionsCard />
          <ChangePasswordCard />
        </>
      ) : null}
    </div>
  );
}
