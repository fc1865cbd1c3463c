import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page } from '../../access/page';
import { ROLE_HOME } from '../../shared/constants';
import { pages, withNext } from '../../shared/paths';
import { verifyMfa } from '../actions';
import { nextOf, offStep, overToLogin, shownRefusal } from './step';

type TwoFactorPageProps = {
  /** Where the form posts: /login/mfa, with the page to go on to afterwards. */
  action: string;
  error?: string;
  codeError?: string;
};

/** /login/mfa: the second step of signing in, a code from the authenticator app or a recovery code. */
function TwoFactorPage({ action, error, codeError }: TwoFactorPageProps) {
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

/**
 * /login/mfa: the second step of signing in. A wrong code shows the page again while the step goes on
 * (an enrolling step's page instead, by the page's own check); once the step is over, Login says why.
 */
export const signInCodePage = page({
  path: pages.mfa,
  reads: [],
  load: async ({ req }) => offStep(req, 'required'),
  render: (_data, { req, form }) => ({
    view: <TwoFactorPage action={withNext(pages.mfa, nextOf(req))} {...shownRefusal(form?.refusal)} />,
    meta: { title: 'Two-factor sign-in', description: 'Enter a code to finish signing in.', noindex: true },
  }),
  forms: [
    {
      action: verifyMfa,
      done: ({ req }, user: OutputOf<typeof verifyMfa>) => ({ to: nextOf(req) ?? ROLE_HOME[user.role_name] }),
      refused: overToLogin,
    },
  ],
});
