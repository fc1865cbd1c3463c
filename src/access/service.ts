import { todayIn } from '../shared/dates';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { type AuditService, createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { type Redis, reloadEverywhere } from '../db/redis';
import { inTransaction } from '../db/transaction';
import {
  ACCESS_MESSAGES,
  type Action,
  type ActionInput,
  type PermissionEntry,
  ROLE_COLUMNS,
} from '../shared/access';
import { ServiceError } from '../shared/errors';
import type { Role, SessionUser } from '../shared/session';
import type { ActionMeta, Grant } from './action';
import type { ActionPatch, PermissionRowInput } from './schema';
import { type ActionRow, createAccessStore, type PermissionRow } from './store';
import { MESSAGES } from '../shared/constants';
import { capabilityFor, type Decision, type Flags, Matrix, type MatrixAction, patternKey } from './matrix';

/** What Role Management and Actions Management need; staff can never take these away from themselves. */
const STAFF_LIFELINE = new Set([
  'GET /actions',
  'POST /actions',
  'PUT /actions/{}',
  'PATCH /actions/{}',
  'DELETE /actions/{}',
  'GET /permissions',
  'PUT /permissions/{}',
  'POST /auth/login',
  'POST /auth/logout',
]);
const isLifeline = (a: { method: string; route: string }) =>
  STAFF_LIFELINE.has(patternKey(a.method, a.route));

/** The matrix flag a lifeline row must keep for staff: the one its method needs. */
const FLAG_OF = { read: 'canRead', write: 'canWrite', delete: 'canDelete' } as const;

/** A declared action's row in the catalog: its route under the catalog's /api prefix. */
const cataloged = (a: ActionMeta) => ({ method: a.method, route: `/api${a.route}` });

/** An arbitrary constant naming the catalog's advisory lock. */
const CATALOG_LOCK = 727_002;

/** The declarations the product is built from, by method and route pattern. */
type Declared = Map<string, ActionMeta>;
const declaredIndex = (actions: ActionMeta[]): Declared =>
  new Map(actions.map((a) => [patternKey(a.method, `/api${a.route}`), a]));

/** Whether a catalog row is a declared `own` action, the only kind a client may be granted. */
const forClients = (declared: Declared, row: { method: string; route: string }) =>
  declared.get(patternKey(row.method, row.route))?.own === true;

/** A row as the API answers it; its days are the platform's (staff's) calendar days, not UTC's. */
const toAction = (row: ActionRow, declared: Declared, timeZone: string): Action => {
  const declaration = declared.get(patternKey(row.method, row.route));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    route: row.route,
    method: row.method,
    category: row.category,
    isActive: row.is_active,
    isPublic: row.is_public,
    createdAt: todayIn(timeZone, row.created_at),
    lastModified: todayIn(timeZone, row.updated_at),
    isDeclared: declaration !== undefined,
    ...(isLifeline(row) && { offLocked: ACCESS_MESSAGES.selfLockout }),
    ...(declaration?.whenOff && { whenOff: declaration.whenOff }),
  };
};

const NO_FLAGS: Flags = { read: false, write: false, delete: false };

function rolesOf(actionId: string, permissions: PermissionRow[]): Record<Role, Flags> {
  const roles: Record<Role, Flags> = { user: NO_FLAGS, admin: NO_FLAGS, reti: NO_FLAGS, client: NO_FLAGS };
  for (const p of permissions)
    if (p.action_id === actionId)
      roles[p.role] = { read: p.can_read, write: p.can_write, delete: p.can_delete };
  return roles;
}

const toEntry = (action: Action, roles: Record<Role, Flags>, clientOpen: boolean): PermissionEntry => ({
  id: action.id,
  name: action.name,
  description: action.description,
  route: action.route,
  method: action.method,
  category: action.category,
  isActive: action.isActive,
  isPublic: action.isPublic,
  permissions: ROLE_COLUMNS.map(({ roleId, roleName }) => ({
    roleId,
    roleName,
    canRead: roles[roleId].read,
    canWrite: roles[roleId].write,
    canDelete: roles[roleId].delete,
  })),
  ...(isLifeline(action) && !action.isPublic && { lockedFlag: FLAG_OF[capabilityFor(action.method)] }),
  ...(!clientOpen && { clientClosed: true }),
});

