import { Alert, Field, RequiredNote } from '../../islands/ui/form';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';

export type TwoFactorPageProps = {
  /** Where the form posts: /login/mfa, with the page to go on to afterwards. */
  action: string;
  error?: string;
  codeError?: string;
};

/** /login/mfa: the second step of signing in, a code from the authenticator app or a recovery code. */
export function TwoFactorPage({ action, error, codeError }: TwoFactorPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card">
      <h1>Two-factor sign-in</h1>
      <p>Enter the 6-digit code that your authenticator app shows for Reti Immigration.</p>
      <form method="post" action={action} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <RequiredNote />
        <Field
          id="mfa-code"
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          error={codeError}
          hint="Cannot use your app? Enter one of your recovery codes instead."
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          Verify
        </button>
      </form>
      <p>
        <a href={pages.login}>Back to Login</a>
      </p>
    </section>
  );
}
