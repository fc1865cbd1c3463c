import { Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import { pages } from '../shared/paths';
import { INVITATION_ACTIONS } from './actions';
import { INVITATION_PAGES } from './pages';
import type { InvitationsService } from './service';

export { INVITATION_ACTIONS };

/** Invitations: sending them, adding a firm's users by invitation, and accepting them at /invite/{token}. */
export function invitationsFeature(deps: { kit: ActionKit; invitations: InvitationsService }): Feature {
  const { kit, invitations } = deps;
  return {
    api: kit.api(Object.values(INVITATION_ACTIONS), { invitations }),
    pages: Router().use(pages.invite(':token'), noStore).use(kit.pages(INVITATION_PAGES)),
  };
}
