import crypto from 'node:crypto';
import request from 'supertest';
import { capabilityFor } from '../../src/access/matrix';
import type { PermissionEntry } from '../../src/shared/access';
import type { Firm } from '../../src/shared/firms';
import {
  BACKENDS,
  DEMO_PASSWORD,
  startTestApp,
  type TestApp,
  csrfFrom,
  demoFirmId as findDemoFirmId,
} from '../helpers/app';

type Role = 'user' | 'admin' | 'reti';
const LOGINS: Record<Role, string> = { user: 'attorney', admin: 'admin', reti: 'reti' };

const FIRM_B = {
  name: 'Second Street Immigration',
  contactPerson: 'Sam Ortiz',
  contactRole: 'Founder',
  email: 'sam@second-street.example',
  phone: '+1 (555) 010-4000',
  address: '2 Second Street, Boston, MA',
  industry: 'legal',
};
const B_USER = {
  userId: 'sam.ortiz',
  firstName: 'Sam',
  lastName: 'Ortiz',
  email: 'sam@second-street.example',
  role: 'admin',
};
/** The firm routes of SPEC §3; each must answer another firm's ID with 404 wherever the matrix lets it through. */
const KNOWN = new Set([
  'GET /api/firms/{id}',
  'PUT /api/firms/{id}',
  'DELETE /api/firms/{id}',
  'GET /api/firms/{id}/users',
  'POST /api/firms/{id}/users',
]);
/** Valid bodies, so that only the tenant check can refuse them. */
const BODIES: Record<string, object> = {
  'PUT /api/firms/{id}': { ...FIRM_B, name: 'Taken Over LLP', contactPerson: 'Mallory' },
  'POST /api/firms/{id}/users': {
    userId: 'intruder',
    firstName: 'Mallory',
    email: 'mallory@demo-immigration-law.example',
    role: 'admin',
  },
};