const notFound = () => new ServiceError('not-found', 'Action not found.');
const conflict = (message: string, fields?: Record<string, string>) =>
  new ServiceError('conflict', message, fields);

/** The answer to a request the matrix refused, or null when it may go on. */
export function refusal(
  decision: Decision,
  user: SessionUser | undefined,
  sessionUnavailable = false,
): ServiceError | null {
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'uncataloged':
      return new ServiceError('forbidden', 'This endpoint is not in the actions catalog, so it is closed.');
    case 'inactive':
      return new ServiceError('forbidden', `This action is disabled: ${decision.action.name}.`);
    case 'anonymous':
      return sessionUnavailable
        ? new ServiceError('unavailable', MESSAGES.signInUnavailable)
        : new ServiceError('unauthenticated', 'Sign in first.');
    case 'denied':
      return new ServiceError(
        'forbidden',
        `Your role (${user?.role}) does not have ${decision.capability} permission for ${decision.action.name}.`,
      );
  }
}

const flagsOf = (grant: Grant = ''): Flags => ({
  read: grant.includes('r'),
  write: grant.includes('w'),
  delete: grant.includes('d'),
});

/**
 * Gives every declared action that the catalog lacks its row, with its default grants; rows that are
 * there keep what staff made of them. Runs after the migrations, on every start.
 */
