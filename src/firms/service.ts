import { todayIn } from '../shared/dates';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ServiceError } from '../shared/errors';
import type { Firm, FirmCounts, FirmInput, FirmPage, FirmUser } from '../shared/firms';
import type { SessionUser } from '../shared/session';
import { createUsersService, NO_PASSWORD_YET, toFirmUser } from '../users/service';
import type { FirmUpdate } from './schema';
import type { FirmSettings } from '../shared/settings';

/** The firm's own description of itself, as its Settings page edits it (timeZone null: the platform's). */
export type FirmProfile = Omit<FirmSettings['firm'], 'timeZone'> & { timeZone: string | null };
import { createFirmsStore, type FirmRow } from './store';

const toFirm = (row: FirmRow): Firm => ({
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

const toProfile = (row: FirmRow): FirmProfile => ({
  name: row.name,
  type: row.firm_type,
  address: row.address ?? '',
  city: row.city ?? '',
  state: row.state ?? '',
  zip: row.zip ?? '',
  phone: row.phone,
  email: row.email,
  timeZone: row.time_zone,
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
const notFound = () => new ServiceError('not-found', FIRM_NOT_FOUND);
const isStaff = (actor: SessionUser) => actor.role === 'reti';

/** Ends every session of the given users, wherever sessions are kept. */
export type EndSessions = (userIds: string[]) => Promise<void>;

/**
 * Firms and their users, scoped by tenant: platform staff see every firm; a firm's users and admins
 * only their own, and another firm's rows answer 404 so that IDs do not leak.
 */
export function createFirmsService(deps: {
  db: Kysely<DB>;
  endSessions: EndSessions;
  /** Removes what a deleted firm kept outside the database (its documents' files). */
  removeFiles?: (firmId: string) => Promise<void>;
  /**
   * The platform's time zone (TIME_ZONE): a new firm's onboard date is that day there, not the database
   * server's (UTC) day. Not given (the demo seed), the database's.
   */
  timeZone?: string;
}) {
  const { db, endSessions } = deps;
  const firms = createFirmsStore(db);

  async function visibleRow(actor: SessionUser, id: string): Promise<FirmRow> {
    if (!isStaff(actor) && actor.firmId !== id) throw notFound();
    const row = await firms.findById(id);
    if (!row) throw notFound();
    return row;
  }

  /** Stores a change of one firm with its audit row. */
  async function save(actor: { id: string }, before: FirmRow, values: Partial<FirmRow>): Promise<Firm> {
    return inTransaction(db, async (trx) => {
      const row = await createFirmsStore(trx).update(before.id, values);
      if (!row) throw notFound();
      const after = toFirm(row);
      await createAuditService(trx).record({
        actorUserId: actor.id,
        action: 'firm.updated',
        entity: 'firm',
        entityId: before.id,
        before: toFirm(before),
        after,
      });
      return after;
    });
  }

  return {
    /** One page of the firms the actor may see (staff: every firm; a firm's member: their own), and their counts. */
    async list(actor: SessionUser, page = 1, pageSize = 50): Promise<FirmPage> {
      const none: FirmCounts = { total: 0, active: 0, pending: 0, inactive: 0 };
      if (!isStaff(actor) && !actor.firmId) return { firms: [], total: 0, page, pageSize, counts: none };
      const onlyId = isStaff(actor) ? undefined : actor.firmId!;
      const [{ rows, total }, counts] = await Promise.all([
        firms.page({ offset: (page - 1) * pageSize, limit: pageSize, onlyId }),
        firms.countByStatus(onlyId),
      ]);
      return {
        firms: rows.map(toFirm),
        total,
        page,
        pageSize,
        counts: { total: counts.active + counts.pending + counts.inactive, ...counts },
      };
    },

    /** The IDs of the active firms, for background work done for each (their daily backups). */
    activeIds: (): Promise<string[]> => firms.activeIds(),

    get: async (actor: SessionUser, id: string): Promise<Firm> => toFirm(await visibleRow(actor, id)),

    /** The firm, locked until the caller's transaction ends: its changes then happen one at a time. */
    lock: async (id: string): Promise<Firm | undefined> => {
      const row = await firms.lockById(id);
      return row && toFirm(row);
    },

    /** Onboarding: a new firm is pending until its contact accepts the invitation. */
    async create(actor: SessionUser, input: FirmInput): Promise<Firm> {
      if (!isStaff(actor)) throw new ServiceError('forbidden', 'Only platform staff can onboard a firm.');
      return inTransaction(db, async (trx) => {
        const onboarded = deps.timeZone ? { onboard_date: todayIn(deps.timeZone) } : {};
        const row = await createFirmsStore(trx).insert({
          ...columnsOf(input),
          status: 'pending',
          ...onboarded,
        });
        const after = toFirm(row);
        await createAuditService(trx).record({
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
      const current = await visibleRow(actor, id);
      if (input.status && input.status !== current.status && !isStaff(actor))
        throw new ServiceError('forbidden', "Only platform staff can change a firm's status.");
      // The contact is told of accounts platform staff add: once the firm's accounts are in use, staff
      // cannot point that address elsewhere (its administrators keep it, in Settings).
      if (isStaff(actor) && input.email.toLowerCase() !== current.email.toLowerCase()) {
        const members = await createUsersService(db).listByFirm(id);
        if (members.some((u) => u.password_hash !== NO_PASSWORD_YET)) {
          const message = `${current.name}'s contact email is kept by its administrators (Settings, Firm Information) once its accounts are in use.`;
          throw new ServiceError('conflict', message, { email: message });
        }
      }
      const updated = await save(actor, current, {
        ...columnsOf(input),
        status: input.status ?? current.status,
      });
      // Once committed, sign-in refuses the firm's users; then the sessions they hold end.
      if (updated.status === 'inactive' && current.status !== 'inactive')
        await endSessions((await createUsersService(db).listByFirm(id)).map((u) => u.id));
      return updated;
    },

    /** A firm as the system sees it (no actor: sign-in asks whether a user's firm is still open). */
    find: async (id: string): Promise<Firm | undefined> => {
      const row = await firms.findById(id);
      return row && toFirm(row);
    },

    /** A firm whose contact accepted the invitation: active from now on, by that new administrator. */
    async activate(administrator: { id: string }, id: string): Promise<Firm> {
      const current = await firms.findById(id);
      if (!current) throw notFound();
      return save(administrator, current, { status: 'active' });
    },

    /** Removes the firm with its users, and signs those users out wherever their sessions are kept. */
    async delete(actor: SessionUser, id: string): Promise<Firm> {
      const current = await visibleRow(actor, id);
      const userIds = await inTransaction(db, async (trx) => {
        const members = await createUsersService(trx).listByFirm(id);
        await createFirmsStore(trx).delete(id);
        await createAuditService(trx).record({
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
      await deps.removeFiles?.(id);
      return toFirm(current);
    },

    profile: async (actor: SessionUser, id: string): Promise<FirmProfile> =>
      toProfile(await visibleRow(actor, id)),

    /** A firm's profile as the system reads it (no actor: the pages of its signed-in users need its time zone). */
    profileById: async (id: string): Promise<FirmProfile | undefined> => {
      const row = await firms.findById(id);
      return row && toProfile(row);
    },

    /** The firm's administrator describes the firm (name, type, address, contact, time zone); audited. */
    async saveProfile(actor: SessionUser, id: string, input: FirmProfile): Promise<FirmProfile> {
      await visibleRow(actor, id);
      return inTransaction(db, async (trx) => {
        const store = createFirmsStore(trx);
        const current = await store.lockById(id);
        if (!current) throw notFound();
        const row = await store.update(id, {
          name: input.name,
          firm_type: input.type,
          address: input.address || null,
          city: input.city || null,
          state: input.state || null,
          zip: input.zip || null,
          phone: input.phone,
          email: input.email,
          time_zone: input.timeZone,
        });
        if (!row) throw notFound();
        const after = toProfile(row);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'firm.profile.updated',
          entity: 'firm',
          entityId: id,
          before: toProfile(current),
          after,
        });
        return after;
      });
    },

    async listUsers(actor: SessionUser, firmId: string): Promise<FirmUser[]> {
      await visibleRow(actor, firmId);
      return (await createUsersService(db).listByFirm(firmId)).map(toFirmUser);
    },
  };
}

export type FirmsService = ReturnType<typeof createFirmsService>;