describe.each(BACKENDS)('tenant isolation (%s)', (backend) => {
  let t: TestApp;
  let firmA: string;
  let firmB: string;
  let bUserId: string;
  let firmRoutes: PermissionEntry[];
  const agents = {} as Record<Role, { agent: request.Agent; csrf: string }>;

  const as = (role: Role, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) =>
    agents[role].agent[method](path).set('X-CSRF-Token', agents[role].csrf);

  /** Firm B as stored: its row, its users and every audit row about it or them. */
  const firmBState = async () => ({
    firm: await t.database.db.selectFrom('firms').selectAll().where('id', '=', firmB).execute(),
    users: await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('firm_id', '=', firmB)
      .orderBy('id')
      .execute(),
    audit: await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_id', 'in', [firmB, bUserId])
      .orderBy('created_at')
      .execute(),
    allUsers: await t.database.db.selectFrom('users').select('login_id').orderBy('login_id').execute(),
  });

  beforeAll(async () => {
    t = await startTestApp({ backend });
    for (const role of ['user', 'admin', 'reti'] as const) {
      const agent = request.agent(t.app);
      await agent
        .post('/api/auth/login')
        .send({ user_id: LOGINS[role], password: DEMO_PASSWORD })
        .expect(200);
      agents[role] = { agent, csrf: csrfFrom((await agent.get(`/${role}/dashboard`)).text) };
    }
    firmA = await findDemoFirmId(t.database);
    const created = await as('reti', 'post', '/api/firms').send(FIRM_B);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...FIRM_B, status: 'pending' });
    firmB = created.body.id;
    const user = await as('reti', 'post', `/api/firms/${firmB}/users`).send(B_USER);
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ userId: 'sam.ortiz', role: 'admin', status: 'pending' });
    bUserId = user.body.id;
    const catalog: PermissionEntry[] = (await as('reti', 'get', '/api/permissions').expect(200)).body;
    firmRoutes = catalog.filter((a) => a.route.startsWith('/api/firms/{'));
  });
  afterAll(() => t.close());

  it('lists only their own firm to a firm admin and a firm user, and every firm to staff', async () => {
    for (const role of ['admin', 'user'] as const) {
      const res = await as(role, 'get', '/api/firms');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1);
      expect(res.body.firms.map((f: Firm) => f.id)).toEqual([firmA]);
    }
    const staff = await as('reti', 'get', '/api/firms');
    expect(staff.status).toBe(200);
    expect(staff.body.total).toBe(2);
    expect(staff.body.firms.map((f: Firm) => f.id).sort()).toEqual([firmA, firmB].sort());
  });

  it('covers every firm route of the catalog', () => {
    expect(firmRoutes.map((a) => `${a.method} ${a.route}`)).toEqual(expect.arrayContaining([...KNOWN]));
  });

  /** Each firm route for firm B as `role`: what differs from the matrix's refusal or the answer of no firm. */
  async function probe(role: 'admin' | 'user', routes: PermissionEntry[]): Promise<string[]> {
    const problems: string[] = [];
    for (const entry of routes) {
      const send = async (firmId: string) => {
        const req = as(role, entry.method.toLowerCase() as 'get', entry.route.replace('{id}', firmId));
        return entry.method === 'GET' ? req : req.send(BODIES[`${entry.method} ${entry.route}`] ?? {});
      };
      const flags = entry.permissions.find((p) => p.roleId === role)!;
      const capability = capabilityFor(entry.method);
      const granted = { read: flags.canRead, write: flags.canWrite, delete: flags.canDelete }[capability];
      const want = !entry.isActive
        ? [403, `This action is disabled: ${entry.name}.`]
        : !granted
          ? [403, `Your role (${role}) does not have ${capability} permission for ${entry.name}.`]
          : [404, 'Firm not found.'];
      const res = await send(firmB);
      // Firm routes added by other features may refuse a role outright (403) before looking at the firm.
      const ownRefusal =
        !KNOWN.has(`${entry.method} ${entry.route}`) && want[0] === 404 && res.status === 403;
      if (!ownRefusal && (res.status !== want[0] || res.body.error !== want[1]))
        problems.push(
          `${entry.method} ${entry.route}: expected ${want.join(' ')}, got ${res.status} ${res.body.error}`,
        );
      // Another firm's ID gets exactly the answer of an ID that names no firm at all.
      const none = await send(crypto.randomUUID());
      if (none.status !== res.status || none.body.error !== res.body.error)
        problems.push(`${entry.method} ${entry.route}: a firm that does not exist answers ${none.status}`);
    }
    return problems;
  }

  it.each(['admin', 'user'] as const)(
    "answers %s on every route of another firm as if it did not exist, or with the matrix's refusal",
    async (role) => {
      const before = await firmBState();
      expect(await probe(role, firmRoutes)).toEqual([]);
      expect(await firmBState()).toEqual(before);
    },
  );

  it('answers 404 even where the matrix is opened up to them: the firm is checked, not only the role', async () => {
    const everything = {
      permissions: (['user', 'admin', 'reti'] as const).map((roleId) => ({
        roleId,
        canRead: true,
        canWrite: true,
        canDelete: true,
      })),
    };
    const before = await firmBState();
    const deleteFirm = firmRoutes.find((a) => a.name === 'Delete Firm')!;
    try {
      await as('reti', 'patch', `/api/actions/${deleteFirm.id}`).send({ isActive: true }).expect(200);
      for (const entry of firmRoutes)
        await as('reti', 'put', `/api/permissions/${entry.id}`).send(everything).expect(200);
      const opened: PermissionEntry[] = (await as('reti', 'get', '/api/permissions').expect(200)).body;
      const routes = opened.filter((a) => a.route.startsWith('/api/firms/{'));
      // Every role opened up but a client, who can never be given a firm's actions (issue 23).
      const firmRoles = (a: PermissionEntry) => a.permissions.filter((p) => p.roleId !== 'client');
      expect(routes.every((a) => a.isActive && firmRoles(a).every((p) => p.canRead && p.canDelete))).toBe(
        true,
      );
      for (const role of ['admin', 'user'] as const) expect(await probe(role, routes)).toEqual([]);
    } finally {
      for (const entry of firmRoutes)
        await as('reti', 'put', `/api/permissions/${entry.id}`)
          .send({ permissions: entry.permissions })
          .expect(200);
      await as('reti', 'patch', `/api/actions/${deleteFirm.id}`).send({ isActive: false }).expect(200);
    }
    expect(await firmBState()).toEqual(before);
    const restored: PermissionEntry[] = (await as('reti', 'get', '/api/permissions').expect(200)).body;
    expect(restored.filter((a) => a.route.startsWith('/api/firms/{'))).toEqual(firmRoutes);
  });

  it('still lets the firm admin and the firm user reach their own firm', async () => {
    const own = await as('admin', 'get', `/api/firms/${firmA}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: firmA, name: 'Demo Immigration Law' });
    const users = await as('user', 'get', `/api/firms/${firmA}/users`);
    expect(users.status).toBe(200);
    // The demo firm's 42 users (its practice), the two demo logins among them; not its clients' sign-ins.
    const stored = await t.database.db
      .selectFrom('users')
      .select('login_id')
      .where('firm_id', '=', firmA)
      .where('role', '<>', 'client')
      .execute();
    expect(users.body.map((u: { userId: string }) => u.userId).sort()).toEqual(
      stored.map((u) => u.login_id).sort(),
    );
    expect(users.body.map((u: { userId: string }) => u.userId)).toEqual(
      expect.arrayContaining(['admin', 'attorney']),
    );
    const firm = own.body as Firm;
    const update = await as('admin', 'put', `/api/firms/${firmA}`).send({
      name: firm.name,
      contactPerson: firm.contactPerson,
      contactRole: firm.contactRole,
      email: firm.email,
      phone: '+1 (555) 010-2001',
      address: firm.address,
      industry: firm.industry,
    });
    expect(update.status).toBe(200);
    expect(update.body.phone).toBe('+1 (555) 010-2001');
    expect(
      (
        await t.database.db
          .selectFrom('firms')
          .select('phone')
          .where('id', '=', firmA)
          .executeTakeFirstOrThrow()
      ).phone,
    ).toBe('+1 (555) 010-2001');
  });

  it("lets staff read firm B and its users, and nothing of firm B changed through the other firm's users", async () => {
    const firm = await as('reti', 'get', `/api/firms/${firmB}`);
    expect(firm.status).toBe(200);
    expect(firm.body).toMatchObject({ ...FIRM_B, id: firmB, status: 'pending' });
    const users = await as('reti', 'get', `/api/firms/${firmB}/users`);
    expect(users.status).toBe(200);
    expect(users.body.map((u: { userId: string }) => u.userId)).toEqual(['sam.ortiz']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', 'in', [firmB, bUserId])
      .orderBy('created_at')
      .execute();
    // Firm B has no administrator yet: staff's account for it is made and announced to the firm.
    expect(audit.map((a) => a.action)).toEqual(['firm.created', 'user.created_by_staff']);
    expect(
      await t.database.db.selectFrom('users').select('id').where('login_id', '=', 'intruder').execute(),
    ).toEqual([]);
  });
});
