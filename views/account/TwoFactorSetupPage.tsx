import { Alert, Field, RequiredNote } from '../../islands/ui/form';
import type { MfaSetupView } from '../../src/shared/account';
import { QrCode } from '../components/QrCode';
import { useRenderContext } from '../context';

export type TwoFactorSetupPageProps = {
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
export function TwoFactorSetupPage(props: TwoFactorSetupPageProps) {
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
