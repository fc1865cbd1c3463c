import { type RequestHandler, Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { INVITATION_ACTIONS } from './actions';
import { invitePages } from './pages';
import type { InvitationsService } from './service';

export { INVITATION_ACTIONS };

// The token is a credential: pages that carry it are never stored by a cache.
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

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
