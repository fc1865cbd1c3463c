import { DEFAULT_TIME_ZONE } from '../../src/config';
import { todayIn } from '../../src/shared/dates';
import { DECLARED_ACTIONS } from '../../src/features';
import { sql } from 'kysely';
import request from 'supertest';
import { createAccessService } from '../../src/access/service';
import { createLogger } from '../../src/logger';
import type { Action, PermissionEntry } from '../../src/shared/access';
import {
  BACKENDS,
  countRows,
  startTestApp,
  type TestApp,
  demoFirmId as findDemoFirmId,
  signIn as signInAs,
} from '../helpers/app';

type Role = 'user' | 'admin' | 'reti';
type Flags = '' | 'r' | 'w' | 'd' | 'rw' | 'rd' | 'wd' | 'rwd';
const LOGINS: Record<Role, string> = { user: 'attorney', admin: 'admin', reti: 'reti' };
const LOCKOUT = 'Staff cannot remove their own access to Role Management and Actions Management.';
const ROUTE_FORMAT = 'API Route must be a path under /api, such as /api/firms/{id}';
/** Today on the platform's calendar (TIME_ZONE, the test app's default), where staff work. */
const today = () => todayIn(DEFAULT_TIME_ZONE);

/** The body of PUT /permissions/{id}: flags per role, e.g. { user: 'r', admin: '', reti: 'r' }. */
const row = (flags: Record<Role, Flags>) => ({
  permissions: (['user', 'admin', 'reti'] as const).map((roleId) => ({
    roleId,
    canRead: flags[roleId].includes('r'),
    canWrite: flags[roleId].includes('w'),
    canDelete: flags[roleId].includes('d'),
  })),
});

const NEW_ACTION = {
  name: 'Summarize Cases',
  category: 'Case Management',
  route: '/api/cases/summary',
  method: 'GET',
  description: 'Summarize the firm’s cases on one page.',
  isActive: true,
};

const VALID_FIRM = {
  name: 'Harbor Immigration Partners',
  contactPerson: 'Dana Lee',
  contactRole: 'Partner',
  email: 'dana@harbor-immigration.example',
  phone: '+1 (555) 010-3000',
};

