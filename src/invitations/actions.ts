import { declareFor } from '../access/action';
import { firmUserSchema, registerSchema } from './schema';
import { GONE, type InvitationsService } from './service';

export type InvitationsDeps = { invitations: InvitationsService };
const action = declareFor<InvitationsDeps>();
const FIRM_NOT_FOUND = 'Firm not found.';

export const sendInvitation = action({
  name: 'Send Invitation',
  category: 'Firm Management',
  description: "Email the firm's contact a link to become its administrator.",
  method: 'POST',
  route: '/firms/{id}/invitations',
  notFound: FIRM_NOT_FOUND,
  grants: { reti: 'w' },
  run: ({ deps, actor, params }) => deps.invitations.inviteFirm(actor, params.id),
  // 202: the invitation exists, its email is still on its way.
  status: (sent) => (sent.delivery === 'sent' ? 201 : 202),
});

export const createUser = action({
  name: 'Create User',
  category: 'User Management',
  description: 'Add a user to a firm.',
  method: 'POST',
  route: '/firms/{id}/users',
  notFound: FIRM_NOT_FOUND,
  grants: { admin: 'w', reti: 'w' },
  input: firmUserSchema,
  run: ({ deps, actor, params }, input) => deps.invitations.addUser(actor, params.id, input),
  // 202: an account platform staff asked for, waiting for an administrator of the firm (no invitation yet).
  status: (added) => (added.invitation ? 201 : 202),
  answer: ({ user, invitation, notice }) => ({
    ...user,
    ...(invitation && { invitation }),
    ...(notice && { message: notice }),
  }),
});

export const getInvitation = action({
  name: 'Get Invitation',
  category: 'Authentication',
  description:
    "Read an invitation by its link's token: the firm, the user ID already chosen (if any) and the password policy; or why it cannot be used (404 unknown, 410 used or expired).",
  method: 'GET',
  route: '/auth/invitations/{token}',
  public: true,
  // The link's secret, not an ID: one that names nothing is an unknown invitation.
  paramPattern: /^[^/]+$/,
  whenOff: 'Invitation links stop opening: new firms and new users cannot set up their accounts.',
  run: ({ deps, params }) => deps.invitations.view(params.token),
  status: (view) => (view.state === 'valid' ? 200 : GONE[view.state].status),
});

export const acceptInvitation = action({
  name: 'Accept Invitation',
  category: 'Authentication',
  description: 'Accept an invitation: choose a user ID and password.',
  method: 'POST',
  route: '/auth/register',
  public: true,
  whenOff: 'Nobody can accept an invitation: new firms and new users cannot set up their accounts.',
  input: registerSchema,
  run: ({ deps }, input) =>
    deps.invitations.accept(input.token, { userId: input.user_id, password: input.password }),
  // 202: the account exists but waits for its firm's administrator to approve it.
  status: (accepted) => (accepted.awaitingApproval ? 202 : 201),
  answer: ({ user, awaitingApproval }) =>
    awaitingApproval ? { ...user, status: 'pending', message: awaitingApproval } : user,
});

export const INVITATION_ACTIONS = { sendInvitation, createUser, getInvitation, acceptInvitation };
