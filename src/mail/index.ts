import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { MAIL_ACTIONS } from './actions';
import { MAIL_PAGES } from './pages';
import type { EmailTestService } from './service';

export { MAIL_ACTIONS };

/** "Send test email": {API}/settings/email/test and its page. (The outbox sender is wired apart.) */
export function mailFeature(deps: { kit: ActionKit; emailTest: EmailTestService }): Feature {
  const { kit, emailTest } = deps;
  return { api: kit.api(Object.values(MAIL_ACTIONS), { emailTest }), pages: kit.pages(MAIL_PAGES) };
}
