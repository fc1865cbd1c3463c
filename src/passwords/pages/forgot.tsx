import { Alert, Field } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { forgotPassword } from '../actions';

type ForgotPasswordPageProps = {
  userId?: string;
  error?: string;
  errors?: FieldErrors<'user_id'>;
};

/** /password/forgot: ask for an emailed link to choose a new password. */
function ForgotPasswordPage({ userId, error, errors = {} }: ForgotPasswordPageProps) {
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

/** /password/forgot: a refused request shows the form again, with the field's message or the refusal's. */
export const forgotPage = page({
  path: pages.passwordForgot,
  reads: [],
  render: (_data, { form }) => {
    const userId = typeof form?.values.user_id === 'string' ? form.values.user_id : '';
    const refusal = form?.refusal;
    const shown = refusal && (refusal.fields ? { errors: refusal.fields } : { error: refusal.message });
    return {
      view: <ForgotPasswordPage userId={userId} {...shown} />,
      meta: {
        title: 'Forgot password?',
        description: 'Get an emailed link to choose a new password.',
        noindex: true,
      },
    };
  },
  forms: [{ action: forgotPassword, done: (_ctx, answer) => ({ to: pages.login, flash: answer.message }) }],
});
