import { Router } from 'express';
import type { BoundActions } from '../access/kit';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { MAIL_ACTIONS } from './actions';
import { showEmailTest } from './forms';
import type { EmailTestService } from './service';

type PagesDeps = {
  emailTest: EmailTestService;
  actions: BoundActions<typeof MAIL_ACTIONS>;
  render: Renderer;
};

/** The test email's own page (the Settings email tab embeds the same form). */
export function mailPages({ emailTest, actions, render }: PagesDeps): Router {
  const router = Router();
  router.get(pages.admin.settingsEmailTest, async (req, res) => {
    const user = req.session.user!;
    showEmailTest(render, req, res, {
      adminEmail: await emailTest.ownAddress(user),
      disabled: actions.testEmail.refusalFor(user)?.message,
    });
  });
  return router;
}
