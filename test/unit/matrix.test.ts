import express, { Router } from 'express';
import request from 'supertest';
import { enforceAccess } from '../../src/access/middleware';
import {
  capabilityFor,
  type Flags,
  Matrix,
  type MatrixAction,
  patternKey,
  RouteIndex,
  segmentsOf,
} from '../../src/access/matrix';
import type { AccessService } from '../../src/access/service';
import { listRoutes } from '../../src/http/route-list';
import type { Role } from '../../src/shared/session';

const flags = (f: string): Flags => ({
  read: f.includes('r'),
  write: f.includes('w'),
  delete: f.includes('d'),
});

let nextId = 0;
const action = (
  method: string,
  route: string,
  roles: Partial<Record<Role, string>> = {},
  extra: Partial<MatrixAction> = {},
): MatrixAction => ({
  id: `a${++nextId}`,
  name: `${method} ${route}`,
  method,
  route,
  isActive: true,
  isPublic: false,
  roles: {
    user: flags(roles.user ?? ''),
    admin: flags(roles.admin ?? ''),
    reti: flags(roles.reti ?? ''),
    client: flags(roles.client ?? ''),
  },
  forClients: false,
  ...extra,
});

describe('capabilityFor', () => {
  it.each([
    ['GET', 'read'],
    ['HEAD', 'read'],
    ['POST', 'write'],
    ['PUT', 'write'],
    ['PATCH', 'write'],
    ['DELETE', 'delete'],
  ])('%s needs %s', (method, capability) => {
    expect(capabilityFor(method)).toBe(capability);
  });
});

describe('patternKey and segmentsOf', () => {
  it('treats catalog routes and Express paths with any parameter names alike', () => {
    expect(patternKey('GET', '/api/firms/{id}')).toBe('GET /firms/{}');
    expect(patternKey('GET', '/firms/:firmId')).toBe('GET /firms/{}');
    expect(patternKey('GET', '/api/firms/{firmId}')).toBe(patternKey('GET', '/api/firms/{id}'));
    expect(patternKey('PUT', '/api/permissions/{actionId}')).toBe('PUT /permissions/{}');
    expect(patternKey('GET', '/api/firms/{id}/users')).toBe('GET /firms/{}/users');
  });

  it('is case-insensitive on fixed segments and keeps the method apart', () => {
    expect(patternKey('GET', '/api/Firms')).toBe(patternKey('GET', '/api/firms'));
    expect(patternKey('POST', '/api/firms')).not.toBe(patternKey('GET', '/api/firms'));
    expect(patternKey('GET', '/api/firms/users')).not.toBe(patternKey('GET', '/api/firms/{id}'));
  });

  it('strips only the catalog prefix /api/', () => {
    expect(segmentsOf('/api/firms/{id}')).toEqual(['firms', null]);
    expect(segmentsOf('/apis/firms')).toEqual(['apis', 'firms']);
    expect(segmentsOf('/firms/:id/users')).toEqual(['firms', null, 'users']);
  });
});

describe('RouteIndex', () => {
  const index = new RouteIndex<string>();
  index.add('GET', '/api/firms/{id}', 'one firm');
  index.add('GET', '/api/firms/new', 'new firm');
  index.add('GET', '/api/firms', 'firms');
  index.add('GET', '/api/firms/{id}/users', 'users');
  index.add('DELETE', '/api/firms/{id}', 'delete firm');

  it('prefers the pattern with more fixed segments, whatever the order they were added in', () => {
    expect(index.find('GET', '/firms/new')).toBe('new firm');
    expect(index.find('GET', '/firms/0b6f0a4e-0000-4000-8000-000000000000')).toBe('one firm');
    const reversed = new RouteIndex<string>();
    reversed.add('GET', '/api/firms/new', 'new firm');
    reversed.add('GET', '/api/firms/{id}', 'one firm');
    expect(reversed.find('GET', '/firms/new')).toBe('new firm');
    expect(reversed.find('GET', '/firms/other')).toBe('one firm');
  });

  it('ignores one trailing slash and letter case, like Express', () => {
    expect(index.find('GET', '/firms/')).toBe('firms');
    expect(index.find('GET', '/FIRMS')).toBe('firms');
    expect(index.find('GET', '/Firms/NEW/')).toBe('new firm');
    expect(index.find('GET', '/firms/abc/USERS/')).toBe('users');
  });

  it('answers HEAD with the GET entry and keeps other methods apart', () => {
    expect(index.find('HEAD', '/firms')).toBe('firms');
    expect(index.find('DELETE', '/firms/abc')).toBe('delete firm');
    expect(index.find('DELETE', '/firms')).toBeUndefined();
    expect(index.find('POST', '/firms')).toBeUndefined();
    expect(index.find('OPTIONS', '/firms')).toBeUndefined();
  });

  it('matches whole segments only: no empty parameter, no extra or missing segment', () => {
    expect(index.find('GET', '/firms//users')).toBeUndefined();
    expect(index.find('GET', '/firms/abc/users/x')).toBeUndefined();
    expect(index.find('GET', '/firm')).toBeUndefined();
    expect(index.find('GET', '/')).toBeUndefined();
    expect(index.find('GET', '/firms//')).toBeUndefined();
  });
});

