import { sql } from 'kysely';
import request from 'supertest';
import { MAX_NEXT_LENGTH } from '../../src/shared/validation';
import {
  type Backend,
  BACKENDS,
  csrfFrom,
  DEMO_PASSWORD,
  demoFirmId,
  REDIS_URL,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { OFF_SITE_NEXT_CASES } from '../helpers/next';

const INVALID = 'Invalid credentials. Please try again.';

/** Every backend, with sessions in the database and (where CI configures it) in Redis. */
const SESSION_STORES: [Backend, 'the database' | 'Redis'][] = BACKENDS.flatMap((backend) => [
  [backend, 'the database'] as [Backend, 'the database'],
  ...(REDIS_URL ? [[backend, 'Redis'] as [Backend, 'Redis']] : []),
]);

const signIn = async (t: TestApp, loginId: string) => {
  const agent = request.agent(t.app);
  const res = await agent.post('/api/auth/login').send({ user_id: loginId, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return agent;
};

const userId = async (t: TestApp, loginId: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_id', '=', loginId)
      .executeTakeFirstOrThrow()
  ).id;

/** How many stored sessions the user holds, wherever this app keeps sessions. */
async function sessionsOf(t: TestApp, loginId: string): Promise<number> {
  const id = await userId(t, loginId);
  if (!t.redis) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sessions WHERE user_id = ${id}`.execute(t.database.db);
    return rows[0].n;
  }
  const sids = await t.redis.sMembers(`${t.redisPrefix}user-sessions:${id}`);
  return sids.length === 0 ? 0 : t.redis.exists(sids.map((sid) => `${t.redisPrefix}sess:${sid}`));
}

describe.each(SESSION_STORES)('a firm set inactive (%s, sessions in %s)', (backend, store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, redis: store === 'Redis' });
  });
  afterAll(() => t.close());

  const setFirmStatus = async (staff: request.Agent, status: string) => {
    const id = await demoFirmId(t.database);
    const token = csrfFrom((await staff.get('/reti/dashboard')).text);
    const firm = (await staff.get(`/api/firms/${id}`)).body;
    return staff
      .put(`/api/firms/${id}`)
      .set('X-CSRF-Token', token)
      .send({ ...firm, status });
  };

  it('signs its users out and refuses their sign-in until it is active again', async () => {
    const attorney = await signIn(t, 'attorney');
    await signIn(t, 'admin');
    const staff = await signIn(t, 'reti');
    expect(await sessionsOf(t, 'attorney')).toBe(1);
    expect(await sessionsOf(t, 'admin')).toBe(1);

    const saved = await setFirmStatus(staff, 'inactive');
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe('inactive');

    expect(await sessionsOf(t, 'attorney')).toBe(0);
    expect(await sessionsOf(t, 'admin')).toBe(0);
    expect(await sessionsOf(t, 'reti')).toBe(1);
    const page = await attorney.get('/user/dashboard');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/login?next=%2Fuser%2Fdashboard');

    const api = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'attorney', password: DEMO_PASSWORD });
    expect(api.status).toBe(401);
    expect(api.body.error).toBe(INVALID);
    const form = await request(t.app)
      .post('/login')
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(form.status).toBe(401);
    expect(visibleText(form.text)).toContain(INVALID);
    expect(await sessionsOf(t, 'admin')).toBe(0);

    expect((await staff.get('/reti/dashboard')).status).toBe(200);
    expect((await setFirmStatus(staff, 'active')).status).toBe(200);
    await signIn(t, 'attorney');
  });
});

describe.each(BACKENDS)('a session whose firm went inactive behind its back (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it('cannot be refreshed', async () => {
    const attorney = await signIn(t, 'attorney');
    const token = csrfFrom((await attorney.get('/user/dashboard')).text);
    await t.database.db
      .updateTable('firms')
      .set({ status: 'inactive' })
      .where('id', '=', await demoFirmId(t.database))
      .execute();
    const refreshed = await attorney.post('/api/auth/refresh').set('X-CSRF-Token', token);
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error).toBe('Sign in first.');
  });
});

describe.each(BACKENDS)('the way back after sign-in (%s)', (backend) => {
  let t: TestApp;
  let admin: request.Agent;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const login = (next: string) => `/login?next=${encodeURIComponent(next)}`;

  it.each(OFF_SITE_NEXT_CASES)('POST /login and GET /login go home instead of to %s', async (_name, next) => {
    const posted = await request(t.app)
      .post(login(next))
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/admin/dashboard');
    const signedIn = await admin.get(login(next));
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/admin/dashboard');
    const form = await request(t.app).get(login(next));
    expect(form.status).toBe(200);
    expect(form.text).toContain('action="/login"');
  });

  it.each([
    ['/admin/users?page=2#top', '/admin/users?page=2#top'],
    ['/admin/./users', '/admin/users'],
  ])('POST /login and GET /login follow %j to %j', async (next, expected) => {
    const posted = await request(t.app)
      .post(login(next))
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(posted.headers.location).toBe(expected);
    expect((await admin.get(login(next))).headers.location).toBe(expected);
  });
});

describe('the anonymous way back to an area page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(`keeps a URL of ${MAX_NEXT_LENGTH} characters and drops a longer one`, async () => {
    const longest = `/admin/users?q=${'a'.repeat(MAX_NEXT_LENGTH - '/admin/users?q='.length)}`;
    const kept = await request(t.app).get(longest);
    expect(kept.status).toBe(303);
    expect(kept.headers.location).toBe(`/login?next=${encodeURIComponent(longest)}`);
    const dropped = await request(t.app).get(`${longest}a`);
    expect(dropped.status).toBe(303);
    expect(dropped.headers.location).toBe('/login');
    const huge = await request(t.app).get(`/admin/users?q=${'a'.repeat(15_000)}`);
    expect(huge.headers.location).toBe('/login');
  });
});

const DEMO_ROLE_REFUSED =
  'The demo signs in only as a user of the demo firm (role "user"); sign in with a password for any other role.';
const DEMO_UNAVAILABLE =
  'The demo account is not available: it is suspended, locked or no longer in the demo firm.';

describe.each(BACKENDS)('demo sign-in (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const setAttorney = (values: Record<string, unknown>) =>
    t.database.db.updateTable('users').set(values).where('login_id', '=', 'attorney').execute();

  /** A demo sign-in that must be refused: the message, and no session at all. */
  async function expectRefused(body: object, message: string) {
    const agent = request.agent(t.app);
    const res = await agent.post('/api/demo/login').send(body);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(message);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/demo/me')).status).toBe(401);
  }

  it("signs in the demo firm's user, with or without naming the role", async () => {
    for (const body of [{ role: 'user' }, {}]) {
      const agent = request.agent(t.app);
      const res = await agent.post('/api/demo/login').send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user_id: 'attorney', first_name: 'Jordan', role_name: 'user' });
      expect((await agent.get('/api/demo/me')).body).toEqual(res.body);
      expect((await agent.get('/user/dashboard')).status).toBe(200);
    }
  });

  it.each(['reti', 'admin', 'owner', 'USER'])('refuses the role %j', async (role) => {
    await expectRefused({ role }, DEMO_ROLE_REFUSED);
  });

  it('refuses a role that is not text', async () => {
    const res = await request(t.app)
      .post('/api/demo/login')
      .send({ role: ['user'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('role must be text, and the demo signs in only "user".');
  });

  it.each([
    ['suspended', { status: 'suspended' }],
    ['locked', { locked_until: new Date(Date.now() + 15 * 60_000) }],
    ['made an administrator', { role: 'admin' }],
  ])('refuses the account while it is %s', async (_state, values) => {
    await setAttorney(values);
    try {
      await expectRefused({ role: 'user' }, DEMO_UNAVAILABLE);
    } finally {
      await setAttorney({ status: 'active', locked_until: null, role: 'user' });
    }
  });

  it('refuses the account once its firm is inactive', async () => {
    const id = await demoFirmId(t.database);
    await t.database.db.updateTable('firms').set({ status: 'inactive' }).where('id', '=', id).execute();
    try {
      await expectRefused({ role: 'user' }, DEMO_UNAVAILABLE);
    } finally {
      await t.database.db.updateTable('firms').set({ status: 'active' }).where('id', '=', id).execute();
    }
  });

  it('refuses an "attorney" account of any firm but the demo firm', async () => {
    const other = await t.database.db
      .insertInto('firms')
      .values({
        name: 'Real Firm LLP',
        contact_person: 'Pat Real',
        contact_role: 'Partner',
        email: 'office@real-firm.example',
        phone: '+1 (555) 010-3000',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setAttorney({ firm_id: other.id });
    try {
      await expectRefused({ role: 'user' }, DEMO_UNAVAILABLE);
    } finally {
      await setAttorney({ firm_id: await demoFirmId(t.database) });
    }
  });

  it('does not clear the lockout count it ignores', async () => {
    await setAttorney({ failed_login_count: 3 });
    expect((await request(t.app).post('/api/demo/login').send({ role: 'user' })).status).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('failed_login_count')
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    expect(row.failed_login_count).toBe(3);
    await setAttorney({ failed_login_count: 0 });
  });
});

describe('demo sign-in in production', () => {
  const production = { NODE_ENV: 'production', TRUST_PROXY: '1' };

  it('with DEMO=1 gives only the demo firm user', async () => {
    const t = await startTestApp({ env: { ...production, DEMO: '1', DEMO_PASSWORD } });
    try {
      const staff = await request(t.app)
        .post('/api/demo/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ role: 'reti' });
      expect(staff.status).toBe(403);
      expect(staff.body.error).toBe(DEMO_ROLE_REFUSED);
      const user = await request(t.app)
        .post('/api/demo/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ role: 'user' });
      expect(user.status).toBe(200);
      expect(user.body).toEqual({ user_id: 'attorney', first_name: 'Jordan', role_name: 'user' });
    } finally {
      await t.close();
    }
  });

  it('without DEMO is off', async () => {
    const t = await startTestApp({ env: production });
    try {
      const res = await request(t.app).post('/api/demo/login').send({ role: 'user' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Not found.');
    } finally {
      await t.close();
    }
  });
});

describe.each(BACKENDS)("the database check's version (%s)", (backend) => {
  let t: TestApp;
  let version: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
      t.database.db,
    );
    version = rows[0].v;
  });
  afterAll(() => t.close());

  const WITHOUT_VERSION = /^Hello from the database at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/;
  const SUCCESS = 'Connection Successful! Data retrieved from database';

  it.each([
    ['anyone', undefined],
    ['a firm administrator', 'admin'],
    ['a firm user', 'attorney'],
  ])('is hidden from %s', async (_who, loginId) => {
    const agent = loginId ? await signIn(t, loginId) : request.agent(t.app);
    const api = await agent.get('/api/health/db');
    expect(api.status).toBe(200);
    expect(api.body.message).toMatch(WITHOUT_VERSION);
    const page = visibleText((await agent.get('/health?check=database')).text);
    expect(page).toMatch(new RegExp(`${SUCCESS} Hello from the database at [\\d: -]+ UTC`));
    expect(page).not.toContain(version);
    expect(page).not.toContain('PostgreSQL');
  });

  it('is shown to platform staff', async () => {
    const staff = await signIn(t, 'reti');
    const api = await staff.get('/api/health/db');
    expect(api.status).toBe(200);
    expect(api.body.message).toMatch(/^Hello from PostgreSQL .+ at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(api.body.message).toContain(`Hello from PostgreSQL ${version} at `);
    const page = visibleText((await staff.get('/health?check=database')).text);
    expect(page).toContain(`${SUCCESS} Hello from PostgreSQL ${version} at `);
  });
});
