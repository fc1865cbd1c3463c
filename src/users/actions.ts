import type { z } from 'zod';
import { type ActionContext, declareFor } from '../access/action';
import type { ManagedUser, UserList } from '../shared/users';
import { newUserSchema, userListQuery, userPatchSchema } from './schema';
import {
  type AccountRequest,
  type UserAdded,
  type UserAdminService,
  type UserChange,
  USER_NOT_FOUND,
} from './service';

export type UsersDeps = { users: UserAdminService };
const action = declareFor<UsersDeps>();
const CATEGORY = 'User Management';
type UserCtx = ActionContext<UsersDeps, false>;
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

export const listUsers = action({
  name: 'Get Users',
  category: CATEGORY,
  description: "List the firm's users: search by name, email or user ID, filter by role and status.",
  method: 'GET',
  route: '/users',
  grants: { user: 'r', admin: 'r' },
  input: userListQuery,
  run: ({ deps, actor }, input) => deps.users.list(actor, input),
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
  run: ({ deps, actor, params }) => deps.users.get(actor, params.id),
  answer: publicUser,
});

/** The API's answer to a user added or invited again: the user, and what became of the email. */
const withInvitation = ({ user, invitation }: UserAdded) => ({ ...publicUser(user), invitation });

export const addUser = action({
  name: 'Add User',
  category: CATEGORY,
  description: 'Add a user to the firm: the account is pending, and its invitation is emailed.',
  method: 'POST',
  route: '/users',
  grants: { admin: 'w' },
  input: newUserSchema,
  run: ({ deps, actor }, input) => deps.users.add(actor, input),
  status: 201,
  answer: withInvitation,
});

export const resendInvitation = action({
  name: 'Resend Invitation',
  category: CATEGORY,
  description: 'Email a pending user a new invitation; the earlier links stop working.',
  method: 'POST',
  route: '/users/{id}/invitation',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  run: ({ deps, actor, params }) => deps.users.resendInvitation(actor, params.id),
  answer: withInvitation,
});

export const getAccountRequest = action({
  name: 'Get Account Request',
  category: CATEGORY,
  description: 'Read an account platform staff asked to add to the firm: the user, who asked and when.',
  method: 'GET',
  route: '/users/{id}/approval',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'r' },
  run: ({ deps, actor, params }): Promise<AccountRequest> => deps.users.requestOf(actor, params.id),
  answer: (request) => ({ ...request, user: publicUser(request.user) }),
});

export const approveRequest = action({
  name: 'Approve Account Request',
  category: CATEGORY,
  description: 'Approve an account platform staff asked to add to the firm: its invitation is then emailed.',
  method: 'POST',
  route: '/users/{id}/approval',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'w' },
  run: ({ deps, actor, params }) => deps.users.approveRequest(actor, params.id),
  answer: withInvitation,
});

/** PUT and PATCH make the same change: any of the fields, and the status. */
const userChange = {
  input: userPatchSchema,
  run: ({ deps, actor, params }: UserCtx, input: UserPatch) => deps.users.update(actor, params.id, input),
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
});

export const removeUser = action({
  name: 'Remove User',
  category: CATEGORY,
  description: 'Reject a pending account (its invitation stops working) or remove a user.',
  method: 'DELETE',
  route: '/users/{id}',
  notFound: USER_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.users.remove(actor, params.id),
  answer: () => undefined,
});

export const USERS_ACTIONS = {
  listUsers,
  getUser,
  addUser,
  resendInvitation,
  getAccountRequest,
  approveRequest,
  updateUser,
  changeUser,
  removeUser,
};
