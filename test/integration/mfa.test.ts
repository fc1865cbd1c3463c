import crypto from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { createSealer } from '../../src/secrets';
import { createSettingsService } from '../../src/settings/service';
import { DEFAULT_SECURITY, type SecuritySettings } from '../../src/shared/settings';
import { createUsersService } from '../../src/users/service';
import {
  BACKENDS,
  csrfFrom,
  DEMO_PASSWORD,
  demoFirmId,
  REDIS_URL,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { totpCode, wrongCode } from '../helpers/totp';

const PASSWORD = 'Harbor-Lights-2030!';
const WRONG =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
const WRONG_SETUP = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const TOO_MANY = 'Too many wrong codes. Log in again.';
const NO_STEP = 'Log in with your user ID and password first.';
const EXPIRED = 'The sign-in took longer than 10 minutes. Log in again.';
const INVALID = 'Invalid credentials. Please try again.';
const REQUIRED_OFF =
  'Your firm requires two-factor sign-in for administrators, so you cannot turn it off. An administrator can change that in Settings, Security.';
const STRONG = 'Password must be at least 12 characters and include a symbol and a number';
const BASIC = 'Password must be at least 8 characters';
const RECOVERY_CODE = /^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){3}$/;

const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)![0]);
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
/** The session ID inside a signed session cookie (express-session's `s:<id>.<signature>`). */
const sessionIdOf = (res: request.Response) => {
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('reti.sid='));
  return cookie && /^reti\.sid=s%3A([^.]+)\./.exec(cookie)?.[1];
};

/** PGlite keeps sessions in the database; PostgreSQL runs with sessions in Redis when there is one. */
const CASES = BACKENDS.map((backend) => [backend, backend === 'postgres' && Boolean(REDIS_URL)] as const);

