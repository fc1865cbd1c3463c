import type { Grant } from '../../src/access/action';
import { CASES_ACTIONS } from '../../src/cases/actions';
import type { Action } from '../../src/shared/access';
import type { CaseRecord, ClientRecord } from '../../src/shared/cases';
import {
  type Backend,
  BACKENDS,
  demoFirmId,
  REDIS_URL,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';

const SETUPS: Array<[Backend, boolean]> = BACKENDS.map((b) => [b, b === 'postgres' && Boolean(REDIS_URL)]);
if (REDIS_URL && !BACKENDS.includes('postgres')) SETUPS.push(['pglite', true]);

type Key = keyof typeof CASES_ACTIONS;
type Role = 'user' | 'admin' | 'reti';
const ROLES: Role[] = ['user', 'admin', 'reti'];
const KEYS = Object.keys(CASES_ACTIONS) as Key[];
const STAFF_REFUSED = "Cases and clients belong to a firm: platform staff do not see a firm's clients.";

/** The grants written out by hand: firm users read and write, firm admins also delete, platform staff nothing. */
const GRANTS: Record<Key, Record<Role, Grant>> = {
  listCases: { user: 'r', admin: 'r', reti: '' },
  getCase: { user: 'r', admin: 'r', reti: '' },
  createCase: { user: 'w', admin: 'w', reti: '' },
  updateCase: { user: 'w', admin: 'w', reti: '' },
  changeCase: { user: 'w', admin: 'w', reti: '' },
  reopenDecision: { user: '', admin: 'w', reti: '' },
  deleteCase: { user: '', admin: 'd', reti: '' },
  listClients: { user: 'r', admin: 'r', reti: '' },
  getClient: { user: 'r', admin: 'r', reti: '' },
  createClient: { user: 'w', admin: 'w', reti: '' },
  updateClient: { user: 'w', admin: 'w', reti: '' },
  changeClient: { user: 'w', admin: 'w', reti: '' },
  deleteClient: { user: '', admin: 'd', reti: '' },
};

const flagOf = (method: string) => (method === 'GET' ? 'read' : method === 'DELETE' ? 'delete' : 'write');
const flagsOf = (p: { can_read: boolean; can_write: boolean; can_delete: boolean }) =>
  `${p.can_read ? 'r' : ''}${p.can_write ? 'w' : ''}${p.can_delete ? 'd' : ''}`;
/** The body of PUT /permissions/{id}: flags per role. */
const matrixRow = (flags: Record<Role, Grant>) => ({
  permissions: ROLES.map((roleId) => ({
    roleId,
    canRead: flags[roleId].includes('r'),
    canWrite: flags[roleId].includes('w'),
    canDelete: flags[roleId].includes('d'),
  })),
});

const call = (as: SignedIn, method: string, path: string, body?: object) => {
  const req = as.agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
    `/api${path}`,
  ).set('X-CSRF-Token', as.token);
  return body ? req.send(body) : req;
};

