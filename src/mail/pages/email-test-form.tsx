import { pages } from '../../shared/paths';
import { Alert, Field } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';

export type EmailTestFormProps = {
  /** The signed-in administrator's own address: where the test goes unless another is given. */
  adminEmail: string;
  /** The address typed, kept when the form comes back refused. */
  to?: string;
  /** Why the address was refused. */
  error?: string;
  /** Why the test cannot be sent now (the action is off, or the role lacks it): the button is disabled. */
  disabled?: string;
};

/**
 * "Send test email" (Settings, Email): sends one email at once through the firm's saved SMTP settings and
 * reports what the server said, on the page it lands on. A plain form: it works without JavaScript.
 */
export function EmailTestForm({ adminEmail, to = '', error, disabled }: EmailTestFormProps) {
  const { csrfToken } = useRenderContext();
  return (
    <form method="post" action={pages.admin.settingsEmailTest}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {disabled && <Alert kind="error">{disabled}</Alert>}
      <Field
        id="email-test-to"
        name="to"
        type="email"
        label="Send to"
        defaultValue={to}
        placeholder={adminEmail}
        maxLength={254}
        autoComplete="email"
        error={error}
        hint={`Leave empty to send it to your own address, ${adminEmail}. The saved settings are used: save your changes first.`}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={disabled !== undefined}>
          Send test email
        </button>
      </div>
    </form>
  );
}
