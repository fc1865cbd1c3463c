import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { MAIL_ACTIONS, mailFeature as mountMail } from '.';

/** Email: the outbox's sender in every process, and a firm's own server's test. */
export const mailFeature = declareFeature({
  name: 'mail',
  actions: MAIL_ACTIONS,
  tables: [{ table: 'outbox', leftOut: 'Emails waiting to go: a restore must not send them again.' }],
  mount: (s: Services) => ({
    ...mountMail({ kit: s.kit, emailTest: s.emailTest, render: s.render }),
    start: () => s.mail.start(),
    stop: () => s.mail.stop(),
  }),
});
