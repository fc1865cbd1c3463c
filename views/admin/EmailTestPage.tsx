import { pages } from '../../src/shared/paths';
import { EmailTestForm, type EmailTestFormProps } from './EmailTestForm';

/** /admin/settings/email/test: the test form on its own, where a refused address comes back. */
export function EmailTestPage(props: EmailTestFormProps) {
  return (
    <section className="narrow card">
      <p className="back-link">
        <a href={pages.admin.settingsSection('email')}>← Back to the Email settings</a>
      </p>
      <h1>Send test email</h1>
      <p>
        One short email is sent at once through your firm's saved mail server, and you see what the server
        answered.
      </p>
      <EmailTestForm {...props} />
    </section>
  );
}
