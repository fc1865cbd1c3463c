import type { PasswordPolicy } from '../../src/shared/password-policy';
import { Alert, Field } from '../../islands/ui/form';
import { pages } from '../../src/shared/paths';
import type { FieldErrors } from '../../src/shared/validation';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useRenderContext } from '../context';

export type ForgotPasswordPageProps = {
  userId?: string;
  error?: string;
  errors?: FieldErrors<'user_id'>;
};

/** /password/forgot: ask for an emailed link to choose a new password. */
export function ForgotPasswordPage({ userId, error, errors = {} }: ForgotPasswordPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card">
      <h1>Forgot password?</h1>
      <p>
        Enter the user ID you log in with. If it matches an account, we will email its owner a link to choose
        a new password. The link works once, for 1 hour.
      </p>
      <form method="post" action={pages.passwordForgot} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <Field
          id="forgot-user"
          label="User ID"
          name="user_id"
          autoComplete="username"
          required
          maxLength={100}
          defaultValue={userId}
          error={errors.user_id}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          Email me a link
        </button>
      </form>
      <p>
        <a href={pages.login}>Back to Login</a>
      </p>
    </section>
  );
}

export type ResetPasswordPageProps = {
  token: string;
  policy: PasswordPolicy;
  error?: string;
  errors?: FieldErrors<'password' | 'confirm_password'>;
};

/** /password/reset/{token}: choose the new password. */
export function ResetPasswordPage({ token, policy, error, errors = {} }: ResetPasswordPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card">
      <h1>Choose a new password</h1>
      <p>Once it is set, you are signed out everywhere and log in with the new password.</p>
      <form method="post" action={pages.passwordReset(token)} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <NewPasswordFields
          idPrefix="reset"
          labels={['New password', 'Confirm new password']}
          errors={errors}
          policy={policy}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          Set new password
        </button>
      </form>
    </section>
  );
}

/** A reset link that cannot be used (unknown, used, expired, or its account closed): why, and what now. */
export function ResetGonePage(props: { title: string; message: string; canAskAgain: boolean }) {
  return (
    <section className="narrow card">
      <h1>{props.title}</h1>
      <p className="alert alert-error" role="alert">
        {props.message}
      </p>
      <p>
        {props.canAskAgain && (
          <>
            <a className="btn btn-primary" href={pages.passwordForgot}>
              Ask for a new link
            </a>{' '}
          </>
        )}
        <a href={pages.login}>Go to Login</a>
      </p>
    </section>
  );
}
