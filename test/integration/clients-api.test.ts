import { A_NUMBER_MESSAGE, type CaseRecord, type ClientRecord } from '../../src/shared/cases';
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

const NOT_FOUND = 'Client not found.';
const FIELDS = [
  'aNumber',
  'address',
  'caseCount',
  'countryOfCitizenship',
  'createdAt',
  'dateOfBirth',
  'email',
  'firstName',
  'id',
  'lastName',
  'name',
  'phone',
  'updatedAt',
];

const api = (as: SignedIn) => ({
  get: (path: string) => as.agent.get(`/api${path}`),
  post: (path: string, body: object) => as.agent.post(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  put: (path: string, body: object) => as.agent.put(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  patch: (path: string, body: object) =>
    as.agent.patch(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  delete: (path: string) => as.agent.delete(`/api${path}`).set('X-CSRF-Token', as.token),
});

let unique = 0;
/** An A-number no other test uses. */
const aNumber = () => `A${String(Date.now() % 1e6).padStart(6, '0')}${String(++unique).padStart(3, '0')}`;

describe.each(SETUPS)('the clients API on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let firmId: string;
  let adminId: string;

  const db = () => t.database.db;
  const clientRow = (id: string) =>
    db().selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'firm_id', 'before', 'after'])
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute();
  const clientCount = async () =>
    Number(
      (
        await db()
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', firmId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function newClient(fields: object = {}, as = admin): Promise<ClientRecord> {
    const res = await api(as).post('/clients', { firstName: 'Mei', lastName: `Chen${++unique}`, ...fields });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body;
  }

  async function caseOf(clientId: string): Promise<CaseRecord> {
    const res = await api(admin).post('/cases', { clientId, caseType: 'family', formType: 'I-130' });
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
    adminId = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  describe('POST /clients', () => {
    it('adds a client with every detail, normalized, and audits it', async () => {
      const a = aNumber();
      const res = await api(attorney).post('/clients', {
        firstName: ' Sofía ',
        lastName: 'Ramírez Ortega',
        email: 'sofia.ramirez@example.com',
        phone: '+1 (555) 014-2299',
        dateOfBirth: '1988-04-17',
        countryOfCitizenship: 'Mexico',
        aNumber: `${a.slice(0, 4).toLowerCase()}-${a.slice(4)}`,
        address: '12 Harbor Road, Newark, NJ 07102',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(FIELDS);
      expect(res.body).toMatchObject({
        name: 'Sofía Ramírez Ortega',
        firstName: 'Sofía',
        lastName: 'Ramírez Ortega',
        email: 'sofia.ramirez@example.com',
        phone: '+1 (555) 014-2299',
        dateOfBirth: '1988-04-17',
        countryOfCitizenship: 'Mexico',
        aNumber: a,
        address: '12 Harbor Road, Newark, NJ 07102',
        caseCount: 0,
      });
      expect(await clientRow(res.body.id)).toMatchObject({
        firm_id: firmId,
        first_name: 'Sofía',
        last_name: 'Ramírez Ortega',
        a_number: a,
        date_of_birth: '1988-04-17',
      });
      const audit = await auditOf(res.body.id);
      expect(audit.map((x) => [x.action, x.firm_id])).toEqual([['client.created', firmId]]);
      expect(audit[0].after).toMatchObject({ name: 'Sofía Ramírez Ortega', aNumber: a });

      const read = await api(admin).get(`/clients/${res.body.id}`);
      expect([read.status, read.body]).toEqual([200, res.body]);
    });

    it('a person with one name has it as the family name', async () => {
      const res = await api(admin).post('/clients', { lastName: 'Madonna' });
      expect([res.status, res.body.name, res.body.firstName, res.body.lastName]).toEqual([
        201,
        'Madonna',
        '',
        'Madonna',
      ]);
    });

    it.each([
      ['lastName', { lastName: '' }, 'Last name is required'],
      ['lastName', { lastName: undefined }, 'Last name is required'],
      ['lastName', { lastName: 'x'.repeat(101) }, 'Last name must be at most 100 characters'],
      ['email', { email: 'not-an-email' }, 'Enter a valid email'],
      ['phone', { phone: 'call me' }, 'Enter a valid phone number'],
      [
        'dateOfBirth',
        { dateOfBirth: '1990-02-30' },
        'Date of birth must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      ['dateOfBirth', { dateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future'],
      ['aNumber', { aNumber: 'A1234567' }, A_NUMBER_MESSAGE],
      ['aNumber', { aNumber: '123456789' }, A_NUMBER_MESSAGE],
    ])('refuses a bad %s with 422 and its message beside it', async (field, bad, message) => {
      const before = await clientCount();
      const res = await api(admin).post('/clients', { firstName: 'Refused', lastName: 'Person', ...bad });
      expect([res.status, res.body.error, res.body.fields?.[field]]).toEqual([422, message, message]);
      expect(await clientCount()).toBe(before);
    });

    it("refuses another client's A-number (409), on create and on change", async () => {
      const a = aNumber();
      const holder = await newClient({ firstName: 'Omar', lastName: 'Farouk', aNumber: a });
      const message = `A-number ${a} belongs to Omar Farouk already`;
      const before = await clientCount();
      const res = await api(admin).post('/clients', { lastName: 'Other', aNumber: a });
      expect([res.status, res.body.error, res.body.fields]).toEqual([409, message, { aNumber: message }]);
      expect(await clientCount()).toBe(before);
      const other = await newClient();
      const moved = await api(admin).patch(`/clients/${other.id}`, { aNumber: a });
      expect([moved.status, moved.body.error]).toEqual([409, message]);
      expect((await clientRow(other.id))?.a_number).toBeNull();
      expect(
        (await api(admin).patch(`/clients/${holder.id}`, { aNumber: a, phone: '555-010-2000' })).status,
      ).toBe(200);
    });
  });

  describe('GET /clients', () => {
    it('lists the firm’s clients by family name with their number of cases; searches name, email and A-number; pages', async () => {
      const firm = await secondFirm(t);
      const boss = await signIn(t.app, firm.admin);
      const a = aNumber();
      const made: ClientRecord[] = [];
      for (const [firstName, lastName, extra] of [
        ['Zoe', 'Abbott', {}],
        ['Yusuf', 'Baker', { email: 'y.baker@mail.example' }],
        ['Xin', 'Chen', { aNumber: a }],
        ['Wanda', 'Chen', {}],
        ['Victor', 'Diaz', {}],
      ] as const) {
        const res = await api(boss).post('/clients', { firstName, lastName, ...extra });
        expect(res.status).toBe(201);
        made.push(res.body);
      }
      for (const client of [made[2], made[2], made[4]])
        expect(
          (await api(boss).post('/cases', { clientId: client.id, caseType: 'visa', formType: 'I-765' }))
            .status,
        ).toBe(201);

      const all = await api(boss).get('/clients');
      expect(Object.keys(all.body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
      expect([all.body.total, all.body.page, all.body.pageSize]).toEqual([5, 1, 50]);
      expect(all.body.items.map((c: ClientRecord) => [c.name, c.caseCount])).toEqual([
        ['Zoe Abbott', 0],
        ['Yusuf Baker', 0],
        ['Wanda Chen', 0],
        ['Xin Chen', 2],
        ['Victor Diaz', 1],
      ]);
      const names = async (query: string) => {
        const res = await api(boss).get(`/clients?${query}`);
        expect(res.status).toBe(200);
        return [res.body.total, res.body.items.map((c: ClientRecord) => c.name)];
      };
      expect(await names('q=chen')).toEqual([2, ['Wanda Chen', 'Xin Chen']]);
      expect(await names('q=XIN%20CH')).toEqual([1, ['Xin Chen']]);
      expect(await names('q=mail.example')).toEqual([1, ['Yusuf Baker']]);
      expect(await names(`q=${a.toLowerCase()}`)).toEqual([1, ['Xin Chen']]);
      expect(await names('q=%25')).toEqual([0, []]);
      expect(await names('pageSize=2&page=2')).toEqual([5, ['Wanda Chen', 'Xin Chen']]);
      expect(await names('pageSize=2&page=4')).toEqual([5, []]);
      const bad = await api(boss).get('/clients?pageSize=201');
      expect([bad.status, bad.body.error]).toEqual([422, 'pageSize must be 1 to 200']);
      // The demo firm's clients are not this firm's.
      expect((await api(admin).get('/clients?q=xin%20chen')).body.total).toBe(0);
    });
  });

  describe('PUT and PATCH /clients/{id}', () => {
    it('PATCH changes what it is given and audits it; null clears; a change of nothing writes nothing', async () => {
      const client = await newClient({ email: 'old@mail.example', phone: '555-010-1000' });
      const res = await api(attorney).patch(`/clients/${client.id}`, {
        email: 'new@mail.example',
        phone: null,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...client,
        email: 'new@mail.example',
        phone: null,
        updatedAt: expect.any(String),
      });
      expect(await clientRow(client.id)).toMatchObject({ email: 'new@mail.example', phone: null });
      const audit = await auditOf(client.id);
      expect(audit.map((a) => a.action)).toEqual(['client.created', 'client.updated']);
      expect([audit[1].before, audit[1].after]).toEqual([
        { name: client.name, email: 'old@mail.example', phone: '555-010-1000' },
        { name: client.name, email: 'new@mail.example', phone: null },
      ]);
      const row = await clientRow(client.id);
      expect((await api(admin).patch(`/clients/${client.id}`, { email: 'new@mail.example' })).status).toBe(
        200,
      );
      expect(await clientRow(client.id)).toEqual(row);
      expect(await auditOf(client.id)).toHaveLength(2);
    });

    it('PUT changes the details it is given under the same rules', async () => {
      const client = await newClient();
      const res = await api(admin).put(`/clients/${client.id}`, {
        firstName: 'Mei Lin',
        lastName: client.lastName,
        countryOfCitizenship: 'Taiwan',
        dateOfBirth: '1979-12-31',
      });
      expect([res.status, res.body.name, res.body.countryOfCitizenship, res.body.dateOfBirth]).toEqual([
        200,
        `Mei Lin ${client.lastName}`,
        'Taiwan',
        '1979-12-31',
      ]);
      const bad = await api(admin).put(`/clients/${client.id}`, { lastName: '' });
      expect([bad.status, bad.body.error, bad.body.fields]).toEqual([
        422,
        'Last name is required',
        { lastName: 'Last name is required' },
      ]);
      expect((await clientRow(client.id))?.last_name).toBe(client.lastName);
    });

    it('renaming a client renames it on its cases: the search finds the new name, not the old', async () => {
      const client = await newClient({ firstName: 'Ivana', lastName: 'Petrovaite' });
      const cases = [await caseOf(client.id), await caseOf(client.id)];
      const search = async (q: string) =>
        ((await api(admin).get(`/cases?q=${encodeURIComponent(q)}`)).body.items as CaseRecord[])
          .map((c) => c.id)
          .sort();
      expect(await search('petrovaite')).toEqual(cases.map((c) => c.id).sort());

      const res = await api(admin).patch(`/clients/${client.id}`, { lastName: 'Kowalczyk-Petrov' });
      expect([res.status, res.body.name, res.body.caseCount]).toEqual([200, 'Ivana Kowalczyk-Petrov', 2]);
      expect(await search('kowalczyk')).toEqual(cases.map((c) => c.id).sort());
      expect(await search('petrovaite')).toEqual([]);
      for (const c of cases) {
        const read = await api(admin).get(`/cases/${c.id}`);
        expect(read.body.client).toEqual({ id: client.id, name: 'Ivana Kowalczyk-Petrov' });
      }
      const sorted = await api(admin).get('/cases?q=kowalczyk&sort=client');
      expect(sorted.body.items.map((c: CaseRecord) => c.client.name)).toEqual([
        'Ivana Kowalczyk-Petrov',
        'Ivana Kowalczyk-Petrov',
      ]);
    });
  });

  describe('DELETE /clients/{id}', () => {
    it('is refused (409) while the client has cases, and removes a client without cases (204, audited)', async () => {
      const client = await newClient({ firstName: 'Tomas', lastName: 'Horvat' });
      const [one, two] = [await caseOf(client.id), await caseOf(client.id)];
      const refused = await api(admin).delete(`/clients/${client.id}`);
      expect([refused.status, refused.body.error]).toEqual([
        409,
        'Tomas Horvat has 2 cases: a client can be removed only once they have no cases',
      ]);
      expect((await api(admin).delete(`/cases/${one.id}`)).status).toBe(204);
      expect((await api(admin).delete(`/clients/${client.id}`)).body.error).toBe(
        'Tomas Horvat has 1 case: a client can be removed only once they have no cases',
      );
      // Reassigning the last case to another client frees this one.
      const other = await newClient();
      expect((await api(admin).patch(`/cases/${two.id}`, { clientId: other.id })).status).toBe(200);
      expect(await clientRow(client.id)).toBeDefined();

      const byUser = await api(attorney).delete(`/clients/${client.id}`);
      expect([byUser.status, byUser.body.error]).toEqual([
        403,
        'Your role (user) does not have delete permission for Delete Client.',
      ]);
      const res = await api(admin).delete(`/clients/${client.id}`);
      expect([res.status, res.text]).toEqual([204, '']);
      expect(await clientRow(client.id)).toBeUndefined();
      const audit = await auditOf(client.id);
      expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([
        ['client.created', adminId],
        ['client.deleted', adminId],
      ]);
      expect(audit[1].before).toMatchObject({ name: 'Tomas Horvat' });
      for (const res of [
        await api(admin).delete(`/clients/${client.id}`),
        await api(admin).get(`/clients/${client.id}`),
        await api(admin).patch(`/clients/${client.id}`, { phone: '555-010-3000' }),
        await api(admin).put(`/clients/${client.id}`, { phone: '555-010-3000' }),
        await api(admin).get('/clients/not-an-id'),
      ])
        expect([res.status, res.body.error]).toEqual([404, NOT_FOUND]);
    });
  });
});