describe('Matrix.decide', () => {
  const getFirms = action('GET', '/api/firms', { user: 'r', admin: 'rw', reti: 'rwd' });
  const deleteFirm = action('DELETE', '/api/firms/{id}', { reti: 'd' }, { isActive: false });
  const login = action('POST', '/api/auth/login', {}, { isPublic: true });
  const disabledPublic = action('POST', '/api/comm/contact', {}, { isPublic: true, isActive: false });
  const createUser = action('POST', '/api/firms/{id}/users', { admin: 'w', reti: 'w' });
  const matrix = new Matrix([getFirms, deleteFirm, login, disabledPublic, createUser]);

  it('allows a role holding the capability, and HEAD as a read', () => {
    expect(matrix.decide('user', 'GET', '/firms')).toEqual({ kind: 'allow', action: getFirms });
    expect(matrix.decide('user', 'HEAD', '/firms')).toEqual({ kind: 'allow', action: getFirms });
    expect(matrix.decide('admin', 'POST', '/firms/x/users')).toEqual({ kind: 'allow', action: createUser });
  });

  it('denies a role without the capability, naming it', () => {
    expect(matrix.decide('user', 'POST', '/firms/x/users')).toEqual({
      kind: 'denied',
      action: createUser,
      capability: 'write',
    });
  });

  it('asks an anonymous caller to sign in for a non-public action', () => {
    expect(matrix.decide(undefined, 'GET', '/firms')).toEqual({ kind: 'anonymous', action: getFirms });
  });

  it('allows a public action to everyone, signed in or not', () => {
    expect(matrix.decide(undefined, 'POST', '/auth/login')).toEqual({ kind: 'allow', action: login });
    expect(matrix.decide('user', 'POST', '/auth/login')).toEqual({ kind: 'allow', action: login });
  });

  it('refuses an inactive action to everyone, even the role that holds it and even when public', () => {
    for (const role of [undefined, 'user', 'admin', 'reti'] as const) {
      expect(matrix.decide(role, 'DELETE', '/firms/x')).toEqual({ kind: 'inactive', action: deleteFirm });
      expect(matrix.decide(role, 'POST', '/comm/contact')).toEqual({
        kind: 'inactive',
        action: disabledPublic,
      });
    }
  });

  it('says when nothing in the catalog matches', () => {
    expect(matrix.decide('reti', 'PATCH', '/firms/x')).toEqual({ kind: 'uncataloged' });
    expect(matrix.decide('reti', 'GET', '/actions')).toEqual({ kind: 'uncataloged' });
  });
});

describe('listRoutes', () => {
  it('lists every method and path, with the paths of sub-routers mounted under a path, and all() as every method', () => {
    const api = Router();
    const firms = Router();
    firms.get('/', () => undefined);
    firms
      .route('/:id')
      .get(() => undefined)
      .put(() => undefined);
    const nested = Router();
    nested.post('/:id/users', () => undefined);
    firms.use(nested);
    const root = Router();
    root.delete('/things/:id', () => undefined);
    api.use((_req, _res, next) => next());
    api.use('/firms', firms);
    api.use(root);
    api.all('/ping', () => undefined);
    expect(listRoutes(api)).toEqual([
      { method: 'GET', path: '/firms' },
      { method: 'GET', path: '/firms/:id' },
      { method: 'PUT', path: '/firms/:id' },
      { method: 'POST', path: '/firms/:id/users' },
      { method: 'DELETE', path: '/things/:id' },
      ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ method, path: '/ping' })),
    ]);
  });
});

describe('enforceAccess', () => {
  /** A router behind the check, with a matrix of one action; the other routes are not cataloged. */
  function appWith(actions: MatrixAction[]) {
    const matrix = new Matrix(actions);
    const access = { cached: () => matrix, ready: async () => matrix } as unknown as AccessService;
    const api = Router();
    api.use((req, _res, next) => {
      const role = req.get('x-role') as Role | undefined;
      Object.assign(req, { session: role ? { user: { role } } : undefined });
      next();
    });
    api.use(enforceAccess(access, api));
    api.get('/firms', (_req, res) => res.json({ ok: 'firms' }));
    const sub = Router();
    sub.get('/secret', (_req, res) => res.json({ ok: 'secret' }));
    api.use('/reports', sub);
    api.use((_req, res) => res.status(404).json({ error: 'No such API endpoint.' }));
    const app = express();
    app.use('/api', api);
    app.use(((error, _req, res, _next) => {
      res.status(error.status).json({ error: error.message });
    }) as express.ErrorRequestHandler);
    return app;
  }
  const app = appWith([action('GET', '/api/firms', { user: 'r' })]);

  it('lets an allowed request through and refuses the others with the matrix answer', async () => {
    expect((await request(app).get('/api/firms').set('x-role', 'user')).body).toEqual({ ok: 'firms' });
    const admin = await request(app).get('/api/firms').set('x-role', 'admin');
    expect(admin.status).toBe(403);
    expect(admin.body.error).toBe('Your role (admin) does not have read permission for GET /api/firms.');
    const anonymous = await request(app).get('/api/firms');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('Sign in first.');
  });

  it('closes a real route the catalog does not list, also inside a sub-router mounted under a path', async () => {
    const res = await request(app).get('/api/reports/secret').set('x-role', 'reti');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This endpoint is not in the actions catalog, so it is closed.');
  });

  it('lets a path that is no route at all fall through to the API 404', async () => {
    const res = await request(app).get('/api/nothing/here').set('x-role', 'reti');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No such API endpoint.');
  });
});
