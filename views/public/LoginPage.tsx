import type { FieldErrors } from '../../src/shared/validation';
import { Alert, Field, RequiredNote } from '../../islands/ui/form';
import { pages } from '../../src/shared/paths';

export type LoginPageProps = {
  next?: string;
  userId?: string;
  error?: string;
  fieldErrors?: FieldErrors<'user_id' | 'password'>;
};

/** /login: the sign-in form as a page, for browsers without JavaScript and for guarded links. */
export function LoginPage({ next, userId, error, fieldErrors = {} }: LoginPageProps) {
  const action = next ? `${pages.login}?next=${encodeURIComponent(next)}` : pages.login;
  return (
    <section className="narrow card">
      <h1>Login</h1>
      <form method="post" action={action} className="form">
        <RequiredNote />
        <Field
          id="login-user"
          label="User ID"
          name="user_id"
          autoComplete="username"
          required
          defaultValue={userId}
          error={fieldErrors.user_id}
        />
        <Field
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          Login
        </button>
      </form>
      <p>
        <a href={pages.passwordForgot}>Forgot password?</a>
      </p>
    </section>
  );
}
