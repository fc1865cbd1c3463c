import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { MAIL_ACTIONS, mailFeature as mountMail } from '.';
import { MAIL_PAGES } from './pages';

/** Email: the outbox's sender in every process, and a firm's own server's test. */
export const mailFeature = declareFeature({
  name: 'mail',
  actions: MAIL_ACTIONS,
  pages: MAIL_PAGES,
  tables: [{ table: 'outbox', leftOut: 'Emails waiting to go: a restore must not send them again.' }],
  mount: (s: Services) => ({
    ...mountMail({ kit: s.kit, emailTest: s.emailTest }),
    start: () => s.mail.start(),
    stop: () => s.mail.stop(),
  }),
});
