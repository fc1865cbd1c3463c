import crypto from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { createSealer } from '../../src/secrets';
import { createSettingsStore } from '../../src/settings/store';
import {
  BACKENDS,
  csrfFrom,
  demoFirmId,
  secondFirm,
  signIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { freePort, inviteLink, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { waitFor } from '../helpers/poll';
import { mailHostChecker } from '../../src/mail/hosts';
import type { ServiceStatus } from '../../src/shared/admin';
import { formatDateTime } from '../../src/shared/dates';
import { INVITATION_OUTCOMES } from '../../src/shared/users';
import { createFirmMailer, SMTP_FAILURES } from '../../src/mail/transport';

/** These tests' mail servers listen on loopback, as an on-premises server beside the app would. */
const LOOPBACK_ALLOWED = { SMTP_ALLOW_PRIVATE_HOSTS: '127.0.0.1' };

/**
 * The firm's SMTP row is written through the settings store: the Settings page's PUT /settings/email
 * (the lead's) is not on this branch yet.
 */
async function saveFirmSmtp(
  t: TestApp,
  firmId: string,
  smtp: {
    host?: string | null;
    port: number;
    encryption?: 'none' | 'ssl' | 'tls';
    user?: string;
    password?: string;
    from?: string;
  },
) {
  const sealer = createSealer(t.config.settingsKey);
  await createSettingsStore(t.database.db).save(firmId, {
    smtp_host: smtp.host === undefined ? '127.0.0.1' : smtp.host,
    smtp_port: smtp.port,
    smtp_encryption: smtp.encryption ?? 'none',
    smtp_user: smtp.user ?? null,
    smtp_password_sealed: smtp.password ? sealer.seal(smtp.password) : null,
    smtp_from: smtp.from ?? 'Demo Immigration Law <office@demo-law.example>',
  });
  // Each save is a new version: keep two saves from sharing a millisecond.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

const clearFirmSmtp = (t: TestApp, firmId: string) =>
  createSettingsStore(t.database.db).save(firmId, {
    smtp_host: null,
    smtp_user: null,
    smtp_password_sealed: null,
  });

let users = 0;
/** The demo admin (or another firm's) adds a user: the invitation is the firm's email. */
async function addUser(t: TestApp, admin: string, firmId: string) {
  const n = ++users;
  const { agent, token } = await signIn(t.app, admin);
  const email = `new.user${n}@firm-mail.example`;
  const res = await agent
    .post(`/api/firms/${firmId}/users`)
    .set('X-CSRF-Token', token)
    .send({ userId: `firm.mail.user${n}`, firstName: 'Nia', lastName: 'Ward', email, role: 'user' });
  expect(res.status).toBe(201);
  return email;
}

const outboxOf = (t: TestApp, to: string) =>
  t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

/** Every line the app logs, as text, down to debug. */
function captureLogs() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe.each(BACKENDS)("a firm's emails on %s", (backend) => {
  let t: TestApp;
  let platform: TestSmtpServer;
  let firmServer: TestSmtpServer;
  let firmId: string;
  beforeAll(async () => {
    platform = await startSmtpServer();
    firmServer = await startSmtpServer();
    t = await startTestApp({ backend, env: { SMTP_URL: platform.url, ...LOOPBACK_ALLOWED } });
    firmId = await demoFirmId(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([platform?.close(), firmServer?.close()]);
  });
  afterEach(() => clearFirmSmtp(t, firmId));

  it("sends a firm user's invitation through the firm's own server, from its address, and not the platform's", async () => {
    await saveFirmSmtp(t, firmId, { port: firmServer.port });
    const email = await addUser(t, 'admin', firmId);
    const received = await firmServer.waitFor((e) => e.to.includes(email));
    expect(received).toMatchObject({
      from: 'office@demo-law.example',
      subject: 'Your invitation to Reti Immigration',
    });
    expect(inviteLink(received.text)).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(platform.received.filter((e) => e.to.includes(email))).toEqual([]);
    expect(await outboxOf(t, email)).toMatchObject({ firm_id: firmId, status: 'sent', attempts: 1 });
  });

  it("uses the platform's server for a firm without its own, and for the onboarding invitation of a firm's contact", async () => {
    const other = await secondFirm(t);
    const email = await addUser(t, other.admin, other.id);
    await platform.waitFor((e) => e.to.includes(email));
    expect(await outboxOf(t, email)).toMatchObject({ firm_id: other.id, status: 'sent' });

    // A pending firm's contact is invited by the platform, whatever SMTP the firm may have.
    const staff = await signIn(t.app, 'reti');
    const firm = await staff.agent
      .post('/api/firms')
      .set('X-CSRF-Token', staff.token)
      .send({
        name: 'Pending Mail Firm',
        contactPerson: 'Ana Lima',
        contactRole: 'Partner',
        email: 'ana@pending-mail.example',
        phone: '555 010 2000',
      })
      .expect(201);
    await saveFirmSmtp(t, firm.body.id, { port: firmServer.port });
    await staff.agent
      .post(`/api/firms/${firm.body.id}/invitations`)
      .set('X-CSRF-Token', staff.token)
      .send({})
      .expect(201);
    await platform.waitFor((e) => e.to.includes('ana@pending-mail.example'));
    expect(firmServer.received.filter((e) => e.to.includes('ana@pending-mail.example'))).toEqual([]);
    expect(await outboxOf(t, 'ana@pending-mail.example')).toMatchObject({ firm_id: null, status: 'sent' });
  });

  it("sends a firm user's password reset through the firm's server, and staff's through the platform's", async () => {
    await saveFirmSmtp(t, firmId, { port: firmServer.port });
    await request(t.app).post('/api/auth/password/forgot').send({ user_id: 'attorney' }).expect(202);
    const reset = await firmServer.waitFor((e) => /reset/i.test(e.subject));
    const attorney = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    expect(reset.to).toEqual([attorney.email]);

    await request(t.app).post('/api/auth/password/forgot').send({ user_id: 'reti' }).expect(202);
    const staff = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('login_id', '=', 'reti')
      .executeTakeFirstOrThrow();
    await platform.waitFor((e) => e.to.includes(staff.email) && /reset/i.test(e.subject));
    expect(firmServer.received.filter((e) => e.to.includes(staff.email))).toEqual([]);
  });

  it('takes a change of the settings at once: the next email goes to the new server', async () => {
    const moved = await startSmtpServer();
    try {
      await saveFirmSmtp(t, firmId, { port: firmServer.port });
      const first = await addUser(t, 'admin', firmId);
      await firmServer.waitFor((e) => e.to.includes(first));
      await saveFirmSmtp(t, firmId, { port: moved.port });
      const second = await addUser(t, 'admin', firmId);
      await moved.waitFor((e) => e.to.includes(second));
      expect(firmServer.received.filter((e) => e.to.includes(second))).toEqual([]);
    } finally {
      await moved.close();
    }
  });

  it("keeps the email in the outbox when the firm's server is down: no fallback to the platform, nothing dropped", async () => {
    await saveFirmSmtp(t, firmId, { port: await freePort() });
    const email = await addUser(t, 'admin', firmId);
    const kept = await outboxOf(t, email);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, firm_id: firmId });
    expect(kept.last_error).toBe(SMTP_FAILURES.unreachable);
    expect(platform.received.filter((e) => e.to.includes(email))).toEqual([]);
  });

  it('says an invitation was not sent where it happens and on the dashboard, and Resend invitation sends a new link', async () => {
    const admin = await signIn(t.app, 'admin');
    const emailBadge = async () =>
      ((await admin.agent.get('/api/dashboard')).body.services as ServiceStatus[]).find(
        (s) => s.key === 'email',
      )!;
    const add = (firstName: string, email: string) =>
      admin.agent
        .post('/admin/users')
        .type('form')
        .send({ _csrf: admin.token, firstName, lastName: 'Quinn', email, role: 'user' });
    const flash = async () =>
      /<p class="alert alert-(\w+) flash"[^>]*>([^<]*)</.exec((await admin.agent.get('/admin/users')).text)!;
    const stamp = crypto.randomBytes(3).toString('hex');
    // The earlier tests' emails are not this one's.
    await t.database.db.deleteFrom('outbox').where('firm_id', '=', firmId).execute();

    // While the firm's server works, Add User says the email is on its way.
    await saveFirmSmtp(t, firmId, { port: firmServer.port });
    expect((await add('Ada', `ada.${stamp}@firm-mail.example`)).status).toBe(303);
    const sent = await flash();
    expect([sent[1], sent[2]]).toEqual([
      'success',
      expect.stringMatching(/Their invitation email is on its way\.$/),
    ]);

    // Its server down: the form and the API say so, in fixed words, with the way to send it again.
    await saveFirmSmtp(t, firmId, { port: await freePort() });
    const email = `rae.${stamp}@firm-mail.example`;
    expect((await add('Rae', email)).status).toBe(303);
    const row = await t.database.db
      .selectFrom('users')
      .select(['id', 'login_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const failed = await flash();
    expect([failed[1], failed[2].replace(/&#x27;/g, "'")]).toEqual([
      'error',
      `Rae Quinn was added with the user ID ${row.login_id}. ${INVITATION_OUTCOMES.queued(SMTP_FAILURES.unreachable)}`,
    ]);
    const api = await admin.agent
      .post('/api/users')
      .set('X-CSRF-Token', admin.token)
      .send({ firstName: 'Sol', lastName: 'Quinn', email: `sol.${stamp}@firm-mail.example`, role: 'user' });
    expect([api.status, api.body.invitation]).toEqual([
      201,
      { delivery: 'queued', message: INVITATION_OUTCOMES.queued(SMTP_FAILURES.unreachable) },
    ]);

    // The dashboard's badge: not sending, with the count and the last failure's time and words.
    const down = await emailBadge();
    expect(down).toMatchObject({
      tone: 'danger',
      state: 'Not sending',
      detail: `2 emails could not be sent; the last try failed just now: ${SMTP_FAILURES.unreachable} They stay in the outbox and are tried again automatically.`,
    });
    expect(Date.now() - Date.parse(down.at!)).toBeLessThan(60_000);
    const dashboard = visibleText((await admin.agent.get('/admin/dashboard')).text);
    expect(dashboard).toContain(`Email Service Not sending 2 emails could not be sent;`);
    expect(dashboard).toContain(`( ${formatDateTime(down.at!, t.config.timeZone)} )`);

    // The server back, Resend invitation sends a new link; the old one, never sent, is withdrawn.
    await saveFirmSmtp(t, firmId, { port: firmServer.port });
    const oldLink = inviteLink((await outboxOf(t, email)).text_body);
    const resent = await admin.agent
      .post(`/admin/users/${row.id}/invitation`)
      .type('form')
      .send({ _csrf: admin.token });
    expect([resent.status, resent.headers.location]).toEqual([303, '/admin/users']);
    const again = await flash();
    expect([again[1], again[2]]).toEqual([
      'success',
      'A new invitation was sent to Rae Quinn; their earlier links no longer work.',
    ]);
    const received = await firmServer.waitFor((e) => e.to.includes(email));
    expect(inviteLink(received.text)).not.toBe(oldLink);
    expect((await request(t.app).get(new URL(oldLink).pathname)).status).toBe(404);
    expect((await request(t.app).get(new URL(inviteLink(received.text)).pathname)).status).toBe(200);
    const emails = await t.database.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute();
    expect(emails).toEqual([
      { status: 'failed', last_error: 'Replaced by a new invitation.' },
      { status: 'sent', last_error: null },
    ]);
    // Sol's email still fails, but one was sent since: retrying.
    expect(await emailBadge()).toMatchObject({ tone: 'warning', state: 'Retrying' });
  });
});

describe('with a server that requires signing in', () => {
  const PASSWORD = 'Sm7p-Secret-Pa55word!';
  let t: TestApp;
  let secured: TestSmtpServer;
  let firmId: string;
  const logs = captureLogs();
  beforeAll(async () => {
    secured = await startSmtpServer(0, { auth: { user: 'office@demo-law.example', password: PASSWORD } });
    t = await startTestApp({ logger: logs.logger, env: LOOPBACK_ALLOWED });
    firmId = await demoFirmId(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await secured?.close();
  });
  afterEach(() => {
    // Not in any log line: as typed, nor base64-encoded as AUTH PLAIN or LOGIN would send it.
    for (const secret of [PASSWORD, Buffer.from(PASSWORD).toString('base64')])
      expect(logs.lines.filter((line) => line.includes(secret))).toEqual([]);
  });

  const save = (password: string) =>
    saveFirmSmtp(t, firmId, { port: secured.port, user: 'office@demo-law.example', password });

  it("signs in with the firm's user and password, and delivers the invitation", async () => {
    await save(PASSWORD);
    const email = await addUser(t, 'admin', firmId);
    const received = await secured.waitFor((e) => e.to.includes(email));
    expect(received.user).toBe('office@demo-law.example');
  });

  it("keeps the email with the server's refusal when the password is wrong, without the password", async () => {
    const wrong = 'Wrong-Pa55word-Typed!';
    await save(wrong);
    const email = await addUser(t, 'admin', firmId);
    const kept = await outboxOf(t, email);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    expect(kept.last_error).toBe(SMTP_FAILURES.signIn);
    expect(logs.lines.filter((line) => line.includes(wrong))).toEqual([]);
  });

  it("Send test email reports the server's reply line, to the admin's own address or another", async () => {
    await save(PASSWORD);
    const { agent, token } = await signIn(t.app, 'admin');
    const res = await agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send({});
    expect(res.status).toBe(200);
    const admin = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('login_id', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(res.body).toEqual({
      sent: true,
      to: admin.email,
      message: expect.stringMatching(
        new RegExp(
          `^The test email to ${admin.email.replace('.', '\\.')} was accepted\\. The server said: 250 OK: message queued$`,
        ),
      ),
    });
    const received = await secured.waitFor((e) => e.subject === 'Test email from Reti Immigration');
    expect(received).toMatchObject({ to: [admin.email], from: 'office@demo-law.example' });
    expect(received.text).toContain("sent through your firm's mail server 127.0.0.1:");

    const other = await agent
      .post('/api/settings/email/test')
      .set('X-CSRF-Token', token)
      .send({ to: 'it@demo-law.example' });
    expect(other.body).toMatchObject({ sent: true, to: 'it@demo-law.example' });
    await secured.waitFor((e) => e.to.includes('it@demo-law.example'));

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.email.tested')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ firm_id: firmId, entity: 'settings', entity_id: firmId });
    expect(audit.after).toMatchObject({ sent: true, to: 'it@demo-law.example' });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it('Send test email reports a wrong password as the refusal, and the password appears in no response or log', async () => {
    const wrong = 'An0ther-Wrong-Pa55!';
    await save(wrong);
    const { agent, token } = await signIn(t.app, 'admin');
    const res = await agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send({});
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(false);
    expect(res.body.message).toMatch(
      /^The test email to \S+ was not sent\. The mail server refused the sign-in\. Check the user name and password\.$/,
    );
    expect(res.text).not.toContain(wrong);
    expect(res.text).not.toContain(Buffer.from(wrong).toString('base64'));

    // The page form: 303 to the Email tab, with the same report as an error, and never the password.
    const page = await agent.get('/admin/settings/email/test');
    expect(page.status).toBe(200);
    const form = await agent
      .post('/admin/settings/email/test')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), to: '' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/admin/settings/email');
    const shown = await agent.get('/admin/settings/email/test');
    expect(visibleText(shown.text)).toContain(SMTP_FAILURES.signIn);
    expect(shown.text).toContain('alert-error');
    for (const text of [page.text, shown.text]) expect(text).not.toContain(wrong);
    expect(logs.lines.filter((line) => line.includes(wrong))).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'settings.email.tested')
      .execute();
    expect(JSON.stringify(audit)).not.toContain(wrong);
  });
});

describe('Send test email', () => {
  let t: TestApp;
  let firmId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: LOOPBACK_ALLOWED });
    firmId = await demoFirmId(t.database);
  });
  afterAll(() => t?.close());
  afterEach(() => clearFirmSmtp(t, firmId));

  const test = async (body: object = {}) => {
    const { agent, token } = await signIn(t.app, 'admin');
    return agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send(body);
  };

  it('says so when the firm has no mail server of its own', async () => {
    const res = await test();
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      "No mail server is set for your firm. Save its host, port and sender address under Email first; until then its emails go through the platform's server.",
    );
    // The page form says it on the Email tab.
    const { agent } = await signIn(t.app, 'admin');
    const page = await agent.get('/admin/settings/email/test');
    const form = await agent
      .post('/admin/settings/email/test')
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/admin/settings/email');
    expect(visibleText((await agent.get('/admin/settings/email/test')).text)).toContain(
      'No mail server is set for your firm.',
    );
  });

  it('refuses an address that is no email, on the form with the value kept', async () => {
    await saveFirmSmtp(t, firmId, { port: 25 });
    const res = await test({ to: 'not an address' });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ to: 'Enter a valid email' });
    expect((await test({ to: 42 })).body.fields).toEqual({ to: 'Send to must be text' });
    expect((await test({ to: `${'a'.repeat(250)}@x.example` })).body.fields).toEqual({
      to: 'Send to must be at most 254 characters',
    });

    const { agent } = await signIn(t.app, 'admin');
    const page = await agent.get('/admin/settings/email/test');
    const form = await agent
      .post('/admin/settings/email/test')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), to: 'nobody@' });
    expect(form.status).toBe(422);
    expect(visibleText(form.text)).toContain('Enter a valid email');
    expect(form.text).toContain('value="nobody@"');
  });

  it('reports a refused connection in fixed words', async () => {
    const port = await freePort();
    await saveFirmSmtp(t, firmId, { port });
    const res = await test();
    expect(res.body).toMatchObject({ sent: false });
    expect(res.body.message).toMatch(/was not sent\. The mail server could not be reached\. Check its host/);
  });

  it('reports a server that offers no STARTTLS when TLS is required', async () => {
    const plain = await startSmtpServer();
    try {
      await saveFirmSmtp(t, firmId, { port: plain.port, encryption: 'tls' });
      const res = await test();
      expect(res.body.sent).toBe(false);
      expect(res.body.message).toMatch(/was not sent\. The mail server does not offer TLS \(STARTTLS\)\./);
      expect(res.body.message.endsWith(SMTP_FAILURES.noStartTls)).toBe(true);
      expect(plain.received).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('reports a server that never greets within the short timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      await saveFirmSmtp(t, firmId, { port });
      const started = Date.now();
      const res = await test();
      expect(Date.now() - started).toBeLessThan(9000);
      expect(res.body.message.endsWith(SMTP_FAILURES.unreachable)).toBe(true);
    } finally {
      silent.close();
    }
  }, 20_000);

  it("is an administrator's action: a firm user, staff and visitors are refused, and another firm's admin tests only its own", async () => {
    await saveFirmSmtp(t, firmId, { port: 25 });
    const user = await signIn(t.app, 'attorney');
    expect(
      (await user.agent.post('/api/settings/email/test').set('X-CSRF-Token', user.token).send({})).status,
    ).toBe(403);
    const staff = await signIn(t.app, 'reti');
    expect(
      (await staff.agent.post('/api/settings/email/test').set('X-CSRF-Token', staff.token).send({})).status,
    ).toBe(403);
    expect((await request(t.app).post('/api/settings/email/test').send({})).status).toBe(401);

    // The demo firm's server is set; the other firm has none, and its admin hears that, not the demo's.
    const other = await secondFirm(t);
    const admin = await signIn(t.app, other.admin);
    const res = await admin.agent.post('/api/settings/email/test').set('X-CSRF-Token', admin.token).send({});
    expect(res.status).toBe(409);
  });

  it("shows the form with the admin's own address, and waits for no SMTP at all to render", async () => {
    const { agent } = await signIn(t.app, 'admin');
    const page = await agent.get('/admin/settings/email/test');
    expect(page.status).toBe(200);
    const admin = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('login_id', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(visibleText(page.text)).toContain(`Leave empty to send it to your own address, ${admin.email}.`);
    expect(page.text).toMatch(/<form[^>]*action="\/admin\/settings\/email\/test" method="post"/);
    const user = await signIn(t.app, 'attorney');
    expect((await user.agent.get('/admin/settings/email/test')).status).not.toBe(200);
  });
});

