import crypto from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { createUsersService } from '../../src/users/service';
import {
  BACKENDS,
  DEMO_PASSWORD,
  demoFirmId,
  REDIS_URL,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const SAME =
  'If an account matches, we have emailed a link to reset its password. It works once, for 1 hour.';
const INVALID = 'Invalid credentials. Please try again.';
const WEAK = 'Password must be at least 12 characters and include a symbol and a number';
const DONE = 'Your password is set. Log in with your new password.';
const USED = 'This password reset link has already been used';
const EXPIRED = 'This password reset link has expired';
const NOT_VALID = 'This password reset link is not valid';
const OLD_PASSWORD = 'Old-Harbor-Lights-2030!';
const NEW_PASSWORD = 'New-Harbor-Lights-2031!';

const resetLink = (text: string) => /https?:\/\/\S+\/password\/reset\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
const pathOf = (link: string) => new URL(link).pathname;
const tokenOf = (link: string) => pathOf(link).split('/').at(-1)!;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PGlite keeps sessions in the database; PostgreSQL runs with sessions in Redis when there is one. */
const CASES = BACKENDS.map((backend) => [backend, backend === 'postgres' && Boolean(REDIS_URL)] as const);

describe.each(CASES)('password reset on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    t = await startTestApp({ backend, redis, logger, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.database.db;
  const emailsTo = (address: string) => smtp.received.filter((e) => e.to.includes(address));

  /** A fresh active user of the demo firm, with a password of our own, so tests never share one. */
  let sequence = 0;
  async function newUser(status: 'active' | 'pending' | 'suspended' = 'active') {
    const n = `${++sequence}${crypto.randomBytes(3).toString('hex')}`;
    const row = await createUsersService(db()).create({
      firmId: await demoFirmId(t.database),
      loginId: `reset${n}`,
      firstName: 'Dana',
      email: `dana${n}@harbor.example`,
      role: 'user',
      password: OLD_PASSWORD,
    });
    if (status !== 'active')
      await db().updateTable('users').set({ status }).where('id', '=', row.id).execute();
    return { id: row.id, loginId: row.login_id, email: row.email };
  }

  const forgot = (userId: string) =>
    request(t.app).post('/api/auth/password/forgot').send({ user_id: userId });

  /** Asks for a link, and answers the one the email brought. */
  async function linkFor(user: { loginId: string; email: string }): Promise<string> {
    const before = emailsTo(user.email).length;
    expect((await forgot(user.loginId)).status).toBe(202);
    await smtp.waitFor(() => emailsTo(user.email).length > before);
    expect(emailsTo(user.email)).toHaveLength(before + 1);
    return resetLink(emailsTo(user.email).at(-1)!.text);
  }

  const signIn = (loginId: string, password: string) =>
    request(t.app).post('/api/auth/login').send({ user_id: loginId, password });

  it('answers the same, with the same status and about as slowly, whether or not the account exists', async () => {
    const active = await newUser();
    const suspended = await newUser('suspended');
    const pending = await newUser('pending');
    const answers = [];
    for (const userId of [active.loginId, 'nobody-at-all', suspended.loginId, pending.loginId]) {
      const started = Date.now();
      const res = await forgot(userId);
      answers.push({ status: res.status, body: res.body, slow: Date.now() - started >= 200 });
    }
    expect(answers).toEqual(Array(4).fill({ status: 202, body: { message: SAME }, slow: true }));
    // Only the active account gets an email.
    const email = await smtp.waitFor((e) => e.to.includes(active.email));
    expect(email.subject).toBe('Reset your Reti Immigration password');
    expect(email.text).toContain(`user ID ${active.loginId}`);
    expect(email.text).toContain('The link works once, for 1 hour.');
    expect(resetLink(email.text)).toMatch(/^http:\/\/127\.0\.0\.1\/password\/reset\/[A-Za-z0-9_-]{43}$/);
    await pause(300);
    expect(emailsTo(suspended.email)).toEqual([]);
    expect(emailsTo(pending.email)).toEqual([]);
    // Only the token's hash is stored, with an hour to live.
    const rows = await db()
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', active.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(tokenOf(resetLink(email.text))));
    const minutes = (rows[0].expires_at.getTime() - rows[0].created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 5);
  });

  it('the no-JS form gives the same answer for a known and an unknown user ID', async () => {
    const user = await newUser();
    const page = await request(t.app).get('/password/forgot');
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain('Forgot password?');
    expect(page.text).toContain('<form class="form" action="/password/forgot" method="post">');
    const seen = [];
    for (const userId of [user.loginId, 'nobody-at-all']) {
      const agent = request.agent(t.app);
      const res = await agent.post('/password/forgot').type('form').send({ user_id: userId });
      const landing = await agent.get(res.headers.location);
      seen.push([res.status, res.headers.location, visibleText(landing.text).includes(SAME)]);
    }
    expect(seen).toEqual([
      [303, '/login', true],
      [303, '/login', true],
    ]);
    await smtp.waitFor((e) => e.to.includes(user.email));
    const empty = await request(t.app).post('/password/forgot').type('form').send({ user_id: ' ' });
    expect(empty.status).toBe(422);
    expect(visibleText(empty.text)).toContain('User ID is required');
  });

  it('links "Forgot password?" from the /login page and from the Login modal', async () => {
    const [header, main] = (await request(t.app).get('/login')).text.split('<main');
    const link = '<a href="/password/forgot">Forgot password?</a>';
    expect(main).toContain(link);
    const dialog = header.slice(header.indexOf('<dialog class="modal"'), header.indexOf('</dialog>'));
    expect(dialog).toContain(link);
  });

  it('resets once through the page: the policy is enforced beside the field, then the link is spent', async () => {
    const user = await newUser();
    const link = await linkFor(user);
    const page = await request(t.app).get(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(visibleText(page.text)).toContain('Choose a new password');

    const weak = await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: 'short', confirm_password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.text).toMatch(new RegExp(`<p class="field-error" id="reset-password-error">${WEAK}</p>`));
    const mismatch = await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}x` });
    expect(mismatch.status).toBe(422);
    expect(visibleText(mismatch.text)).toContain('The passwords do not match');

    const agent = request.agent(t.app);
    const done = await agent
      .post(pathOf(link))
      .type('form')
      .send({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/login');
    expect(visibleText((await agent.get('/login')).text)).toContain(DONE);

    expect((await signIn(user.loginId, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(user.loginId, NEW_PASSWORD)).status).toBe(200);

    // A second use: the page and the form both say it is spent, with 410.
    const again = await request(t.app).get(pathOf(link));
    expect(again.status).toBe(410);
    expect(visibleText(again.text)).toContain(USED);
    const reuse = await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: 'Another-Password-2032!', confirm_password: 'Another-Password-2032!' });
    expect(reuse.status).toBe(410);
    expect(visibleText(reuse.text)).toContain(USED);
    expect((await signIn(user.loginId, NEW_PASSWORD)).status).toBe(200);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.password_reset')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('resets once through the API: 200, then 410 for the same token, 404 for an unknown one', async () => {
    const user = await newUser();
    const token = tokenOf(await linkFor(user));
    const reset = (body: object) => request(t.app).post('/api/auth/password/reset').send(body);

    const weak = await reset({ token, password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.fields).toEqual({ password: WEAK });

    const first = await reset({ token, password: NEW_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: DONE });
    const second = await reset({ token, password: 'Another-Password-2032!' });
    expect(second.status).toBe(410);
    expect(second.body.error).toContain(USED);
    expect((await signIn(user.loginId, NEW_PASSWORD)).status).toBe(200);

    const unknown = await reset({
      token: crypto.randomBytes(32).toString('base64url'),
      password: NEW_PASSWORD,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain(NOT_VALID);
    expect((await request(t.app).get('/password/reset/not-a-token')).status).toBe(404);
  });

  it('refuses an expired link with 410 on the page, the form and the API', async () => {
    const user = await newUser();
    const link = await linkFor(user);
    await db()
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(tokenOf(link)))
      .execute();
    const page = await request(t.app).get(pathOf(link));
    expect(page.status).toBe(410);
    expect(visibleText(page.text)).toContain(EXPIRED);
    expect(page.text).toContain('href="/password/forgot"');
    const form = await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(form.status).toBe(410);
    const api = await request(t.app)
      .post('/api/auth/password/reset')
      .send({ token: tokenOf(link), password: NEW_PASSWORD });
    expect(api.status).toBe(410);
    expect(api.body.error).toContain(EXPIRED);
    expect((await signIn(user.loginId, OLD_PASSWORD)).status).toBe(200);
  });

  it("ends every session of the user and spends the user's other links", async () => {
    const user = await newUser();
    const other = await newUser();
    const signedIn = request.agent(t.app);
    expect(
      (await signedIn.post('/api/auth/login').send({ user_id: user.loginId, password: OLD_PASSWORD })).status,
    ).toBe(200);
    const bystander = request.agent(t.app);
    expect(
      (await bystander.post('/api/auth/login').send({ user_id: other.loginId, password: OLD_PASSWORD }))
        .status,
    ).toBe(200);
    expect((await signedIn.get('/api/demo/me')).status).toBe(200);

    const older = await linkFor(user);
    const newer = await linkFor(user);
    const res = await request(t.app)
      .post('/api/auth/password/reset')
      .send({ token: tokenOf(newer), password: NEW_PASSWORD });
    expect(res.status).toBe(200);

    expect((await signedIn.get('/api/demo/me')).status).toBe(401);
    expect((await bystander.get('/api/demo/me')).status).toBe(200);
    const stale = await request(t.app)
      .post('/api/auth/password/reset')
      .send({ token: tokenOf(older), password: 'Another-Password-2032!' });
    expect(stale.status).toBe(410);
    expect(stale.body.error).toContain(USED);
  });

  it('emails the owner when the account is locked, with a link that works; the sign-in message stays the same', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(user.loginId, `wrong-${i}`);
      expect([res.status, res.body.error]).toEqual([401, INVALID]);
    }
    const email = await smtp.waitFor((e) => e.to.includes(user.email));
    expect(emailsTo(user.email)).toHaveLength(1);
    expect(email.subject).toBe('Your Reti Immigration account is locked for 15 minutes');
    expect(email.text).toContain('was locked for 15 minutes after 5 failed sign-ins');
    const link = resetLink(email.text);
    expect(link).not.toBe('');

    // Locked: even the right password gets the SPEC's message, and no second email.
    const locked = await signIn(user.loginId, OLD_PASSWORD);
    expect([locked.status, locked.body.error]).toEqual([401, INVALID]);
    const page = await request
      .agent(t.app)
      .post('/login')
      .type('form')
      .send({ user_id: user.loginId, password: OLD_PASSWORD });
    expect(page.status).toBe(401);
    expect(visibleText(page.text)).toContain(INVALID);

    // The link clears the lock: the new password works at once.
    const reset = await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(reset.status).toBe(303);
    const row = await db()
      .selectFrom('users')
      .select(['failed_login_count', 'locked_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_login_count: 0, locked_until: null });
    expect((await signIn(user.loginId, NEW_PASSWORD)).status).toBe(200);
    await pause(100);
    expect(emailsTo(user.email)).toHaveLength(1);
  });

  it('sends no lockout email for an account that may not sign in', async () => {
    const user = await newUser('suspended');
    for (let i = 0; i < 5; i++) expect((await signIn(user.loginId, `wrong-${i}`)).status).toBe(401);
    await pause(300);
    expect(emailsTo(user.email)).toEqual([]);
  });

  it('never writes a reset token to the request log', async () => {
    const user = await newUser();
    const link = await linkFor(user);
    lines.length = 0;
    await request(t.app).get(pathOf(link));
    await request(t.app)
      .post(pathOf(link))
      .type('form')
      .send({ password: 'short', confirm_password: 'short' });
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.req)).toEqual([
      { method: 'GET', url: '/password/reset/[token]' },
      { method: 'POST', url: '/password/reset/[token]' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(tokenOf(link));
  });
});

describe('"Forgot password?" rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { loginFailures: 1000, contactRequests: 1000, passwordResets: 2 } });
  });
  afterAll(() => t?.close());

  it('answers 429 past the per-IP limit, for the API and the page form alike', async () => {
    const api = () => request(t.app).post('/api/auth/password/forgot').send({ user_id: 'nobody' });
    expect((await api()).status).toBe(202);
    expect((await api()).status).toBe(202);
    const limited = await api();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(
      'Too many password reset requests from this address. Please wait 15 minutes and try again.',
    );
    const form = await request(t.app).post('/password/forgot').type('form').send({ user_id: 'nobody' });
    expect(form.status).toBe(429);
  });

  it('leaves sign-in alone', async () => {
    expect(
      (await request(t.app).post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
  });
});
