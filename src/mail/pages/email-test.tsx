import { pages } from '../../shared/paths';
import { page, type PageContext } from '../../access/page';
import { getUser } from '../../users/actions';
import { testEmail } from '../actions';
import { EmailTestForm, type EmailTestFormProps } from './email-test-form';

/** /admin/settings/email/test: the test form on its own, where a refused address comes back. */
function EmailTestPage(props: EmailTestFormProps) {
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

/**
 * The administrator's own address, where a test goes unless another is given: read through Get User, so
 * a page that shows it declares that read (the Settings email section too).
 */
export async function ownAddress({ read, actor }: Pick<PageContext, 'read' | 'actor'>): Promise<string> {
  const user = await read(getUser, { params: { id: actor?.id ?? '' } });
  return user.email;
}

export const emailTestPage = page({
  path: pages.admin.settingsEmailTest,
  reads: [getUser],
  offers: { send: testEmail },
  load: (ctx) => ownAddress(ctx),
  render: (adminEmail, { closed, form }) => ({
    // A refused address comes back here with what was typed; the button is off while the matrix says so.
    view: (
      <EmailTestPage
        adminEmail={adminEmail}
        to={typeof form?.values.to === 'string' ? form.values.to : ''}
        error={form?.refusal ? (form.refusal.fields?.to ?? form.refusal.message) : undefined}
        disabled={form ? undefined : closed.send}
      />
    ),
    meta: {
      title: 'Send test email',
      description: "Send a test email through the firm's own mail server.",
      noindex: true,
    },
  }),
  forms: [
    {
      action: testEmail,
      // The test ran either way: `sent` says whether the server took the email, `message` what it said.
      done: (_ctx, report: { sent: boolean; message: string }) => ({
        to: pages.admin.settingsSection('email'),
        flash: report.message,
        kind: report.sent ? 'success' : 'error',
      }),
      // A bad address comes back on the test's own page; anything else (no server set) is said on the tab.
      refused: (_ctx, refusal) => (refusal.fields ? undefined : { to: pages.admin.settingsSection('email') }),
    },
  ],
});