describe.each(SETUPS)('cases and clients between tenants on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let staff: SignedIn;
  let other: { admin: SignedIn; user: SignedIn };
  let firmId: string;
  let theirs: { case: CaseRecord; client: ClientRecord; spare: ClientRecord; assigneeId: string };

  const db = () => t.database.db;

  /** Everything stored of the demo firm's cases and clients, to prove that nothing moved. */
  const snapshot = async () => ({
    cases: await db().selectFrom('cases').selectAll().where('firm_id', '=', firmId).orderBy('id').execute(),
    clients: await db()
      .selectFrom('clients')
      .selectAll()
      .where('firm_id', '=', firmId)
      .orderBy('id')
      .execute(),
    history: await db()
      .selectFrom('case_history')
      .select('id')
      .where('case_id', '=', theirs.case.id)
      .execute(),
    audit: await db().selectFrom('audit_log').select('id').where('firm_id', '=', firmId).execute(),
  });

  /** Each action's request on the demo firm's rows, with a body that would succeed for the firm itself. */
  function requestOf(
    key: Key,
    ids = { case: theirs.case.id, client: theirs.client.id, spare: theirs.spare.id },
  ) {
    const { method, route } = CASES_ACTIONS[key];
    const id = key === 'deleteClient' ? ids.spare : route.startsWith('/clients') ? ids.client : ids.case;
    const path = route.replace('{id}', id);
    const bodies: Partial<Record<Key, object>> = {
      createCase: { clientId: theirs.client.id, caseType: 'visa', formType: 'I-765' },
      updateCase: { status: 'processing', description: 'Changed by a stranger' },
      changeCase: { status: 'processing' },
      reopenDecision: { reason: 'Recorded by a stranger' },
      createClient: { firstName: 'New', lastName: 'Person' },
      updateClient: { lastName: 'Renamed' },
      changeClient: { phone: '555-010-9999' },
    };
    return { method, path, body: bodies[key] };
  }

  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    staff = await signIn(t.app, 'reti');
    firmId = await demoFirmId(t.database);
    const second = await secondFirm(t);
    other = { admin: await signIn(t.app, second.admin), user: await signIn(t.app, second.user) };
    const assigneeId = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'attorney').executeTakeFirstOrThrow()
    ).id;
    const created = await call(admin, 'POST', '/cases', {
      clientName: 'Priya Raghunathan',
      caseType: 'asylum',
      formType: 'I-589',
      assigneeId,
      dueDate: '2026-12-20',
      receiptNumber: 'ZLA9876543210',
      description: 'Confidential asylum declaration',
    });
    expect(created.status).toBe(201);
    const spare = await call(admin, 'POST', '/clients', { firstName: 'Kwame', lastName: 'Mensah' });
    expect(spare.status).toBe(201);
    theirs = {
      case: created.body,
      client: (await call(admin, 'GET', `/clients/${created.body.client.id}`)).body,
      spare: spare.body,
      assigneeId,
    };
  });
  afterAll(() => t?.close());

  describe('another firm', () => {
    it.each(['admin', 'user'] as const)(
      "another firm's %s gets 404 for each of the firm's cases and clients by ID, and changes nothing",
      async (role) => {
        const as = other[role];
        const before = await snapshot();
        for (const key of KEYS.filter((k) => CASES_ACTIONS[k].route.includes('{id}'))) {
          const action = CASES_ACTIONS[key];
          const { method, path, body } = requestOf(key);
          const res = await call(as, method, path, body);
          if (GRANTS[key][role]) {
            expect([key, res.status, res.body.error]).toEqual([key, 404, action.notFound]);
          } else {
            // Without the flag the matrix refuses first, exactly as for an ID that names nothing.
            const nowhere = requestOf(key, {
              case: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10',
              client: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10',
              spare: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10',
            });
            const blind = await call(as, method, nowhere.path, nowhere.body);
            expect([key, res.status, res.body.error]).toEqual([
              key,
              403,
              `Your role (${role}) does not have ${flagOf(method)} permission for ${action.name}.`,
            ]);
            expect([blind.status, blind.body.error]).toEqual([res.status, res.body.error]);
          }
        }
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each(['admin', 'user'] as const)(
      "another firm's %s never finds the firm's rows in its lists",
      async (role) => {
        const as = other[role];
        const own = await call(as, 'POST', '/cases', {
          clientName: 'Priya Raghunathan',
          caseType: 'visa',
          formType: 'I-765',
          description: `Own case of the ${role}`,
        });
        expect(own.status).toBe(201);
        // A client of the same name in another firm is a different person: a client of this firm is made.
        expect(own.body.client.id).not.toBe(theirs.client.id);
        const queries = [
          '',
          '?pageSize=200',
          `?q=${theirs.case.caseNumber}`,
          '?q=raghunathan',
          '?q=ZLA9876543210',
          '?q=confidential',
          '?status=pending',
          '?type=asylum',
          '?formType=I-589',
          `?assignee=${theirs.assigneeId}`,
          '?dueAfter=2026-12-20&dueBefore=2026-12-20',
        ];
        for (const query of queries) {
          const res = await call(as, 'GET', `/cases${query}`);
          expect(res.status).toBe(200);
          const ids = res.body.items.map((c: CaseRecord) => c.id);
          expect([query, ids.includes(theirs.case.id)]).toEqual([query, false]);
          for (const c of res.body.items as CaseRecord[]) expect(c.client.id).not.toBe(theirs.client.id);
        }
        expect((await call(as, 'GET', '/cases?q=confidential')).body.total).toBe(0);
        const named = (await call(as, 'GET', '/cases?q=raghunathan')).body.items as CaseRecord[];
        expect(named.map((c) => c.id)).toContain(own.body.id);
        for (const c of named) expect(c.client.id).toBe(own.body.client.id);
        for (const query of ['', '?pageSize=200', '?q=mensah', '?q=raghunathan']) {
          const res = await call(as, 'GET', `/clients${query}`);
          expect(res.status).toBe(200);
          const ids = res.body.items.map((c: ClientRecord) => c.id);
          expect([query, ids.includes(theirs.client.id) || ids.includes(theirs.spare.id)]).toEqual([
            query,
            false,
          ]);
        }
        expect((await call(as, 'GET', '/clients?q=mensah')).body.total).toBe(0);
        // And the other way round: the demo firm sees none of this firm's cases.
        expect((await call(admin, 'GET', `/cases/${own.body.id}`)).status).toBe(404);
        expect((await call(admin, 'GET', `/clients/${own.body.client.id}`)).status).toBe(404);
        expect(
          (await call(admin, 'GET', `/cases?q=${encodeURIComponent(`Own case of the ${role}`)}`)).body.total,
        ).toBe(0);
      },
    );

    it("cannot open a case for the firm's client, assign the firm's users, or move its own case to the firm's client", async () => {
      const before = await snapshot();
      const onTheirClient = await call(other.admin, 'POST', '/cases', requestOf('createCase').body);
      expect([onTheirClient.status, onTheirClient.body.error, onTheirClient.body.fields]).toEqual([
        422,
        'Client not found.',
        { clientId: 'Client not found.' },
      ]);
      const toTheirUser = await call(other.user, 'POST', '/cases', {
        clientName: 'Local Client',
        caseType: 'visa',
        formType: 'I-765',
        assigneeId: theirs.assigneeId,
      });
      expect([toTheirUser.status, toTheirUser.body.error]).toEqual([
        422,
        "Assigned to must be one of the firm's active users",
      ]);
      const own = await call(other.user, 'POST', '/cases', {
        clientName: 'Local Client',
        caseType: 'visa',
        formType: 'I-765',
      });
      expect(own.status).toBe(201);
      for (const body of [{ clientId: theirs.client.id }, { assigneeId: theirs.assigneeId }]) {
        const res = await call(other.user, 'PATCH', `/cases/${own.body.id}`, body);
        expect(res.status).toBe(422);
      }
      // The receipt numbers of another firm are no conflict: each firm keeps its own.
      const sameReceipt = await call(other.user, 'PATCH', `/cases/${own.body.id}`, {
        receiptNumber: 'ZLA9876543210',
      });
      expect([sameReceipt.status, sameReceipt.body.receiptNumber]).toEqual([200, 'ZLA9876543210']);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('platform staff', () => {
    it.each(KEYS)('%s answers 403 to Reti staff by default, and changes nothing', async (key) => {
      const before = await snapshot();
      const { method, path, body } = requestOf(key);
      const res = await call(staff, method, path, body);
      expect([res.status, res.body.error]).toEqual([
        403,
        `Your role (reti) does not have ${flagOf(method)} permission for ${CASES_ACTIONS[key].name}.`,
      ]);
      expect(res.body.items).toBeUndefined();
      expect(await snapshot()).toEqual(before);
    });

    it("even granted in the matrix, staff read no firm's cases or clients", async () => {
      const actions: Action[] = (await call(staff, 'GET', '/actions')).body;
      const ids = (['Get Cases', 'Get Case', 'Get Clients'] as const).map(
        (name) => actions.find((a) => a.name === name)!.id,
      );
      for (const id of ids)
        expect(
          (await call(staff, 'PUT', `/permissions/${id}`, matrixRow({ user: 'r', admin: 'r', reti: 'r' })))
            .status,
        ).toBe(200);
      try {
        for (const path of ['/cases', `/cases/${theirs.case.id}`, '/clients']) {
          const res = await call(staff, 'GET', path);
          expect([path, res.status, res.body.error]).toEqual([path, 403, STAFF_REFUSED]);
        }
      } finally {
        for (const id of ids)
          expect(
            (await call(staff, 'PUT', `/permissions/${id}`, matrixRow({ user: 'r', admin: 'r', reti: '' })))
              .status,
          ).toBe(200);
      }
      expect((await call(staff, 'GET', '/cases')).body.error).toBe(
        'Your role (reti) does not have read permission for Get Cases.',
      );
    });
  });

  describe('the permission matrix', () => {
    it('seeds each case and client action with exactly its declared grants', async () => {
      const rows = await db()
        .selectFrom('permissions')
        .innerJoin('actions', 'actions.id', 'permissions.action_id')
        .select([
          'actions.name',
          'actions.method',
          'actions.route',
          'actions.category',
          'role',
          'can_read',
          'can_write',
          'can_delete',
        ])
        .execute();
      for (const key of KEYS) {
        const action = CASES_ACTIONS[key];
        const mine = rows.filter((r) => r.method === action.method && r.route === `/api${action.route}`);
        expect(mine.map((r) => r.role).sort()).toEqual(['admin', 'client', 'reti', 'user']);
        // A client holds none of the firm's case and client actions (issue 23).
        expect([key, flagsOf(mine.find((r) => r.role === 'client')!)]).toEqual([key, '']);
        const stored = Object.fromEntries(
          mine.filter((r) => r.role !== 'client').map((r) => [r.role, flagsOf(r)]),
        );
        const declared = Object.fromEntries(ROLES.map((role) => [role, action.grants?.[role] ?? '']));
        expect([key, stored]).toEqual([key, GRANTS[key]]);
        expect([key, declared]).toEqual([key, GRANTS[key]]);
        expect([mine[0].name, mine[0].category]).toEqual([
          action.name,
          key.endsWith('Client') || key.endsWith('Clients') ? 'Client Management' : 'Case Management',
        ]);
      }
      const union = (role: Role) =>
        ['r', 'w', 'd'].filter((f) => KEYS.some((k) => GRANTS[k][role].includes(f))).join('');
      expect(ROLES.map(union)).toEqual(['rw', 'rwd', '']);
    });

    it("revoking the firm user's write flag on Create Case refuses POST /cases at once; restoring it reopens it", async () => {
      const actions: Action[] = (await call(staff, 'GET', '/actions')).body;
      const create = actions.find((a) => a.name === 'Create Case')!;
      expect(create).toMatchObject({ method: 'POST', route: '/api/cases' });
      const count = async () =>
        (await db().selectFrom('cases').select('id').where('firm_id', '=', firmId).execute()).length;
      const body = { clientName: 'Matrix Client', caseType: 'family', formType: 'I-130' };

      const revoked = await call(
        staff,
        'PUT',
        `/permissions/${create.id}`,
        matrixRow({ user: '', admin: 'w', reti: '' }),
      );
      expect(revoked.status).toBe(200);
      const stored = await db()
        .selectFrom('permissions')
        .select(['role', 'can_read', 'can_write', 'can_delete'])
        .where('action_id', '=', create.id)
        .orderBy('role')
        .execute();
      expect(stored.map((p) => [p.role, flagsOf(p)])).toEqual([
        ['admin', 'w'],
        ['client', ''],
        ['reti', ''],
        ['user', ''],
      ]);
      try {
        const before = await count();
        const refused = await call(attorney, 'POST', '/cases', body);
        expect([refused.status, refused.body.error]).toEqual([
          403,
          'Your role (user) does not have write permission for Create Case.',
        ]);
        expect(await count()).toBe(before);
        // Only that flag: the user still reads and changes cases, and the administrator still creates them.
        expect((await call(attorney, 'GET', '/cases')).status).toBe(200);
        expect(
          (await call(attorney, 'PATCH', `/cases/${theirs.case.id}`, { dueDate: '2026-12-21' })).status,
        ).toBe(200);
        expect((await call(admin, 'POST', '/cases', body)).status).toBe(201);
        expect(await count()).toBe(before + 1);
      } finally {
        const restored = await call(staff, 'PUT', `/permissions/${create.id}`, matrixRow(GRANTS.createCase));
        expect(restored.status).toBe(200);
      }
      expect((await call(attorney, 'POST', '/cases', body)).status).toBe(201);
    });
  });
});
