import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { type OutputOf, page, redirectTo } from '../../access/page';
import { ROLE_HOME } from '../../shared/constants';
import { pages, withNext } from '../../shared/paths';
import { type FieldErrors, safeNext } from '../../shared/validation';
import { logIn, logOut } from '../actions';

type LoginPageProps = {
  next?: string;
  userId?: string;
  error?: string;
  fieldErrors?: FieldErrors<'user_id' | 'password'>;
};

/** /login: the sign-in form as a page, for browsers without JavaScript and for guarded links. */
function LoginPage({ next, userId, error, fieldErrors = {} }: LoginPageProps) {
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

/**
 * /login: the sign-in form as a page, for browsers without JavaScript and for guarded links; someone
 * signed in goes on (to ?next= or their home). A refused sign-in shows the form again with the user ID.
 */
export const loginPage = page({
  path: pages.login,
  reads: [],
  load: async ({ req, actor, form }) => {
    if (actor && !form) return redirectTo(safeNext(req.query.next) ?? ROLE_HOME[actor.role]);
  },
  render: (_data, { req, form }) => {
    const refusal = form?.refusal;
    const userId = typeof form?.values.user_id === 'string' ? form.values.user_id : '';
    const shown =
      refusal && (refusal.status === 400 ? { fieldErrors: refusal.fields } : { error: refusal.message });
    return {
      view: <LoginPage next={safeNext(req.query.next)} userId={userId} {...shown} />,
      meta: { title: 'Login', description: 'Sign in to Reti Immigration.', noindex: true },
    };
  },
  forms: [
    {
      action: logIn,
      done: ({ req }, answer: OutputOf<typeof logIn>) => {
        const next = safeNext(req.query.next);
        if ('mfa' in answer)
          return { to: withNext(answer.mfa === 'required' ? pages.mfa : pages.mfaSetup, next) };
        return { to: next ?? ROLE_HOME[answer.role_name] };
      },
    },
    {
      // The header's Logout button, on every page: it posts to /logout.
      action: logOut,
      path: pages.logout,
      done: () => ({ to: pages.home }),
      // The action turned off (403), or the store not answering (503): the error page says which.
      refused: (_ctx, refusal) => {
        throw refusal.error;
      },
    },
  ],
});
