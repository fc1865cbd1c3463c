import crypto from 'node:crypto';
import request from 'supertest';
import { formatDateTime } from '../../src/shared/dates';
import type { SessionUser } from '../../src/shared/session';
import { INVITATION_OUTCOMES, NO_RETI_USERS } from '../../src/shared/users';
import { createSettingsService } from '../../src/settings/service';
import { createUserAdminService } from '../../src/users/service';
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
  visibleText,
} from '../helpers/app';
import { inviteLink } from '../helpers/smtp';

const PASSWORD = 'Harbor-Lights-2031!';
const API_FIELDS = ['email', 'firstName', 'id', 'lastLogin', 'lastName', 'loginId', 'role', 'status'];
const NOT_FOUND = 'User not found.';
const LOGIN_FAILED = 'Invalid credentials. Please try again.';

/** Sessions in the database on PGlite, in Redis on PostgreSQL (and on PGlite too when only Redis is given). */
const SETUPS: Array<[Backend, boolean]> = BACKENDS.map((b) => [b, b === 'postgres' && Boolean(REDIS_URL)]);
if (REDIS_URL && !BACKENDS.includes('postgres')) SETUPS.push(['pglite', true]);

describe.each(SETUPS)('User Management on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  let admin: SignedIn;
  let firmId: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
    admin = await signIn(t.app, 'admin');
    firmId = await demoFirmId(t.database);
    adminId = (await userRow('admin')).id;
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const userRow = (loginId: string) =>
    db().selectFrom('users').selectAll().where('login_id', '=', loginId).executeTakeFirstOrThrow();
  const userById = (id: string) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const api = (as: SignedIn) => ({
    get: (path: string) => as.agent.get(`/api${path}`),
    post: (path: string, body: object) =>
      as.agent.post(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
    put: (path: string, body: object) => as.agent.put(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
    patch: (path: string, body: object) =>
      as.agent.patch(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
    delete: (path: string) => as.agent.delete(`/api${path}`).set('X-CSRF-Token', as.token),
  });

  let sequence = 0;
  /** A new user of the demo firm, added by its administrator through the API (pending, invited). */
  async function addUser(fields: Partial<Record<'firstName' | 'lastName' | 'email' | 'role', string>> = {}) {
    const n = ++sequence;
    const res = await api(admin).post('/users', {
      firstName: 'Ben',
      lastName: `Okafor${n}`,
      email: `ben.okafor${n}.${crypto.randomBytes(2).toString('hex')}@demo-firm.example`,
      role: 'user',
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; loginId: string; email: string; firstName: string; lastName: string };
  }

  /** The invitation link emailed to this address, from the outbox (no SMTP server in these tests). */
  async function linkFor(email: string): Promise<string> {
    const row = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return new URL(inviteLink(row.text_body)).pathname;
  }

  /** Accepts the user's invitation through the /invite page form, as a person without JavaScript does. */
  async function accept(email: string) {
    const visitor = request.agent(t.app);
    const res = await visitor
      .post(await linkFor(email))
      .type('form')
      .send({ password: PASSWORD, confirm_password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    return visibleText((await visitor.get('/login')).text);
  }

  /** A new user who accepted their invitation (the firm does not approve new users): active. */
  async function activeUser(fields: Parameters<typeof addUser>[0] = {}) {
    const user = await addUser(fields);
    await accept(user.email);
    return user;
  }

  const login = (loginId: string, password = PASSWORD) =>
    request(t.app).post('/api/auth/login').send({ user_id: loginId, password });

  async function setApproval(on: boolean) {
    const settings = createSettingsService({ db: db() });
    const current = await settings.securityOf(firmId);
    await settings.saveSecurity({ id: adminId }, firmId, { ...current, approveNewUsers: on });
  }

  /** How many sessions the user holds, wherever sessions are kept. */
  async function sessionsOf(userId: string): Promise<number> {
    if (t.redis) {
      const sids = await t.redis.sMembers(`${t.redisPrefix}user-sessions:${userId}`);
      const alive = await Promise.all(sids.map((sid) => t.redis!.exists(`${t.redisPrefix}sess:${sid}`)));
      return alive.filter(Boolean).length;
    }
    return Number(
      (
        await db()
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  }

  describe('GET /users and GET /users/{id}', () => {
    it("lists the firm's users with exactly the contract's fields, and the firm's counts", async () => {
      const res = await api(admin).get('/users');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['counts', 'page', 'pageSize', 'total', 'users']);
      expect(res.body).toMatchObject({ page: 1, pageSize: 50 });
      for (const user of res.body.users) expect(Object.keys(user).sort()).toEqual(API_FIELDS);
      const stored = await db()
        .selectFrom('users')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('role', '<>', 'client')
        .execute();
      expect(res.body.total).toBe(stored.length);
      expect(res.body.counts).toEqual({
        total: stored.length,
        active: stored.filter((u) => u.status === 'active').length,
        pending: stored.filter((u) => u.status === 'pending').length,
        suspended: stored.filter((u) => u.status === 'suspended').length,
      });
      const me = res.body.users.find((u: { loginId: string }) => u.loginId === 'admin');
      const row = await userRow('admin');
      expect(me).toEqual({
        id: row.id,
        loginId: 'admin',
        firstName: 'Alex',
        lastName: 'Morgan',
        email: row.email,
        role: 'admin',
        status: 'active',
        lastLogin: row.last_login_at!.toISOString(),
      });
      const one = await api(admin).get(`/users/${row.id}`);
      expect([one.status, one.body]).toEqual([200, me]);
    });

    it('a firm user reads the list and a user, and may change nothing; staff keep their own screens', async () => {
      const attorney = await signIn(t.app, 'attorney');
      const target = await addUser();
      expect((await api(attorney).get('/users')).status).toBe(200);
      expect((await api(attorney).get(`/users/${target.id}`)).body.loginId).toBe(target.loginId);
      const refused: Array<[string, request.Response, string]> = [
        [
          'write',
          await api(attorney).post('/users', {
            firstName: 'A',
            lastName: 'B',
            email: 'a@b.example',
            role: 'user',
          }),
          'Add User',
        ],
        ['write', await api(attorney).put(`/users/${target.id}`, { firstName: 'X' }), 'Update User'],
        ['write', await api(attorney).patch(`/users/${target.id}`, { status: 'active' }), 'Change User'],
        ['delete', await api(attorney).delete(`/users/${target.id}`), 'Remove User'],
      ];
      for (const [flag, res, name] of refused)
        expect([res.status, res.body.error]).toEqual([
          403,
          `Your role (user) does not have ${flag} permission for ${name}.`,
        ]);
      expect((await userById(target.id))?.first_name).toBe('Ben');

      const staff = await signIn(t.app, 'reti');
      const list = await api(staff).get('/users');
      expect([list.status, list.body.error]).toEqual([
        403,
        'Your role (reti) does not have read permission for Get Users.',
      ]);
      // Their own screens still work.
      expect((await api(staff).get(`/firms/${firmId}/users`)).status).toBe(200);
      expect((await api(admin).get(`/firms/${firmId}/users`)).body[0]).toHaveProperty('userId');
    });

    it('searches names, emails and user IDs, filters by role and status, and pages', async () => {
      const tag = crypto.randomBytes(3).toString('hex');
      const a = await addUser({
        firstName: 'Marisol',
        lastName: `Quintero${tag}`,
        email: `mq.${tag}@search.example`,
      });
      const b = await addUser({
        firstName: 'Tomasz',
        lastName: `Wren${tag}`,
        role: 'admin',
        email: `tw.${tag}@search.example`,
      });
      const ids = (res: request.Response) => res.body.users.map((u: { id: string }) => u.id);

      expect(ids(await api(admin).get(`/users?q=${tag}`))).toEqual([a.id, b.id]);
      expect(ids(await api(admin).get(`/users?q=${encodeURIComponent(`marisol quintero${tag}`)}`))).toEqual([
        a.id,
      ]);
      expect(ids(await api(admin).get(`/users?q=TW.${tag}@SEARCH`))).toEqual([b.id]);
      expect(ids(await api(admin).get(`/users?q=${b.loginId}`))).toEqual([b.id]);
      expect(ids(await api(admin).get(`/users?q=${tag}&role=admin`))).toEqual([b.id]);
      expect(ids(await api(admin).get(`/users?q=${tag}&role=user&status=pending`))).toEqual([a.id]);
      expect(ids(await api(admin).get(`/users?q=${tag}&status=active`))).toEqual([]);
      // SPEC's filter offers reti, though a firm holds none.
      const reti = await api(admin).get('/users?role=reti');
      expect([reti.status, reti.body.users, reti.body.total]).toEqual([200, [], 0]);
      // A wildcard is taken literally.
      expect((await api(admin).get('/users?q=%25')).body.users).toEqual([]);
      expect((await api(admin).get('/users?q=_')).body.users).toEqual([]);

      const second = await api(admin).get(`/users?q=${tag}&pageSize=1&page=2`);
      expect([ids(second), second.body.total, second.body.page, second.body.pageSize]).toEqual([
        [b.id],
        2,
        2,
        1,
      ]);
      const past = await api(admin).get(`/users?q=${tag}&pageSize=1&page=3`);
      expect([past.status, past.body.users, past.body.total]).toEqual([200, [], 2]);
      // The counts are the whole firm's, whatever the filter.
      expect((await api(admin).get(`/users?q=${tag}`)).body.counts).toEqual(
        (await api(admin).get('/users')).body.counts,
      );
    });

    it.each([
      ['an unknown role', 'role=owner', { role: 'role must be admin, user or reti' }],
      ['an unknown status', 'status=gone', { status: 'status must be active, pending or suspended' }],
      ['page 0', 'page=0', { page: 'page must be a whole number from 1' }],
      ['a page that is no number', 'page=two', { page: 'page must be a whole number from 1' }],
      ['a page size over 200', 'pageSize=500', { pageSize: 'pageSize must be 1 to 200' }],
      ['a search over 100 characters', `q=${'x'.repeat(101)}`, { q: 'q must be at most 100 characters' }],
      ['a search given twice', 'q=a&q=b', { q: 'q must be text' }],
    ])('GET /users with %s answers 422 naming the field', async (_label, query, fields) => {
      const res = await api(admin).get(`/users?${query}`);
      expect([res.status, res.body.fields]).toEqual([422, fields]);
    });
  });

  describe('POST /users', () => {
    it('creates a pending user with a login ID made from the email, and emails the invitation that tells it', async () => {
      const email = `Ana.Lopez+work@${crypto.randomBytes(3).toString('hex')}.example`;
      const res = await api(admin).post('/users', {
        firstName: ' Ana ',
        lastName: 'López',
        email,
        role: 'admin',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual([...API_FIELDS, 'invitation'].sort());
      // No mail server in these tests: the answer says the email was kept, not sent.
      expect(res.body.invitation).toEqual({ delivery: 'logged', message: INVITATION_OUTCOMES.logged });
      expect(res.body).toMatchObject({
        firstName: 'Ana',
        lastName: 'López',
        email,
        role: 'admin',
        status: 'pending',
        lastLogin: null,
      });
      expect(res.body.loginId).toBe('ana.lopez');
      const row = await userRow(res.body.loginId);
      expect(row).toMatchObject({ firm_id: firmId, status: 'pending', password_hash: '!invited' });

      const mail = await db().selectFrom('outbox').selectAll().where('to_address', '=', email).execute();
      expect(mail).toHaveLength(1);
      expect(mail[0].text_body).toContain(
        `Demo Immigration Law has added you to Reti Immigration with the user ID ${res.body.loginId}.`,
      );
      expect(inviteLink(mail[0].text_body)).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      const invitations = await db()
        .selectFrom('invitations')
        .selectAll()
        .where('user_id', '=', row.id)
        .execute();
      expect(invitations).toHaveLength(1);
      const audit = await auditOf(row.id);
      expect(audit.map((a) => [a.action, a.actor_user_id, a.firm_id, a.actor_name])).toEqual([
        ['user.created', adminId, firmId, 'Alex Morgan'],
      ]);
    });

    it('makes each login ID unique and valid: a taken one gets a number, an unusable email the name', async () => {
      const domain = `${crypto.randomBytes(3).toString('hex')}.example`;
      const first = await addUser({ email: `kim.tran@${domain}` });
      const second = await addUser({ email: `KIM.TRAN@other-${domain}` });
      const third = await addUser({ email: `kim.tran@third-${domain}` });
      expect([first.loginId, second.loginId, third.loginId]).toEqual([
        first.loginId,
        `${first.loginId}2`,
        `${first.loginId}3`,
      ]);
      const named = await addUser({ firstName: 'Zoë', lastName: "O'Neil", email: `+@${domain}` });
      expect(named.loginId).toBe('zoe.oneil');
      for (const loginId of [first.loginId, second.loginId, third.loginId, named.loginId])
        expect(loginId).toMatch(/^[A-Za-z0-9._@-]{2,100}$/);
    });

    it('refuses an email the firm already has an account for (409 naming it), on the API and the form', async () => {
      const holder = await addUser();
      const email = holder.email.toUpperCase();
      const message = `${email} already has an account in this firm: ${holder.firstName} ${holder.lastName} (user ID ${holder.loginId}).`;
      const before = (await api(admin).get('/users')).body.total;
      const res = await api(admin).post('/users', {
        firstName: 'Bo',
        lastName: 'Okafor',
        email,
        role: 'user',
      });
      expect([res.status, res.body.error, res.body.fields]).toEqual([409, message, { email: message }]);

      const form = await admin.agent
        .post('/admin/users')
        .type('form')
        .send({ _csrf: admin.token, firstName: 'Bo', lastName: 'Okafor', email, role: 'admin' });
      expect(form.status).toBe(409);
      expect(visibleText(form.text)).toContain(message);
      expect(form.text).toContain(`value="${email}"`);
      expect(form.text).toContain('value="Bo"');

      // Changing another user's email to it is refused the same way.
      const other = await addUser();
      const edit = await api(admin).patch(`/users/${other.id}`, { email });
      expect([edit.status, edit.body.error]).toEqual([409, message]);
      expect((await userById(other.id))?.email).toBe(other.email);
      expect((await api(admin).get('/users')).body.total).toBe(before + 1);
    });

    it.each([
      ['an empty first name', 'firstName', { firstName: '' }, 'First name is required'],
      [
        'a long first name',
        'firstName',
        { firstName: 'x'.repeat(101) },
        'First name must be at most 100 characters',
      ],
      ['a first name that is no text', 'firstName', { firstName: 7 }, 'First name is required'],
      ['a blank last name', 'lastName', { lastName: '  ' }, 'Last name is required'],
      ['no last name', 'lastName', { lastName: undefined }, 'Last name is required'],
      ['an invalid email', 'email', { email: 'not-an-email' }, 'Enter a valid email'],
      ['an empty email', 'email', { email: '' }, 'Email is required'],
      ['role reti', 'role', { role: 'reti' }, NO_RETI_USERS],
      ['an unknown role', 'role', { role: 'owner' }, 'Role must be admin or user'],
      ['no role', 'role', { role: undefined }, 'Role must be admin or user'],
    ])('refuses %s with 422 naming the field, and stores nothing', async (_label, field, change, message) => {
      const before = (await api(admin).get('/users')).body.total;
      const res = await api(admin).post('/users', {
        firstName: 'Ana',
        lastName: 'Lopez',
        email: 'ana@lopez.example',
        role: 'user',
        ...change,
      });
      expect([res.status, res.body.fields?.[field]]).toEqual([422, message]);
      expect((await api(admin).get('/users')).body.total).toBe(before);
    });
  });

  describe('PUT and PATCH /users/{id}', () => {
    it('edits the name, email and role, audited with the user before and after', async () => {
      const user = await addUser();
      const put = await api(admin).put(`/users/${user.id}`, {
        firstName: 'Benjamin',
        email: 'benjamin@demo-firm.example',
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        id: user.id,
        firstName: 'Benjamin',
        lastName: user.lastName,
        email: 'benjamin@demo-firm.example',
        status: 'pending',
      });
      const patch = await api(admin).patch(`/users/${user.id}`, { role: 'admin', lastName: 'Okafor-Reyes' });
      expect(patch.body).toMatchObject({ role: 'admin', lastName: 'Okafor-Reyes' });
      expect(await userById(user.id)).toMatchObject({
        first_name: 'Benjamin',
        last_name: 'Okafor-Reyes',
        role: 'admin',
      });

      const audit = (await auditOf(user.id)).filter((a) => a.action === 'user.updated');
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ actor_user_id: adminId, firm_id: firmId, actor_name: 'Alex Morgan' });
      expect(audit[0].before).toMatchObject({ firstName: 'Ben', lastName: user.lastName, email: user.email });
      expect(audit[0].after).toMatchObject({
        firstName: 'Benjamin',
        lastName: user.lastName,
        email: 'benjamin@demo-firm.example',
      });
      expect(audit[1].before).toMatchObject({ role: 'user', lastName: user.lastName });
      expect(audit[1].after).toMatchObject({ role: 'admin', lastName: 'Okafor-Reyes' });

      // Nothing to change: the user as it is, and no audit row.
      const same = await api(admin).patch(`/users/${user.id}`, { firstName: 'Benjamin' });
      expect(same.status).toBe(200);
      expect((await auditOf(user.id)).filter((a) => a.action === 'user.updated')).toHaveLength(2);
    });

    it.each([
      ['an empty first name', 'firstName', { firstName: '' }, 'First name is required'],
      [
        'a long first name',
        'firstName',
        { firstName: 'x'.repeat(101) },
        'First name must be at most 100 characters',
      ],
      ['an empty last name', 'lastName', { lastName: '' }, 'Last name is required'],
      [
        'a long last name',
        'lastName',
        { lastName: 'y'.repeat(101) },
        'Last name must be at most 100 characters',
      ],
      ['an invalid email', 'email', { email: 'nope' }, 'Enter a valid email'],
      ['role reti', 'role', { role: 'reti' }, NO_RETI_USERS],
      ['an unknown role', 'role', { role: 'superuser' }, 'Role must be admin or user'],
      ['status pending', 'status', { status: 'pending' }, 'Status must be active or suspended'],
      ['an unknown status', 'status', { status: 'deleted' }, 'Status must be active or suspended'],
      ['a status that is no text', 'status', { status: true }, 'Status must be active or suspended'],
    ])(
      'refuses %s with 422 on PUT and PATCH, and changes nothing',
      async (_label, field, change, message) => {
        const user = await addUser();
        for (const method of ['put', 'patch'] as const) {
          const res = await api(admin)[method](`/users/${user.id}`, change);
          expect([method, res.status, res.body.fields?.[field]]).toEqual([method, 422, message]);
        }
        expect(await userById(user.id)).toMatchObject({
          first_name: 'Ben',
          email: user.email,
          role: 'user',
          status: 'pending',
        });
      },
    );
  });

  describe('the statuses', () => {
    afterEach(() => setApproval(false));

    it('an invited account that has not accepted cannot be approved', async () => {
      const user = await addUser();
      const res = await api(admin).patch(`/users/${user.id}`, { status: 'active' });
      expect([res.status, res.body.error]).toEqual([
        409,
        `Ben ${user.lastName} has not accepted the invitation yet, so the account cannot be approved. It can be approved once they have set a password.`,
      ]);
      expect((await userById(user.id))?.status).toBe('pending');
    });

    it('with approval of new users on, an accepted invitation waits for the administrator, who approves it', async () => {
      await setApproval(true);
      const user = await addUser();
      const told = await accept(user.email);
      expect(told).toContain(
        'Your password is set. An administrator of Demo Immigration Law must approve your account before you can log in.',
      );
      const row = await userById(user.id);
      expect(row?.status).toBe('pending');
      expect(row?.password_hash).not.toBe('!invited');
      const refused = await login(user.loginId);
      expect([refused.status, refused.body.error]).toEqual([401, LOGIN_FAILED]);
      expect((await api(admin).get(`/users?q=${user.loginId}`)).body.users[0].status).toBe('pending');

      const approved = await api(admin).patch(`/users/${user.id}`, { status: 'active' });
      expect([approved.status, approved.body.status]).toEqual([200, 'active']);
      const audit = (await auditOf(user.id)).find((a) => a.action === 'user.approved');
      expect(audit?.before).toMatchObject({ status: 'pending', firstName: 'Ben', lastName: user.lastName });
      expect(audit?.after).toMatchObject({ status: 'active', firstName: 'Ben', lastName: user.lastName });
      const ok = await login(user.loginId);
      expect([ok.status, ok.body.role_name]).toEqual([200, 'user']);
    });

    it('with approval on, POST /auth/register answers 202 and says the account waits', async () => {
      await setApproval(true);
      const user = await addUser();
      const token = (await linkFor(user.email)).split('/').pop();
      const res = await request(t.app).post('/api/auth/register').send({ token, password: PASSWORD });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        user_id: user.loginId,
        first_name: 'Ben',
        role_name: 'user',
        status: 'pending',
        message:
          'Your password is set. An administrator of Demo Immigration Law must approve your account before you can log in.',
      });
    });

    it('with approval off, accepting the invitation lets the user in at once', async () => {
      const user = await addUser();
      expect(await accept(user.email)).toContain('Your account is ready.');
      expect((await userById(user.id))?.status).toBe('active');
      expect((await login(user.loginId)).status).toBe(200);
    });

    it('Resend invitation replaces the link of a user who has not accepted, and only theirs', async () => {
      const user = await addUser();
      const first = await linkFor(user.email);
      const res = await api(admin).post(`/users/${user.id}/invitation`, {});
      expect([res.status, res.body.id, res.body.invitation]).toEqual([
        200,
        user.id,
        { delivery: 'logged', message: INVITATION_OUTCOMES.logged },
      ]);
      const second = await linkFor(user.email);
      expect(second).not.toBe(first);
      expect((await request(t.app).get(first)).status).toBe(404);
      expect((await request(t.app).get(second)).status).toBe(200);

      // The table offers it for that row, and the form works without JavaScript.
      const list = await admin.agent.get(`/admin/users?q=${user.lastName}`);
      expect(list.text).toContain(`action="/admin/users/${user.id}/invitation"`);
      const form = await admin.agent
        .post(`/admin/users/${user.id}/invitation`)
        .type('form')
        .send({ _csrf: admin.token, q: user.lastName });
      expect([form.status, form.headers.location]).toEqual([303, `/admin/users?q=${user.lastName}`]);
      expect(visibleText((await admin.agent.get(form.headers.location)).text)).toContain(
        `A new invitation was made for Ben ${user.lastName}; their earlier links no longer work. ${INVITATION_OUTCOMES.logged}`,
      );

      await accept(user.email);
      const accepted = await api(admin).post(`/users/${user.id}/invitation`, {});
      expect([accepted.status, accepted.body.error]).toEqual([
        409,
        `Ben ${user.lastName} has already accepted their invitation, so there is none to send again.`,
      ]);
      const other = await secondFirm(t);
      const stranger = await api(admin).post(`/users/${(await userRow(other.user)).id}/invitation`, {});
      expect([stranger.status, stranger.body.error]).toEqual([404, NOT_FOUND]);
    });

    it('rejecting removes the pending account and voids its invitation', async () => {
      const user = await addUser();
      const link = await linkFor(user.email);
      const res = await api(admin).delete(`/users/${user.id}`);
      expect(res.status).toBe(204);
      expect(await userById(user.id)).toBeUndefined();
      expect(
        await db().selectFrom('invitations').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual([]);
      const page = await request(t.app).get(link);
      expect([page.status, visibleText(page.text)]).toEqual([
        404,
        expect.stringContaining('This invitation link is not valid'),
      ]);
      const posted = await request(t.app)
        .post(link)
        .type('form')
        .send({ password: PASSWORD, confirm_password: PASSWORD });
      expect(posted.status).toBe(404);
      const audit = await auditOf(user.id);
      expect(audit.at(-1)).toMatchObject({
        action: 'user.rejected',
        firm_id: firmId,
        actor_user_id: adminId,
        after: null,
      });
      expect(audit.at(-1)?.before).toMatchObject({
        firstName: 'Ben',
        lastName: user.lastName,
        status: 'pending',
      });
      expect((await api(admin).get(`/users/${user.id}`)).status).toBe(404);
    });

    it('suspending ends every session of the user at once and refuses sign-in; reactivating lets them in again', async () => {
      const user = await activeUser();
      const first = await signIn(t.app, user.loginId, PASSWORD);
      const second = await signIn(t.app, user.loginId, PASSWORD);
      expect((await api(first).get('/users')).status).toBe(200);
      expect(await sessionsOf(user.id)).toBe(2);

      const res = await api(admin).patch(`/users/${user.id}`, { status: 'suspended' });
      expect([res.status, res.body.status]).toEqual([200, 'suspended']);
      expect(await sessionsOf(user.id)).toBe(0);
      for (const agent of [first, second]) {
        const next = await api(agent).get('/users');
        expect([next.status, next.body.error]).toEqual([401, 'Sign in first.']);
      }
      const refused = await login(user.loginId);
      expect([refused.status, refused.body.error]).toEqual([401, LOGIN_FAILED]);
      expect(
        (await api(admin).get('/users?status=suspended')).body.users.map((u: { id: string }) => u.id),
      ).toContain(user.id);

      const back = await api(admin).patch(`/users/${user.id}`, { status: 'active' });
      expect([back.status, back.body.status]).toEqual([200, 'active']);
      expect((await login(user.loginId)).status).toBe(200);
      const actions = (await auditOf(user.id)).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['user.suspended', 'user.reactivated']));
      const suspended = (await auditOf(user.id)).find((a) => a.action === 'user.suspended');
      expect(suspended?.before).toMatchObject({
        status: 'active',
        firstName: 'Ben',
        lastName: user.lastName,
      });
      expect(suspended?.after).toMatchObject({
        status: 'suspended',
        firstName: 'Ben',
        lastName: user.lastName,
      });
    });

    it('a pending account is approved or rejected, not suspended', async () => {
      const user = await addUser();
      const res = await api(admin).patch(`/users/${user.id}`, { status: 'suspended' });
      expect([res.status, res.body.error]).toEqual([
        409,
        `Ben ${user.lastName} is pending: approve or reject the account instead.`,
      ]);
    });

    it('a role change ends the sessions, so the new role takes effect', async () => {
      const user = await activeUser();
      const session = await signIn(t.app, user.loginId, PASSWORD);
      expect((await api(admin).patch(`/users/${user.id}`, { role: 'admin' })).status).toBe(200);
      expect((await api(session).get('/users')).status).toBe(401);
      const again = await login(user.loginId);
      expect(again.body.role_name).toBe('admin');
    });

    it('removing an active user ends their sessions', async () => {
      const user = await activeUser();
      const session = await signIn(t.app, user.loginId, PASSWORD);
      expect((await api(admin).delete(`/users/${user.id}`)).status).toBe(204);
      expect((await api(session).get('/users')).status).toBe(401);
      expect(await sessionsOf(user.id)).toBe(0);
      expect((await auditOf(user.id)).at(-1)).toMatchObject({ action: 'user.removed', firm_id: firmId });
    });
  });

  describe('the last administrator and oneself', () => {
    it('an administrator cannot suspend, demote or remove themselves', async () => {
      const cases: Array<[request.Response, string]> = [
        [
          await api(admin).patch(`/users/${adminId}`, { status: 'suspended' }),
          'You cannot suspend your own account.',
        ],
        [await api(admin).put(`/users/${adminId}`, { role: 'user' }), 'You cannot change your own role.'],
        [await api(admin).delete(`/users/${adminId}`), 'You cannot remove your own account.'],
      ];
      for (const [res, message] of cases) expect([res.status, res.body.error]).toEqual([409, message]);
      expect(await userRow('admin')).toMatchObject({ role: 'admin', status: 'active' });
      // Their own name is theirs to change.
      const named = await api(admin).patch(`/users/${adminId}`, { firstName: 'Alex' });
      expect(named.status).toBe(200);
    });

    it("the firm's last active administrator cannot be suspended, demoted or removed", async () => {
      // Whoever acts (here an actor that is no active administrator of the firm), the rule holds.
      const service = createUserAdminService({
        db: db(),
        endSessions: async () => {},
        invite: async () => ({ user: { id: '' }, invitation: { delivery: 'sent', message: '' } }),
        reinvite: async () => ({ delivery: 'sent', message: '' }),
        approveRequest: async () => ({ delivery: 'sent', message: '' }),
      });
      const outsider: SessionUser = {
        id: crypto.randomUUID(),
        loginId: 'x',
        firstName: 'X',
        role: 'admin',
        firmId,
      };
      const others = await db()
        .selectFrom('users')
        .select('id')
        .where('firm_id', '=', firmId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .where('id', '!=', adminId)
        .execute();
      // Only the demo administrator stays an active administrator for this test.
      await db()
        .updateTable('users')
        .set({ role: 'user' })
        .where('id', 'in', others.length ? others.map((o) => o.id) : ['00000000-0000-0000-0000-000000000000'])
        .execute();
      const last = "Alex Morgan is the firm's last active administrator";
      await expect(service.update(outsider, adminId, { status: 'suspended' })).rejects.toMatchObject({
        status: 409,
        message: `${last}, so they cannot be suspended.`,
      });
      await expect(service.update(outsider, adminId, { role: 'user' })).rejects.toMatchObject({
        status: 409,
        message: `${last}, so their role cannot be changed.`,
      });
      await expect(service.remove(outsider, adminId)).rejects.toMatchObject({
        status: 409,
        message: `${last}, so they cannot be removed.`,
      });
      expect(await userRow('admin')).toMatchObject({ role: 'admin', status: 'active' });

      // With a second active administrator, one may suspend the other.
      const second = await activeUser({ role: 'admin' });
      const bySecond = await signIn(t.app, second.loginId, PASSWORD);
      // Both at once: whichever runs second finds the other already suspended and is refused.
      const [a, b] = await Promise.all([
        api(admin).patch(`/users/${second.id}`, { status: 'suspended' }),
        api(bySecond).patch(`/users/${adminId}`, { status: 'suspended' }),
      ]);
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      const active = await db()
        .selectFrom('users')
        .select('id')
        .where('firm_id', '=', firmId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .execute();
      expect(active).toHaveLength(1);
      // Back to the demo firm as seeded, for the tests that follow.
      await db()
        .updateTable('users')
        .set({ status: 'active' })
        .where('id', 'in', [adminId, second.id])
        .execute();
      if (a.status !== 200) admin = await signIn(t.app, 'admin');
    });
  });

  describe('tenant isolation', () => {
    it("another firm's user answers 404 on every route, and no list shows them", async () => {
      const other = await secondFirm(t);
      const otherUser = await userRow(other.user);
      const before = await userById(otherUser.id);
      const id = otherUser.id;
      const responses = [
        await api(admin).get(`/users/${id}`),
        await api(admin).put(`/users/${id}`, { firstName: 'Mallory' }),
        await api(admin).patch(`/users/${id}`, { status: 'suspended' }),
        await api(admin).delete(`/users/${id}`),
      ];
      for (const res of responses) expect([res.status, res.body.error]).toEqual([404, NOT_FOUND]);
      for (const unknown of [crypto.randomUUID(), 'not-an-id']) {
        const res = await api(admin).patch(`/users/${unknown}`, { status: 'active' });
        expect([res.status, res.body.error]).toEqual([404, NOT_FOUND]);
      }
      const pages = [
        await admin.agent.get(`/admin/users/${id}/edit`),
        await admin.agent.get(`/admin/users/${id}/delete`),
        await admin.agent.post(`/admin/users/${id}/edit`).type('form').send({
          _csrf: admin.token,
          firstName: 'Mallory',
          lastName: 'M',
          email: 'm@m.example',
          role: 'user',
        }),
        await admin.agent
          .post(`/admin/users/${id}/status`)
          .type('form')
          .send({ _csrf: admin.token, status: 'suspended' }),
        await admin.agent.post(`/admin/users/${id}/delete`).type('form').send({ _csrf: admin.token }),
      ];
      for (const page of pages)
        expect([page.status, visibleText(page.text)]).toEqual([404, expect.stringContaining(NOT_FOUND)]);
      expect(await userById(id)).toEqual(before);
      const list = await api(admin).get(`/users?q=${other.user}&pageSize=200`);
      expect(list.body.users).toEqual([]);
      const all = await api(admin).get('/users?pageSize=200');
      expect(all.body.users.map((u: { id: string }) => u.id)).not.toContain(id);
      expect(visibleText((await admin.agent.get(`/admin/users?q=${other.user}`)).text)).not.toContain(
        other.user,
      );
    });
  });

  describe('the pages, without JavaScript', () => {
    it('/admin/users shows the statistics, the search, the table with its buttons and the add-user form', async () => {
      const pending = await addUser({ lastName: 'Pending-Person' });
      const res = await admin.agent.get('/admin/users');
      expect(res.status).toBe(200);
      const text = visibleText(res.text);
      const counts = (await api(admin).get('/users')).body.counts;
      expect(text).toContain(
        `Total Users ${counts.total} Active Users ${counts.active} Pending Users ${counts.pending} Suspended Users ${counts.suspended}`,
      );
      expect(text).toContain('Users Name Email Role Status Last Login Actions');
      // The administrator's own row (the demo firm has 42 users: found by search): Suspend is shown off,
      // with why; last login in US format, New York time.
      const me = await userRow('admin');
      const mine = await admin.agent.get('/admin/users?q=morgan');
      expect(visibleText(mine.text)).toContain(`Alex Morgan admin ${me.email} Admin Active`);
      expect(visibleText(mine.text)).toContain(formatDateTime(me.last_login_at!, 'America/New_York'));
      expect(visibleText(mine.text)).toContain('You cannot suspend your own account.');
      expect(mine.text).toMatch(/aria-disabled="true" aria-label="Suspend Alex Morgan"/);
      // A pending row offers Approve (off until accepted, with why) and Reject.
      const found = await admin.agent.get('/admin/users?q=pending-person&role=user&status=pending');
      const row = visibleText(found.text);
      expect(row).toContain('Users matching the search');
      expect(row).toContain(
        `Ben Pending-Person ${pending.loginId} ${pending.email} User Pending Invitation sent Never`,
      );
      expect(row).toContain(`Ben Pending-Person has not accepted the invitation yet`);
      expect(found.text).toContain(`href="/admin/users/${pending.id}/delete"`);
      expect(found.text).toContain(`href="/admin/users/${pending.id}/edit"`);
      expect(found.text).toMatch(/<input id="users-q"[^>]*type="search"[^>]*value="pending-person"/);
      expect(row).toContain('Showing 1–1 of 1 users');
      for (const label of ['Search', 'Role', 'Status', 'First Name', 'Last Name', 'Email'])
        expect(res.text).toMatch(new RegExp(`<label for="[^"]+">${label}`));
      expect(text).toContain('All roles Admin User Reti');
    });

    it('adds a user, suspends and reactivates them, with a flash message each time', async () => {
      const email = `nadia.${crypto.randomBytes(2).toString('hex')}@demo-firm.example`;
      const added = await admin.agent
        .post('/admin/users')
        .type('form')
        .send({ _csrf: admin.token, firstName: 'Nadia', lastName: 'Haddad', email, role: 'user' });
      expect([added.status, added.headers.location]).toEqual([303, '/admin/users']);
      const row = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(visibleText((await admin.agent.get('/admin/users')).text)).toContain(
        `Nadia Haddad was added with the user ID ${row.login_id}. ${INVITATION_OUTCOMES.logged}`,
      );
      await accept(email);

      const suspend = await admin.agent
        .post(`/admin/users/${row.id}/status`)
        .type('form')
        .send({ _csrf: admin.token, status: 'suspended', q: 'Haddad', role: 'user' });
      expect([suspend.status, suspend.headers.location]).toEqual([303, '/admin/users?q=Haddad&role=user']);
      const after = visibleText((await admin.agent.get(suspend.headers.location)).text);
      expect(after).toContain('Nadia Haddad was suspended and signed out everywhere.');
      expect(after).toContain('Users matching the search');
      expect((await userById(row.id))?.status).toBe('suspended');

      const back = await admin.agent
        .post(`/admin/users/${row.id}/status`)
        .type('form')
        .send({ _csrf: admin.token, status: 'active' });
      expect([back.status, back.headers.location]).toEqual([303, '/admin/users']);
      expect(visibleText((await admin.agent.get('/admin/users')).text)).toContain(
        'Nadia Haddad was reactivated and can log in again.',
      );
      expect((await userById(row.id))?.status).toBe('active');
    });

    it('a refused add comes back with 422, the values kept and the messages beside the fields', async () => {
      const res = await admin.agent
        .post('/admin/users')
        .type('form')
        .send({ _csrf: admin.token, firstName: 'Nadia', lastName: '', email: 'nadia@', role: 'reti' });
      expect(res.status).toBe(422);
      const text = visibleText(res.text);
      expect(text).toContain('Last name is required');
      expect(text).toContain('Enter a valid email');
      expect(text).toContain(NO_RETI_USERS);
      expect(res.text).toContain('value="Nadia"');
      expect(res.text).toContain('value="nadia@"');
    });

    it('a refused status change says why on the list (409)', async () => {
      const res = await admin.agent
        .post(`/admin/users/${adminId}/status`)
        .type('form')
        .send({ _csrf: admin.token, status: 'suspended' });
      expect([res.status, visibleText(res.text)]).toEqual([
        409,
        expect.stringContaining('You cannot suspend your own account.'),
      ]);
      const bad = await admin.agent
        .post(`/admin/users/${adminId}/status`)
        .type('form')
        .send({ _csrf: admin.token, status: 'pending' });
      expect([bad.status, visibleText(bad.text)]).toEqual([
        422,
        expect.stringContaining('Status must be active or suspended'),
      ]);
    });

    it('edits a user on the edit page; a refused edit keeps the values', async () => {
      const user = await addUser();
      const page = await admin.agent.get(`/admin/users/${user.id}/edit`);
      expect(page.status).toBe(200);
      expect(visibleText(page.text)).toContain(`Edit Ben ${user.lastName}`);
      expect(page.text).toContain(`value="${user.email}"`);

      const refused = await admin.agent
        .post(`/admin/users/${user.id}/edit`)
        .type('form')
        .send({ _csrf: admin.token, firstName: '', lastName: 'Okafor', email: 'x', role: 'user' });
      expect(refused.status).toBe(422);
      expect(visibleText(refused.text)).toContain('First name is required');
      expect(visibleText(refused.text)).toContain('Enter a valid email');
      expect(refused.text).toContain('value="x"');

      const saved = await admin.agent.post(`/admin/users/${user.id}/edit`).type('form').send({
        _csrf: admin.token,
        firstName: 'Bennett',
        lastName: 'Okafor',
        email: 'bennett@demo-firm.example',
        role: 'admin',
      });
      expect([saved.status, saved.headers.location]).toEqual([303, '/admin/users']);
      expect(visibleText((await admin.agent.get('/admin/users')).text)).toContain(
        'Bennett Okafor was updated.',
      );
      expect(await userById(user.id)).toMatchObject({
        first_name: 'Bennett',
        email: 'bennett@demo-firm.example',
        role: 'admin',
      });

      // One's own role is shown off with why, and is not posted: the rest still saves.
      const mine = await admin.agent.get(`/admin/users/${adminId}/edit`);
      expect(visibleText(mine.text)).toContain('You cannot change your own role.');
      expect(mine.text).toMatch(/<select[^>]*id="edit-role"[^>]*disabled/);
      const own = await admin.agent
        .post(`/admin/users/${adminId}/edit`)
        .type('form')
        .send({
          _csrf: admin.token,
          firstName: 'Alex',
          lastName: 'Morgan',
          email: (await userRow('admin')).email,
        });
      expect(own.status).toBe(303);
    });

    it('rejecting asks first, then removes the account', async () => {
      const user = await addUser();
      const confirm = await admin.agent.get(`/admin/users/${user.id}/delete`);
      expect(confirm.status).toBe(200);
      expect(visibleText(confirm.text)).toContain(`Are you sure you want to reject Ben ${user.lastName}`);
      const done = await admin.agent
        .post(`/admin/users/${user.id}/delete`)
        .type('form')
        .send({ _csrf: admin.token });
      expect([done.status, done.headers.location]).toEqual([303, '/admin/users']);
      expect(visibleText((await admin.agent.get('/admin/users')).text)).toContain(
        `Ben ${user.lastName} was rejected: the account is removed and its invitation no longer works.`,
      );
      expect(await userById(user.id)).toBeUndefined();

      const mine = await admin.agent.get(`/admin/users/${adminId}/delete`);
      expect(visibleText(mine.text)).toContain('You cannot remove your own account.');
      expect(mine.text).toMatch(/<button type="submit" class="btn btn-danger" disabled/);
      const forced = await admin.agent
        .post(`/admin/users/${adminId}/delete`)
        .type('form')
        .send({ _csrf: admin.token });
      expect([forced.status, visibleText(forced.text)]).toEqual([
        409,
        expect.stringContaining('You cannot remove your own account.'),
      ]);
    });

    it('a firm user gets the wrong-area page; a bad filter or a page past the end is said so', async () => {
      const attorney = await signIn(t.app, 'attorney');
      const wrong = await attorney.agent.get('/admin/users');
      expect([wrong.status, visibleText(wrong.text)]).toEqual([
        403,
        expect.stringContaining('This page is for firm administrators.'),
      ]);
      const bad = await admin.agent.get('/admin/users?role=owner');
      expect([bad.status, visibleText(bad.text)]).toEqual([
        422,
        expect.stringContaining('role must be admin, user or reti'),
      ]);
      const past = await admin.agent.get('/admin/users?page=999');
      expect([past.status, visibleText(past.text)]).toEqual([
        404,
        expect.stringContaining('The users table has no page 999.'),
      ]);
    });
  });
});