describe.each(CASES)('two-factor sign-in on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const settings = () => createSettingsService({ db: db() });

  let sequence = 0;
  const unique = () => `${++sequence}${crypto.randomBytes(3).toString('hex')}`;

  /** A new active firm; without `security` it has no settings row, so the defaults (2FA for admins on). */
  async function newFirm(security?: Partial<SecuritySettings>) {
    const n = unique();
    const { id } = await db()
      .insertInto('firms')
      .values({
        name: `Harbor Law ${n}`,
        contact_person: 'Dana Whitfield',
        contact_role: 'Partner',
        email: `office${n}@harbor.example`,
        phone: '+1 (555) 010-5000',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await newAccount('admin', id);
    const user = await newAccount('user', id);
    if (security) await setSecurity(admin.id, id, security);
    return { id, admin, user };
  }

  const setSecurity = (actorId: string, firmId: string, security: Partial<SecuritySettings>) =>
    settings().saveSecurity({ id: actorId }, firmId, { ...DEFAULT_SECURITY, ...security });

  async function newAccount(role: 'admin' | 'user', firmId: string, password = PASSWORD) {
    const row = await createUsersService(db()).create(
      {
        firmId,
        loginId: `${role}${unique()}`,
        firstName: 'Dana',
        email: `dana${unique()}@harbor.example`,
        role,
        password,
      },
      'basic',
    );
    return { id: row.id, loginId: row.login_id };
  }

  const userRow = (id: string) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (userId: string, action: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', userId)
      .where('action', '=', action)
      .execute();

  const login = (agent: request.Agent, loginId: string, password = PASSWORD) =>
    agent.post('/api/auth/login').send({ user_id: loginId, password });

  /** Enrolls an admin of a firm that requires it, through the API; answers the secret and the codes. */
  async function enrolled(loginId: string) {
    const agent = request.agent(t.app);
    expect((await login(agent, loginId)).body).toEqual({ mfa: 'enroll' });
    const { secret } = (await agent.get('/api/auth/mfa/setup').expect(200)).body as { secret: string };
    const done = await agent.post('/api/auth/mfa/setup').send({ code: totpCode(secret) });
    expect(done.status).toBe(200);
    return { agent, secret, recoveryCodes: done.body.recoveryCodes as string[] };
  }

  /** The session's second step started this long ago: its start moved back in the store itself. */
  async function ageStep(sid: string, minutes: number) {
    const startedAt = Date.now() - minutes * 60_000;
    if (!redis) {
      await sql`UPDATE sessions SET data = jsonb_set(data, '{mfa,startedAt}', ${String(startedAt)}::jsonb)
        WHERE sid = ${sid}`.execute(db());
      return;
    }
    const key = `${t.redisPrefix}sess:${sid}`;
    const data = JSON.parse((await t.redis!.get(key))!);
    data.mfa.startedAt = startedAt;
    await t.redis!.set(key, JSON.stringify(data), { expiration: 'KEEPTTL' });
  }

  it('the firm setting decides: on, its administrators must set it up; off, the password is enough', async () => {
    const firm = await newFirm();
    const agent = request.agent(t.app);
    expect((await login(agent, firm.admin.loginId)).body).toEqual({ mfa: 'enroll' });

    await setSecurity(firm.admin.id, firm.id, { twoFactorAdmins: false });
    const off = await login(request.agent(t.app), firm.admin.loginId);
    expect([off.status, off.body]).toEqual([
      200,
      { user_id: firm.admin.loginId, first_name: 'Dana', role_name: 'admin' },
    ]);

    await setSecurity(firm.admin.id, firm.id, { twoFactorAdmins: true });
    expect((await login(request.agent(t.app), firm.admin.loginId)).body).toEqual({ mfa: 'enroll' });

    // The firm's users are not forced, nor are platform staff; the demo firm is seeded with the setting off.
    expect((await login(request.agent(t.app), firm.user.loginId)).body.role_name).toBe('user');
    for (const loginId of ['reti', 'admin', 'attorney'])
      expect((await login(request.agent(t.app), loginId, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a session waiting for its second step gets nothing else', async () => {
    const firm = await newFirm();
    const agent = request.agent(t.app);
    await login(agent, firm.admin.loginId);
    expect((await agent.get('/api/firms')).status).toBe(401);
    expect((await agent.get('/api/auth/account')).status).toBe(401);
    expect((await agent.post('/api/auth/refresh')).status).toBe(401);
    expect((await agent.get('/api/demo/me')).status).toBe(401);
    expect((await agent.post('/api/auth/mfa').send({ code: '123456' })).status).toBe(409);
    const dashboard = await agent.get('/admin/dashboard');
    expect([dashboard.status, dashboard.headers.location]).toEqual([303, '/login?next=%2Fadmin%2Fdashboard']);
    const account = await agent.get('/account');
    expect([account.status, account.headers.location]).toEqual([303, '/login?next=%2Faccount']);
    expect(mainText((await agent.get('/login')).text)).toContain('User ID');
    // The failure count is cleared only once the second step is done too.
    expect((await userRow(firm.admin.id)).last_login_at).toBeNull();
  });

  it('enrolls at sign-in: the QR code and secret, a confirming code, ten recovery codes once, a new session ID', async () => {
    const firm = await newFirm();
    const agent = request.agent(t.app);
    const started = await login(agent, firm.admin.loginId);
    expect(started.body).toEqual({ mfa: 'enroll' });
    const partialId = sessionIdOf(started);
    expect(partialId).toBeTruthy();

    const early = await agent.post('/api/auth/mfa/setup').send({ code: '123456' });
    expect([early.status, early.body.error]).toEqual([
      409,
      'Open the setup page first: it shows the QR code and key that the code must come from.',
    ]);

    const setup = await agent.get('/api/auth/mfa/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.body as Record<string, string>;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Reti%20Immigration:${firm.admin.loginId}?issuer=Reti%20Immigration&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(
      /^<svg [^>]*viewBox="0 0 (\d+) \1"[^>]*role="img"[^>]*><rect [^>]*><\/rect><path d="(M\d+ \d+h\d+v1h-\d+z)+"/,
    );
    expect((await agent.get('/api/auth/mfa/setup')).body.secret).toBe(secret);
    expect(setup.headers['cache-control']).toBe('no-store');

    for (const [code, status, message] of [
      ['', 422, 'Code is required'],
      ['1'.repeat(41), 422, 'Code is too long: enter 6 digits, or a recovery code'],
      [wrongCode(secret), 401, WRONG_SETUP],
    ] as const) {
      const refused = await agent.post('/api/auth/mfa/setup').send({ code });
      expect([refused.status, refused.body.error, refused.body.fields]).toEqual([
        status,
        message,
        { code: message },
      ]);
    }
    expect((await agent.post('/api/auth/mfa/setup').send({ code: 123456 })).status).toBe(422);
    expect((await agent.post('/api/auth/mfa/setup').send({ code: '12\u00003456' })).status).toBe(422);
    expect((await userRow(firm.admin.id)).totp_enabled_at).toBeNull();

    const done = await agent.post('/api/auth/mfa/setup').send({ code: totpCode(secret) });
    expect(done.status).toBe(200);
    expect(done.body.user).toEqual({ user_id: firm.admin.loginId, first_name: 'Dana', role_name: 'admin' });
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    const fullId = sessionIdOf(done);
    expect(fullId).toBeTruthy();
    expect(fullId).not.toBe(partialId);
    expect((await agent.get('/api/firms')).status).toBe(200);

    // Stored: the secret sealed (it opens with SETTINGS_KEY), the codes only as SHA-256, an audit row.
    const row = await userRow(firm.admin.id);
    expect(row.totp_enabled_at).toBeInstanceOf(Date);
    expect(row.totp_secret_sealed).not.toContain(secret);
    expect(createSealer(t.config.settingsKey).open(row.totp_secret_sealed!)).toBe(secret);
    expect(row.last_login_at).toBeInstanceOf(Date);
    const stored = await db()
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute();
    expect(stored.map((c) => c.code_hash).sort()).toEqual(
      codes.map((c) => sha256(c.replace(/-/g, ''))).sort(),
    );
    expect(await auditOf(row.id, 'user.mfa.enabled')).toHaveLength(1);

    // From now on the sign-in asks for a code, and a signed-in session cannot enroll again.
    expect((await login(request.agent(t.app), firm.admin.loginId)).body).toEqual({ mfa: 'required' });
    expect((await agent.get('/api/auth/mfa/setup')).status).toBe(409);
  });

  it('signs in with a code once: the code used to enroll and a replayed code are refused; a recovery code works once', async () => {
    const firm = await newFirm();
    const { secret, recoveryCodes } = await enrolled(firm.admin.loginId);
    const agent = request.agent(t.app);
    const started = await login(agent, firm.admin.loginId);
    expect(started.body).toEqual({ mfa: 'required' });
    // The code that confirmed the setup is spent: its time step is the last one accepted.
    const enrollCode = await agent.post('/api/auth/mfa').send({ code: totpCode(secret) });
    expect([enrollCode.status, enrollCode.body.error]).toEqual([401, WRONG]);
    const next = totpCode(secret, 1);
    const ok = await agent.post('/api/auth/mfa').send({ code: next });
    expect([ok.status, ok.body]).toEqual([
      200,
      { user_id: firm.admin.loginId, first_name: 'Dana', role_name: 'admin' },
    ]);
    expect(sessionIdOf(ok)).not.toBe(sessionIdOf(started));
    expect((await agent.get('/api/firms')).status).toBe(200);
    expect((await userRow(firm.admin.id)).failed_login_count).toBe(0);

    const again = request.agent(t.app);
    await login(again, firm.admin.loginId);
    const replay = await again.post('/api/auth/mfa').send({ code: next });
    expect([replay.status, replay.body.error]).toEqual([401, WRONG]);
    expect((await again.get('/api/firms')).status).toBe(401);
    expect((await again.post('/api/auth/mfa').send({ code: recoveryCodes[0] })).status).toBe(200);
    expect((await again.get('/api/firms')).status).toBe(200);

    const third = request.agent(t.app);
    await login(third, firm.admin.loginId);
    expect((await third.post('/api/auth/mfa').send({ code: recoveryCodes[0] })).status).toBe(401);
    // Typed as people do: upper case, without the dashes.
    const typed = recoveryCodes[1].replace(/-/g, '').toUpperCase();
    expect((await third.post('/api/auth/mfa').send({ code: typed })).status).toBe(200);
    const used = await db()
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', firm.admin.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
    expect(await auditOf(firm.admin.id, 'user.mfa.recovery-code.used')).toHaveLength(2);

    // Another account's recovery code is no code of this one.
    const other = await newFirm();
    const otherCodes = (await enrolled(other.admin.loginId)).recoveryCodes;
    const fourth = request.agent(t.app);
    await login(fourth, firm.admin.loginId);
    expect((await fourth.post('/api/auth/mfa').send({ code: otherCodes[0] })).status).toBe(401);
  });

  it('wrong codes: 401 each, the fifth ends the sign-in, and they count toward the account lockout', async () => {
    const firm = await newFirm({ loginAttempts: 10 });
    const { secret } = await enrolled(firm.admin.loginId);
    const agent = request.agent(t.app);
    await login(agent, firm.admin.loginId);
    for (let i = 1; i <= 4; i++) {
      const res = await agent.post('/api/auth/mfa').send({ code: wrongCode(secret) });
      expect([res.status, res.body.error, res.body.fields]).toEqual([401, WRONG, { code: WRONG }]);
    }
    const fifth = await agent.post('/api/auth/mfa').send({ code: wrongCode(secret) });
    expect([fifth.status, fifth.body.error]).toEqual([401, TOO_MANY]);
    const after = await agent.post('/api/auth/mfa').send({ code: totpCode(secret, 1) });
    expect([after.status, after.body.error]).toEqual([401, NO_STEP]);
    expect(await userRow(firm.admin.id)).toMatchObject({ failed_login_count: 5, locked_until: null });

    // The right password does not clear the count while a code is still owed; ten failures lock.
    const second = request.agent(t.app);
    expect((await login(second, firm.admin.loginId)).body).toEqual({ mfa: 'required' });
    for (let i = 1; i <= 5; i++) await second.post('/api/auth/mfa').send({ code: wrongCode(secret) });
    const locked = await userRow(firm.admin.id);
    expect(locked.failed_login_count).toBe(10);
    expect(locked.locked_until!.getTime()).toBeGreaterThan(Date.now());
    expect(await auditOf(firm.admin.id, 'user.locked')).toHaveLength(1);
    const refused = await login(request.agent(t.app), firm.admin.loginId);
    expect([refused.status, refused.body.error]).toEqual([401, INVALID]);
  });

  it('the second step expires after 10 minutes, and ends when the password changes meanwhile', async () => {
    const firm = await newFirm();
    const { secret } = await enrolled(firm.admin.loginId);
    const agent = request.agent(t.app);
    const started = await login(agent, firm.admin.loginId);
    await ageStep(sessionIdOf(started)!, 11);
    const late = await agent.post('/api/auth/mfa').send({ code: totpCode(secret, 1) });
    expect([late.status, late.body.error]).toEqual([401, EXPIRED]);
    expect((await agent.post('/api/auth/mfa').send({ code: totpCode(secret, 1) })).body.error).toBe(NO_STEP);

    const other = request.agent(t.app);
    await login(other, firm.admin.loginId);
    await createUsersService(db()).setPassword(firm.admin.id, 'changed-elsewhere');
    const closed = await other.post('/api/auth/mfa').send({ code: totpCode(secret, 1) });
    expect([closed.status, closed.body.error]).toEqual([401, 'This sign-in cannot go on. Log in again.']);
  });

  it('the same steps as pages without JavaScript, with the page to go on to', async () => {
    const firm = await newFirm();
    const agent = request.agent(t.app);
    expect((await agent.get('/login/mfa')).headers.location).toBe('/login');
    const posted = await agent
      .post('/login?next=%2Fadmin%2Fusers')
      .type('form')
      .send({ user_id: firm.admin.loginId, password: PASSWORD });
    expect([posted.status, posted.headers.location]).toEqual([303, '/login/mfa/setup?next=%2Fadmin%2Fusers']);
    expect((await agent.get('/login/mfa')).headers.location).toBe('/login/mfa/setup');

    const page = await agent.get('/login/mfa/setup?next=%2Fadmin%2Fusers');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="QR code to scan with your authenticator app"/,
    );
    const grouped = /<code class="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(page.text)![1];
    expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = grouped.replace(/ /g, '');
    expect(page.text).toContain('action="/login/mfa/setup?next=%2Fadmin%2Fusers"');

    const wrong = await agent
      .post('/login/mfa/setup?next=%2Fadmin%2Fusers')
      .type('form')
      .send({ code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(mainText(wrong.text)).toContain(WRONG_SETUP);
    expect(wrong.text).toContain(`<code class="totp-secret">${grouped}</code>`);

    const done = await agent
      .post('/login/mfa/setup?next=%2Fadmin%2Fusers')
      .type('form')
      .send({ code: totpCode(secret) });
    expect([done.status, done.headers.location]).toEqual([303, '/account/recovery-codes']);
    const shown = await agent.get('/account/recovery-codes');
    expect(shown.status).toBe(200);
    const codes = [...shown.text.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    expect(mainText(shown.text)).toContain('Two-factor sign-in is on. Save your recovery codes now.');
    expect(mainText(shown.text)).toContain('They are shown only until you continue.');
    // Until Continue: Download (a .txt attachment) and a page to print, without JavaScript; Copy and Print live.
    expect(shown.text).toContain('href="/account/recovery-codes/download" download="">Download (.txt)</a>');
    expect(shown.text).toContain('href="/account/recovery-codes/print">Print view</a>');
    expect(shown.text).toContain('data-island="RecoveryCodeTools"');
    const file = await agent.get('/account/recovery-codes/download');
    expect([file.status, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'attachment; filename=reti-recovery-codes.txt',
    ]);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.text.split('\r\n')).toEqual([
      `Reti Immigration recovery codes for ${firm.admin.loginId}`,
      'Each code signs you in once, in place of a code from your authenticator app.',
      '',
      ...codes,
      '',
    ]);
    const printed = await agent.get('/account/recovery-codes/print');
    expect([...printed.text.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((m) => m[1])).toEqual(codes);
    expect(mainText(printed.text)).toContain(`Recovery codes for ${firm.admin.loginId}`);
    // Continue puts them away for good, and goes on.
    const onward = await agent
      .post('/account/recovery-codes/done')
      .type('form')
      .send({ _csrf: csrfFrom(shown.text) });
    expect([onward.status, onward.headers.location]).toEqual([303, '/admin/users']);
    for (const path of ['', '/download', '/print'])
      expect((await agent.get(`/account/recovery-codes${path}`)).headers.location).toBe('/account');

    await agent
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFrom(shown.text) });
    const again = await agent
      .post('/login')
      .type('form')
      .send({ user_id: firm.admin.loginId, password: PASSWORD });
    expect(again.headers.location).toBe('/login/mfa');
    const form = await agent.get('/login/mfa');
    expect(mainText(form.text)).toContain('Enter the 6-digit code that your authenticator app shows');
    const refused = await agent
      .post('/login/mfa')
      .type('form')
      .send({ code: wrongCode(secret) });
    expect(refused.status).toBe(401);
    expect(mainText(refused.text)).toContain(WRONG);
    expect(refused.text).toMatch(/id="mfa-code"[^>]*aria-invalid="true"/);
    const recovered = await agent.post('/login/mfa').type('form').send({ code: codes[3] });
    expect([recovered.status, recovered.headers.location]).toEqual([303, '/admin/dashboard']);
    expect((await agent.get('/admin/dashboard')).status).toBe(200);

    // Five wrong codes end the step: back to Login, saying why.
    const fresh = request.agent(t.app);
    await fresh.post('/login').type('form').send({ user_id: firm.admin.loginId, password: PASSWORD });
    for (let i = 1; i <= 4; i++)
      await fresh
        .post('/login/mfa')
        .type('form')
        .send({ code: wrongCode(secret) });
    const ended = await fresh
      .post('/login/mfa')
      .type('form')
      .send({ code: wrongCode(secret) });
    expect([ended.status, ended.headers.location]).toEqual([303, '/login']);
    expect(mainText((await fresh.get('/login')).text)).toContain(TOO_MANY);
  });

  describe('the Account page', () => {
    /** A signed-in agent (one step: the demo firm's setting is off) with its CSRF token. */
    async function signedIn(loginId: string, password = PASSWORD) {
      const agent = request.agent(t.app);
      expect((await login(agent, loginId, password)).status).toBe(200);
      const page = await agent.get('/account');
      return { agent, token: csrfFrom(page.text), page };
    }

    it('is for every signed-in person, linked from the header', async () => {
      const anonymous = await request(t.app).get('/account');
      expect([anonymous.status, anonymous.headers.location]).toEqual([303, '/login?next=%2Faccount']);
      for (const loginId of ['reti', 'admin', 'attorney']) {
        const { page } = await signedIn(loginId, DEMO_PASSWORD);
        expect(page.status).toBe(200);
        expect(page.text).toMatch(
          /<a href="\/account" class="btn btn-ghost" aria-current="page">Account<\/a>/,
        );
        expect(mainText(page.text)).toContain(`User ID ${loginId}`);
        expect(mainText(page.text)).toContain('Two-factor sign-in Off.');
      }
    });

    it('turns two-factor sign-in on for a user who chose it, then off again with a code', async () => {
      const user = await newAccount('user', await demoFirmId(t.database));
      const { agent, token } = await signedIn(user.loginId);
      const enable = (code: string) =>
        agent.post('/api/auth/mfa/enable').set('X-CSRF-Token', token).send({ code });
      expect((await enable('123456')).status).toBe(409);
      const setupPage = await agent.get('/account/two-factor');
      const secret = /<code class="totp-secret">([A-Z2-7 ]+)<\/code>/
        .exec(setupPage.text)![1]
        .replace(/ /g, '');
      const wrong = await agent
        .post('/account/two-factor')
        .type('form')
        .send({ _csrf: token, code: wrongCode(secret) });
      expect(wrong.status).toBe(422);
      expect(mainText(wrong.text)).toContain(WRONG_SETUP);
      const on = await enable(totpCode(secret));
      expect(on.status).toBe(200);
      expect(on.body.recoveryCodes).toHaveLength(10);
      expect(await auditOf(user.id, 'user.mfa.enabled')).toHaveLength(1);
      expect((await agent.get('/account/two-factor')).headers.location).toBe('/account');
      expect((await enable(totpCode(secret, 1))).status).toBe(409);

      // Whoever turned it on for themselves gives a code at sign-in, the demo sign-in included.
      expect((await login(request.agent(t.app), user.loginId)).body).toEqual({ mfa: 'required' });
      const account = await agent.get('/api/auth/account');
      expect(account.body.twoFactor).toEqual({
        enabled: true,
        enabledAt: expect.any(String),
        required: false,
        recoveryCodesLeft: 10,
      });
      expect(mainText((await agent.get('/account')).text)).toContain('10 of 10 recovery codes left');

      const off = (code: string) =>
        agent.post('/api/auth/mfa/disable').set('X-CSRF-Token', token).send({ code });
      expect((await agent.post('/api/auth/mfa/disable').send({ code: totpCode(secret, 1) })).status).toBe(
        403,
      );
      const refused = await off(wrongCode(secret));
      expect([refused.status, refused.body.fields]).toEqual([422, { code: WRONG }]);
      expect((await off('')).body.fields).toEqual({ code: 'Code is required' });
      const done = await off(totpCode(secret, 1));
      expect([done.status, done.body]).toEqual([200, { message: 'Two-factor sign-in is off.' }]);
      expect(await userRow(user.id)).toMatchObject({ totp_secret_sealed: null, totp_enabled_at: null });
      expect(
        await db().selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual([]);
      expect(await auditOf(user.id, 'user.mfa.disabled')).toHaveLength(1);
      expect((await login(request.agent(t.app), user.loginId)).body.role_name).toBe('user');
    });

    it('makes new recovery codes with a code: the old ones stop working', async () => {
      const firm = await newFirm();
      const { agent, secret, recoveryCodes } = await enrolled(firm.admin.loginId);
      const token = csrfFrom((await agent.get('/account')).text);
      const regenerate = (code: string) =>
        agent.post('/api/auth/mfa/recovery-codes').set('X-CSRF-Token', token).send({ code });
      expect((await regenerate(wrongCode(secret))).status).toBe(422);
      const fresh = await regenerate(recoveryCodes[0]);
      expect(fresh.status).toBe(200);
      const codes = fresh.body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(codes).not.toContain(recoveryCodes[1]);
      expect(await auditOf(firm.admin.id, 'user.mfa.recovery-codes.regenerated')).toHaveLength(1);

      const old = request.agent(t.app);
      await login(old, firm.admin.loginId);
      expect((await old.post('/api/auth/mfa').send({ code: recoveryCodes[1] })).status).toBe(401);
      expect((await old.post('/api/auth/mfa').send({ code: codes[0] })).status).toBe(200);

      // The no-JS form shows the new codes once.
      const page = await agent
        .post('/account/recovery-codes')
        .type('form')
        .send({ _csrf: token, code: codes[1] });
      expect(page.headers.location).toBe('/account/recovery-codes');
      const shown = await agent.get('/account/recovery-codes');
      expect([...shown.text.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)]).toHaveLength(10);
      expect(shown.text).toContain('<form action="/account/recovery-codes/done" method="post">');
    });

    it('refuses to turn it off while the firm requires it of this administrator, and says why', async () => {
      const firm = await newFirm();
      const { agent, secret } = await enrolled(firm.admin.loginId);
      const page = await agent.get('/account');
      const token = csrfFrom(page.text);
      expect(mainText(page.text)).toContain(
        'Your firm requires two-factor sign-in for administrators, so you cannot turn it off.',
      );
      expect(page.text).not.toContain('id="turn-off-form"');
      const refused = await agent
        .post('/api/auth/mfa/disable')
        .set('X-CSRF-Token', token)
        .send({ code: totpCode(secret, 1) });
      expect([refused.status, refused.body.error]).toEqual([409, REQUIRED_OFF]);
      const form = await agent
        .post('/account/two-factor/off')
        .type('form')
        .send({ _csrf: token, code: totpCode(secret, 1) });
      expect(form.status).toBe(409);
      expect(mainText(form.text)).toContain(REQUIRED_OFF);
      expect((await userRow(firm.admin.id)).totp_enabled_at).toBeInstanceOf(Date);

      // With the firm's setting off, the same administrator may.
      await setSecurity(firm.admin.id, firm.id, { twoFactorAdmins: false });
      expect(mainText((await agent.get('/account')).text)).not.toContain('so you cannot turn it off');
      const done = await agent
        .post('/api/auth/mfa/disable')
        .set('X-CSRF-Token', token)
        .send({ code: totpCode(secret, 1) });
      expect(done.status).toBe(200);
    });

    it('the demo sign-in, like the password, only begins when its account has two-factor sign-in on', async () => {
      const demo = () => request(t.app).post('/api/demo/login').send({ role: 'user' });
      expect((await demo()).body.role_name).toBe('user');
      const { agent, token } = await signedIn('attorney', DEMO_PASSWORD);
      const secret = /<code class="totp-secret">([A-Z2-7 ]+)<\/code>/
        .exec((await agent.get('/account/two-factor')).text)![1]
        .replace(/ /g, '');
      await agent
        .post('/api/auth/mfa/enable')
        .set('X-CSRF-Token', token)
        .send({ code: totpCode(secret) })
        .expect(200);
      try {
        const started = await demo();
        expect([started.status, started.body]).toEqual([200, { mfa: 'required' }]);
      } finally {
        await agent
          .post('/api/auth/mfa/disable')
          .set('X-CSRF-Token', token)
          .send({ code: totpCode(secret, 1) })
          .expect(200);
      }
      expect((await demo()).body.role_name).toBe('user');
    });

    it("changes the password under the firm's policy and signs the account's other sessions out", async () => {
      const firm = await newFirm({ twoFactorAdmins: false, passwordPolicy: 'basic' });
      const { agent, token, page } = await signedIn(firm.user.loginId);
      expect(page.text).toMatch(/id="account-new-password-hint">Password must be at least 8 characters</);
      const elsewhere = await signedIn(firm.user.loginId);
      const change = (body: Record<string, unknown>) =>
        agent.post('/api/auth/password/change').set('X-CSRF-Token', token).send(body);

      for (const [body, field, message] of [
        [{ password: 'simple-pass' }, 'current_password', 'Current password is required'],
        [{ current_password: PASSWORD }, 'password', 'New password is required'],
        [
          { current_password: 'Not-It-2030!', password: 'simple-pass' },
          'current_password',
          'The current password is not right.',
        ],
        [{ current_password: PASSWORD, password: 'short' }, 'password', BASIC],
        [{ current_password: PASSWORD, password: 'x'.repeat(1025) }, 'password', 'Password is too long'],
        [
          { current_password: 42, password: 'simple-pass' },
          'current_password',
          'Current password is required',
        ],
        [
          { current_password: PASSWORD, password: PASSWORD },
          'password',
          'The new password must be different from the current one.',
        ],
      ] as const) {
        const res = await change(body);
        expect([res.status, res.body.fields?.[field]]).toEqual([422, message]);
      }
      // 'simple-pass' meets this firm's basic policy, though not the default strong one.
      const done = await change({ current_password: PASSWORD, password: 'simple-pass' });
      expect([done.status, done.body]).toEqual([
        200,
        { message: 'Your password is changed. Every other session of your account was signed out.' },
      ]);
      expect(await auditOf(firm.user.id, 'user.password.changed')).toHaveLength(1);
      expect((await elsewhere.agent.get('/api/auth/account')).status).toBe(401);
      // This session goes on, under a new ID with a new CSRF token.
      const after = await agent.get('/account');
      expect(after.status).toBe(200);
      expect((await login(request.agent(t.app), firm.user.loginId)).status).toBe(401);
      expect((await login(request.agent(t.app), firm.user.loginId, 'simple-pass')).status).toBe(200);

      // The strong default elsewhere: the same password is refused for the demo firm's attorney.
      const strong = await signedIn('attorney', DEMO_PASSWORD);
      const refused = await strong.agent
        .post('/api/auth/password/change')
        .set('X-CSRF-Token', strong.token)
        .send({ current_password: DEMO_PASSWORD, password: 'simple-pass' });
      expect([refused.status, refused.body.fields]).toEqual([422, { password: STRONG }]);
    });

    it('the no-JS password form: mismatch and wrong current password shown beside their fields, then the change', async () => {
      const firm = await newFirm({ twoFactorAdmins: false, passwordPolicy: 'basic' });
      const { agent, token } = await signedIn(firm.user.loginId);
      const post = (body: Record<string, string>) =>
        agent
          .post('/account/password')
          .type('form')
          .send({ _csrf: token, ...body });
      const mismatch = await post({
        current_password: PASSWORD,
        password: 'simple-pass',
        confirm_password: 'other-pass',
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.text).toMatch(/id="account-confirm-password-error">The passwords do not match</);
      const wrong = await post({
        current_password: 'nope-nope',
        password: 'simple-pass',
        confirm_password: 'simple-pass',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toMatch(/id="account-current-password-error">The current password is not right.</);
      const done = await post({
        current_password: PASSWORD,
        password: 'simple-pass',
        confirm_password: 'simple-pass',
      });
      expect([done.status, done.headers.location]).toEqual([303, '/account']);
      expect(mainText((await agent.get('/account')).text)).toContain(
        'Your password is changed. Every other session of your account was signed out.',
      );
      const noToken = await agent
        .post('/account/password')
        .type('form')
        .send({ current_password: 'simple-pass' });
      expect(noToken.status).toBe(403);
    });
  });
});
