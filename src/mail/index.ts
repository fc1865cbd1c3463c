import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { MAIL_ACTIONS } from './actions';
import { mailPages } from './pages';
import type { EmailTestService } from './service';

export { MAIL_ACTIONS };

/** "Send test email": {API}/settings/email/test and its page form. (The outbox sender is wired apart.) */
export function mailFeature(deps: {
  kit: ActionKit;
  emailTest: EmailTestService;
  render: Renderer;
}): Feature {
  const { kit, emailTest, render } = deps;
  const { api, forms, bound } = mountActions(kit, MAIL_ACTIONS, { emailTest, render });
  return { api, pages: Router().use(forms, mailPages({ emailTest, actions: bound, render })) };
}
