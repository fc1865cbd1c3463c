import { sql } from 'kysely';
import request from 'supertest';
import { createSealer } from '../../src/secrets';
import {
  BACKENDS,
  csrfFrom,
  demoFirmId,
  REDIS_URL,
  secondFirm,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { inviteLink, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const SMTP_PASSWORD = 'Sm7p-Secret-Value!';

const FIRM = {
  name: 'Demo Immigration Law',
  type: 'immigration',
  address: '100 Liberty Street',
  city: 'New York',
  state: 'NY',
  zip: '10005-1234',
  phone: '+1 (212) 555-0100',
  email: 'office@demo-immigration-law.example',
  timeZone: 'America/Chicago',
};
const SECURITY = {
  twoFactorAdmins: false,
  sessionTimeoutMinutes: 30,
  passwordPolicy: 'strong',
  loginAttempts: 5,
  approveNewUsers: false,
};
const EMAIL = {
  host: 'smtp.firm.example',
  port: 465,
  encryption: 'ssl',
  user: 'mailer',
  password: SMTP_PASSWORD,
  from: 'Demo Law <office@demo-immigration-law.example>',
};

describe.each(BACKENDS)('firm settings on %s', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, 'admin');
  });
  afterAll(() => t?.close());

  const put = (section: string, body: object, who = admin) =>
    who.agent.put(`/api/settings/${section}`).set('X-CSRF-Token', who.token).send(body);
  const settingsRow = async () =>
    t.database.db
      .selectFrom('firm_settings')
      .selectAll()
      .where('firm_id', '=', await demoFirmId(t.database))
      .executeTakeFirstOrThrow();

  it('answers every section, with the demo firm seeded with 2FA for admins off', async () => {
    const res = await admin.agent.get('/api/settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['firm', 'security', 'email', 'backup', 'appearance']);
    expect(res.body.security).toEqual({ ...SECURITY, twoFactorAdmins: false });
    expect(res.body.email).toEqual({
      host: '',
      port: 587,
      encryption: 'tls',
      user: '',
      passwordSet: false,
      from: '',
    });
    expect(res.body.backup).toEqual({ retentionDays: 30 });
    expect(res.body.appearance).toEqual({ primaryColor: '#1d4ed8', hasLogo: false });
    expect(res.body.firm.timeZone).toBe('America/New_York');
  });

  it('saves each section, answers it, and audits the change with the firm', async () => {
    const firm = await put('firm', FIRM);
    expect(firm.status).toBe(200);
    expect(firm.body).toEqual(FIRM);
    const security = await put('security', { ...SECURITY, sessionTimeoutMinutes: 60, approveNewUsers: true });
    expect(security.body).toEqual({ ...SECURITY, sessionTimeoutMinutes: 60, approveNewUsers: true });
    expect((await put('backup', { retentionDays: 90 })).body).toEqual({ retentionDays: 90 });
    expect((await put('appearance', { primaryColor: '#1E3A8A' })).body).toEqual({
      primaryColor: '#1e3a8a',
      hasLogo: false,
    });
    const all = (await admin.agent.get('/api/settings')).body;
    expect(all.firm).toEqual(FIRM);
    expect(all.security.sessionTimeoutMinutes).toBe(60);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'firm_id', 'actor_name', 'before', 'after'])
      .where('action', '=', 'settings.security.updated')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.firm_id).toBe(await demoFirmId(t.database));
    expect(audit.actor_name).toBeTruthy();
    expect(audit.after).toMatchObject({ sessionTimeoutMinutes: 60, approveNewUsers: true });
    expect(
      await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'firm.profile.updated')
        .executeTakeFirst(),
    ).toBeDefined();
    await put('security', SECURITY);
    await put('backup', { retentionDays: 30 });
    await put('appearance', { primaryColor: '#1d4ed8' });
  });

  it("shows the firm's pages in the firm's time zone", async () => {
    const timeOf = async () =>
      /\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M ([A-Z]{3,4})/.exec(
        visibleText((await admin.agent.get('/admin/users?q=morgan')).text),
      )?.[1];
    await put('firm', { ...FIRM, timeZone: 'America/Los_Angeles' });
    expect(await timeOf()).toMatch(/^P[SD]T$/);
    await put('firm', { ...FIRM, timeZone: 'America/New_York' });
    expect(await timeOf()).toMatch(/^E[SD]T$/);
  });

  it('keeps the SMTP password sealed, never answers it, keeps it when left empty, and forgets it with the host', async () => {
    const saved = await put('email', EMAIL);
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(SMTP_PASSWORD);
    expect(saved.body).toEqual({ ...EMAIL, password: undefined, passwordSet: true });
    const row = await settingsRow();
    expect(row.smtp_password_sealed).not.toContain(SMTP_PASSWORD);
    expect(createSealer(t.config.settingsKey).open(row.smtp_password_sealed!)).toBe(SMTP_PASSWORD);
    const read = await admin.agent.get('/api/settings');
    expect(read.text).not.toContain(SMTP_PASSWORD);
    expect(read.text).not.toContain(row.smtp_password_sealed!);

    await put('email', { ...EMAIL, password: '', user: 'mailer2' });
    expect((await settingsRow()).smtp_password_sealed).toBe(row.smtp_password_sealed);
    const page = await admin.agent.get('/admin/settings/email');
    expect(page.text).not.toContain(SMTP_PASSWORD);
    expect(visibleText(page.text)).toContain('A password is stored (encrypted). Leave empty to keep it.');

    const off = await put('email', { ...EMAIL, host: '', password: '' });
    expect(off.body.passwordSet).toBe(false);
    expect((await settingsRow()).smtp_password_sealed).toBeNull();
  });

  it.each([
    ['firm', 'name', { ...FIRM, name: '  ' }, 'Firm name is required'],
    [
      'firm',
      'type',
      { ...FIRM, type: 'boutique' },
      'Firm type must be one of immigration, general, specialized',
    ],
    ['firm', 'state', { ...FIRM, state: 'XX' }, 'State must be a US state or territory, such as NY'],
    ['firm', 'zip', { ...FIRM, zip: '1234' }, 'ZIP must be 5 digits, or 9 as 12345-6789'],
    ['firm', 'phone', { ...FIRM, phone: 'call me' }, 'Enter a valid phone number'],
    ['firm', 'email', { ...FIRM, email: 'office' }, 'Enter a valid email'],
    [
      'firm',
      'timeZone',
      { ...FIRM, timeZone: 'Mars/Olympus' },
      'Time zone must be an IANA name such as America/New_York',
    ],
    ['firm', 'address', { ...FIRM, address: 'x'.repeat(501) }, 'Address must be at most 500 characters'],
    ['firm', 'city', { ...FIRM, city: 'x'.repeat(101) }, 'City must be at most 100 characters'],
    [
      'security',
      'twoFactorAdmins',
      { ...SECURITY, twoFactorAdmins: 'yes' },
      '2FA for admin accounts must be true or false',
    ],
    [
      'security',
      'sessionTimeoutMinutes',
      { ...SECURITY, sessionTimeoutMinutes: 45 },
      'Session timeout must be one of 15, 30, 60, 120',
    ],
    [
      'security',
      'passwordPolicy',
      { ...SECURITY, passwordPolicy: 'weak' },
      'Password policy must be one of basic, medium, strong',
    ],
    [
      'security',
      'loginAttempts',
      { ...SECURITY, loginAttempts: 4 },
      'Login attempts limit must be one of 3, 5, 10',
    ],
    [
      'security',
      'approveNewUsers',
      { ...SECURITY, approveNewUsers: undefined },
      'Approve new users must be true or false',
    ],
    ['email', 'host', { ...EMAIL, host: 'smtp example com' }, 'Enter a host name such as smtp.example.com'],
    ['email', 'port', { ...EMAIL, port: 70000 }, 'Port must be a whole number from 1 to 65535'],
    ['email', 'encryption', { ...EMAIL, encryption: 'starttls' }, 'Encryption must be one of none, ssl, tls'],
    [
      'email',
      'from',
      { ...EMAIL, from: 'office at firm' },
      'From address must be an email such as office@firm.com or Firm Name <office@firm.com>',
    ],
    ['email', 'password', { ...EMAIL, password: 'x'.repeat(513) }, 'Password must be at most 512 characters'],
    ['backup', 'retentionDays', { retentionDays: 14 }, 'Retention must be one of 7, 30, 90, 365'],
    [
      'appearance',
      'primaryColor',
      { primaryColor: 'blue' },
      'Primary color must be a hex color such as #1d4ed8',
    ],
    [
      'appearance',
      'primaryColor',
      { primaryColor: '#777777' },
      'White text on #777777 has a contrast of 4.48:1; it needs at least 4.5:1 (WCAG AA). Choose a darker color.',
    ],
  ])('refuses a bad %s.%s with 422 naming the field', async (section, field, body, message) => {
    const before = await admin.agent.get('/api/settings');
    const res = await put(section, body);
    expect(res.status).toBe(422);
    expect(res.body.fields[field]).toBe(message);
    expect((await admin.agent.get('/api/settings')).body).toEqual(before.body);
  });

  it('is for the firm administrator only: firm users, staff and visitors are refused', async () => {
    const attorney = await signIn(t.app, 'attorney');
    const staff = await signIn(t.app, 'reti');
    expect((await attorney.agent.get('/api/settings')).status).toBe(403);
    expect((await put('security', SECURITY, attorney)).status).toBe(403);
    expect((await staff.agent.get('/api/settings')).status).toBe(403);
    expect((await put('backup', { retentionDays: 7 }, staff)).status).toBe(403);
    expect((await request(t.app).get('/api/settings')).status).toBe(401);
    expect((await attorney.agent.get('/admin/settings/security')).status).toBe(403);
  });

  it("keeps each firm's settings its own", async () => {
    const other = await secondFirm(t);
    const otherAdmin = await signIn(t.app, other.admin);
    await put('backup', { retentionDays: 365 }, otherAdmin);
    expect((await admin.agent.get('/api/settings')).body.backup.retentionDays).toBe(30);
    expect((await otherAdmin.agent.get('/api/settings')).body.firm.name).toMatch(/^Second Street/);
  });

  describe('pages without JavaScript', () => {
    it('shows each section under its tab, with the saved values', async () => {
      const root = await admin.agent.get('/admin/settings');
      expect(root.status).toBe(200);
      expect(root.text).toContain('href="/admin/settings/firm" class="tab" aria-current="page"');
      for (const [section, title] of [
        ['firm', 'Firm Information'],
        ['security', 'Security'],
        ['email', 'Email'],
        ['backup', 'Backup and Maintenance'],
        ['appearance', 'Appearance and Branding'],
      ]) {
        const page = await admin.agent.get(`/admin/settings/${section}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`<h2>${title}</h2>`);
        expect(page.text).toContain(`href="/admin/settings/${section}" class="tab" aria-current="page"`);
      }
      expect((await admin.agent.get('/admin/settings/nothing')).status).toBe(404);
    });

    it('saves a section and comes back with the message, or shows the form again with 422 and the values', async () => {
      const bad = await admin.agent
        .post('/admin/settings/firm')
        .type('form')
        .send({ ...FIRM, zip: '99', _csrf: admin.token });
      expect(bad.status).toBe(422);
      expect(visibleText(bad.text)).toContain('ZIP must be 5 digits, or 9 as 12345-6789');
      expect(bad.text).toContain('value="99"');
      expect(bad.text).toContain('value="100 Liberty Street"');

      const saved = await admin.agent.post('/admin/settings/security').type('form').send({
        sessionTimeoutMinutes: '120',
        passwordPolicy: 'medium',
        loginAttempts: '10',
        _csrf: admin.token,
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe('/admin/settings/security');
      const page = await admin.agent.get('/admin/settings/security');
      expect(visibleText(page.text)).toContain(
        'Security settings saved. They apply to every account of the firm from now on.',
      );
      // An unchecked box is not sent: both switches are off now.
      expect((await admin.agent.get('/api/settings')).body.security).toEqual({
        twoFactorAdmins: false,
        sessionTimeoutMinutes: 120,
        passwordPolicy: 'medium',
        loginAttempts: 10,
        approveNewUsers: false,
      });
      await put('security', SECURITY);
    });

    it('never shows an entered SMTP password again on a refused form', async () => {
      const res = await admin.agent
        .post('/admin/settings/email')
        .type('form')
        .send({ ...EMAIL, port: 'abc', _csrf: admin.token });
      expect(res.status).toBe(422);
      expect(res.text).not.toContain(SMTP_PASSWORD);
      expect(visibleText(res.text)).toContain('Port must be a whole number from 1 to 65535');
    });
  });
});

describe('security settings take effect', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: SignedIn;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const security = (change: object) =>
    admin.agent
      .put('/api/settings/security')
      .set('X-CSRF-Token', admin.token)
      .send({ ...SECURITY, ...change })
      .expect(200);
  const lockedUntil = async (loginId: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('locked_until')
        .where('login_id', '=', loginId)
        .executeTakeFirstOrThrow()
    ).locked_until;
  const failSignIn = (loginId: string) =>
    request(t.app).post('/api/auth/login').send({ user_id: loginId, password: 'wrong-password' }).expect(401);

  it('locks an account after the firm’s login-attempts limit, not the default', async () => {
    await security({ loginAttempts: 3 });
    for (let i = 0; i < 3; i++) await failSignIn('attorney');
    expect(await lockedUntil('attorney')).not.toBeNull();
    await t.database.db.updateTable('users').set({ locked_until: null, failed_login_count: 0 }).execute();

    await security({ loginAttempts: 10 });
    for (let i = 0; i < 5; i++) await failSignIn('attorney');
    expect(await lockedUntil('attorney')).toBeNull();
    await t.database.db.updateTable('users').set({ failed_login_count: 0 }).execute();
    await security({});
  });

  it('ends a session idle for longer than the firm’s timeout, and keeps the cookie to it', async () => {
    const attorney = await signIn(t.app, 'attorney');
    const idleFor = async (minutes: number) => {
      const rows = await sql<{ sid: string; data: { lastSeenAt: number } }>`
        SELECT sid, data FROM sessions WHERE user_id = (SELECT id FROM users WHERE login_id = 'attorney')`.execute(
        t.database.db,
      );
      for (const row of rows.rows) {
        const data = { ...row.data, lastSeenAt: Date.now() - minutes * 60_000 };
        await sql`UPDATE sessions SET data = ${JSON.stringify(data)} WHERE sid = ${row.sid}`.execute(
          t.database.db,
        );
      }
    };
    await security({ sessionTimeoutMinutes: 60 });
    const page = await attorney.agent.get('/user/dashboard');
    expect(page.status).toBe(200);
    const expires = /Expires=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1];
    const minutesLeft = (new Date(expires!).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    await idleFor(20);
    expect((await attorney.agent.get('/api/firms')).status).toBe(200);
    await security({ sessionTimeoutMinutes: 15 });
    await idleFor(20);
    expect((await attorney.agent.get('/api/firms')).status).toBe(401);
    const again = await attorney.agent.get('/user/dashboard');
    expect(again.status).toBe(303);
    expect(again.headers.location).toMatch(/^\/login\?next=/);
    await security({});
  });

  it('holds a chosen password to the firm’s policy on an invitation and a reset, and shows the rule', async () => {
    const added = await admin.agent
      .post(`/api/firms/${await demoFirmId(t.database)}/users`)
      .set('X-CSRF-Token', admin.token)
      .send({
        userId: 'policy.test',
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'pat@demo.example',
        role: 'user',
      });
    expect(added.status).toBe(201);
    const link = inviteLink((await smtp.waitFor((m) => m.to.includes('pat@demo.example'))).text);
    const token = new URL(link).pathname.split('/').pop()!;

    await security({ passwordPolicy: 'basic' });
    expect(visibleText((await request(t.app).get(`/invite/${token}`)).text)).toContain(
      'Password must be at least 8 characters',
    );
    await security({ passwordPolicy: 'strong' });
    const page = await request(t.app).get(`/invite/${token}`);
    expect(visibleText(page.text)).toContain(
      'Password must be at least 12 characters and include a symbol and a number',
    );
    const weak = await request(t.app).post('/api/auth/register').send({ token, password: 'plainpass1' });
    expect(weak.status).toBe(422);
    expect(weak.body.fields.password).toBe(
      'Password must be at least 12 characters and include a symbol and a number',
    );
    await security({ passwordPolicy: 'basic' });
    expect(
      (await request(t.app).post('/api/auth/register').send({ token, password: 'plainpass1' })).status,
    ).toBe(201);
    expect(
      (await request(t.app).post('/api/auth/login').send({ user_id: 'policy.test', password: 'plainpass1' }))
        .status,
    ).toBe(200);

    await security({ passwordPolicy: 'medium' });
    await request(t.app).post('/api/auth/password/forgot').send({ user_id: 'policy.test' }).expect(202);
    const resetMail = await smtp.waitFor(
      (m) => m.to.includes('pat@demo.example') && /reset/i.test(m.subject),
    );
    const resetToken = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(resetMail.text)![1];
    expect(visibleText((await request(t.app).get(`/password/reset/${resetToken}`)).text)).toContain(
      'Password must be at least 10 characters and include a symbol',
    );
    const refused = await request(t.app)
      .post('/api/auth/password/reset')
      .send({ token: resetToken, password: 'longerpass12' });
    expect(refused.status).toBe(422);
    expect(refused.body.fields.password).toBe('Password must be at least 10 characters and include a symbol');
    expect(
      (
        await request(t.app)
          .post('/api/auth/password/reset')
          .send({ token: resetToken, password: 'longer-pass' })
      ).status,
    ).toBe(200);
    await security({});
  });
});

if (REDIS_URL)
  describe('session timeout with sessions in Redis', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ backend: BACKENDS.at(-1)!, redis: true });
    });
    afterAll(() => t?.close());

    it('keeps the store’s expiry to the firm’s timeout', async () => {
      const admin = await signIn(t.app, 'admin');
      await admin.agent
        .put('/api/settings/security')
        .set('X-CSRF-Token', admin.token)
        .send({ ...SECURITY, sessionTimeoutMinutes: 120 })
        .expect(200);
      await admin.agent.get('/admin/dashboard').expect(200);
      const keys = await t.redis!.keys(`${t.redisPrefix}sess:*`);
      const ttls = await Promise.all(keys.map((k) => t.redis!.ttl(k)));
      expect(Math.max(...ttls)).toBeGreaterThan(119 * 60);
      expect(csrfFrom((await admin.agent.get('/admin/settings/security')).text)).toBeTruthy();
    });
  });
