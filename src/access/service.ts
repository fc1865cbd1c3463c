import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { createAuditStore } from '../audit/store';
import type { SessionUser } from '../auth/session';
import type { DB } from '../db/schema';
import type { Redis } from '../db/redis';
import { HttpError } from '../http/errors';
import {
  ACCESS_MESSAGES,
  type Action,
  type ActionInput,
  type PermissionEntry,
  ROLE_COLUMNS,
} from '../shared/access';
import type { RoleName } from '../shared/constants';
import type { ActionPatch, PermissionRowInput } from './schema';
import { type ActionRow, createAccessStore, type PermissionRow } from './store';
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

/** An arbitrary constant naming the catalogue's advisory lock. */
const CATALOGUE_LOCK = 727_002;

const day = (d: Date) => d.toISOString().slice(0, 10);

export const toAction = (row: ActionRow): Action => ({
  id: row.id,
  name: row.name,
  description: row.description,
  route: row.route,
  method: row.method,
  category: row.category,
  isActive: row.is_active,
  isPublic: row.is_public,
  createdAt: day(row.created_at),
  lastModified: day(row.updated_at),
});

const NO_FLAGS: Flags = { read: false, write: false, delete: false };

function rolesOf(actionId: string, permissions: PermissionRow[]): Record<RoleName, Flags> {
  const roles: Record<RoleName, Flags> = { user: NO_FLAGS, admin: NO_FLAGS, reti: NO_FLAGS };
  for (const p of permissions)
    if (p.action_id === actionId)
      roles[p.role] = { read: p.can_read, write: p.can_write, delete: p.can_delete };
  return roles;
}

const toEntry = (action: Action, roles: Record<RoleName, Flags>): PermissionEntry => ({
  id: action.id,
  name: action.name,
  description: action.description,
  route: action.route,
  method: action.method,
  isActive: action.isActive,
  isPublic: action.isPublic,
  permissions: ROLE_COLUMNS.map(({ roleId, roleName }) => ({
    roleId,
    roleName,
    canRead: roles[roleId].read,
    canWrite: roles[roleId].write,
    canDelete: roles[roleId].delete,
  })),
});

const notFound = () => new HttpError(404, 'Action not found.');

/** The answer to a request the matrix refused, or null when it may go on. */
export function refusal(
  decision: Decision,
  user: SessionUser | undefined,
  sessionUnavailable = false,
): HttpError | null {
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'uncatalogued':
      return new HttpError(403, 'This endpoint is not in the actions catalogue, so it is closed.');
    case 'inactive':
      return new HttpError(403, `This action is disabled: ${decision.action.name}.`);
    case 'anonymous':
      return sessionUnavailable
        ? new HttpError(503, 'Sign-in is temporarily unavailable. Please try again in a moment.')
        : new HttpError(401, 'Sign in first.');
    case 'denied':
      return new HttpError(
        403,
        `Your role (${user?.role_name}) does not have ${decision.capability} permission for ${decision.action.name}.`,
      );
  }
}

export type AccessOptions = { db: Kysely<DB>; redis?: Redis; redisPrefix: string; logger: Logger };

/**
 * The catalogue and matrix: edited by staff, kept in memory by every process so a permission check costs
 * no query, and reloaded on every process when any of them changes it (Redis pub/sub; in process when
 * there is no Redis).
 */
