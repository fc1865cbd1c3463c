import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { ClosedControls } from '../../views/admin/UsersPage';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { SessionUser } from '../shared/session';
import { USERS_ACTIONS } from './actions';
import { userPages } from './pages';
import type { UserAdminService } from './service';

export { USERS_ACTIONS };

/** User Management: /admin/users and its forms, and {API}/users. */
export function usersFeature(deps: { kit: ActionKit; users: UserAdminService; render: Renderer }): Feature {
  const { kit, users, render } = deps;
  // Asked per request, once the actions are bound: what the matrix lets this person do now.
  const closedFor = (user: SessionUser | undefined): ClosedControls => ({
    add: mounted.bound.addUser.refusalFor(user)?.message,
    edit: mounted.bound.updateUser.refusalFor(user)?.message,
    status: mounted.bound.changeUser.refusalFor(user)?.message,
    remove: mounted.bound.removeUser.refusalFor(user)?.message,
    invite: mounted.bound.resendInvitation.refusalFor(user)?.message,
    review: mounted.bound.approveRequest.refusalFor(user)?.message,
  });
  const mounted = mountActions(kit, USERS_ACTIONS, { users, render, closedFor });
  return {
    api: mounted.api,
    pages: Router().use(mounted.forms, userPages({ users, render, closedFor, actions: mounted.bound })),
  };
}
