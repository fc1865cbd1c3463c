import { island } from './runtime/island';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { HttpStatusError, postJson } from '../src/shared/api-client';
import { MESSAGES, ROLE_HOME } from '../src/shared/constants';
import { api, pages, withNext } from '../src/shared/paths';
import type { MfaAnswer, PublicUser } from '../src/shared/session';
import { safeNext } from '../src/shared/validation';
import { useDialog } from './ui/dialog';
import { Alert, Field, RequiredNote } from './ui/form';

/** The header's Login button and modal; without JavaScript the button is a link to /login. */
function LoginModal({ next }: { next?: string }) {
  const id = useId();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reset = useCallback(() => {
    setPassword('');
    setError('');
    setShowPassword(false);
  }, []);
  const dialog = useDialog(reset, false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await postJson<PublicUser | MfaAnswer>(api.login, { user_id: userId, password });
      // A second step (two-factor) is a page of its own: the code, or setting the app up first.
      if ('mfa' in answer)
        window.location.assign(
          withNext(answer.mfa === 'required' ? pages.mfa : pages.mfaSetup, safeNext(next)),
        );
      else window.location.assign(safeNext(next) ?? ROLE_HOME[answer.role_name]);
    } catch (failure) {
      const status = failure instanceof HttpStatusError ? failure.status : 0;
      setError(
        status === 401 || status === 400 || !(failure instanceof HttpStatusError)
          ? MESSAGES.loginFailed
          : (failure.serverMessage ?? MESSAGES.loginFailed),
      );
      setBusy(false);
    }
  }

  const href = next ? `${pages.login}?next=${encodeURIComponent(next)}` : pages.login;
  return (
    <>
      <a
        className="btn btn-primary"
        href={href}
        onClick={(e) => {
          e.preventDefault();
          dialog.open();
        }}
      >
        Login
      </a>
      <dialog ref={dialog.ref} className="modal" aria-labelledby={`${id}title`}>
        <form className="modal-body" method="post" action={href} onSubmit={submit}>
          <div className="modal-head">
            <h2 id={`${id}title`}>Login</h2>
            <button type="button" className="close" aria-label="Close" onClick={dialog.close}>
              ×
            </button>
          </div>
          <RequiredNote />
          <Field
            id={`${id}user`}
            name="user_id"
            label="User ID"
            autoComplete="username"
            required
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
          <Field
            id={`${id}password`}
            name="password"
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            after={
              <button
                type="button"
                className="btn btn-ghost"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            }
          />
          {error && <Alert kind="error">{error}</Alert>}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
          <p>
            <a href={pages.passwordForgot}>Forgot password?</a>
          </p>
        </form>
      </dialog>
    </>
  );
}

export default island('LoginModal', LoginModal);
