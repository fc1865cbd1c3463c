import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page } from '../../access/page';
import { ROLE_HOME } from '../../shared/constants';
import { pages, withNext } from '../../shared/paths';
import { verifyMfa } from '../actions';
import { useTranslation } from 'react-i18next';
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
  // English for everyone; a client reads it in their own language.
  const { t } = useTranslation();
  return (
    <section className="narrow card">
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      <form method="post" action={action} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <RequiredNote label={t('password.required')} />
        <Field
          id="mfa-code"
          label={t('signIn.code')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          error={codeError}
          hint={t('signIn.hint')}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          {t('signIn.verify')}
        </button>
      </form>
      <p>
        <a href={pages.login}>{t('signIn.back')}</a>
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
    view: (
      <TwoFactorPage
        action={withNext(pages.mfa, nextOf(req))}
        {...shownRefusal(form?.refusal, req.session?.mfa?.language)}
      />
    ),
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
