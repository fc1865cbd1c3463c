import { declareFor } from '../access/action';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { showEmailTest } from './forms';
import { emailTestSchema } from './schema';
import type { EmailTestService } from './service';

export type MailDeps = { emailTest: EmailTestService; render: Renderer };
const action = declareFor<MailDeps>();

export const testEmail = action({
  name: 'Send Test Email',
  category: 'Settings',
  description: "Send a test email through the firm's own mail server and report what it said.",
  method: 'POST',
  route: '/settings/email/test',
  grants: { admin: 'w' },
  input: emailTestSchema,
  // The test ran either way: `sent` says whether the server took the email, `message` what it said.
  run: ({ deps, actor }, input) => deps.emailTest.send(actor!, input),
  form: {
    path: pages.admin.settingsEmailTest,
    done: (_ctx, report) => ({
      to: pages.admin.settingsSection('email'),
      flash: report.message,
      kind: report.sent ? 'success' : 'error',
    }),
    // A bad address comes back on the test's own page; anything else (no server set) is said on the tab.
    refused: async ({ deps, req, res, actor }, refusal, body) => {
      if (!refusal.fields) {
        setFlash(req, 'error', refusal.message);
        return res.redirect(303, pages.admin.settingsSection('email'));
      }
      showEmailTest(
        deps.render,
        req,
        res,
        {
          adminEmail: await deps.emailTest.ownAddress(actor!),
          to: typeof body.to === 'string' ? body.to : '',
          error: refusal.fields.to ?? refusal.message,
        },
        refusal.status,
      );
    },
  },
});

export const MAIL_ACTIONS = { testEmail };
