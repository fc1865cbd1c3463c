import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import type { MfaSetupView } from '../../shared/account';
import { QrCode } from '../../../views/components/QrCode';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page, redirectTo } from '../../access/page';
import { ServiceError } from '../../shared/errors';
import { pages, withNext } from '../../shared/paths';
import { ACCOUNT_MESSAGES, confirmMfaSetup, enableMfa, getMfaSetup, keepCodesShown } from '../actions';
import { ROLE_HOME } from '../../shared/constants';
import { sayIn } from '../../shared/i18n';
import { useTranslation } from 'react-i18next';
import { nextOf, offStep, overToLogin, shownRefusal } from './step';

type TwoFactorSetupPageProps = {
  setup: MfaSetupView;
  /** Where the confirming code is posted. */
  action: string;
  /** At sign-in, because the firm requires it; on the Account page, because the person chose it. */
  requiredByFirm: boolean;
  /** Where back leads, and its words' key. */
  back: { href: string; label: 'twoFactor.backToAccount' | 'twoFactor.backToLogin' };
  error?: string;
  codeError?: string;
};

/** /login/mfa/setup and /account/two-factor: add the account to an authenticator app, then confirm a code. */
function TwoFactorSetupPage(props: TwoFactorSetupPageProps) {
  const { setup, action, requiredByFirm, back, error, codeError } = props;
  const { csrfToken } = useRenderContext();
  // English for everyone; a client reads it in their own language.
  const { t } = useTranslation();
  return (
    <section className="narrow card two-factor-setup">
      <h1>{t('twoFactor.title')}</h1>
      <p>
        {requiredByFirm ? t('twoFactor.requiredIntro') : t('twoFactor.chosenIntro')}
        {t('twoFactor.once')}
      </p>
      <h2>{t('twoFactor.step1')}</h2>
      <p>{t('twoFactor.scan')}</p>
      <QrCode size={setup.qr.size} path={setup.qr.path} />
      <p>{t('twoFactor.cannotScan')}</p>
      <p>
        <code className="totp-secret">{setup.groupedSecret}</code>
      </p>
      <h2>{t('twoFactor.step2')}</h2>
      <form method="post" action={action} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <RequiredNote label={t('password.required')} />
        <Field
          id="mfa-setup-code"
          label={t('twoFactor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={40}
          error={codeError}
          hint={t('twoFactor.codeHint')}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <button type="submit" className="btn btn-primary btn-block">
          {t('twoFactor.turnOn')}
        </button>
      </form>
      <p>
        <a href={back.href}>{t(back.label)}</a>
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
        back={{ href: pages.login, label: 'twoFactor.backToLogin' }}
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
  render: (setup, { form, actor }) => ({
    view: (
      <TwoFactorSetupPage
        setup={setup}
        action={pages.accountTwoFactor}
        requiredByFirm={false}
        back={{ href: pages.account, label: 'twoFactor.backToAccount' }}
        {...shownRefusal(form?.refusal, actor?.language)}
      />
    ),
    meta: SETUP_META,
  }),
  forms: [
    {
      action: enableMfa,
      done: ({ req, actor }, answer: OutputOf<typeof enableMfa>) => {
        keepCodesShown(req, answer.sealedCodes, pages.account);
        return {
          to: pages.accountRecoveryCodes,
          flash: sayIn(actor?.language ?? 'en', ACCOUNT_MESSAGES.enabled),
        };
      },
      // The setup's secret is gone (or it is on already): the Account page, with the reason.
      refused: ({ req }, refusal) =>
        !req.session?.totpPending || refusal.status === 409 ? { to: pages.account } : undefined,
    },
  ],
});
