import type { FieldErrors } from '../../src/shared/validation';

export type LoginPageProps = {
  next?: string;
  userId?: string;
  error?: string;
  fieldErrors?: FieldErrors<'user_id' | 'password'>;
};

/** /login: the sign-in form as a page, for browsers without JavaScript and for guarded links. */
export function LoginPage({ next, userId, error, fieldErrors = {} }: LoginPageProps) {
  const action = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  return (
    <section className="narrow card">
      <h1>Login</h1>
      <form method="post" action={action} className="form">
        <label htmlFor="login-user">User ID</label>
        <input
          id="login-user"
          name="user_id"
          autoComplete="username"
          required
          defaultValue={userId}
          aria-invalid={fieldErrors.user_id ? true : undefined}
          aria-describedby={fieldErrors.user_id ? 'login-user-error' : undefined}
        />
        {fieldErrors.user_id && (
          <p className="field-error" id="login-user-error">
            {fieldErrors.user_id}
          </p>
        )}
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
        />
        {fieldErrors.password && (
          <p className="field-error" id="login-password-error">
            {fieldErrors.password}
          </p>
        )}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block">
          Login
        </button>
      </form>
    </section>
  );
}
