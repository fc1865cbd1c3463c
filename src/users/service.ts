import type { Kysely } from 'kysely';
import { hashPassword } from './password';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ServiceError } from '../shared/errors';
import type { FirmUser } from '../shared/firms';
import { LOGIN_ID_RULE } from '../shared/login-id';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, passwordProblem } from '../shared/password-policy';
import type { Role, SessionUser } from '../shared/session';
import {
  type Awaiting,
  type InvitationDelivery,
  type Blocked,
  type FirmRole,
  fullName,
  type ManagedUser,
  type SETTABLE_STATUSES,
  type UserEntry,
  type UserFilter,
  type UserList,
} from '../shared/users';
import { createUsersStore, type NewUser, type UserRow } from './store';

export type { UserRow } from './store';

export type CreateUserInput = {
  firmId: string | null;
  loginId: string;
  firstName: string;
  lastName?: string;
  email: string;
  role: Role;
  password: string;
};

/** No password can ever match this hash: the account waits for its invitation to be accepted. */
export const NO_PASSWORD_YET = '!invited';

/** A users row as the session carries it. */
export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  loginId: row.login_id,
  firstName: row.first_name,
  role: row.role,
  firmId: row.firm_id,
});

/** A firm's user as the API lists it (its JSON names are the API's contract). */
export const toFirmUser = (row: UserRow): FirmUser => ({
  id: row.id,
  userId: row.login_id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role as FirmUser['role'],
  status: row.status,
  lastLogin: row.last_login_at ? row.last_login_at.toISOString() : null,
});

/** An email the firm already has an account for: said, with that account, beside the email field (409). */
export const emailTaken = (email: string, holder: UserRow) => {
  const message = `${email} already has an account in this firm: ${`${holder.first_name} ${holder.last_name}`.trim()} (user ID ${holder.login_id}).`;
  return new ServiceError('conflict', message, { email: message });
};

