import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { INVITATION_ACTIONS } from './actions';
import { invitePages } from './pages';
import type { InvitationsService } from './service';

export { INVITATION_ACTIONS };

/** Invitations: sending them, adding a firm's users by invitation, and accepting them at /invite/{token}. */
export function invitationsFeature(deps: {
  kit: ActionKit;
  invitations: InvitationsService;
  render: Renderer;
}): Feature {
  const { kit, invitations, render } = deps;
  const { api, forms } = mountActions(kit, INVITATION_ACTIONS, { invitations, render });
  const pageRouter = Router();
  pageRouter.use(pages.invite(':token'), noStore);
  pageRouter.use(forms, invitePages({ invitations, render }));
  return { api, pages: pageRouter };
}
