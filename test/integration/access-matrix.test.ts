import crypto from 'node:crypto';
import type { Router } from 'express';
import request from 'supertest';
import { capabilityFor, patternKey } from '../../src/access/matrix';
import { DECLARED_ACTIONS } from '../../src/features';
import { listRoutes } from '../../src/http/route-list';
import type { Action, PermissionEntry } from '../../src/shared/access';
import {
  BACKENDS,
  type Backend,
  DEMO_PASSWORD,
  REDIS_URL,
  startTestApp,
  type TestApp,
  csrfFrom,
  demoFirmId as findDemoFirmId,
} from '../helpers/app';

type Role = 'user' | 'admin' | 'reti';
const LOGINS: Record<Role, string> = { user: 'attorney', admin: 'admin', reti: 'reti' };

/** PGlite and PostgreSQL with database sessions; PostgreSQL with Redis sessions when REDIS_URL is set. */
const SETUPS: Array<{ name: string; backend: Backend; redis: boolean }> = [
  ...BACKENDS.map((backend) => ({ name: `${backend}, sessions in the database`, backend, redis: false })),
  ...(REDIS_URL
    ? [{ name: `${BACKENDS.at(-1)!}, sessions in Redis`, backend: BACKENDS.at(-1)!, redis: true }]
    : []),
];

type Agent = { agent: request.Agent; csrf: string };

