import request from 'supertest';
import {
  BACKENDS,
  csrfFrom,
  DEMO_PASSWORD,
  startTestApp,
  type TestApp,
  visibleText,
  demoFirmId as findDemoFirmId,
  actionIdNamed,
} from '../helpers/app';

type Agent = { agent: ReturnType<typeof request.agent>; token: string };

const FIRM = {
  name: 'Lakeside Visa Law',
  contactPerson: 'Noor Haddad',
  contactRole: 'Partner',
  email: 'noor@lakeside.example',
  phone: '+1 (555) 010-4000',
};

/** Edge cases of roles, races and states around firms, users, actions and invitations. */
describe.each(BACKENDS)('firm users, actions and invitations at their edges (%s)', (backend) => {
  let t: TestApp;
  let staff: Agent;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    staff = await signIn('reti');
  });
  afterAll(() => t.close());

  async function signIn(loginId: string): Promise<Agent> {
    const agent = request.agent(t.app);
    const res = await agent.post('/login').type('form').send({ user_id: loginId, password: DEMO_PASSWORD });
    expect(res.status).toBe(303);
    return { agent, token: csrfFrom((await agent.get(res.headers.location)).text) };
  }
  const actionId = (name: string) => actionIdNamed(t.database, name);
  const demoFirmId = () => findDemoFirmId(t.database);
  const grant = async (action: string, user: { canRead: boolean; canWrite: boolean }, reti = true) =>
    staff.agent
      .put(`/api/permissions/${await actionId(action)}`)
      .set('X-CSRF-Token', staff.token)
      .send({
        permissions: [
          { roleId: 'user', canDelete: false, ...user },
          { roleId: 'admin', canRead: true, canWrite: true, canDelete: false },
          { roleId: 'reti', canRead: reti, canWrite: true, canDelete: false },
        ],
      })
      .expect(200);
  const userRows = (loginId: string) =>
    t.database.db.selectFrom('users').select('id').where('login_id', '=', loginId).execute();

  it('never lets a firm user create an administrator, even when the matrix lets them create users', async () => {
    await grant('Create User', { canRead: false, canWrite: true });
    const attorney = await signIn('attorney');
    const firmId = await demoFirmId();
    const asAdmin = await attorney.agent
      .post(`/api/firms/${firmId}/users`)
      .set('X-CSRF-Token', attorney.token)
      .send({ userId: 'sneaky.admin', firstName: 'Sam', email: 'sam@demo.example', role: 'admin' });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error).toBe('A firm user cannot create an administrator.');
    expect(await userRows('sneaky.admin')).toEqual([]);
    const asUser = await attorney.agent
      .post(`/api/firms/${firmId}/users`)
      .set('X-CSRF-Token', attorney.token)
      .send({ userId: 'new.paralegal', firstName: 'Pat', email: 'pat@demo.example', role: 'user' });
    expect(asUser.status).toBe(201);
    await grant('Create User', { canRead: false, canWrite: false });
  });

  it('answers 409 to the loser of two requests racing for one user ID, and keeps one account', async () => {
    const firmId = await demoFirmId();
    const create = () =>
      staff.agent
        .post(`/api/firms/${firmId}/users`)
        .set('X-CSRF-Token', staff.token)
        .send({ userId: 'twin.user', firstName: 'Tia', email: 'tia@demo.example', role: 'user' });
    const answers = (await Promise.all([create(), create()])).map((r) => r.status).sort();
    // Staff ask for the account (202: it waits for the firm's administrator); the loser hears why.
    expect(answers).toEqual([202, 409]);
    expect(await userRows('twin.user')).toHaveLength(1);
  });

  it('refuses an invited account that has no password yet with the SPEC message', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'twin.user', password: 'anything-1!' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid credentials. Please try again.');
  });

  it('keeps a public action on its route and method', async () => {
    const id = await actionId('Contact Sales');
    const res = await staff.agent
      .patch(`/api/actions/${id}`)
      .set('X-CSRF-Token', staff.token)
      .send({ route: '/api/comm/sales' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'A public action keeps its route and method: its endpoint expects callers who are not signed in.',
    );
    const row = await t.database.db
      .selectFrom('actions')
      .select('route')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.route).toBe('/api/comm/contact');
  });

  it('refuses an invitation of a firm that staff made inactive, and leaves the firm inactive', async () => {
    const created = await staff.agent.post('/api/firms').set('X-CSRF-Token', staff.token).send(FIRM);
    expect(created.status).toBe(201);
    const firmId = created.body.id as string;
    const sent = await staff.agent
      .post(`/api/firms/${firmId}/invitations`)
      .set('X-CSRF-Token', staff.token)
      .send({});
    expect(sent.status).toBe(202);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', FIRM.email)
      .executeTakeFirstOrThrow();
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(outbox.text_body)![1];
    await staff.agent
      .put(`/api/firms/${firmId}`)
      .set('X-CSRF-Token', staff.token)
      .send({ ...FIRM, status: 'inactive' })
      .expect(200);
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ token, user_id: 'noor.admin', password: 'Lakeside-Admin-2031!' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'This firm is inactive on Reti Immigration, so its invitation cannot be accepted. Ask the platform staff to reactivate it.',
    );
    expect(await userRows('noor.admin')).toEqual([]);
    const firm = await t.database.db
      .selectFrom('firms')
      .select('status')
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    expect(firm.status).toBe('inactive');
  });

  it.each(['/reti/firms/{id}/edit', '/reti/firms/{id}/delete', '/reti/firm-onboard?firm={id}'])(
    'shows %s only while staff may read the firm',
    async (path) => {
      const url = path.replace('{id}', await demoFirmId());
      const getFirm = await actionId('Get Firm');
      const save = (reti: boolean) =>
        staff.agent
          .put(`/api/permissions/${getFirm}`)
          .set('X-CSRF-Token', staff.token)
          .send({
            permissions: [
              { roleId: 'user', canRead: true, canWrite: false, canDelete: false },
              { roleId: 'admin', canRead: true, canWrite: false, canDelete: false },
              { roleId: 'reti', canRead: reti, canWrite: false, canDelete: false },
            ],
          })
          .expect(200);
      await save(false);
      try {
        const refused = await staff.agent.get(url);
        expect(refused.status).toBe(403);
        expect(visibleText(refused.text)).toContain(
          'Your role (reti) does not have read permission for Get Firm.',
        );
      } finally {
        await save(true);
      }
      expect((await staff.agent.get(url)).status).toBe(200);
    },
  );
});
