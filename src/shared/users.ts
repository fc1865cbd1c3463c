/** User Management (SPEC §2 "Admin screens"): a firm's users as its administrators see and change them. */
import { pages } from './paths';

export const USER_STATUSES = ['active', 'pending', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The roles a firm's account can hold: a firm holds no platform staff. */
export const FIRM_ROLES = ['admin', 'user'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

/** The role filter lists every role, as SPEC does, though a firm's list never holds a reti user. */
export const ROLE_FILTERS = ['admin', 'user', 'reti'] as const;

/** The statuses an administrator can set: approving and reactivating both make an account active. */
export const SETTABLE_STATUSES = ['active', 'suspended'] as const;

export const USER_LIMITS = { name: 100, email: 254, search: 100 } as const;

/** A firm's user as GET {API}/users lists it (these names are the API's contract). */
export type ManagedUser = {
  id: string;
  loginId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: FirmRole;
  status: UserStatus;
  lastLogin: string | null;
  /**
   * The attorney's profile as USCIS forms print it (Form G-28, the forms' attorney block): on User
   * Management's pages and taken by PUT/PATCH, not in the list API's contract.
   */
  barNumber?: string | null;
  licensingAuthority?: string | null;
  uscisAccountNumber?: string | null;
};

/**
 * What a pending account waits for: its owner to accept the invitation, an administrator to approve it
 * once accepted, or (an account platform staff asked for) an administrator to approve the request.
 */
export type Awaiting = 'invitation' | 'approval' | 'request' | null;

/** Why a control cannot be used on this user now (absent: it can). */
export type Blocked = Partial<
  Record<'suspend' | 'approve' | 'reactivate' | 'remove' | 'demote' | 'invite' | 'review', string>
>;

/** A user as the pages see it: the API's fields, what a pending account waits for, and what is blocked. */
export type UserEntry = ManagedUser & { awaiting: Awaiting; blocked: Blocked };

export type UserCounts = { total: number; active: number; pending: number; suspended: number };

/** One page of a firm's users; the counts are of the whole firm, whatever the filter. */
export type UserList<U = ManagedUser> = {
  users: U[];
  total: number;
  page: number;
  pageSize: number;
  counts: UserCounts;
};

/** The filters of the list, as the page's search form and the API's query give them. */
export type UserFilter = { q: string; role?: (typeof ROLE_FILTERS)[number]; status?: UserStatus };

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const ROLE_LABELS: Record<(typeof ROLE_FILTERS)[number], string> = {
  admin: 'Admin',
  user: 'User',
  reti: 'Reti',
};

/** Said when role reti is asked for a firm's account. */
export const NO_RETI_USERS =
  "A firm holds no reti users: reti is the role of Reti's platform staff. Choose admin or user.";

/** What became of an invitation email when it was tried at once: sent, kept for a retry, or no mail server. */
export type InvitationDelivery = { delivery: 'sent' | 'queued' | 'logged'; message: string };

/** The invitation email's outcome, for the person who added or invited the user. */
export const INVITATION_OUTCOMES = {
  sent: 'Their invitation email is on its way.',
  queued: (failure: string) =>
    `Their invitation email could not be sent: ${failure} It stays in the outbox and is tried again automatically; Resend invitation sends a new one.`,
  logged:
    "Their invitation email was not sent: no mail server is set up (the firm's own under Settings, Email, or the platform's), so it is kept in the outbox and written to the server log.",
} as const;

/** What the person who changed a user is told. */
export const USER_OUTCOMES = {
  added: (name: string, loginId: string, invitation: InvitationDelivery) =>
    `${name} was added with the user ID ${loginId}. ${invitation.message}`,
  requestApproved: (name: string, invitation: InvitationDelivery) =>
    `${name}'s account was approved. ${invitation.message}`,
  reinvited: (name: string, invitation: InvitationDelivery) =>
    invitation.delivery === 'sent'
      ? `A new invitation was sent to ${name}; their earlier links no longer work.`
      : `A new invitation was made for ${name}; their earlier links no longer work. ${invitation.message}`,
  updated: (name: string) => `${name} was updated.`,
  approved: (name: string) => `${name} was approved and can now log in.`,
  suspended: (name: string) => `${name} was suspended and signed out everywhere.`,
  reactivated: (name: string) => `${name} was reactivated and can log in again.`,
  rejected: (name: string) =>
    `${name} was rejected: the account is removed and its invitation no longer works.`,
  removed: (name: string) => `${name} was removed.`,
} as const;

/** The list page with these filters and page number (the defaults left out). */
export function usersPath(view: Partial<UserFilter> & { page?: number }): string {
  const query = new URLSearchParams();
  if (view.q) query.set('q', view.q);
  if (view.role) query.set('role', view.role);
  if (view.status) query.set('status', view.status);
  if (view.page && view.page > 1) query.set('page', String(view.page));
  const search = query.toString();
  return search ? `${pages.admin.users}?${search}` : pages.admin.users;
}