describe('the outbox without the platform SMTP', () => {
  it("still sends a firm's email through the firm's own server, and logs the platform's", async () => {
    const firmServer = await startSmtpServer();
    const t = await startTestApp({ env: LOOPBACK_ALLOWED });
    try {
      const firmId = await demoFirmId(t.database);
      await saveFirmSmtp(t, firmId, { port: firmServer.port });
      const email = await addUser(t, 'admin', firmId);
      await firmServer.waitFor((e) => e.to.includes(email));
      await waitFor(async () => (await outboxOf(t, email)).status === 'sent');

      const other = await secondFirm(t);
      const kept = await addUser(t, other.admin, other.id);
      expect(await outboxOf(t, kept)).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await t.close();
      await firmServer.close();
    }
  });
});

/** A TCP server that is no mail server: it says `banner` (or nothing) and counts who connects. */
async function startOtherServer(banner?: string) {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    if (banner) socket.write(banner);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const SSH_BANNER = 'SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n';
const NATS_TOKEN = 'nats-s3cret-token-4711';
const NATS_BANNER = `INFO {"server_id":"NDQ","version":"2.10.7","auth_required":true,"auth_token":"${NATS_TOKEN}"}\r\n`;

describe("a firm's mail server on a private address", () => {
  let t: TestApp;
  let firmId: string;
  const others: Array<Awaited<ReturnType<typeof startOtherServer>>> = [];
  beforeAll(async () => {
    t = await startTestApp();
    firmId = await demoFirmId(t.database);
    others.push(
      await startOtherServer(SSH_BANNER),
      await startOtherServer(NATS_BANNER),
      await startOtherServer(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(others.map((o) => o.close()));
  });
  afterEach(() => clearFirmSmtp(t, firmId));

  const test = async () => {
    const { agent, token } = await signIn(t.app, 'admin');
    return agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send({});
  };

  it('is refused in the same words, without connecting: loopback, private, link-local, metadata and the rest, also after DNS', async () => {
    const ports = [...others.map((o) => o.port), await freePort()];
    const refused = `was not sent. ${SMTP_FAILURES.refusedAddress}`;
    for (const port of ports) {
      await saveFirmSmtp(t, firmId, { host: '127.0.0.1', port });
      const res = await test();
      expect([port, res.status, res.body.sent]).toEqual([port, 200, false]);
      expect(res.body.message.endsWith(refused)).toBe(true);
    }
    const hosts = [
      'localhost', // a name: refused for the address it resolves to
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.10.10',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::ffff:127.0.0.1',
      'fd00:ec2::254',
      'fe80::1',
    ];
    for (const host of hosts) {
      await saveFirmSmtp(t, firmId, { host, port: 25 });
      const started = Date.now();
      const res = await test();
      expect([host, res.body.message.endsWith(refused)]).toEqual([host, true]);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    expect(others.map((o) => o.connections())).toEqual([0, 0, 0]);
  });

  it("keeps the outbox's email unsent with the same words, and never connects", async () => {
    await saveFirmSmtp(t, firmId, { host: '127.0.0.1', port: others[0].port });
    const email = await addUser(t, 'admin', firmId);
    const kept = await outboxOf(t, email);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, last_error: SMTP_FAILURES.refusedAddress });
    expect(others[0].connections()).toBe(0);
  });
});

describe('a private mail server the operator allows', () => {
  let t: TestApp;
  let firmId: string;
  const others: Array<Awaited<ReturnType<typeof startOtherServer>>> = [];
  beforeAll(async () => {
    t = await startTestApp({ env: LOOPBACK_ALLOWED });
    firmId = await demoFirmId(t.database);
    others.push(
      await startOtherServer(SSH_BANNER),
      await startOtherServer(NATS_BANNER),
      await startOtherServer(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(others.map((o) => o.close()));
  });
  afterEach(() => clearFirmSmtp(t, firmId));

  it('tells no closed, silent or banner port apart, and echoes no banner', async () => {
    const { agent, token } = await signIn(t.app, 'admin');
    const messages = [];
    for (const port of [await freePort(), ...others.map((o) => o.port)]) {
      for (const encryption of ['none', 'ssl', 'tls'] as const) {
        await saveFirmSmtp(t, firmId, { port, encryption });
        const res = await agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send({});
        expect(res.text).not.toMatch(/SSH-2\.0|OpenSSH|INFO|server_id|nats/);
        expect(res.text).not.toContain(NATS_TOKEN);
        messages.push(res.body.message.replace(/^The test email to \S+ was not sent\. /, ''));
      }
    }
    expect(new Set(messages)).toEqual(new Set([SMTP_FAILURES.unreachable]));
    expect(others.map((o) => o.connections() > 0)).toEqual([true, true, true]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'settings.email.tested')
      .execute();
    expect(JSON.stringify(audit)).not.toMatch(/SSH-2\.0|nats-s3cret/);
  }, 60_000);

  it('allows only what is listed: another private address and the metadata service stay refused', async () => {
    for (const host of ['10.0.0.1', '169.254.169.254', '::1']) {
      await saveFirmSmtp(t, firmId, { host, port: 25 });
      const { agent, token } = await signIn(t.app, 'admin');
      const res = await agent.post('/api/settings/email/test').set('X-CSRF-Token', token).send({});
      expect([host, res.body.message.endsWith(SMTP_FAILURES.refusedAddress)]).toEqual([host, true]);
    }
  });

  it('connects to the address it checked, never to the name again: a later DNS answer cannot redirect it', async () => {
    const server = await startSmtpServer();
    const lookups: string[] = [];
    // A name no DNS knows, which this checker alone answers: the send can only arrive through the address.
    const checkHost = mailHostChecker(['127.0.0.1'], async (host) => {
      lookups.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    });
    try {
      const mailer = createFirmMailer(
        {
          host: 'mail.rebind.invalid',
          port: server.port,
          encryption: 'none',
          user: '',
          password: '',
          from: 'office@demo-law.example',
          version: '1',
        },
        'office@demo-law.example',
        checkHost,
      );
      await mailer.send({ to: 'it@demo-law.example', subject: 'Pinned', text: 'Hello' });
      await server.waitFor((e) => e.subject === 'Pinned');
      expect(lookups).toEqual(['mail.rebind.invalid']);
    } finally {
      await server.close();
    }
  });
});
