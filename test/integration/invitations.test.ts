import crypto from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { formatDateTime } from '../../src/shared/dates';
import type { Firm } from '../../src/shared/firms';
import { BACKENDS, DEMO_PASSWORD, startTestApp, type TestApp, visibleText, csrfFrom } from '../helpers/app';
import { inviteLink, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const SENT = 'Invitation email sent successfully!';
const ADDED = 'Firm added successfully! You can now send an invitation.';
const READY = 'Your account is ready. Log in with your new user ID and password.';
const WEAK = 'Password must be at least 12 characters and include a symbol and a number';
const NOT_VALID = 'This invitation link is not valid';
const USED = 'This invitation has already been used';
const EXPIRED = 'This invitation has expired';
const PASSWORD = 'Harbor-Lights-2031!';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const pathOf = (link: string) => new URL(link).pathname;

type Agent = { agent: ReturnType<typeof request.agent>; token: string };

describe.each(BACKENDS)('invitations on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let staff: Agent;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ backend, env: { SMTP_URL: smtp.url } });
    staff = await signIn('reti');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function signIn(loginId: string, password = DEMO_PASSWORD): Promise<Agent> {
    const agent = request.agent(t.app);
    const res = await agent.post('/login').type('form').send({ user_id: loginId, password });
    expect(res.status).toBe(303);
    return { agent, token: csrfFrom((await agent.get(res.headers.location)).text) };
  }

  let sequence = 0;
  const firmInput = () => {
    const n = ++sequence;
    return {
      name: `Harbor Law ${n}`,
      contactPerson: 'Dana Lee Whitfield',
      contactRole: 'Managing Partner',
      email: `dana${n}.${crypto.randomBytes(3).toString('hex')}@harbor.example`,
      phone: '+1 (555) 010-3000',
      industry: 'legal',
      address: '1 Pier Road, Boston, MA',
    };
  };

  const db = () => t.database.db;
  const userCount = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db())).rows[0].n);
  const firmRow = (id: string) =>
    db().selectFrom('firms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const invitationsOf = (firmId: string) =>
    db().selectFrom('invitations').selectAll().where('firm_id', '=', firmId).orderBy('created_at').execute();
  const emailsTo = (address: string) => smtp.received.filter((e) => e.to.includes(address));

  async function newFirm(): Promise<Firm> {
    const res = await staff.agent.post('/api/firms').set('X-CSRF-Token', staff.token).send(firmInput());
    expect(res.status).toBe(201);
    return res.body;
  }

  const invite = (as: Agent, firmId: string) =>
    as.agent.post(`/api/firms/${firmId}/invitations`).set('X-CSRF-Token', as.token).send({});

  /** A new firm, invited: the link from the email that arrived. */
  async function invitedFirm(): Promise<{ firm: Firm; link: string; path: string }> {
    const firm = await newFirm();
    expect((await invite(staff, firm.id)).status).toBe(201);
    const link = inviteLink(emailsTo(firm.email).at(-1)!.text);
    return { firm, link, path: pathOf(link) };
  }

  const accept = (path: string, fields: Record<string, string>, agent = request(t.app)) =>
    agent.post(path).type('form').send(fields);

  it("emails the firm's contact a one-time link and stores only the token's hash", async () => {
    const firm = await newFirm();
    const res = await invite(staff, firm.id);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SENT, delivery: 'sent' });

    const [email] = emailsTo(firm.email);
    expect(emailsTo(firm.email)).toHaveLength(1);
    expect(email.from).toBe('no-reply@reti-immigration.example');
    expect(email.subject).toBe('Your invitation to Reti Immigration');
    expect(email.text).toContain('Hello Dana Lee Whitfield,');
    expect(email.text).toContain(`${firm.name} has been added to Reti Immigration`);
    const link = inviteLink(email.text);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1\/invite\/[A-Za-z0-9_-]{43}$/);

    const token = link.split('/').pop()!;
    const [invitation] = await invitationsOf(firm.id);
    expect(invitation).toMatchObject({
      token_hash: sha256(token),
      email: firm.email,
      user_id: null,
      used_at: null,
    });
    const days = (invitation.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // When it expires, as US readers write it, in the platform's time zone (America/New_York by default).
    expect(email.text).toContain(
      `The link works once and expires in 7 days (${formatDateTime(invitation.expires_at, 'America/New_York')}).`,
    );
    expect(email.text).toMatch(/expires in 7 days \(\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M E[SD]T\)\./);
    expect(JSON.stringify(await db().selectFrom('invitations').selectAll().execute())).not.toContain(token);

    const [outbox] = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', firm.email)
      .execute();
    expect(outbox).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', invitation.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['invitation.sent']);
  });

  it('the invitation page names the firm; a weak password, a mismatch or a taken user ID come back with the message', async () => {
    const { firm, path } = await invitedFirm();
    const page = await request(t.app).get(path);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const text = visibleText(page.text);
    expect(text).toContain(`Join ${firm.name}`);
    expect(text).toContain(`administrator of ${firm.name}`);
    expect(text).toContain(WEAK);
    const users = await userCount();

    const cases: Array<[Record<string, string>, number, string]> = [
      [{ user_id: 'dana.w', password: 'short1!', confirm_password: 'short1!' }, 422, WEAK],
      [{ user_id: 'dana.w', password: 'onlyletterslong!', confirm_password: 'onlyletterslong!' }, 422, WEAK],
      [
        { user_id: 'dana.w', password: PASSWORD, confirm_password: `${PASSWORD}x` },
        422,
        'The passwords do not match',
      ],
      [{ user_id: '', password: PASSWORD, confirm_password: PASSWORD }, 422, 'User ID is required'],
      [
        { user_id: 'dana w', password: PASSWORD, confirm_password: PASSWORD },
        422,
        'User ID must be 2-100 letters',
      ],
      [
        { user_id: 'ADMIN', password: PASSWORD, confirm_password: PASSWORD },
        409,
        'User ID ADMIN is taken. Choose another one.',
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await accept(path, fields);
      expect([res.status, visibleText(res.text)]).toEqual([status, expect.stringContaining(message)]);
      expect(res.text).toContain(`value="${fields.user_id}"`);
    }
    expect(await userCount()).toBe(users);
    expect((await firmRow(firm.id)).status).toBe('pending');
    expect((await invitationsOf(firm.id))[0].used_at).toBeNull();
  });

  it('accepting creates the firm administrator, activates the firm, spends the link, and they can log in', async () => {
    const { firm, path } = await invitedFirm();
    const visitor = request.agent(t.app);
    const res = await accept(
      path,
      { user_id: 'dana.whitfield', password: PASSWORD, confirm_password: PASSWORD },
      visitor,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(visibleText((await visitor.get('/login')).text)).toContain(READY);

    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('login_id', '=', 'dana.whitfield')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      firm_id: firm.id,
      role: 'admin',
      status: 'active',
      first_name: 'Dana',
      last_name: 'Lee Whitfield',
      email: firm.email,
    });
    expect((await firmRow(firm.id)).status).toBe('active');
    const [invitation] = await invitationsOf(firm.id);
    expect(invitation.used_at).not.toBeNull();
    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('actor_user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'user.created', entity_id: user.id },
        { action: 'firm.updated', entity_id: firm.id },
        { action: 'invitation.accepted', entity_id: invitation.id },
      ]),
    );

    // A new firm requires two-factor sign-in of its administrators: the first sign-in sets it up.
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'dana.whitfield', password: PASSWORD });
    expect([login.status, login.body]).toEqual([200, { mfa: 'enroll' }]);

    const again = await request(t.app).get(path);
    expect([again.status, visibleText(again.text)]).toEqual([410, expect.stringContaining(USED)]);
    const refused = await invite(staff, firm.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `${firm.name} is already active: it has its administrator, so it needs no invitation.`,
    );
  });

  it('of two links sent to one firm, the first accepted spends the other', async () => {
    const { firm, path: first } = await invitedFirm();
    expect((await invite(staff, firm.id)).status).toBe(201);
    const second = pathOf(inviteLink(emailsTo(firm.email).at(-1)!.text));
    expect(second).not.toBe(first);
    expect(
      (await accept(second, { user_id: `admin.${sequence}`, password: PASSWORD, confirm_password: PASSWORD }))
        .status,
    ).toBe(303);
    const users = await userCount();
    const res = await accept(first, {
      user_id: `other.${sequence}`,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect([res.status, visibleText(res.text)]).toEqual([410, expect.stringContaining(USED)]);
    expect(await userCount()).toBe(users);
  });

  describe('links that cannot be used get a clear page and create no user', () => {
    const fields = { user_id: 'mallory', password: PASSWORD, confirm_password: PASSWORD };
    const changeOne = (token: string) =>
      `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;

    it.each([
      [
        'a changed character',
        (path: string) => `/invite/${changeOne(path.split('/').pop()!)}`,
        404,
        NOT_VALID,
      ],
      ['an unknown token', () => `/invite/${crypto.randomBytes(32).toString('base64url')}`, 404, NOT_VALID],
      ['a malformed token', () => '/invite/abc%20def', 404, NOT_VALID],
      ['an overlong token', (path: string) => `${path}${'A'.repeat(500)}`, 404, NOT_VALID],
    ])('%s', async (_name, tamper, status, title) => {
      const { firm, path } = await invitedFirm();
      const users = await userCount();
      const shown = await request(t.app).get(tamper(path));
      expect([shown.status, visibleText(shown.text)]).toEqual([status, expect.stringContaining(title)]);
      expect(visibleText(shown.text)).toContain('Open it again from the invitation email');
      const posted = await accept(tamper(path), fields);
      expect([posted.status, visibleText(posted.text)]).toEqual([status, expect.stringContaining(title)]);
      expect(await userCount()).toBe(users);
      expect((await firmRow(firm.id)).status).toBe('pending');
    });

    it('an expired link', async () => {
      const { firm, path } = await invitedFirm();
      await db()
        .updateTable('invitations')
        .set({ expires_at: new Date(Date.now() - 60_000) })
        .where('firm_id', '=', firm.id)
        .execute();
      const users = await userCount();
      const shown = await request(t.app).get(path);
      expect([shown.status, visibleText(shown.text)]).toEqual([410, expect.stringContaining(EXPIRED)]);
      expect(visibleText(shown.text)).toContain('Ask the person who invited you to send a new one.');
      const posted = await accept(path, fields);
      expect([posted.status, visibleText(posted.text)]).toEqual([410, expect.stringContaining(EXPIRED)]);
      expect(await userCount()).toBe(users);
    });

    it('a link used twice', async () => {
      const { path } = await invitedFirm();
      expect((await accept(path, { ...fields, user_id: `first.${sequence}` })).status).toBe(303);
      const users = await userCount();
      const posted = await accept(path, { ...fields, user_id: `second.${sequence}` });
      expect([posted.status, visibleText(posted.text)]).toEqual([410, expect.stringContaining(USED)]);
      expect(await userCount()).toBe(users);
    });
  });

  describe('POST /api/auth/register', () => {
    it('accepts an invitation as JSON', async () => {
      const { path } = await invitedFirm();
      const res = await request(t.app)
        .post('/api/auth/register')
        .send({ token: path.split('/').pop(), user_id: `json.${sequence}`, password: PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ user_id: `json.${sequence}`, first_name: 'Dana', role_name: 'admin' });
    });

    it.each([
      ['no body', () => undefined, 422, { token: 'token is required', password: 'Password is required' }],
      [
        'no password',
        (token: string) => ({ token, user_id: 'x.y' }),
        422,
        { password: 'Password is required' },
      ],
      [
        'a weak password',
        (token: string) => ({ token, user_id: 'x.y', password: 'weak' }),
        422,
        { password: WEAK },
      ],
      [
        'a password that is not text',
        (token: string) => ({ token, user_id: 'x.y', password: 12 }),
        422,
        { password: 'Password is required' },
      ],
      [
        'a bad user ID',
        (token: string) => ({ token, user_id: 'a b', password: PASSWORD }),
        422,
        { user_id: expect.stringMatching(/^User ID must be/) },
      ],
      [
        'no user ID',
        (token: string) => ({ token, password: PASSWORD }),
        422,
        { user_id: 'User ID is required' },
      ],
      [
        'a taken user ID',
        (token: string) => ({ token, user_id: 'reti', password: PASSWORD }),
        409,
        { user_id: 'User ID reti is taken. Choose another one.' },
      ],
    ])('refuses %s', async (_name, body, status, fields) => {
      const { path } = await invitedFirm();
      const users = await userCount();
      const res = await request(t.app)
        .post('/api/auth/register')
        .send(body(path.split('/').pop()!));
      expect(res.status).toBe(status);
      expect(res.body.fields).toEqual(fields);
      expect(await userCount()).toBe(users);
    });

    it.each([
      ['an unknown token', crypto.randomBytes(32).toString('base64url'), 404, NOT_VALID],
      ['a malformed token', 'not-a-token', 404, NOT_VALID],
    ])('answers %s with %i', async (_name, token, status, message) => {
      const res = await request(t.app)
        .post('/api/auth/register')
        .send({ token, user_id: 'x.y', password: PASSWORD });
      expect(res.status).toBe(status);
      expect(res.body.error).toContain(message);
    });
  });

  describe('who may invite', () => {
    it.each([
      ['admin', 403, 'Your role (admin) does not have write permission for Send Invitation.'],
      ['attorney', 403, 'Your role (user) does not have write permission for Send Invitation.'],
    ])('%s cannot send invitations (%i)', async (loginId, status, message) => {
      const firm = await newFirm();
      const res = await invite(await signIn(loginId), firm.id);
      expect([res.status, res.body.error]).toEqual([status, message]);
      expect(await invitationsOf(firm.id)).toEqual([]);
      expect(emailsTo(firm.email)).toEqual([]);
    });

    it('an anonymous caller is asked to sign in, and the staff page form is closed to other roles', async () => {
      const firm = await newFirm();
      const anonymous = await request(t.app).post(`/api/firms/${firm.id}/invitations`).send({});
      expect([anonymous.status, anonymous.body.error]).toEqual([401, 'Sign in first.']);
      const admin = await signIn('admin');
      const form = await admin.agent
        .post(`/reti/firms/${firm.id}/invitations`)
        .type('form')
        .send({ _csrf: admin.token });
      expect(form.status).toBe(403);
      expect(form.text).toContain('This page is for Reti platform staff.');
      expect(await invitationsOf(firm.id)).toEqual([]);
    });

    it('the page form obeys the permission matrix as the API does', async () => {
      const firm = await newFirm();
      const entry = (await staff.agent.get('/api/permissions').expect(200)).body.find(
        (e: { name: string }) => e.name === 'Send Invitation',
      );
      const save = (reti: boolean) =>
        staff.agent
          .put(`/api/permissions/${entry.id}`)
          .set('X-CSRF-Token', staff.token)
          .send({
            permissions: (['user', 'admin', 'reti'] as const).map((roleId) => ({
              roleId,
              canRead: false,
              canWrite: roleId === 'reti' && reti,
              canDelete: false,
            })),
          })
          .expect(200);
      await save(false);
      try {
        const form = await staff.agent
          .post(`/reti/firms/${firm.id}/invitations`)
          .type('form')
          .send({ _csrf: staff.token });
        expect(form.status).toBe(403);
        expect(visibleText(form.text)).toContain(
          'Your role (reti) does not have write permission for Send Invitation.',
        );
        expect((await invite(staff, firm.id)).status).toBe(403);
        expect(await invitationsOf(firm.id)).toEqual([]);
      } finally {
        await save(true);
      }
    });
  });

  describe('the onboarding page without JavaScript', () => {
    const firmsNamed = (name: string) =>
      db().selectFrom('firms').selectAll().where('name', '=', name).execute();

    it('adds a firm (303 with the flash), then sends its invitation from the page', async () => {
      const input = firmInput();
      const added = await staff.agent
        .post('/reti/firm-onboard')
        .type('form')
        .send({ ...input, _csrf: staff.token });
      expect(added.status).toBe(303);
      const [firm] = await firmsNamed(input.name);
      expect(firm).toMatchObject({
        status: 'pending',
        contact_person: input.contactPerson,
        industry: 'legal',
      });
      expect(added.headers.location).toBe(`/reti/firm-onboard?firm=${firm.id}`);

      const page = await staff.agent.get(added.headers.location);
      expect(visibleText(page.text)).toContain(ADDED);
      expect(visibleText(page.text)).toContain(
        `Invite ${input.contactPerson} (${input.email}) to become the administrator of ${input.name}.`,
      );
      expect(page.text).toContain(`action="/reti/firms/${firm.id}/invitations"`);

      const sent = await staff.agent
        .post(`/reti/firms/${firm.id}/invitations`)
        .type('form')
        .send({ _csrf: staff.token });
      expect([sent.status, sent.headers.location]).toEqual([303, `/reti/firm-onboard?firm=${firm.id}`]);
      expect(visibleText((await staff.agent.get(sent.headers.location)).text)).toContain(SENT);
      expect(inviteLink(emailsTo(input.email)[0].text)).toMatch(/\/invite\//);
    });

    it('without a firm added, Send Invitation is disabled', async () => {
      const page = await staff.agent.get('/reti/firm-onboard');
      expect(page.status).toBe(200);
      expect(page.text).toMatch(
        /<button type="submit" class="btn btn-primary" disabled="">Send Invitation<\/button>/,
      );
    });

    it.each([
      ['a missing firm name', { name: '' }, 'Firm name is required'],
      ['a missing contact person', { contactPerson: '  ' }, 'Contact person is required'],
      ['a missing contact role', { contactRole: '' }, 'Contact role is required'],
      ['a missing email', { email: '' }, 'Email is required'],
      ['a missing phone', { phone: '' }, 'Phone is required'],
      ['an overlong firm name', { name: 'N'.repeat(201) }, 'Firm name must be at most 200 characters'],
      ['an overlong address', { address: 'A'.repeat(501) }, 'Address must be at most 500 characters'],
      ['a malformed email', { email: 'dana@harbor' }, 'Enter a valid email'],
      ['a malformed phone', { phone: '12-34' }, 'Enter a valid phone number'],
      ['an unknown industry', { industry: 'farming' }, 'Industry must be one of legal, financial'],
    ])(
      'refuses %s (422, nothing stored), on the page and through the API',
      async (_name, change, message) => {
        const input = { ...firmInput(), ...change };
        const before = Number(
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM firms`.execute(db())).rows[0].n,
        );
        const page = await staff.agent
          .post('/reti/firm-onboard')
          .type('form')
          .send({ ...input, _csrf: staff.token });
        expect(page.status).toBe(422);
        expect(visibleText(page.text)).toContain(message);
        expect(page.text).toContain(`value="${input.contactRole}"`);
        const api = await staff.agent.post('/api/firms').set('X-CSRF-Token', staff.token).send(input);
        expect(api.status).toBe(422);
        expect(Object.values(api.body.fields)).toEqual([expect.stringContaining(message)]);
        const after = Number(
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM firms`.execute(db())).rows[0].n,
        );
        expect(after).toBe(before);
      },
    );
  });

  it("a firm's new user gets an invitation and only chooses a password", async () => {
    const admin = await signIn('admin');
    const firmId = (await admin.agent.get('/api/firms').expect(200)).body.firms[0].id;
    const email = `kim.${sequence}@demo-immigration-law.example`;
    const created = await admin.agent
      .post(`/api/firms/${firmId}/users`)
      .set('X-CSRF-Token', admin.token)
      .send({ userId: `kim.park${sequence}`, firstName: 'Kim', lastName: 'Park', email, role: 'user' });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');

    const [mail] = emailsTo(email);
    expect(mail.text).toContain(`Hello Kim,`);
    expect(mail.text).toContain(`with the user ID kim.park${sequence}`);
    const path = pathOf(inviteLink(mail.text));
    const invitation = await db()
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(invitation.user_id).toBe(created.body.id);

    const page = await request(t.app).get(path);
    expect(visibleText(page.text)).toContain(`with the user ID kim.park${sequence}. Choose the password`);
    expect(page.text.split('<main')[1]).not.toContain('name="user_id"');
    const accepted = await accept(path, { password: PASSWORD, confirm_password: PASSWORD });
    expect([accepted.status, accepted.headers.location]).toEqual([303, '/login']);
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'active', role: 'user', first_name: 'Kim' });
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: `kim.park${sequence}`, password: PASSWORD });
    expect(login.body).toEqual({ user_id: `kim.park${sequence}`, first_name: 'Kim', role_name: 'user' });
  });
});
