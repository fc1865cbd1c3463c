import type { z } from 'zod';
import { type ActionContext, declareFor } from '../access/action';
import { pages } from '../shared/paths';
import { fullName, type ManagedUser, type UserList, USER_OUTCOMES } from '../shared/users';
import {
  listPathOf,
  renderAddRefusal,
  renderApprovalRefusal,
  renderEditRefusal,
  renderRemoveRefusal,
  renderStatusRefusal,
  type UsersDeps,
} from './forms';
import { newUserSchema, statusFormSchema, userListQuery, userPatchSchema } from './schema';
import { type UserAdded, type UserChange, USER_NOT_FOUND } from './service';

const action = declareFor<UsersDeps>();
const CATEGORY = 'User Management';
type UserCtx = ActionContext<UsersDeps>;
type UserPatch = z.output<typeof userPatchSchema>;

/** The API's user: exactly its contract's fields (the pages also get what is blocked and why). */
const publicUser = (u: ManagedUser): ManagedUser => ({
  id: u.id,
  loginId: u.loginId,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.role,
  status: u.status,
  lastLogin: u.lastLogin,
});

/** What the person who changed a user reads. */
const outcomeOf = ({ user, event }: UserChange) => {
  const name = fullName(user);
  return event === 'unchanged' ? USER_OUTCOMES.updated(name) : USER_OUTCOMES[event](name);
};

export const listUsers = action({
  name: 'Get Users',
  category: CATEGORY,
  description: "List the firm's users: search by name, email or user ID, filter by role and status.",
  method: 'GET',
  route: '/users',
  grants: { user: 'r', admin: 'r' },
  input: userListQuery,
  run: ({ deps, actor }, input) => deps.users.list(actor!, input),
  answer: (list): UserList => ({ ...list, users: list.users.map(publicUser) }),
});

export const getUser = action({
  name: 'Get User',
  category: CATEGORY,
  description: "Read one of the firm's users.",
  method: 'GET',
  route: '/users/{id}',
  notFound: USER_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.users.get(actor!, params.id),
  answer: publicUser,
});

/** The API's answer to a user added or invited again: the user, and what became of the email. */
const withInvitation = ({ user, invitation }: UserAdded) => ({ ...publicUser(user), invitation });
/** An invitation email not sent is said as an error, where it happened. */
const kindOf = ({ invitation }: UserAdded) => (invitation.delivery === 'sent' ? 'success' : 'error');

export const addUser = action({
  name: 'Add User',
  category: CATEGORY,
  description: 'Add a user to the firm: the account is pending, and its invitation is emailed.',
  method: 'POST',
  route: '/users',
  grants: { admin: 'w' },
  input: newUserSchema,
  run: ({ deps, actor }, input) => deps.users.add(actor!, input),
  status: 201,
  answer: withInvitation,
  form: {
    path: pages.admin.users,
    done: (_ctx, added) => ({
      to: pages.admin.users,
      flash: USER_OUTCOMES.added(fullName(added.user), added.user.loginId, added.invitation),
      kind: kindOf(added),
    }),
    refused: (ctx, refusal, body) => renderAddRefusal(ctx, refusal, body),
  },
});

export const resendInvitation = action({
  name: 'Resend Invitation',
  category: CATEGORY,
  description: 'Email a pending user a new invitation; the earlier links stop working.',
  method: 'POST',
  route: '/users/{id}/invitation',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  run: ({ deps, actor, params }) => deps.users.resendInvitation(actor!, params.id),
  answer: withInvitation,
  form: {
    path: pages.admin.userInvitation(':id'),
    done: ({ req }, sent) => ({
      to: listPathOf(req.body ?? {}),
      flash: USER_OUTCOMES.reinvited(fullName(sent.user), sent.invitation),
      kind: kindOf(sent),
    }),
    refused: (ctx, refusal, body) => renderStatusRefusal(ctx, refusal, body),
  },
});

export const approveRequest = action({
  name: 'Approve Account Request',
  category: CATEGORY,
  description: 'Approve an account platform staff asked to add to the firm: its invitation is then emailed.',
  method: 'POST',
  route: '/users/{id}/approval',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  run: ({ deps, actor, params }) => deps.users.approveRequest(actor!, params.id),
  answer: withInvitation,
  form: {
    path: pages.admin.userApproval(':id'),
    done: (_ctx, approved) => ({
      to: pages.admin.users,
      flash: USER_OUTCOMES.requestApproved(fullName(approved.user), approved.invitation),
      kind: kindOf(approved),
    }),
    refused: (ctx, refusal) => renderApprovalRefusal(ctx, refusal),
  },
});

/** PUT and PATCH make the same change: any of the fields, and the status. */
const userChange = {
  input: userPatchSchema,
  run: ({ deps, actor, params }: UserCtx, input: UserPatch) => deps.users.update(actor!, params.id, input),
  answer: (change: UserChange) => publicUser(change.user),
};

export const updateUser = action({
  name: 'Update User',
  category: CATEGORY,
  description: "Change a user's name, email, role or status.",
  method: 'PUT',
  route: '/users/{id}',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  ...userChange,
  form: {
    path: pages.admin.userEdit(':id'),
    done: (_ctx, change) => ({ to: pages.admin.users, flash: outcomeOf(change) }),
    refused: (ctx, refusal, body) => renderEditRefusal(ctx, refusal, body),
  },
});

export const changeUser = action({
  name: 'Change User',
  category: CATEGORY,
  description: 'Approve, suspend or reactivate a user, or change some of their details.',
  method: 'PATCH',
  route: '/users/{id}',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  ...userChange,
  form: {
    path: pages.admin.userStatus(':id'),
    schema: statusFormSchema,
    done: ({ req }, change) => ({ to: listPathOf(req.body ?? {}), flash: outcomeOf(change) }),
    refused: (ctx, refusal, body) => renderStatusRefusal(ctx, refusal, body),
  },
});

export const removeUser = action({
  name: 'Remove User',
  category: CATEGORY,
  description: 'Reject a pending account (its invitation stops working) or remove a user.',
  method: 'DELETE',
  route: '/users/{id}',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.users.remove(actor!, params.id),
  answer: () => undefined,
  form: {
    path: pages.admin.userDelete(':id'),
    done: (_ctx, { user, event }) => ({ to: pages.admin.users, flash: USER_OUTCOMES[event](fullName(user)) }),
    refused: (ctx, refusal) => renderRemoveRefusal(ctx, refusal),
  },
});

export const USERS_ACTIONS = {
  listUsers,
  getUser,
  addUser,
  resendInvitation,
  approveRequest,
  updateUser,
  changeUser,
  removeUser,
};
