import { declareFor } from '../access/action';
import { emailTestSchema } from './schema';
import type { EmailTestService } from './service';

export type MailDeps = { emailTest: EmailTestService };
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
  run: ({ deps, actor }, input) => deps.emailTest.send(actor, input),
});

export const MAIL_ACTIONS = { testEmail };