export async function seedCatalog(db: Kysely<DB>, actions: ActionMeta[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CATALOG_LOCK})`.execute(trx);
    const store = createAccessStore(trx);
    const rows = await store.listActions();
    await giveNewRolesTheirDefaults(store, rows, actions);
    const present = new Set(rows.map((a) => patternKey(a.method, a.route)));
    const missing = actions.filter((a) => !present.has(patternKey(a.method, `/api${a.route}`)));
    for (const a of missing) {
      const row = await store.insertAction(
        { ...a, route: `/api${a.route}`, isActive: !a.inactive },
        { isPublic: a.public ?? false },
      );
      if (!a.public)
        await store.savePermissions(
          row.id,
          ROLE_COLUMNS.map(({ roleId }) => ({ role: roleId, ...flagsOf(a.grants?.[roleId]) })),
        );
    }
    return missing.length;
  });
}

/**
 * A role added to the product after an action was cataloged (client) has no flags on its row yet: it gets
 * the declaration's defaults, once; the other roles' rows keep what staff made of them.
 */
async function giveNewRolesTheirDefaults(
  store: ReturnType<typeof createAccessStore>,
  rows: ActionRow[],
  actions: ActionMeta[],
): Promise<void> {
  const declared = declaredIndex(actions);
  const permissions = await store.listPermissions();
  const has = new Set(permissions.map((p) => `${p.action_id} ${p.role}`));
  for (const row of rows) {
    if (row.is_public) continue;
    const lacking = ROLE_COLUMNS.filter(({ roleId }) => !has.has(`${row.id} ${roleId}`));
    if (lacking.length === 0) continue;
    const grants = declared.get(patternKey(row.method, row.route))?.grants;
    await store.savePermissions(
      row.id,
      lacking.map(({ roleId }) => ({ role: roleId, ...flagsOf(grants?.[roleId]) })),
    );
  }
}

export type AccessOptions = {
  db: Kysely<DB>;
  redis?: Redis;
  redisPrefix: string;
  logger: Logger;
  /** The product's declared actions: they cannot be deleted, and keep their route and method. */
  declared: ActionMeta[];
  /** The platform's time zone (TIME_ZONE): the days an action was made and last changed are its days. */
  timeZone: string;
};

/**
 * The catalog and matrix: edited by staff, kept in memory by every process so a permission check costs
 * no query, and reloaded on every process when any of them changes it (Redis pub/sub; in process when
 * there is no Redis).
 */
export function createAccessService(options: AccessOptions) {
  const { db, redis, logger } = options;
  const store = createAccessStore(db);
  const declared = declaredIndex(options.declared);
  const asAction = (row: ActionRow) => toAction(row, declared, options.timeZone);
  let matrix: Matrix | undefined;
  let loading: Promise<Matrix> | undefined;
  let generation = 0;
  let inForce = 0;

  async function reload(): Promise<Matrix> {
    const mine = ++generation;
    const [actions, permissions] = await Promise.all([store.listActions(), store.listPermissions()]);
    const next = new Matrix(
      actions.map((a): MatrixAction => ({
        id: a.id,
        name: a.name,
        method: a.method,
        route: a.route,
        isActive: a.is_active,
        isPublic: a.is_public,
        roles: rolesOf(a.id, permissions),
        forClients: forClients(declared, a),
      })),
    );
    // A slower, older load never replaces a newer one; a finished load is in force at once, even while a
    // later one (another process's change, say) is still running, so a saved change holds on the next request.
    if (mine > inForce) {
      matrix = next;
      inForce = mine;
    }
    return matrix!;
  }

  /** The first load, shared by everyone waiting for it; a failed one is tried again by the next caller. */
  function firstLoad(): Promise<Matrix> {
    loading ??= reload().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }

  // Every process holds the matrix; a change reloads it on all of them.
  const everywhere = reloadEverywhere({
    redis,
    channel: `${options.redisPrefix}access:changed`,
    logger,
    reload,
    what: 'permission matrix',
  });
  const changed = everywhere.changed;

  async function change<T>(
    actor: SessionUser,
    work: (s: ReturnType<typeof createAccessStore>, audit: AuditService) => Promise<T>,
  ): Promise<T> {
    const result = await inTransaction(db, async (trx) => {
      // One change of the catalog at a time, so two equivalent routes can never both pass the duplicate check.
      await sql`SELECT pg_advisory_xact_lock(${CATALOG_LOCK})`.execute(trx);
      return work(createAccessStore(trx), createAuditService(trx));
    });
    await changed();
    logger.info({ actor: actor.loginId }, 'access control changed');
    return result;
  }

  async function refuseDuplicate(
    s: ReturnType<typeof createAccessStore>,
    a: { method: string; route: string },
    self?: string,
  ) {
    const key = patternKey(a.method, a.route);
    const clash = (await s.listActions()).find(
      (row) => row.id !== self && patternKey(row.method, row.route) === key,
    );
    if (clash) {
      const message = `An action for ${a.method} ${a.route} already exists (${clash.name}).`;
      throw conflict(message, { route: message });
    }
  }

  return {
    /** Loads the matrix and starts listening for changes; requests wait for the first load. */
    start(): Promise<Matrix> {
      everywhere.listen();
      return firstLoad();
    },

    async stop(): Promise<void> {
      await everywhere.stop();
    },

    /** The matrix in memory; undefined only until the first load finishes. */
    cached: (): Matrix | undefined => matrix,
    ready: (): Promise<Matrix> => (matrix ? Promise.resolve(matrix) : firstLoad()),
    reload,

    /** Why the user may not run this declared action, or null; waits for the first load of the matrix. */
    async refusalFor(
      user: SessionUser | undefined,
      action: ActionMeta,
      sessionUnavailable = false,
    ): Promise<ServiceError | null> {
      const current = matrix ?? (await firstLoad());
      return refusal(current.decideAction(user?.role, cataloged(action)), user, sessionUnavailable);
    },

    /** The same answer from the matrix in memory, for a page deciding which controls to offer. */
    refusalNow(user: SessionUser | undefined, action: ActionMeta): ServiceError | null {
      if (!matrix) return new ServiceError('unavailable', 'Access rules are still loading.');
      return refusal(matrix.decideAction(user?.role, cataloged(action)), user);
    },

    async listActions(): Promise<Action[]> {
      return (await store.listActions()).map(asAction);
    },

    async getAction(id: string): Promise<Action> {
      const row = await store.findAction(id);
      if (!row) throw notFound();
      return asAction(row);
    },

    async listPermissions(): Promise<PermissionEntry[]> {
      const [actions, permissions] = await Promise.all([store.listActions(), store.listPermissions()]);
      return actions.map((a) => toEntry(asAction(a), rolesOf(a.id, permissions), forClients(declared, a)));
    },

    createAction: (actor: SessionUser, input: ActionInput): Promise<Action> =>
      change(actor, async (s, audit) => {
        await refuseDuplicate(s, input);
        const row = await s.insertAction(input);
        const after = asAction(row);
        await audit.record({
          actorUserId: actor.id,
          action: 'action.created',
          entity: 'action',
          entityId: row.id,
          after,
        });
        return after;
      }),

    updateAction: (actor: SessionUser, id: string, patch: ActionPatch): Promise<Action> =>
      change(actor, async (s, audit) => {
        const row = await s.findAction(id);
        if (!row) throw notFound();
        const before = asAction(row);
        const merged = { ...before, ...patch };
        const movesPattern =
          patternKey(merged.method, merged.route) !== patternKey(before.method, before.route);
        if (isLifeline(before) && (movesPattern || !merged.isActive))
          throw conflict(ACCESS_MESSAGES.selfLockout);
        if (before.isPublic && movesPattern) throw conflict(ACCESS_MESSAGES.publicRouteFixed);
        if (before.isDeclared && movesPattern) throw conflict(ACCESS_MESSAGES.declaredRouteFixed);
        if (movesPattern) await refuseDuplicate(s, merged, id);
        const after = asAction((await s.updateAction(id, patch))!);
        await audit.record({
          actorUserId: actor.id,
          action: 'action.updated',
          entity: 'action',
          entityId: id,
          before,
          after,
        });
        return after;
      }),

    deleteAction: (actor: SessionUser, id: string): Promise<Action> =>
      change(actor, async (s, audit) => {
        const row = await s.findAction(id);
        if (!row) throw notFound();
        if (isLifeline(row)) throw conflict(ACCESS_MESSAGES.selfLockout);
        const action = asAction(row);
        if (action.isDeclared) throw conflict(ACCESS_MESSAGES.declaredUndeletable(action.name));
        const before = toEntry(action, rolesOf(id, await s.permissionsOf(id)), false);
        await s.deleteAction(id);
        await audit.record({
          actorUserId: actor.id,
          action: 'action.deleted',
          entity: 'action',
          entityId: id,
          before,
        });
        return action;
      }),

    savePermissions: (
      actor: SessionUser,
      actionId: string,
      input: PermissionRowInput,
    ): Promise<PermissionEntry> =>
      change(actor, async (s, audit) => {
        const row = await s.findAction(actionId);
        if (!row) throw notFound();
        if (row.is_public) throw conflict(ACCESS_MESSAGES.publicAction);
        const action = asAction(row);
        const clientOpen = forClients(declared, row);
        const rows = input.permissions.map((p) => ({
          role: p.roleId,
          read: p.canRead,
          write: p.canWrite,
          delete: p.canDelete,
        }));
        const reti = rows.find((r) => r.role === 'reti')!;
        if (isLifeline(row) && !reti[capabilityFor(row.method)]) throw conflict(ACCESS_MESSAGES.selfLockout);
        const client = rows.find((r) => r.role === 'client');
        if (!clientOpen && client && (client.read || client.write || client.delete))
          throw conflict(ACCESS_MESSAGES.clientsOwnOnly);
        const before = toEntry(action, rolesOf(actionId, await s.permissionsOf(actionId)), clientOpen);
        await s.savePermissions(actionId, rows);
        const after = toEntry(action, rolesOf(actionId, await s.permissionsOf(actionId)), clientOpen);
        await audit.record({
          actorUserId: actor.id,
          action: 'permission.saved',
          entity: 'action',
          entityId: actionId,
          before: before.permissions,
          after: after.permissions,
        });
        return after;
      }),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