describe.each(BACKENDS)('the actions and permissions API (%s)', (backend) => {
  let t: TestApp;
  let retiId: string;
  let demoFirmId: string;
  const agents = {} as Record<Role, { agent: request.Agent; csrf: string }>;

  async function signIn(role: Role) {
    const { agent, token } = await signInAs(t.app, LOGINS[role]);
    return { agent, csrf: token };
  }

  /** A signed-in call with the session's CSRF token. */
  function as(role: Role, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) {
    const { agent, csrf } = agents[role];
    return agent[method](path).set('X-CSRF-Token', csrf);
  }

  const actionNamed = async (name: string): Promise<Action> => {
    const all: Action[] = (await as('reti', 'get', '/api/actions').expect(200)).body;
    const found = all.find((a) => a.name === name);
    if (!found) throw new Error(`no action named ${name}`);
    return found;
  };

  /** Everything the catalog, the matrix, firms, users and the audit log hold, to prove nothing moved. */
  const snapshot = async () => ({
    actions: await t.database.db.selectFrom('actions').selectAll().orderBy('id').execute(),
    permissions: await t.database.db
      .selectFrom('permissions')
      .selectAll()
      .orderBy('action_id')
      .orderBy('role')
      .execute(),
    firms: await t.database.db.selectFrom('firms').selectAll().orderBy('id').execute(),
    users: await t.database.db
      .selectFrom('users')
      .select(['id', 'login_id', 'role', 'firm_id'])
      .orderBy('id')
      .execute(),
    audit: await countRows(t.database, 'audit_log'),
  });

  const auditRows = (action: string, entityId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('entity_id', '=', entityId)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    t = await startTestApp({ backend });
    for (const role of ['user', 'admin', 'reti'] as const) agents[role] = await signIn(role);
    retiId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', 'reti')
        .executeTakeFirstOrThrow()
    ).id;
    demoFirmId = await findDemoFirmId(t.database);
  });
  afterAll(() => t.close());

  describe('changes take effect at once', () => {
    it('a saved permission is in force on the next request, and so is revoking it; both are audited', async () => {
      const getAll = await actionNamed('Get All Actions');
      const denied = await as('user', 'get', '/api/actions');
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('Your role (user) does not have read permission for Get All Actions.');

      const grant = await as('reti', 'put', `/api/permissions/${getAll.id}`).send(
        row({ user: 'r', admin: '', reti: 'r' }),
      );
      expect(grant.status).toBe(200);
      expect(grant.body).toEqual({
        id: getAll.id,
        name: 'Get All Actions',
        description: getAll.description,
        route: '/api/actions',
        method: 'GET',
        category: 'Access Control',
        isActive: true,
        isPublic: false,
        // Staff can never untick their own read of the catalog: Role Management shows it locked.
        lockedFlag: 'canRead',
        // Nor can a client be given it: it reaches more than their own records (issue 23).
        clientClosed: true,
        permissions: [
          { roleId: 'user', roleName: 'User', canRead: true, canWrite: false, canDelete: false },
          { roleId: 'admin', roleName: 'Admin', canRead: false, canWrite: false, canDelete: false },
          { roleId: 'reti', roleName: 'Reti', canRead: true, canWrite: false, canDelete: false },
          { roleId: 'client', roleName: 'Client', canRead: false, canWrite: false, canDelete: false },
        ],
      });
      const allowed = await as('user', 'get', '/api/actions');
      expect(allowed.status).toBe(200);
      expect(allowed.body.map((a: Action) => a.name)).toContain('Get All Actions');
      const stored = await t.database.db
        .selectFrom('permissions')
        .select(['role', 'can_read', 'can_write', 'can_delete'])
        .where('action_id', '=', getAll.id)
        .orderBy('role')
        .execute();
      expect(stored).toEqual([
        { role: 'admin', can_read: false, can_write: false, can_delete: false },
        { role: 'client', can_read: false, can_write: false, can_delete: false },
        { role: 'reti', can_read: true, can_write: false, can_delete: false },
        { role: 'user', can_read: true, can_write: false, can_delete: false },
      ]);

      const revoke = await as('reti', 'put', `/api/permissions/${getAll.id}`).send(
        row({ user: '', admin: '', reti: 'r' }),
      );
      expect(revoke.status).toBe(200);
      const againDenied = await as('user', 'get', '/api/actions');
      expect(againDenied.status).toBe(403);
      expect(againDenied.body.error).toBe(
        'Your role (user) does not have read permission for Get All Actions.',
      );

      const audit = await auditRows('permission.saved', getAll.id);
      expect(audit).toHaveLength(2);
      expect(audit.map((a) => [a.actor_user_id, a.entity])).toEqual([
        [retiId, 'action'],
        [retiId, 'action'],
      ]);
      const userFlags = (list: unknown) =>
        (list as PermissionEntry['permissions']).find((p) => p.roleId === 'user')!.canRead;
      expect([userFlags(audit[0].before), userFlags(audit[0].after)]).toEqual([false, true]);
      expect([userFlags(audit[1].before), userFlags(audit[1].after)]).toEqual([true, false]);
    });

    it('an action toggled inactive answers 403 for everyone at once, with today as lastModified; toggling back reopens it', async () => {
      const getFirms = await actionNamed('Get All Firms');
      await sql`UPDATE actions SET updated_at = '2020-01-02T12:00:00Z' WHERE id = ${getFirms.id}`.execute(
        t.database.db,
      );
      expect((await actionNamed('Get All Firms')).lastModified).toBe('2020-01-02');
      // 3 AM in London is the evening before in New York: the day shown is the platform's, not UTC's.
      await sql`UPDATE actions SET updated_at = '2020-01-02T03:00:00Z' WHERE id = ${getFirms.id}`.execute(
        t.database.db,
      );
      expect((await actionNamed('Get All Firms')).lastModified).toBe('2020-01-01');

      const off = await as('reti', 'patch', `/api/actions/${getFirms.id}`).send({ isActive: false });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({
        id: getFirms.id,
        name: 'Get All Firms',
        description: getFirms.description,
        route: '/api/firms',
        method: 'GET',
        category: 'Firm Management',
        isActive: false,
        isPublic: false,
        isDeclared: true,
        createdAt: getFirms.createdAt,
        lastModified: today(),
      });
      expect(off.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const role of ['user', 'admin', 'reti'] as const) {
        const res = await as(role, 'get', '/api/firms');
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('This action is disabled: Get All Firms.');
      }
      const anonymous = await request(t.app).get('/api/firms');
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error).toBe('This action is disabled: Get All Firms.');

      const audit = await auditRows('action.updated', getFirms.id);
      expect(audit).toHaveLength(1);
      expect(audit[0].actor_user_id).toBe(retiId);
      expect(audit[0].before).toMatchObject({ isActive: true, lastModified: '2020-01-01' });
      expect(audit[0].after).toMatchObject({ isActive: false, lastModified: today() });

      const on = await as('reti', 'patch', `/api/actions/${getFirms.id}`).send({ isActive: true });
      expect(on.status).toBe(200);
      expect(on.body.isActive).toBe(true);
      const res = await as('user', 'get', '/api/firms');
      expect(res.status).toBe(200);
      expect(res.body.firms.map((f: { id: string }) => f.id)).toEqual([demoFirmId]);
      expect(await auditRows('action.updated', getFirms.id)).toHaveLength(2);
    });

    it('a PATCH changes only the fields it names: renaming an inactive action keeps it inactive', async () => {
      const deleteFirm = await actionNamed('Delete Firm');
      expect(deleteFirm.isActive).toBe(false);
      const renamed = await as('reti', 'patch', `/api/actions/${deleteFirm.id}`).send({
        name: 'Remove Firm',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Remove Firm', isActive: false, route: '/api/firms/{id}' });
      const res = await as('reti', 'delete', `/api/firms/${demoFirmId}`);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('This action is disabled: Remove Firm.');
      expect(
        (await as('reti', 'patch', `/api/actions/${deleteFirm.id}`).send({ name: 'Delete Firm' })).body,
      ).toMatchObject({ name: 'Delete Firm', isActive: false });
      expect(
        await t.database.db.selectFrom('firms').select('id').where('id', '=', demoFirmId).execute(),
      ).toHaveLength(1);
    });

    it('creates, edits and deletes an action with an audit row for each; a new action grants nobody anything', async () => {
      const created = await as('reti', 'post', '/api/actions').send({ ...NEW_ACTION, isPublic: true });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ...NEW_ACTION,
        isPublic: false,
        isDeclared: false,
        createdAt: today(),
        lastModified: today(),
      });
      const id = created.body.id as string;
      const entry = (
        (await as('reti', 'get', '/api/permissions').expect(200)).body as PermissionEntry[]
      ).find((e) => e.id === id)!;
      expect(entry.permissions.every((p) => !p.canRead && !p.canWrite && !p.canDelete)).toBe(true);
      const [createdAudit] = await auditRows('action.created', id);
      expect(createdAudit).toMatchObject({ actor_user_id: retiId, entity: 'action', before: null });
      expect(createdAudit.after).toEqual(created.body);

      const edited = await as('reti', 'put', `/api/actions/${id}`).send({
        ...NEW_ACTION,
        route: '/api/cases/{caseId}/summary',
        isActive: false,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ route: '/api/cases/{caseId}/summary', isActive: false });
      const [editedAudit] = await auditRows('action.updated', id);
      expect(editedAudit.actor_user_id).toBe(retiId);
      expect(editedAudit.before).toEqual(created.body);
      expect(editedAudit.after).toEqual(edited.body);

      const deleted = await as('reti', 'delete', `/api/actions/${id}`);
      expect(deleted.status).toBe(204);
      expect(await t.database.db.selectFrom('actions').select('id').where('id', '=', id).execute()).toEqual(
        [],
      );
      expect(
        await t.database.db.selectFrom('permissions').select('role').where('action_id', '=', id).execute(),
      ).toEqual([]);
      const [deletedAudit] = await auditRows('action.deleted', id);
      expect(deletedAudit).toMatchObject({ actor_user_id: retiId, after: null });
      expect(deletedAudit.before).toMatchObject({
        id,
        name: 'Summarize Cases',
        route: '/api/cases/{caseId}/summary',
      });
      expect(await as('reti', 'delete', `/api/actions/${id}`).then((r) => [r.status, r.body.error])).toEqual([
        404,
        'Action not found.',
      ]);
    });

    it('refuses to delete an action the product declares, and says it can be made inactive', async () => {
      const getFirm = await actionNamed('Get Firm');
      const before = await snapshot();
      const res = await as('reti', 'delete', `/api/actions/${getFirm.id}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        'Get Firm is part of the product, so it cannot be deleted. Make it inactive instead.',
      );
      expect(await snapshot()).toEqual(before);
      expect((await as('reti', 'get', `/api/firms/${demoFirmId}`)).status).toBe(200);
    });

    it('closes a real endpoint whose catalog row is missing, and opens it again only as far as a new row grants', async () => {
      const getFirm = await actionNamed('Get Firm');
      await t.database.db.deleteFrom('actions').where('id', '=', getFirm.id).execute();
      // Any saved change reloads the matrix; re-saving another action's description is one.
      const getAll = await actionNamed('Get All Firms');
      await as('reti', 'patch', `/api/actions/${getAll.id}`)
        .send({ description: getAll.description })
        .expect(200);
      const closed = await as('reti', 'get', `/api/firms/${demoFirmId}`);
      expect(closed.status).toBe(403);
      expect(closed.body.error).toBe('This endpoint is not in the actions catalog, so it is closed.');

      const again = await as('reti', 'post', '/api/actions').send({
        name: 'Get Firm',
        category: 'Firm Management',
        route: '/api/firms/{firmId}',
        method: 'GET',
        description: "Read one firm's details.",
      });
      expect(again.status).toBe(201);
      expect(again.body.isActive).toBe(true);
      const denied = await as('reti', 'get', `/api/firms/${demoFirmId}`);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('Your role (reti) does not have read permission for Get Firm.');

      await as('reti', 'put', `/api/permissions/${again.body.id}`)
        .send(row({ user: 'r', admin: 'r', reti: 'r' }))
        .expect(200);
      const open = await as('user', 'get', `/api/firms/${demoFirmId}`);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ id: demoFirmId, name: 'Demo Immigration Law' });
    });

    it('puts a finished reload in force even while a later one is still running', async () => {
      const access = createAccessService({
        db: t.database.db,
        declared: DECLARED_ACTIONS,
        timeZone: DEFAULT_TIME_ZONE,
        redisPrefix: 'unused:',
        logger: createLogger('silent'),
      });
      await access.start();
      const getAll = await actionNamed('Get All Actions');
      expect(access.cached()!.decide('admin', 'GET', '/actions').kind).toBe('denied');
      await t.database.db
        .updateTable('permissions')
        .set({ can_read: true })
        .where('action_id', '=', getAll.id)
        .where('role', '=', 'admin')
        .execute();
      try {
        // As when a change is saved here while another process's change is being loaded.
        const mine = access.reload();
        const other = access.reload();
        await mine;
        expect(access.cached()!.decide('admin', 'GET', '/actions').kind).toBe('allow');
        await other;
        expect(access.cached()!.decide('admin', 'GET', '/actions').kind).toBe('allow');
      } finally {
        await t.database.db
          .updateTable('permissions')
          .set({ can_read: false })
          .where('action_id', '=', getAll.id)
          .where('role', '=', 'admin')
          .execute();
        await access.stop();
      }
    });
  });

  describe('staff cannot lock themselves out', () => {
    type Attempt = [string, (ids: Record<string, string>) => request.Test];
    const attempts: Attempt[] = [
      [
        "removing reti's read on Get Permissions",
        (ids) =>
          as('reti', 'put', `/api/permissions/${ids['Get Permissions']}`).send(
            row({ user: '', admin: '', reti: '' }),
          ),
      ],
      [
        "removing reti's write on Save Permissions",
        (ids) =>
          as('reti', 'put', `/api/permissions/${ids['Save Permissions']}`).send(
            row({ user: 'w', admin: 'w', reti: 'rd' }),
          ),
      ],
      [
        "removing reti's read on Get All Actions",
        (ids) =>
          as('reti', 'put', `/api/permissions/${ids['Get All Actions']}`).send(
            row({ user: 'r', admin: 'r', reti: '' }),
          ),
      ],
      [
        "removing reti's delete on Delete Action",
        (ids) =>
          as('reti', 'put', `/api/permissions/${ids['Delete Action']}`).send(
            row({ user: '', admin: '', reti: 'rw' }),
          ),
      ],
      [
        'deactivating Get All Actions',
        (ids) => as('reti', 'patch', `/api/actions/${ids['Get All Actions']}`).send({ isActive: false }),
      ],
      [
        'deactivating Save Permissions with a full update',
        (ids) =>
          as('reti', 'put', `/api/actions/${ids['Save Permissions']}`).send({
            name: 'Save Permissions',
            category: 'Access Control',
            route: '/api/permissions/{actionId}',
            method: 'PUT',
            description: "Save one action's row of the matrix.",
            isActive: false,
          }),
      ],
      ['deleting Get All Actions', (ids) => as('reti', 'delete', `/api/actions/${ids['Get All Actions']}`)],
      ['deleting Toggle Action', (ids) => as('reti', 'delete', `/api/actions/${ids['Toggle Action']}`)],
      [
        'moving Get All Actions to another route',
        (ids) =>
          as('reti', 'patch', `/api/actions/${ids['Get All Actions']}`).send({ route: '/api/actions-list' }),
      ],
      [
        'moving Get Permissions to another method',
        (ids) => as('reti', 'patch', `/api/actions/${ids['Get Permissions']}`).send({ method: 'POST' }),
      ],
      [
        'moving Update Action to another route with a full update',
        (ids) =>
          as('reti', 'put', `/api/actions/${ids['Update Action']}`).send({
            name: 'Update Action',
            category: 'Access Control',
            route: '/api/actions/{id}/edit',
            method: 'PUT',
            description: 'Change an action.',
          }),
      ],
      [
        'deactivating Log In',
        (ids) => as('reti', 'patch', `/api/actions/${ids['Log In']}`).send({ isActive: false }),
      ],
      ['deleting Log Out', (ids) => as('reti', 'delete', `/api/actions/${ids['Log Out']}`)],
    ];

    it.each(attempts)('refuses %s with 409 and stores nothing', async (_what, attempt) => {
      const ids: Record<string, string> = Object.fromEntries(
        ((await as('reti', 'get', '/api/actions').expect(200)).body as Action[]).map((a) => [a.name, a.id]),
      );
      const before = await snapshot();
      const res = await attempt(ids);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(LOCKOUT);
      expect(await snapshot()).toEqual(before);
      expect((await as('reti', 'get', '/api/permissions')).status).toBe(200);
    });

    it('still lets staff rename a lifeline action or share it with other roles', async () => {
      const getPermissions = await actionNamed('Get Permissions');
      const renamed = await as('reti', 'patch', `/api/actions/${getPermissions.id}`).send({
        description: 'Read the whole permission matrix.',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.description).toBe('Read the whole permission matrix.');
      const shared = await as('reti', 'put', `/api/permissions/${getPermissions.id}`).send(
        row({ user: '', admin: 'r', reti: 'rwd' }),
      );
      expect(shared.status).toBe(200);
      expect((await as('admin', 'get', '/api/permissions')).status).toBe(200);
      await as('reti', 'put', `/api/permissions/${getPermissions.id}`)
        .send(row({ user: '', admin: '', reti: 'r' }))
        .expect(200);
      expect((await as('admin', 'get', '/api/permissions')).status).toBe(403);
    });
  });

  describe('bad input is refused with a clear message and stores nothing', () => {
    /** [what, method, path ({action}, {lockedAction}, {public} and {firm} are filled in), body, status, message, fields] */
    type Case = [
      string,
      'post' | 'put' | 'patch',
      string,
      unknown,
      number,
      string,
      Record<string, string> | undefined,
    ];
    const long = (n: number) => 'x'.repeat(n);
    const cases: Case[] = [
      [
        'an action with no fields',
        'post',
        '/api/actions',
        {},
        422,
        'Action Name is required',
        {
          name: 'Action Name is required',
          category: 'Category is required',
          route: 'API Route is required',
          method: 'HTTP Method must be GET, POST, PUT, PATCH or DELETE',
          description: 'Description is required',
        },
      ],
      [
        'a blank action name',
        'post',
        '/api/actions',
        { ...NEW_ACTION, name: '   ' },
        422,
        'Action Name is required',
        { name: 'Action Name is required' },
      ],
      [
        'an overlong action name',
        'post',
        '/api/actions',
        { ...NEW_ACTION, name: long(101) },
        422,
        'Action Name must be at most 100 characters',
        { name: 'Action Name must be at most 100 characters' },
      ],
      [
        'an overlong description',
        'post',
        '/api/actions',
        { ...NEW_ACTION, description: long(501) },
        422,
        'Description must be at most 500 characters',
        { description: 'Description must be at most 500 characters' },
      ],
      [
        'an overlong route',
        'post',
        '/api/actions',
        { ...NEW_ACTION, route: `/api/${long(200)}` },
        422,
        'API Route must be at most 200 characters',
        { route: 'API Route must be at most 200 characters' },
      ],
      ...[
        'firms',
        '/api/../x',
        '/api/firms/..',
        '/api/./firms',
        '/api/firms/{id',
        '/api/firms/',
        '/api',
        '/other/firms',
      ].map((route): Case => [
        `the malformed route ${route}`,
        'post',
        '/api/actions',
        { ...NEW_ACTION, route },
        422,
        ROUTE_FORMAT,
        { route: ROUTE_FORMAT },
      ]),
      ...['FETCH', 'get', 'HEAD', 7].map((method): Case => [
        `the method ${JSON.stringify(method)}`,
        'post',
        '/api/actions',
        { ...NEW_ACTION, method },
        422,
        'HTTP Method must be GET, POST, PUT, PATCH or DELETE',
        { method: 'HTTP Method must be GET, POST, PUT, PATCH or DELETE' },
      ]),
      [
        'isActive "yes"',
        'post',
        '/api/actions',
        { ...NEW_ACTION, isActive: 'yes' },
        422,
        'Active must be true or false',
        { isActive: 'Active must be true or false' },
      ],
      [
        'an update with a field missing',
        'put',
        '/api/actions/{action}',
        { ...NEW_ACTION, description: undefined },
        422,
        'Description is required',
        { description: 'Description is required' },
      ],
      [
        'an update to a malformed route',
        'put',
        '/api/actions/{action}',
        { ...NEW_ACTION, route: '/api/../x' },
        422,
        ROUTE_FORMAT,
        { route: ROUTE_FORMAT },
      ],
      [
        'a toggle with nothing to change',
        'patch',
        '/api/actions/{action}',
        {},
        422,
        'Nothing to change',
        { form: 'Nothing to change' },
      ],
      [
        'a toggle with isActive "yes"',
        'patch',
        '/api/actions/{action}',
        { isActive: 'yes' },
        422,
        'Active must be true or false',
        { isActive: 'Active must be true or false' },
      ],
      [
        'a toggle to a malformed route',
        'patch',
        '/api/actions/{action}',
        { route: '/api/firms/{id' },
        422,
        ROUTE_FORMAT,
        { route: ROUTE_FORMAT },
      ],
      [
        'a toggle to an unknown method',
        'patch',
        '/api/actions/{action}',
        { method: 'TRACE' },
        422,
        'HTTP Method must be GET, POST, PUT, PATCH or DELETE',
        { method: 'HTTP Method must be GET, POST, PUT, PATCH or DELETE' },
      ],
      [
        'a new action for an existing method and route',
        'post',
        '/api/actions',
        { ...NEW_ACTION, route: '/api/firms', method: 'GET' },
        409,
        'An action for GET /api/firms already exists (Get All Firms).',
        { route: 'An action for GET /api/firms already exists (Get All Firms).' },
      ],
      [
        'a new action for an existing pattern with another parameter name',
        'post',
        '/api/actions',
        { ...NEW_ACTION, route: '/api/firms/{firmId}', method: 'PUT' },
        409,
        'An action for PUT /api/firms/{firmId} already exists (Update Firm).',
        { route: 'An action for PUT /api/firms/{firmId} already exists (Update Firm).' },
      ],
      [
        'a new action for an existing route in other letter case',
        'post',
        '/api/actions',
        { ...NEW_ACTION, route: '/api/Firms/{ID}/Users', method: 'POST' },
        409,
        'An action for POST /api/Firms/{ID}/Users already exists (Create User).',
        { route: 'An action for POST /api/Firms/{ID}/Users already exists (Create User).' },
      ],
      [
        'moving an action onto an existing pattern',
        'patch',
        '/api/actions/{action}',
        { route: '/api/firms/{x}/users', method: 'GET' },
        409,
        'An action for GET /api/firms/{x}/users already exists (Get Firm Users).',
        { route: 'An action for GET /api/firms/{x}/users already exists (Get Firm Users).' },
      ],
      [
        'moving an action the product declares',
        'patch',
        '/api/actions/{action}',
        { route: '/api/firms/{x}/people' },
        409,
        'This action is part of the product: it keeps its route and method, where the product serves it.',
        undefined,
      ],
      [
        'permissions with no body',
        'put',
        '/api/permissions/{action}',
        {},
        422,
        'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        {
          permissions:
            'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        },
      ],
      [
        'permissions with canRead 1',
        'put',
        '/api/permissions/{action}',
        {
          permissions: row({ user: 'r', admin: 'r', reti: 'r' }).permissions.map((p, i) =>
            i === 0 ? { ...p, canRead: 1 } : p,
          ),
        },
        422,
        'canRead must be true or false',
        { permissions: 'canRead must be true or false' },
      ],
      [
        'permissions for an unknown role',
        'put',
        '/api/permissions/{action}',
        {
          permissions: row({ user: 'r', admin: 'r', reti: 'r' }).permissions.map((p, i) =>
            i === 0 ? { ...p, roleId: 'owner' } : p,
          ),
        },
        422,
        'roleId must be user, admin, reti or client',
        { permissions: 'roleId must be user, admin, reti or client' },
      ],
      [
        'permissions missing a role',
        'put',
        '/api/permissions/{action}',
        { permissions: row({ user: 'r', admin: 'r', reti: 'r' }).permissions.slice(1) },
        422,
        'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        {
          permissions:
            'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        },
      ],
      [
        'permissions naming a role twice',
        'put',
        '/api/permissions/{action}',
        {
          permissions: [
            ...row({ user: 'r', admin: 'r', reti: 'r' }).permissions,
            { roleId: 'user', canRead: false, canWrite: false, canDelete: false },
          ],
        },
        422,
        'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        {
          permissions:
            'permissions must have exactly one entry for each of user, admin and reti, and at most one for client',
        },
      ],
      [
        'permissions on a public action',
        'put',
        '/api/permissions/{public}',
        row({ user: 'r', admin: 'r', reti: 'r' }),
        409,
        'This action is public: everyone may call it, so it has no role permissions to edit.',
        undefined,
      ],
      [
        'a firm with no fields',
        'post',
        '/api/firms',
        {},
        422,
        'Firm name is required',
        {
          name: 'Firm name is required',
          contactPerson: 'Contact person is required',
          contactRole: 'Contact role is required',
          email: 'Email is required',
          phone: 'Phone is required',
        },
      ],
      [
        'an overlong firm name',
        'post',
        '/api/firms',
        { ...VALID_FIRM, name: long(201) },
        422,
        'Firm name must be at most 200 characters',
        { name: 'Firm name must be at most 200 characters' },
      ],
      [
        'a firm with a malformed email',
        'post',
        '/api/firms',
        { ...VALID_FIRM, email: 'dana@' },
        422,
        'Enter a valid email',
        { email: 'Enter a valid email' },
      ],
      [
        'a firm with a malformed phone',
        'post',
        '/api/firms',
        { ...VALID_FIRM, phone: 'call me' },
        422,
        'Enter a valid phone number',
        { phone: 'Enter a valid phone number' },
      ],
      [
        'a firm with a number as its name',
        'post',
        '/api/firms',
        { ...VALID_FIRM, name: 42 },
        422,
        'Firm name is required',
        { name: 'Firm name is required' },
      ],
      [
        'a firm update with a field missing',
        'put',
        '/api/firms/{firm}',
        { ...VALID_FIRM, contactRole: undefined },
        422,
        'Contact role is required',
        { contactRole: 'Contact role is required' },
      ],
      [
        'a firm update with an unknown status',
        'put',
        '/api/firms/{firm}',
        { ...VALID_FIRM, status: 'closed' },
        422,
        'Status must be active, pending or inactive',
        { status: 'Status must be active, pending or inactive' },
      ],
      [
        'a firm user with the forged role reti',
        'post',
        '/api/firms/{firm}/users',
        { userId: 'new.staff', firstName: 'Nat', email: 'nat@demo-immigration-law.example', role: 'reti' },
        422,
        'Role must be user or admin',
        { role: 'Role must be user or admin' },
      ],
      [
        'a firm user with no fields',
        'post',
        '/api/firms/{firm}/users',
        {},
        422,
        'User ID is required',
        {
          userId: 'User ID is required',
          firstName: 'First name is required',
          email: 'Email is required',
          role: 'Role must be user or admin',
        },
      ],
      [
        'a firm user with an overlong first name',
        'post',
        '/api/firms/{firm}/users',
        { userId: 'new.user', firstName: long(101), email: 'n@demo-immigration-law.example', role: 'user' },
        422,
        'First name must be at most 100 characters',
        { firstName: 'First name must be at most 100 characters' },
      ],
      [
        'a firm user with a malformed user ID',
        'post',
        '/api/firms/{firm}/users',
        { userId: 'new user', firstName: 'Nat', email: 'n@demo-immigration-law.example', role: 'user' },
        422,
        'User ID must be 2-100 letters, digits or . _ @ -',
        { userId: 'User ID must be 2-100 letters, digits or . _ @ -' },
      ],
      [
        'a firm user whose user ID is taken',
        'post',
        '/api/firms/{firm}/users',
        { userId: 'attorney', firstName: 'Nat', email: 'n@demo-immigration-law.example', role: 'user' },
        409,
        'User ID attorney is taken.',
        { userId: 'User ID attorney is taken.' },
      ],
    ];

    it.each(cases)('refuses %s', async (_what, method, template, body, status, message, fields) => {
      const ids = {
        action: (await actionNamed('Get Firm Users')).id,
        public: (await actionNamed('Log In')).id,
        firm: demoFirmId,
      };
      // Moving onto an existing pattern needs an action of another pattern that staff added.
      if (message.startsWith('An action for GET /api/firms/{x}/users'))
        ids.action = (await as('reti', 'post', '/api/actions').send(NEW_ACTION).expect(201)).body.id;
      const path = template.replace(/\{(\w+)\}/g, (_m, k: keyof typeof ids) => ids[k]);
      const before = await snapshot();
      const res = await as('reti', method, path).send(body as object);
      expect(res.status).toBe(status);
      expect(res.body.error).toBe(message);
      expect(res.body.fields).toEqual(fields);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['put', '/api/actions/not-a-uuid', NEW_ACTION, 'Action not found.'],
      ['patch', '/api/actions/123', { isActive: false }, 'Action not found.'],
      ['delete', "/api/actions/1' OR '1'='1", undefined, 'Action not found.'],
      ['put', '/api/permissions/nope', row({ user: '', admin: '', reti: '' }), 'Action not found.'],
      [
        'put',
        '/api/permissions/00000000-0000-4000-8000-000000000000',
        row({ user: '', admin: '', reti: '' }),
        'Action not found.',
      ],
      [
        'patch',
        '/api/actions/00000000-0000-4000-8000-000000000000',
        { isActive: false },
        'Action not found.',
      ],
      ['get', '/api/firms/not-a-uuid', undefined, 'Firm not found.'],
      ['put', '/api/firms/42', VALID_FIRM, 'Firm not found.'],
      ['get', '/api/firms/zzz/users', undefined, 'Firm not found.'],
      [
        'post',
        '/api/firms/zzz/users',
        { userId: 'x.y', firstName: 'X', email: 'x@y.example', role: 'user' },
        'Firm not found.',
      ],
      ['put', '/api/firms/00000000-0000-4000-8000-000000000000', VALID_FIRM, 'Firm not found.'],
    ] as const)('answers %s %s with 404', async (method, path, body, message) => {
      const before = await snapshot();
      const req = as('reti', method, encodeURI(path));
      const res = body === undefined ? await req : await req.send(body as object);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(message);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['post', '/api/actions'],
      ['put', '/api/actions/{action}'],
      ['patch', '/api/actions/{action}'],
      ['put', '/api/permissions/{action}'],
      ['post', '/api/firms'],
      ['put', '/api/firms/{firm}'],
      ['post', '/api/firms/{firm}/users'],
    ] as const)('answers malformed JSON to %s %s with 400', async (method, template) => {
      const ids = { action: (await actionNamed('Get Firm Users')).id, firm: demoFirmId };
      const path = template.replace(/\{(\w+)\}/g, (_m, k: keyof typeof ids) => ids[k]);
      const before = await snapshot();
      const res = await as('reti', method, path)
        .set('Content-Type', 'application/json')
        .send('{"name": "x",');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('The request body is not valid JSON.');
      expect(await snapshot()).toEqual(before);
    });
  });
});
