/** Pieces of the sign-in screens and password forms (login, forgot, reset, administrators). */
import { useState } from 'react';
import { Card } from 'react-bootstrap';
import { TextField } from './fields';
import { notify } from './notify';

/** The centred card of the screens outside the admin (login, forgot password, choose a password). */
export function AuthCard({ title, headingClass = 'mb-3', children }: { title: string; headingClass?: string; children: React.ReactNode }) {
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-light p-3">
      <Card style={{ width: '100%', maxWidth: 420 }} className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className={`h3 ${headingClass} text-center`}>{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}

/**
 * A form's sending state: `busy` while a send runs, its last `error` (shown by FormError), `fail` to show
 * and toast a message. `run` clears the error, sends, and on a thrown error fails with `fallback`; a send
 * that returns true stays busy (the login waits for its redirect).
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };
  const run = async (send: () => Promise<boolean | void>, fallback: string) => {
    setBusy(true);
    setError(null);
    let keep = false;
    try {
      keep = (await send()) === true;
    } catch {
      fail(fallback);
    } finally {
      if (!keep) setBusy(false);
    }
  };
  return { busy, error, fail, run };
}

/** New password and its repeat, as every form that sets a password asks for them. */
export function NewPasswordFields(props: {
  ids: readonly [string, string];
  password: string;
  repeat: string;
  onPassword(v: string): void;
  onRepeat(v: string): void;
}) {
  return (
    <>
      <TextField id={props.ids[0]} className="mb-2" label="New password" type="password" autoComplete="new-password" value={props.password} onChange={props.onPassword} />
      <TextField id={props.ids[1]} label="Repeat the new password" type="password" autoComplete="new-password" value={props.repeat} onChange={props.onRepeat} />
    </>
  );
}
