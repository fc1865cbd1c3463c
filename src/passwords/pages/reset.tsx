import { Alert } from '../../../islands/ui/form';
import { NewPasswordFields } from '../../../views/components/NewPasswordFields';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import type { PasswordPolicy } from '../../shared/password-policy';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { getPasswordReset, RESET_TOKEN, resetPassword } from '../actions';
import { resetFormSchema } from '../schema';
import { GONE } from '../service';

type ResetPasswordPageProps = {
  token: string;
  policy: PasswordPolicy;
  error?: string;
  errors?: FieldErrors<'password' | 'confirm_password'>;
};

/** /password/reset/{token}: choose the new password. */
function ResetPasswordPage({ token, policy, error, errors = {} }: ResetPasswordPageProps) {
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
function ResetGonePage(props: { title: string; message: string; canAskAgain: boolean }) {
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

/**
 * /password/reset/{token}, opened from the email: the form while the link can be used, else why not. A
 * refused field shows the form again with its message beside the field; anything else (the action turned
 * off) the form with the message; a link that was spent meanwhile its page.
 */
export const resetPage = page({
  path: pages.passwordReset(':token'),
  params: { token: RESET_TOKEN },
  reads: [getPasswordReset],
  load: ({ read }) => read(getPasswordReset),
  render: ({ state, policy }, { params, form }) => {
    if (state !== 'valid') {
      const { status, title, message } = GONE[state];
      return {
        view: <ResetGonePage title={title} message={message} canAskAgain={state !== 'closed'} />,
        meta: { title, description: message, noindex: true },
        status,
      };
    }
    const refusal = form?.refusal;
    const shown = refusal && (refusal.fields ? { errors: refusal.fields } : { error: refusal.message });
    return {
      view: <ResetPasswordPage token={params.token} policy={policy} {...shown} />,
      meta: { title: 'Choose a new password', description: 'Choose a new password.', noindex: true },
    };
  },
  forms: [
    {
      action: resetPassword,
      input: (fields, { params }) => ({ ...fields, token: params.token }),
      schema: resetFormSchema,
      done: (_ctx, answer) => ({ to: pages.login, flash: answer.message }),
    },
  ],
});
