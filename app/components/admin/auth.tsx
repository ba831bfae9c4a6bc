/** Pieces of the sign-in screens and password forms (login, forgot, reset, administrators). */
import { useState } from 'react';
import { Card } from 'react-bootstrap';
import { firstProblem, type newPasswordTwiceSchema } from '@content/password';
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

/** A new password typed twice: the two boxes' text, and the first problem the form's schema finds. */
export function useNewPassword(schema: ReturnType<typeof newPasswordTwiceSchema>) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    problem: () => firstProblem(schema.safeParse({ password, repeat })),
    clear: () => {
      setPassword('');
      setRepeat('');
    },
  };
}

/** New password and its repeat, as every form that sets a password asks for them. */
export function NewPasswordFields({ ids, pair }: { ids: readonly [string, string]; pair: ReturnType<typeof useNewPassword> }) {
  return (
    <>
      <TextField id={ids[0]} className="mb-2" label="New password" type="password" autoComplete="new-password" value={pair.password} onChange={pair.setPassword} />
      <TextField id={ids[1]} label="Repeat the new password" type="password" autoComplete="new-password" value={pair.repeat} onChange={pair.setRepeat} />
    </>
  );
}
