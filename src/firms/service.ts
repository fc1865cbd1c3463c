import type { Kysely } from 'kysely';
import { createAuditStore } from '../audit/store';
import type { SessionRevoker, SessionUser } from '../auth/session';
import { isUniqueViolation } from '../db/database';
import type { DB, FirmStatus } from '../db/schema';
import { HttpError } from '../http/errors';
import type { InvitationsService } from '../invitations/service';
import type { Firm, FirmInput, FirmUser } from '../shared/firms';
import { createUsersStore, type UserRow } from '../users/store';
import type { FirmUpdate, FirmUserInput } from './schema';
import { createFirmsStore, type FirmRow } from './store';

/** No password can ever match this hash: the account waits for its invitation to be accepted. */
export const NO_PASSWORD_YET = '!invited';

export const toFirm = (row: FirmRow): Firm => ({
  id: row.id,
  name: row.name,
  contactPerson: row.contact_person,
  contactRole: row.contact_role,
  email: row.email,
  phone: row.phone,
  status: row.status,
  onboardDate: row.onboard_date,
  address: row.address ?? '',
  industry: (row.industry ?? '') as Firm['industry'],
});

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

const columnsOf = (input: FirmInput) => ({
  name: input.name,
  contact_person: input.contactPerson,
  contact_role: input.contactRole,
  email: input.email,
  phone: input.phone,
  address: input.address || null,
  industry: input.industry || null,
});

export const FIRM_NOT_FOUND = 'Firm not found.';
const notFound = () => new HttpError(404, FIRM_NOT_FOUND);
const isStaff = (actor: SessionUser) => actor.role_name === 'reti';

export type FirmPage = { firms: Firm[]; total: number; page: number; pageSize: number };

/**
 * Firms and their users, scoped by tenant: platform staff see every firm; a firm's users and admins
 * only their own, and another firm's rows answer 404 so that IDs do not leak.
 */
export function createFirmsService(deps: {
  db: Kysely<DB>;
  invitations: InvitationsService;
  endSessions: SessionRevoker;
}) {
  const { db, invitations, endSessions } = deps;
  const firms = createFirmsStore(db);

  async function visibleFirm(actor: SessionUser, id: string): Promise<FirmRow> {
    if (!isStaff(actor) && actor.firm_id !== id) throw notFound();
    const row = await firms.findById(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(actor: SessionUser, page = 1, pageSize = 50): Promise<FirmPage> {
      if (!isStaff(actor) && !actor.firm_id) return { firms: [], total: 0, page, pageSize };
      const { rows, total } = await firms.page({
        offset: (page - 1) * pageSize,
        limit: pageSize,
        onlyId: isStaff(actor) ? undefined : actor.firm_id!,
      });
      return { firms: rows.map(toFirm), total, page, pageSize };
    },

    /** Counts for the staff dashboard. */
    async counts(): Promise<{ total: number } & Record<FirmStatus, number>> {
      const counts = await firms.countByStatus();
      return { total: counts.active + counts.pending + counts.inactive, ...counts };
    },

    get: async (actor: SessionUser, id: string): Promise<Firm> => toFirm(await visibleFirm(actor, id)),

    /** Onboarding: a new firm is pending until its contact accepts the invitation. */
    async create(actor: SessionUser, input: FirmInput): Promise<Firm> {
      if (!isStaff(actor)) throw new HttpError(403, 'Only platform staff can onboard a firm.');
      return db.transaction().execute(async (trx) => {
        const row = await createFirmsStore(trx).insert({ ...columnsOf(input), status: 'pending' });
        const after = toFirm(row);
        await createAuditStore(trx).record({
          actorUserId: actor.id,
          action: 'firm.created',
          entity: 'firm',
          entityId: row.id,
          after,
        });
        return after;
      });
    },

    /** Saves the firm; when it becomes inactive its users are signed out, as for a deleted firm. */
    async update(actor: SessionUser, id: string, input: FirmUpdate): Promise<Firm> {
      const current = await visibleFirm(actor, id);
      if (input.status && input.status !== current.status && !isStaff(actor))
        throw new HttpError(403, "Only platform staff can change a firm's status.");
      const updated = await db.transaction().execute(async (trx) => {
        const row = await createFirmsStore(trx).update(id, {
          ...columnsOf(input),
          status: input.status ?? current.status,
        });
        if (!row) throw notFound();
        const after = toFirm(row);
        await createAuditStore(trx).record({
          actorUserId: actor.id,
          action: 'firm.updated',
          entity: 'firm',
          entityId: id,
          before: toFirm(current),
          after,
        });
        return after;
      });
      // Once committed, sign-in refuses the firm's users; then the sessions they hold end.
      if (updated.status === 'inactive' && current.status !== 'inactive')
        await endSessions((await createUsersStore(db).listByFirm(id)).map((u) => u.id));
      return updated;
    },

    /** Removes the firm with its users, and signs those users out wherever their sessions are kept. */
    async delete(actor: SessionUser, id: string): Promise<void> {
      const current = await visibleFirm(actor, id);
      const userIds = await db.transaction().execute(async (trx) => {
        const members = await createUsersStore(trx).listByFirm(id);
        await createFirmsStore(trx).delete(id);
        await createAuditStore(trx).record({
          actorUserId: actor.id,
          action: 'firm.deleted',
          entity: 'firm',
          entityId: id,
          before: toFirm(current),
        });
        return members.map((u) => u.id);
      });
      // Once the users are gone, no new session of theirs can start; then the ones they hold end.
      await endSessions(userIds);
    },

    async listUsers(actor: SessionUser, firmId: string): Promise<FirmUser[]> {
      await visibleFirm(actor, firmId);
      return (await createUsersStore(db).listByFirm(firmId)).map(toFirmUser);
    },

    /** A firm's new user, pending until they accept the invitation emailed to them and choose a password. */
    async createUser(actor: SessionUser, firmId: string, input: FirmUserInput): Promise<FirmUser> {
      const firm = await visibleFirm(actor, firmId);
      if (input.role === 'admin' && actor.role_name === 'user')
        throw new HttpError(403, 'A firm user cannot create an administrator.');
      const taken = () =>
        new HttpError(409, `User ID ${input.userId} is taken.`, {
          userId: `User ID ${input.userId} is taken.`,
        });
      const created = db.transaction().execute(async (trx) => {
        const users = createUsersStore(trx);
        if (await users.findByLoginId(input.userId)) throw taken();
        const row = await users.insert({
          firmId,
          loginId: input.userId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          role: input.role,
          status: 'pending',
          passwordHash: NO_PASSWORD_YET,
        });
        const after = toFirmUser(row);
        await createAuditStore(trx).record({
          actorUserId: actor.id,
          action: 'user.created',
          entity: 'user',
          entityId: row.id,
          after,
        });
        return { user: after, outboxId: await invitations.inviteUser(trx, actor, firm, row) };
      });
      // Two requests for one user ID at once: the unique index decides, and the loser hears why.
      const { user, outboxId } = await created.catch((error) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
      // Once stored: a mail server that is down must not undo the user; the outbox retries the email.
      await invitations.deliver(outboxId);
      return user;
    },
  };
}

export type FirmsService = ReturnType<typeof createFirmsService>;
