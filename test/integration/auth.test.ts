import { sql } from 'kysely';
import request from 'supertest';
import {
  BACKENDS,
  countRows,
  DEMO_PASSWORD,
  startTestApp,
  type TestApp,
  visibleText,
  csrfFrom,
} from '../helpers/app';

const INVALID = 'Invalid credentials. Please try again.';

describe.each(BACKENDS)('sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const setUser = (loginId: string, values: Record<string, unknown>) =>
    t.database.db.updateTable('users').set(values).where('login_id', '=', loginId).execute();

  it.each([
    ['reti', '/reti/dashboard', 'Welcome, Riley (reti)'],
    ['admin', '/admin/dashboard', 'Welcome, Alex (admin)'],
    ['attorney', '/user/dashboard', 'Welcome, Jordan (user)'],
  ])('the login form signs %s in and lands on %s', async (loginId, home, welcome) => {
    const agent = request.agent(t.app);
    const res = await agent.post('/login').type('form').send({ user_id: loginId, password: DEMO_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(home);
    const page = await agent.get(home);
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain(welcome);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('the API login answers the SPEC user object and sets a safe cookie', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: 'admin', first_name: 'Alex', role_name: 'admin' });
    expect(res.headers['set-cookie'][0]).toMatch(
      /^reti\.sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  it('gives a new session ID at sign-in (no fixation)', async () => {
    const agent = request.agent(t.app);
    const first = await agent.post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD });
    const token = csrfFrom((await agent.get('/admin/dashboard')).text);
    const second = await agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', token)
      .send({ user_id: 'attorney', password: DEMO_PASSWORD });
    expect(second.status).toBe(200);
    const sid = (res: request.Response) => res.headers['set-cookie'][0].split(';')[0];
    expect(sid(second)).not.toBe(sid(first));
    expect((await agent.get('/api/demo/me')).body.user_id).toBe('attorney');
  });

  it.each([
    ['an unknown ID', 'nobody', DEMO_PASSWORD],
    ['a wrong password', 'admin', 'wrong-password'],
  ])('refuses %s with the SPEC message and no cookie', async (_what, userId, password) => {
    const res = await request(t.app).post('/login').type('form').send({ user_id: userId, password });
    expect(res.status).toBe(401);
    expect(visibleText(res.text)).toContain(INVALID);
    expect(res.headers['set-cookie']).toBeUndefined();
    const api = await request(t.app).post('/api/auth/login').send({ user_id: userId, password });
    expect(api.status).toBe(401);
    expect(api.body.error).toBe(INVALID);
  });

  it('requires both fields', async () => {
    const res = await request(t.app).post('/login').type('form').send({ user_id: '', password: '' });
    expect(res.status).toBe(400);
    expect(visibleText(res.text)).toContain('User ID is required');
    expect(visibleText(res.text)).toContain('Password is required');
    const api = await request(t.app).post('/api/auth/login').send({ user_id: 'admin' });
    expect(api.status).toBe(400);
    expect(api.body.error).toBe('User ID and Password are both required.');
  });

  it.each(['suspended', 'pending'])('refuses a %s account with the same message', async (status) => {
    await setUser('attorney', { status });
    try {
      const res = await request(t.app)
        .post('/api/auth/login')
        .send({ user_id: 'attorney', password: DEMO_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(INVALID);
    } finally {
      await setUser('attorney', { status: 'active' });
    }
  });

  it('locks an account for 15 minutes after five failures, even against the right password', async () => {
    const agent = request(t.app);
    for (let i = 0; i < 5; i++) {
      expect(
        (await agent.post('/api/auth/login').send({ user_id: 'reti', password: `bad-${i}` })).status,
      ).toBe(401);
    }
    const locked = await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    expect(locked.status).toBe(401);
    expect(locked.body.error).toBe(INVALID);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('login_id', '=', 'reti')
      .executeTakeFirstOrThrow();
    const minutes = (row.locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.locked')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].entity_id).toBe(row.id);
    // Once the lock has run out, the right password works again and the count starts over.
    await setUser('reti', { locked_until: new Date(Date.now() - 1000) });
    const after = await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    expect(after.status).toBe(200);
    const cleared = await t.database.db
      .selectFrom('users')
      .select(['failed_login_count', 'locked_until'])
      .where('login_id', '=', 'reti')
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it('logout destroys the session and returns to /', async () => {
    const agent = request.agent(t.app);
    await agent.post('/login').type('form').send({ user_id: 'admin', password: DEMO_PASSWORD });
    const sessionsBefore = await countRows(t.database, 'sessions');
    const page = await agent.get('/admin/dashboard');
    const res = await agent
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie'][0]).toMatch(/^reti\.sid=;/);
    expect(await countRows(t.database, 'sessions')).toBe(sessionsBefore - 1);
    const after = await agent.get('/admin/dashboard');
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/login?next=%2Fadmin%2Fdashboard');
  });

  it('refresh extends the session and returns the user; logout through the API', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'attorney', password: DEMO_PASSWORD });
    const token = csrfFrom((await agent.get('/user/dashboard')).text);
    const refreshed = await agent.post('/api/auth/refresh').set('X-CSRF-Token', token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ user_id: 'attorney', first_name: 'Jordan', role_name: 'user' });
    expect((await agent.post('/api/auth/logout').set('X-CSRF-Token', token)).status).toBe(200);
    expect((await agent.post('/api/auth/refresh')).status).toBe(401);
  });

  it('sends /login?next= back to a local path, and ignores an off-site next', async () => {
    const ok = await request(t.app)
      .post('/login?next=%2Fadmin%2Fusers')
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(ok.headers.location).toBe('/admin/users');
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await request(t.app)
        .post(`/login?next=${encodeURIComponent(next)}`)
        .type('form')
        .send({ user_id: 'admin', password: DEMO_PASSWORD });
      expect(res.headers.location).toBe('/admin/dashboard');
    }
  });

  it("demo sessions: login as the demo firm's user, me, logout", async () => {
    const agent = request.agent(t.app);
    expect((await agent.get('/api/demo/me')).status).toBe(401);
    const login = await agent.post('/api/demo/login').send({ role: 'user' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user_id: 'attorney', first_name: 'Jordan', role_name: 'user' });
    expect((await agent.get('/api/demo/me')).body.user_id).toBe('attorney');
    expect((await agent.post('/api/demo/login').send({ role: 'owner' })).status).toBe(403);
    const token = csrfFrom((await agent.get('/user/dashboard')).text);
    expect((await agent.post('/api/demo/logout').set('X-CSRF-Token', token)).status).toBe(200);
    expect((await agent.get('/api/demo/me')).status).toBe(401);
    expect((await request(t.app).post('/api/demo/login').send({ role: 'owner' })).status).toBe(403);
  });

  it('stores the session row with its user', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.login_id = 'admin'`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('demo endpoints in production without DEMO', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('answer 404 and use the __Host- cookie for real logins', async () => {
    expect((await request(t.app).post('/api/demo/login').send({ role: 'admin' })).status).toBe(404);
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.headers['set-cookie'][0]).toMatch(/^__Host-reti\.sid=.*; Secure; SameSite=Lax$/);
  });
});