/** Accounts: the only way into the users table for every other feature. */
export function createUsersService(db: Kysely<DB>) {
  const store = createUsersStore(db);
  return {
    findByLoginId: store.findByLoginId,
    findById: store.findById,
    findInFirmByEmail: store.findInFirmByEmail,
    listByFirm: store.listByFirm,
    /** A user as the forms' attorney block prints them. */
    async attorneyOf(userId: string) {
      const u = await store.findById(userId);
      return (
        u && {
          familyName: u.last_name,
          givenName: u.first_name,
          email: u.email,
          phone: null,
          barNumber: u.bar_number,
          licensingAuthority: u.licensing_authority,
          uscisAccountNumber: u.uscis_account_number,
        }
      );
    },
    /** Full names ("Ana Lopez") of some of the firm's users, by ID. */
    async namesOf(firmId: string, ids: string[]): Promise<Map<string, string>> {
      const rows = await store.namesOf(firmId, ids);
      return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
    },
    recordFailedLogin: store.recordFailedLogin,
    recordSuccessfulLogin: store.recordSuccessfulLogin,
    activatePending: store.activatePending,
    approveRequest: store.approveRequest,
    /** An invited user's first password while their firm approves new users: the account stays pending. */
    holdForApproval: (id: string, passwordHash: string) =>
      store.setPendingPassword(id, passwordHash, NO_PASSWORD_YET),
    setPassword: store.setPassword,
    // Two-factor sign-in (the mfa feature's use of the totp_* columns).
    enableTotp: store.enableTotp,
    disableTotp: store.disableTotp,
    advanceTotpStep: store.advanceTotpStep,

    /** An invited account: pending, with no password until its invitation is accepted. */
    insertInvited: (user: Omit<NewUser, 'status' | 'passwordHash'>) =>
      store.insert({ ...user, status: 'pending', passwordHash: NO_PASSWORD_YET }),

    /** An active account whose password was chosen already (hashed by the caller). */
    insertActive: (user: Omit<NewUser, 'status'>) => store.insert({ ...user, status: 'active' }),

    /** Creates an active account whose password meets `policy`. */
    async create(input: CreateUserInput, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): Promise<UserRow> {
      const problem = passwordProblem(input.password, policy);
      if (problem) throw new ServiceError('invalid', problem, { password: problem });
      if (!LOGIN_ID_RULE.pattern.test(input.loginId))
        throw new ServiceError('invalid', LOGIN_ID_RULE.message, { loginId: LOGIN_ID_RULE.message });
      if (await store.findByLoginId(input.loginId))
        throw new ServiceError('conflict', `User ID ${input.loginId} is taken`);
      return store.insert({
        firmId: input.firmId,
        loginId: input.loginId,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        email: input.email,
        role: input.role,
        status: 'active',
        passwordHash: await hashPassword(input.password),
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

// ---- User Management: a firm's administrators add, change, approve, suspend and remove its users. ----

export const USER_NOT_FOUND = 'User not found.';
const notFound = () => new ServiceError('not-found', USER_NOT_FOUND);

/** A stored user as the API lists it (GET {API}/users). */
const toManagedUser = (row: UserRow): ManagedUser => ({
  id: row.id,
  loginId: row.login_id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role as FirmRole,
  status: row.status,
  lastLogin: row.last_login_at ? row.last_login_at.toISOString() : null,
  barNumber: row.bar_number,
  licensingAuthority: row.licensing_authority,
  uscisAccountNumber: row.uscis_account_number,
});

/**
 * A pending account waits for an administrator to approve what platform staff asked for, for its owner
 * (no password yet), or, once accepted, for an administrator.
 */
function awaitingOf(row: UserRow): Awaiting {
  if (row.status !== 'pending') return null;
  if (row.requested_at) return 'request';
  return row.password_hash === NO_PASSWORD_YET ? 'invitation' : 'approval';
}

const nameOf = (row: UserRow) => fullName({ firstName: row.first_name, lastName: row.last_name });
const conflict = (message: string) => new ServiceError('conflict', message);
const notARequest = (row: UserRow) =>
  conflict(`${nameOf(row)}'s account is no request of platform staff waiting for approval.`);

/**
 * The rules of User Management, one function per change: the refusal, or null when the actor may make
 * it. The service enforces them and the pages show the same words beside a control they disable.
 */
const rules = {
  /** Whether taking away this account's administrator rights would leave the firm without one. */
  lastAdmin: (row: UserRow, activeAdmins: string[]) =>
    row.role === 'admin' && row.status === 'active' && activeAdmins.every((id) => id === row.id),

  suspend(actor: SessionUser, row: UserRow, activeAdmins: string[]) {
    if (row.id === actor.id) return conflict('You cannot suspend your own account.');
    if (row.status === 'pending')
      return conflict(`${nameOf(row)} is pending: approve or reject the account instead.`);
    if (rules.lastAdmin(row, activeAdmins))
      return conflict(`${nameOf(row)} is the firm's last active administrator, so they cannot be suspended.`);
    return null;
  },

  approve(row: UserRow) {
    if (awaitingOf(row) === 'invitation')
      return conflict(
        `${nameOf(row)} has not accepted the invitation yet, so the account cannot be approved. It can be approved once they have set a password.`,
      );
    if (awaitingOf(row) === 'request')
      return conflict(
        `Platform staff asked for ${nameOf(row)}'s account: open Review request to see who asked, and approve or reject it there.`,
      );
    return null;
  },

  /** Only the firm's own administrators let in an account platform staff asked for. */
  approveRequest(actor: SessionUser, row: UserRow) {
    if (actor.role !== 'admin')
      return new ServiceError(
        'forbidden',
        'Only an administrator of the firm can approve an account platform staff asked for.',
      );
    return awaitingOf(row) === 'request' ? null : notARequest(row);
  },

  resend(row: UserRow) {
    if (awaitingOf(row) === 'request')
      return conflict(
        `${nameOf(row)}'s account waits for an administrator to approve what platform staff asked for: approving it sends the invitation.`,
      );
    return null;
  },

  demote(actor: SessionUser, row: UserRow, activeAdmins: string[]) {
    if (row.role !== 'admin') return null;
    if (row.id === actor.id) return conflict('You cannot change your own role.');
    if (rules.lastAdmin(row, activeAdmins))
      return conflict(
        `${nameOf(row)} is the firm's last active administrator, so their role cannot be changed.`,
      );
    return null;
  },

  remove(actor: SessionUser, row: UserRow, activeAdmins: string[]) {
    if (row.id === actor.id) return conflict('You cannot remove your own account.');
    if (rules.lastAdmin(row, activeAdmins))
      return conflict(`${nameOf(row)} is the firm's last active administrator, so they cannot be removed.`);
    return null;
  },

  /** A firm's user may be given some rights over its accounts, never over its administrators. */
  touchesAdmin(actor: SessionUser, row: UserRow | undefined, role?: FirmRole) {
    if (actor.role === 'admin') return null;
    if (row?.role === 'admin' || role === 'admin')
      return new ServiceError('forbidden', "Only an administrator can change an administrator's account.");
    return null;
  },
};

/** Why each control would be refused on this user now, for the page to show it disabled with the reason. */
function blockedOf(actor: SessionUser, row: UserRow, activeAdmins: string[]): Blocked {
  const blocked: Blocked = {};
  const why = (refusal: ServiceError | null) => refusal?.message;
  if (row.status === 'active') blocked.suspend = why(rules.suspend(actor, row, activeAdmins));
  if (row.status === 'pending') blocked.approve = why(rules.approve(row));
  if (awaitingOf(row) === 'request') blocked.review = why(rules.approveRequest(actor, row));
  blocked.remove = why(rules.remove(actor, row, activeAdmins));
  blocked.demote = why(rules.demote(actor, row, activeAdmins));
  const admin = why(rules.touchesAdmin(actor, row));
  if (admin)
    for (const key of ['suspend', 'approve', 'reactivate', 'remove', 'demote', 'invite'] as const)
      blocked[key] = admin;
  return Object.fromEntries(Object.entries(blocked).filter(([, v]) => v)) as Blocked;
}

const entryOf = (actor: SessionUser, row: UserRow, activeAdmins: string[]): UserEntry => ({
  ...toManagedUser(row),
  awaiting: awaitingOf(row),
  blocked: blockedOf(actor, row, activeAdmins),
});

/** What a change did, for the audit log and the message the person reads. */
type UserEvent = 'updated' | 'approved' | 'suspended' | 'reactivated' | 'unchanged';
export type UserChange = { user: UserEntry; event: UserEvent };
type UserRemoval = { user: UserEntry; event: 'rejected' | 'removed' };

type UserPatch = {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: FirmRole;
  status?: (typeof SETTABLE_STATUSES)[number];
  /** The attorney's profile; null clears a field. */
  barNumber?: string | null;
  licensingAuthority?: string | null;
  uscisAccountNumber?: string | null;
};

/** A new user's fields, as POST {API}/users takes them. */
type NewFirmUser = { firstName: string; lastName: string; email: string; role: FirmRole };

/** Invites a new user of the actor's firm with the given login ID (the invitations feature does it). */
type Invite = (
  actor: SessionUser,
  firmId: string,
  input: NewFirmUser & { userId: string },
) => Promise<{ user: { id: string }; invitation: InvitationDelivery }>;

/**
 * Sends a pending user of the firm a new invitation, or the first one of an account platform staff asked
 * for once an administrator approves it (the invitations feature does both).
 */
type Reinvite = (actor: SessionUser, firmId: string, userId: string) => Promise<InvitationDelivery>;

/** An account platform staff asked for, as its review page shows it. */
export type AccountRequest = { user: UserEntry; requestedBy: string; requestedAt: string };

/** A user just added, as the pages see them, and what became of their invitation email. */
export type UserAdded = { user: UserEntry; invitation: InvitationDelivery };

/** Ends every session of the given users, wherever sessions are kept. */
type EndUserSessions = (userIds: string[]) => Promise<void>;

/** Letters without their accents, lower case, and only what a login ID may hold. */
const loginIdPart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '');

/**
 * The login ID a new user would naturally get: the email's local part (without a +tag), else
 * first.last, else "user".
 */
function loginIdBase(input: { firstName: string; lastName: string; email: string }): string {
  const local = loginIdPart(input.email.split('@')[0].split('+')[0]);
  if (local.length >= 2) return local.slice(0, 90);
  const name = [input.firstName, input.lastName].map(loginIdPart).filter(Boolean).join('.');
  return name.length >= 2 ? name.slice(0, 90) : 'user';
}

/** `base`, or `base2`, `base3`, ... : the first that no account holds. */
function freeLoginId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** A login ID no account holds yet, made from an email (or the name), as a firm's new users get. */
export async function newLoginId(
  db: Kysely<DB>,
  input: { firstName: string; lastName: string; email: string },
): Promise<string> {
  const base = loginIdBase(input);
  return freeLoginId(base, await createUsersStore(db).loginIdsStartingWith(base));
}

/** How often adding a user picks another login ID when a concurrent add took the one it chose. */
const LOGIN_ID_TRIES = 3;

/**
 * User Management for a firm's administrators, scoped to the actor's firm: another firm's user answers
 * 404. Every change is audited with the user before and after, in the change's transaction; suspending a
 * user or changing their role ends their sessions once committed.
 */
export function createUserAdminService(deps: {
  db: Kysely<DB>;
  endSessions: EndUserSessions;
  invite: Invite;
  reinvite: Reinvite;
  approveRequest: Reinvite;
}) {
  const { db, endSessions } = deps;
  const store = createUsersStore(db);

  /** The actor's firm: User Management is a firm's own; platform staff keep their screens per firm. */
  function firmOf(actor: SessionUser): string {
    if (!actor.firmId)
      throw new ServiceError(
        'forbidden',
        "User Management is for a firm's own people. Platform staff manage a firm's users from its page.",
      );
    return actor.firmId;
  }

  const audit = (
    trx: Kysely<DB>,
    actor: SessionUser,
    firmId: string,
    action: string,
    entityId: string,
    change: { before?: ManagedUser; after?: ManagedUser },
  ) =>
    createAuditService(trx).record({
      actorUserId: actor.id,
      action,
      entity: 'user',
      entityId,
      firmId,
      ...change,
    });

  async function get(actor: SessionUser, id: string): Promise<UserEntry> {
    const firmId = firmOf(actor);
    const [row, activeAdmins] = await Promise.all([
      store.findInFirm(firmId, id),
      store.activeAdminIds(firmId),
    ]);
    if (!row) throw notFound();
    return entryOf(actor, row, activeAdmins);
  }

  return {
    get,

    async list(
      actor: SessionUser,
      filter: UserFilter & { page: number; pageSize: number },
    ): Promise<UserList<UserEntry>> {
      const firmId = firmOf(actor);
      const { page, pageSize } = filter;
      const [found, counts, activeAdmins] = await Promise.all([
        store.page({
          firmId,
          q: filter.q,
          role: filter.role,
          status: filter.status,
          offset: (page - 1) * pageSize,
          limit: pageSize,
        }),
        store.countByStatus(firmId),
        store.activeAdminIds(firmId),
      ]);
      return {
        users: found.rows.map((row) => entryOf(actor, row, activeAdmins)),
        total: found.total,
        page,
        pageSize,
        counts: { total: counts.active + counts.pending + counts.suspended, ...counts },
      };
    },

    /**
     * Adds a user to the actor's firm: pending, with a login ID made from their email (or name) that no
     * account holds, and their invitation emailed with it.
     */
    async add(actor: SessionUser, input: NewFirmUser): Promise<UserAdded> {
      const firmId = firmOf(actor);
      const admin = rules.touchesAdmin(actor, undefined, input.role);
      if (admin) throw admin;
      const base = loginIdBase(input);
      for (let attempt = 1; ; attempt++) {
        const userId = freeLoginId(base, await store.loginIdsStartingWith(base));
        try {
          const { user, invitation } = await deps.invite(actor, firmId, { ...input, userId });
          return { user: await get(actor, user.id), invitation };
        } catch (error) {
          // Another add took the same login ID a moment ago: pick the next free one.
          const taken = error instanceof ServiceError && error.reason === 'conflict' && error.fields?.userId;
          if (!taken || attempt >= LOGIN_ID_TRIES) throw error;
        }
      }
    },

    /** A new invitation for a user who has not accepted theirs: the earlier links stop working. */
    async resendInvitation(actor: SessionUser, id: string): Promise<UserAdded> {
      const firmId = firmOf(actor);
      const row = await store.findInFirm(firmId, id);
      if (!row) throw notFound();
      const refusal = rules.touchesAdmin(actor, row) ?? rules.resend(row);
      if (refusal) throw refusal;
      const invitation = await deps.reinvite(actor, firmId, id);
      return { user: await get(actor, id), invitation };
    },

    /** An account platform staff asked for, with who asked and when: what its review page shows. */
    async requestOf(actor: SessionUser, id: string): Promise<AccountRequest> {
      const user = await get(actor, id);
      const row = (await store.findInFirm(firmOf(actor), id))!;
      if (!row.requested_at) throw notARequest(row);
      const requester = row.requested_by ? await store.findById(row.requested_by) : undefined;
      return {
        user,
        requestedBy: requester ? nameOf(requester) : 'A former member of the platform staff',
        requestedAt: row.requested_at.toISOString(),
      };
    },

    /**
     * An administrator approves an account platform staff asked for: its invitation is emailed now (until
     * then nobody could use it). Audited as `user.request_approved`.
     */
    async approveRequest(actor: SessionUser, id: string): Promise<UserAdded> {
      const firmId = firmOf(actor);
      const row = await store.findInFirm(firmId, id);
      if (!row) throw notFound();
      const refusal = rules.approveRequest(actor, row);
      if (refusal) throw refusal;
      const invitation = await deps.approveRequest(actor, firmId, id);
      return { user: await get(actor, id), invitation };
    },

    /**
     * Changes a user's name, email, role or status (approve: pending → active; suspend; reactivate:
     * suspended → active), within the rules; each change is audited by what it was.
     */
    async update(actor: SessionUser, id: string, patch: UserPatch): Promise<UserChange> {
      const firmId = firmOf(actor);
      const { change, endsSessions } = await inTransaction(db, async (trx) => {
        const users = createUsersStore(trx);
        const activeAdmins = await users.lockActiveAdmins(firmId);
        const before = await users.lockInFirm(firmId, id);
        if (!before) throw notFound();
        const refusal = rules.touchesAdmin(actor, before, patch.role);
        if (refusal) throw refusal;

        const fields = {
          first_name: patch.firstName ?? before.first_name,
          last_name: patch.lastName ?? before.last_name,
          email: patch.email ?? before.email,
          role: patch.role ?? before.role,
          bar_number: patch.barNumber === undefined ? before.bar_number : patch.barNumber,
          licensing_authority:
            patch.licensingAuthority === undefined ? before.licensing_authority : patch.licensingAuthority,
          uscis_account_number:
            patch.uscisAccountNumber === undefined ? before.uscis_account_number : patch.uscisAccountNumber,
        };
        if (fields.email.toLowerCase() !== before.email.toLowerCase()) {
          const holder = await users.findInFirmByEmail(firmId, fields.email);
          if (holder) throw emailTaken(fields.email, holder);
        }
        const edited =
          fields.first_name !== before.first_name ||
          fields.last_name !== before.last_name ||
          fields.email !== before.email ||
          fields.role !== before.role ||
          fields.bar_number !== before.bar_number ||
          fields.licensing_authority !== before.licensing_authority ||
          fields.uscis_account_number !== before.uscis_account_number;
        if (fields.role !== before.role) {
          const demotion = rules.demote(actor, before, activeAdmins);
          if (demotion) throw demotion;
        }
        const event = statusEvent(actor, before, patch.status, activeAdmins);
        const status = event === 'suspended' ? 'suspended' : event === 'unchanged' ? before.status : 'active';
        if (!edited && event === 'unchanged')
          return { change: { user: entryOf(actor, before, activeAdmins), event }, endsSessions: false };

        const after = await users.update(id, { ...fields, status });
        if (!after) throw notFound();
        if (edited)
          await audit(trx, actor, firmId, 'user.updated', id, {
            before: toManagedUser(before),
            after: toManagedUser({ ...after, status: before.status }),
          });
        if (event !== 'unchanged')
          await audit(trx, actor, firmId, `user.${event}`, id, {
            before: toManagedUser({ ...after, status: before.status }),
            after: toManagedUser(after),
          });
        const admins = activeAdmins
          .filter((a) => a !== id)
          .concat(after.role === 'admin' && after.status === 'active' ? [id] : []);
        return {
          change: {
            user: entryOf(actor, after, admins),
            event: edited && event === 'unchanged' ? 'updated' : event,
          },
          endsSessions: event === 'suspended' || fields.role !== before.role,
        };
      });
      // Once committed, sign-in refuses a suspended account; then the sessions it holds end. A new role
      // takes effect the same way: the session carries the role it started with.
      if (endsSessions) await endSessions([id]);
      return change;
    },

    /** Rejects a pending account (its invitation goes with it) or removes a user; their sessions end. */
    async remove(actor: SessionUser, id: string): Promise<UserRemoval> {
      const firmId = firmOf(actor);
      const removal = await inTransaction(db, async (trx) => {
        const users = createUsersStore(trx);
        const activeAdmins = await users.lockActiveAdmins(firmId);
        const before = await users.lockInFirm(firmId, id);
        if (!before) throw notFound();
        const refusal = rules.touchesAdmin(actor, before) ?? rules.remove(actor, before, activeAdmins);
        if (refusal) throw refusal;
        const event = before.status === 'pending' ? 'rejected' : 'removed';
        // The invitation rows of the user are deleted with it (ON DELETE CASCADE): its link no longer works.
        await users.delete(id);
        await audit(trx, actor, firmId, `user.${event}`, id, { before: toManagedUser(before) });
        return { user: entryOf(actor, before, activeAdmins), event } as const;
      });
      await endSessions([id]);
      return removal;
    },
  };
}

/** What a requested status does to this account, or the refusal. */
function statusEvent(
  actor: SessionUser,
  row: UserRow,
  status: UserPatch['status'],
  activeAdmins: string[],
): UserEvent {
  if (!status || status === row.status) return 'unchanged';
  if (status === 'suspended') {
    const refusal = rules.suspend(actor, row, activeAdmins);
    if (refusal) throw refusal;
    return 'suspended';
  }
  if (row.status === 'suspended') return 'reactivated';
  const refusal = rules.approve(row);
  if (refusal) throw refusal;
  return 'approved';
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