export function createAccessService(options: AccessOptions) {
  const { db, redis, logger } = options;
  const store = createAccessStore(db);
  const channel = `${options.redisPrefix}access:changed`;
  let matrix: Matrix | undefined;
  let loading: Promise<Matrix> | undefined;
  let generation = 0;
  let inForce = 0;
  let subscriber: Redis | undefined;

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

  const reloadQuietly = () =>
    reload().catch((error) => logger.error({ err: error }, 'permission matrix could not be reloaded'));

  /** Reload here, then tell the other processes. */
  async function changed(): Promise<void> {
    // The change is stored: a failed reload is logged (and retried on the next change), not the caller's error.
    await reloadQuietly();
    if (redis?.isReady)
      await redis
        .publish(channel, String(Date.now()))
        .catch((error: Error) =>
          logger.warn({ err: error.message }, 'permission change not announced to other processes'),
        );
  }

  /** Listens for other processes' changes; reloads after every (re)connection, in case one was missed. */
  function listen(): void {
    if (!redis) return;
    subscriber = redis.duplicate();
    let subscribed = false;
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      void reloadQuietly();
      if (!subscribed && subscriber) {
        subscribed = true;
        subscriber.subscribe(channel, () => void reloadQuietly()).catch(() => (subscribed = false));
      }
    });
    subscriber.connect().catch(() => undefined);
  }

  async function inTransaction<T>(
    actor: SessionUser,
    work: (s: ReturnType<typeof createAccessStore>, audit: ReturnType<typeof createAuditStore>) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      // One change of the catalogue at a time, so two equivalent routes can never both pass the duplicate check.
      await sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK})`.execute(trx);
      return work(createAccessStore(trx), createAuditStore(trx));
    });
    await changed();
    logger.info({ actor: actor.user_id }, 'access control changed');
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
    if (clash)
      throw new HttpError(409, `An action for ${a.method} ${a.route} already exists (${clash.name}).`, {
        route: `An action for ${a.method} ${a.route} already exists (${clash.name}).`,
      });
  }

  return {
    /** Loads the matrix and starts listening for changes; requests wait for the first load. */
    start(): Promise<Matrix> {
      listen();
      return firstLoad();
    },

    async stop(): Promise<void> {
      if (subscriber?.isOpen) await subscriber.close().catch(() => subscriber?.destroy());
      else subscriber?.destroy();
    },

    /** The matrix in memory; undefined only until the first load finishes. */
    cached: (): Matrix | undefined => matrix,
    ready: (): Promise<Matrix> => (matrix ? Promise.resolve(matrix) : firstLoad()),
    reload,

    /** Throws the refusal when the user may not make this API request (method and path under the API). */
    async authorize(user: SessionUser | undefined, method: string, path: string): Promise<void> {
      const current = matrix ?? (await firstLoad());
      const error = refusal(current.decide(user?.role_name, method, path), user);
      if (error) throw error;
    },

    async listActions(): Promise<Action[]> {
      return (await store.listActions()).map(toAction);
    },

    async getAction(id: string): Promise<Action> {
      const row = await store.findAction(id);
      if (!row) throw notFound();
      return toAction(row);
    },

    async listPermissions(): Promise<PermissionEntry[]> {
      const [actions, permissions] = await Promise.all([store.listActions(), store.listPermissions()]);
      return actions.map((a) => toEntry(toAction(a), rolesOf(a.id, permissions)));
    },

    createAction: (actor: SessionUser, input: ActionInput): Promise<Action> =>
      inTransaction(actor, async (s, audit) => {
        await refuseDuplicate(s, input);
        const row = await s.insertAction(input);
        const after = toAction(row);
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
      inTransaction(actor, async (s, audit) => {
        const row = await s.findAction(id);
        if (!row) throw notFound();
        const before = toAction(row);
        const merged = { ...before, ...patch };
        const movesPattern =
          patternKey(merged.method, merged.route) !== patternKey(before.method, before.route);
        if (isLifeline(before) && (movesPattern || !merged.isActive))
          throw new HttpError(409, ACCESS_MESSAGES.selfLockout);
        if (before.isPublic && movesPattern) throw new HttpError(409, ACCESS_MESSAGES.publicRouteFixed);
        if (movesPattern) await refuseDuplicate(s, merged, id);
        const after = toAction((await s.updateAction(id, patch))!);
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

    deleteAction: (actor: SessionUser, id: string): Promise<void> =>
      inTransaction(actor, async (s, audit) => {
        const row = await s.findAction(id);
        if (!row) throw notFound();
        if (isLifeline(row)) throw new HttpError(409, ACCESS_MESSAGES.selfLockout);
        const before = toEntry(toAction(row), rolesOf(id, await s.permissionsOf(id)));
        await s.deleteAction(id);
        await audit.record({
          actorUserId: actor.id,
          action: 'action.deleted',
          entity: 'action',
          entityId: id,
          before,
        });
      }),

    savePermissions: (
      actor: SessionUser,
      actionId: string,
      input: PermissionRowInput,
    ): Promise<PermissionEntry> =>
      inTransaction(actor, async (s, audit) => {
        const row = await s.findAction(actionId);
        if (!row) throw notFound();
        if (row.is_public) throw new HttpError(409, ACCESS_MESSAGES.publicAction);
        const action = toAction(row);
        const rows = input.permissions.map((p) => ({
          role: p.roleId,
          read: p.canRead,
          write: p.canWrite,
          delete: p.canDelete,
        }));
        const reti = rows.find((r) => r.role === 'reti')!;
        if (isLifeline(row) && !reti[capabilityFor(row.method)])
          throw new HttpError(409, ACCESS_MESSAGES.selfLockout);
        const before = toEntry(action, rolesOf(actionId, await s.permissionsOf(actionId)));
        await s.savePermissions(actionId, rows);
        const after = toEntry(action, rolesOf(actionId, await s.permissionsOf(actionId)));
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