async function signIn(t: TestApp, role: Role): Promise<Agent> {
  const agent = request.agent(t.app);
  const login = await agent.post('/api/auth/login').send({ user_id: LOGINS[role], password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const page = await agent.get(`/${role}/dashboard`);
  expect(page.status).toBe(200);
  const csrf = csrfFrom(page.text);
  expect(csrf).not.toBe('');
  return { agent, csrf };
}

/** The API router as createApp mounted it: the layer of the app's router at the API's base path. */
function apiRouterOf(t: TestApp): Router {
  const stack = (t.app as unknown as { router: { stack: Array<{ rawPath?: unknown; handle: Router }> } })
    .router.stack;
  const layer = stack.find((l) => l.rawPath === '/api' && 'stack' in l.handle);
  if (!layer) throw new Error('no router is mounted at /api');
  return layer.handle;
}

/** Messages only the permission layer gives. */
const isPermissionRefusal = (res: request.Response) =>
  (res.status === 401 && res.body.error === 'Sign in first.') ||
  (res.status === 403 &&
    /^(Your role \(.+\) does not have (read|write|delete) permission for .+\.|This action is disabled: .+\.|This endpoint is not in the actions catalog, so it is closed\.)$/.test(
      String(res.body.error),
    ));

describe.each(SETUPS)('the permission matrix ($name)', ({ backend, redis }) => {
  let t: TestApp;
  let catalog: PermissionEntry[];
  let actions: Action[];
  let demoFirmId: string;
  const agents = {} as Record<Role, Agent>;

  beforeAll(async () => {
    // USCIS case status configured (at a closed port: a check answers "unavailable", recorded), so that its
    // check passes the permission layer as any other action does rather than saying it is not configured.
    t = await startTestApp({
      backend,
      redis,
      env: {
        USCIS_CLIENT_ID: 'matrix-test',
        USCIS_CLIENT_SECRET: 'matrix-test-secret',
        USCIS_API_BASE_URL: 'http://127.0.0.1:9',
        CASE_STATUS_CHECKS: '0',
      },
    });
    for (const role of ['user', 'admin', 'reti'] as const) agents[role] = await signIn(t, role);
    catalog = (await agents.reti.agent.get('/api/permissions').expect(200)).body;
    actions = (await agents.reti.agent.get('/api/actions').expect(200)).body;
    demoFirmId = await findDemoFirmId(t.database);
  });
  afterAll(() => t.close());

  it('lists every route of the API router in the catalog, with the same method and pattern', async () => {
    const routes = listRoutes(apiRouterOf(t));
    const keys = new Set(catalog.map((a) => patternKey(a.method, a.route)));
    // The walk found the real routes, so an empty list below means something.
    expect(routes.map((r) => patternKey(r.method, r.path))).toEqual(
      expect.arrayContaining(['GET /firms', 'PUT /permissions/{}', 'POST /auth/login', 'GET /health/db']),
    );
    const missing = routes.filter((r) => !keys.has(patternKey(r.method, r.path)));
    expect(missing).toEqual([]);
    // The same rows in the tables themselves.
    const stored = await t.database.db.selectFrom('actions').select(['method', 'route']).execute();
    expect(new Set(stored.map((a) => patternKey(a.method, a.route)))).toEqual(keys);
  });

  /** The declared actions a client may be given: their portal's and their own account's. */
  const OWN_ACTIONS = new Set(DECLARED_ACTIONS.filter((a) => a.own).map((a) => a.name));

  it('holds the rows of SPEC §6 exactly', () => {
    const flags = (name: string) => {
      const entry = catalog.find((a) => a.name === name);
      expect(entry).toBeDefined();
      return Object.fromEntries(
        entry!.permissions.map((p) => [
          p.roleId,
          `${p.canRead ? 'r' : ''}${p.canWrite ? 'w' : ''}${p.canDelete ? 'd' : ''}`,
        ]),
      );
    };
    // SPEC §6's rows; a client (issue 23) holds none of them.
    expect(flags('Get All Firms')).toEqual({ user: 'r', admin: 'rw', reti: 'rwd', client: '' });
    expect(flags('Create Firm')).toEqual({ user: '', admin: 'w', reti: 'w', client: '' });
    expect(flags('Delete Firm')).toEqual({ user: '', admin: '', reti: 'd', client: '' });
    expect(flags('Get Firm Users')).toEqual({ user: 'r', admin: 'rwd', reti: 'rwd', client: '' });
    expect(catalog.find((a) => a.name === 'Delete Firm')!.isActive).toBe(false);
    for (const entry of catalog) {
      expect(entry.permissions.map((p) => [p.roleId, p.roleName])).toEqual([
        ['user', 'User'],
        ['admin', 'Admin'],
        ['reti', 'Reti'],
        ['client', 'Client'],
      ]);
      // A client may hold only the actions on their own records (their portal and account).
      expect({ name: entry.name, closed: entry.clientClosed === true }).toEqual({
        name: entry.name,
        closed: !OWN_ACTIONS.has(entry.name),
      });
    }
  });

  it('holds the six sample actions of SPEC §3 with their names, routes, methods and categories', () => {
    const sample = (name: string) => {
      const a = actions.find((x) => x.name === name);
      expect(a).toBeDefined();
      return {
        name: a!.name,
        route: a!.route,
        method: a!.method,
        category: a!.category,
        isActive: a!.isActive,
      };
    };
    expect(
      ['Get All Firms', 'Create Firm', 'Update Firm', 'Delete Firm', 'Get Firm Users', 'Create User'].map(
        sample,
      ),
    ).toEqual([
      {
        name: 'Get All Firms',
        route: '/api/firms',
        method: 'GET',
        category: 'Firm Management',
        isActive: true,
      },
      {
        name: 'Create Firm',
        route: '/api/firms',
        method: 'POST',
        category: 'Firm Management',
        isActive: true,
      },
      {
        name: 'Update Firm',
        route: '/api/firms/{id}',
        method: 'PUT',
        category: 'Firm Management',
        isActive: true,
      },
      {
        name: 'Delete Firm',
        route: '/api/firms/{id}',
        method: 'DELETE',
        category: 'Firm Management',
        isActive: false,
      },
      {
        name: 'Get Firm Users',
        route: '/api/firms/{id}/users',
        method: 'GET',
        category: 'User Management',
        isActive: true,
      },
      {
        name: 'Create User',
        route: '/api/firms/{id}/users',
        method: 'POST',
        category: 'User Management',
        isActive: true,
      },
    ]);
  });

  /**
   * The request for one catalog row: reads name real rows (the demo firm, an existing action); changes
   * and deletions name a random ID and send an empty body, so that whatever passes the permission layer
   * is answered 404 or 422 by the service and changes nothing.
   */
  function pathFor(entry: PermissionEntry): string {
    const safe = entry.method === 'GET';
    const idFor = () => {
      if (!safe) return crypto.randomUUID();
      return entry.route.startsWith('/api/firms/') ? demoFirmId : actions[0].id;
    };
    return entry.route.replace(/\{[^}]+\}/g, idFor);
  }

  async function call(role: Role | 'anonymous', entry: PermissionEntry): Promise<request.Response> {
    const path = pathFor(entry);
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    if (role === 'anonymous') {
      const req = request(t.app)[method](path);
      return entry.method === 'GET' ? req : req.send({});
    }
    // Sign-in and sign-out endpoints may end the session: those get a session of their own.
    const fresh = entry.method !== 'GET' && /^\/api\/(auth|demo)\//.test(entry.route);
    const { agent, csrf } = fresh ? await signIn(t, role) : agents[role];
    const req = agent[method](path);
    return entry.method === 'GET' ? req : req.set('X-CSRF-Token', csrf).send({});
  }

  /** What the stored matrix says the permission layer answers; null means it lets the request through. */
  function expected(
    role: Role | 'anonymous',
    entry: PermissionEntry,
  ): { status: number; error: string } | null {
    if (!entry.isActive) return { status: 403, error: `This action is disabled: ${entry.name}.` };
    if (entry.isPublic) return null;
    if (role === 'anonymous') return { status: 401, error: 'Sign in first.' };
    const capability = capabilityFor(entry.method);
    const flags = entry.permissions.find((p) => p.roleId === role)!;
    const granted = { read: flags.canRead, write: flags.canWrite, delete: flags.canDelete }[capability];
    return granted
      ? null
      : {
          status: 403,
          error: `Your role (${role}) does not have ${capability} permission for ${entry.name}.`,
        };
  }

  it.each(['anonymous', 'user', 'admin', 'reti'] as const)(
    'answers every cataloged endpoint for %s exactly as the stored matrix says',
    async (role) => {
      const firmsBefore = await t.database.db.selectFrom('firms').selectAll().orderBy('id').execute();
      const mismatches: string[] = [];
      let refused = 0;
      let through = 0;
      for (const entry of catalog) {
        const res = await call(role, entry);
        const want = expected(role, entry);
        const got = `${res.status} ${JSON.stringify(res.body?.error ?? null)}`;
        const where = `${entry.method} ${entry.route} (${entry.name})`;
        if (want) {
          refused++;
          if (res.status !== want.status || res.body.error !== want.error)
            mismatches.push(`${where}: expected ${want.status} "${want.error}", got ${got}`);
        } else {
          through++;
          if (isPermissionRefusal(res) || res.status >= 500 || (!entry.isPublic && res.status === 401))
            mismatches.push(`${where}: expected to pass the permission layer, got ${got}`);
        }
      }
      expect(mismatches).toEqual([]);
      // Every role meets both answers somewhere in the seeded matrix.
      expect(refused).toBeGreaterThan(0);
      expect(through).toBeGreaterThan(0);
      // Nothing was changed on the way: the matrix and the firms are as they were.
      expect((await agents.reti.agent.get('/api/permissions').expect(200)).body).toEqual(catalog);
      expect(await t.database.db.selectFrom('firms').selectAll().orderBy('id').execute()).toEqual(
        firmsBefore,
      );
    },
  );

  it('keeps the shared sessions signed in after the whole matrix', async () => {
    for (const role of ['user', 'admin', 'reti'] as const) {
      const me = await agents[role].agent.get('/api/demo/me');
      expect(me.status).toBe(200);
      expect(me.body.user_id).toBe(LOGINS[role]);
    }
  });

  it('checks HEAD as a read', async () => {
    const denied = await agents.user.agent.head('/api/actions');
    expect(denied.status).toBe(403);
    expect((await agents.reti.agent.head('/api/actions')).status).toBe(200);
    expect((await request(t.app).head('/api/firms')).status).toBe(401);
  });

  it.each(['/api/ACTIONS', '/api/actions/', '/API/Actions/', '/api/actions?as=reti'])(
    'applies the matrix to the path variant %s that Express routes like /api/actions',
    async (variant) => {
      const res = await agents.user.agent.get(variant).set('Accept', 'application/json');
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Your role (user) does not have read permission for Get All Actions.');
      expect((await agents.reti.agent.get(variant)).status).toBe(200);
    },
  );

  it.each(['/api//actions', '/api/./actions', '/api/%61ctions', '/api/actions/x', '/api/actions;x'])(
    'answers the path %s, which no route serves, with 404',
    async (variant) => {
      const res = await agents.user.agent.get(variant);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('No such API endpoint.');
    },
  );
});
