import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import type { MfaSetupView } from '../../shared/account';
import { QrCode } from '../../../views/components/QrCode';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page, redirectTo } from '../../access/page';
import { ServiceError } from '../../shared/errors';
import { pages, withNext } from '../../shared/paths';
import { ACCOUNT_MESSAGES, confirmMfaSetup, enableMfa, getMfaSetup, keepCodesShown } from '../actions';
import { ROLE_HOME } from '../../shared/constants';
import { nextOf, offStep, overToLogin, shownRefusal } from './step';

type TwoFactorSetupPageProps = {
  setup: MfaSetupView;
  /** Where the confirming code is posted. */
  action: string;
  /** At sign-in, because the firm requires it; on the Account page, because the person chose it. */
  requiredByFirm: boolean;
  back: { href: string; label: string };
  error?: string;
  codeError?: string;
};

/** /login/mfa/setup and /account/two-factor: add the account to an authenticator app, then confirm a code. */
function TwoFactorSetupPage(props: TwoFactorSetupPageProps) {
  const { setup, action, requiredByFirm, back, error, codeError } = props;
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card two-factor-setup">
      <h1>Set up two-factor sign-in</h1>
      <p>
        {requiredByFirm
          ? 'Your firm requires two-factor sign-in for administrators. '
          : 'Two-factor sign-in asks for a code from your phone after your password. '}
        It takes a minute, once.
      </p>
      <h2>1. Add your account to an authenticator app</h2>
      <p>
        Scan this QR code with an authenticator app, such as Google Authenticator or Microsoft Authenticator.
      </p>
      <QrCode size={setup.qr.size} path={setup.qr.path} />
      <p>Cannot scan it? Enter this key in the app instead:</p>
      <p>
        <code className="totp-secret">{setup.groupedSecret}</code>
      </p>
      <h2>2. Enter the code the app shows</h2>
      <form method="post" action={action} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <RequiredNote />
        <Field
          id="mfa-setup-code"
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={40}
          error={codeError}
          hint="6 digits. A new code appears every 30 seconds."
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          Turn on two-factor sign-in
        </button>
      </form>
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </section>
  );
}

const SETUP_META = {
  title: 'Set up two-factor sign-in',
  description: 'Add your account to an authenticator app.',
  noindex: true,
};

/**
 * /login/mfa/setup: at sign-in, because the firm requires it. A wrong code shows the same QR code and key
 * again while the step goes on; once it is over, Login says why.
 */
export const signInSetupPage = page({
  path: pages.mfaSetup,
  reads: [getMfaSetup],
  load: async ({ req, read }) => offStep(req, 'enroll') ?? read(getMfaSetup),
  render: (setup, { req, form }) => ({
    view: (
      <TwoFactorSetupPage
        setup={setup}
        action={withNext(pages.mfaSetup, nextOf(req))}
        requiredByFirm
        back={{ href: pages.login, label: 'Back to Login' }}
        {...shownRefusal(form?.refusal)}
      />
    ),
    meta: SETUP_META,
  }),
  forms: [
    {
      action: confirmMfaSetup,
      done: ({ req }, answer: OutputOf<typeof confirmMfaSetup>) => {
        keepCodesShown(req, answer.sealedCodes, nextOf(req) ?? ROLE_HOME[answer.user.role_name]);
        return { to: pages.accountRecoveryCodes, flash: ACCOUNT_MESSAGES.enabled };
      },
      refused: overToLogin,
    },
  ],
});

/**
 * /account/two-factor: from the Account page, because the person chose it; already on, the Account page
 * says so with the ways to manage it. A wrong code shows the same QR code again.
 */
export const accountSetupPage = page({
  path: pages.accountTwoFactor,
  reads: [getMfaSetup],
  load: async ({ read }) => {
    try {
      return await read(getMfaSetup);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 409) throw error;
      return redirectTo(pages.account, { kind: 'error', message: error.message });
    }
  },
  render: (setup, { form }) => ({
    view: (
      <TwoFactorSetupPage
        setup={setup}
        action={pages.accountTwoFactor}
        requiredByFirm={false}
        back={{ href: pages.account, label: 'Back to Account' }}
        {...shownRefusal(form?.refusal)}
      />
    ),
    meta: SETUP_META,
  }),
  forms: [
    {
      action: enableMfa,
      done: ({ req }, answer: OutputOf<typeof enableMfa>) => {
        keepCodesShown(req, answer.sealedCodes, pages.account);
        return { to: pages.accountRecoveryCodes, flash: ACCOUNT_MESSAGES.enabled };
      },
      // The setup's secret is gone (or it is on already): the Account page, with the reason.
      refused: ({ req }, refusal) =>
        !req.session?.totpPending || refusal.status === 409 ? { to: pages.account } : undefined,
    },
  ],
});
