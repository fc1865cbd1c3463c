import { sql } from 'kysely';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { createMailSender, retryDelaySeconds } from '../../src/mail/sender';
import { createSmtpMailer } from '../../src/mail/transport';
import { createOutboxStore, NOT_CONFIGURED } from '../../src/mail/store';
import { BACKENDS, DEMO_PASSWORD, startTestApp, type TestApp, csrfFrom } from '../helpers/app';
import { waitFor } from '../helpers/poll';
import { SMTP_FAILURES } from '../../src/mail/transport';
import { freePort, inviteLink, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const FROM = 'Reti Immigration <no-reply@reti-immigration.example>';
/** Why it was not sent is said in fixed words (the server was down here). */
const QUEUED =
  'The invitation email could not be sent right now: The mail server could not be reached. Check its host, port and encryption setting, and that it is running. It is kept in the outbox and will be retried automatically.';
const LOGGED =
  'No mail server is configured (SMTP_URL is not set), so the invitation email was not sent. It is kept in the outbox and written to the server log.';

/** The JSON lines a logger wrote, as objects. */
function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Signs platform staff in, adds a firm and asks for its invitation; answers the firm and the response. */
async function inviteNewFirm(t: TestApp, name: string) {
  const agent = request.agent(t.app);
  await agent.post('/login').type('form').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(303);
  const token = csrfFrom((await agent.get('/reti/dashboard')).text);
  const firm = await agent
    .post('/api/firms')
    .set('X-CSRF-Token', token)
    .send({
      name,
      contactPerson: 'Ana Lima',
      contactRole: 'Partner',
      email: `ana@${name.toLowerCase()}.example`,
      phone: '555 010 2000',
    })
    .expect(201);
  const res = await agent.post(`/api/firms/${firm.body.id}/invitations`).set('X-CSRF-Token', token).send({});
  return { firm: firm.body as { id: string; email: string }, res };
}

describe('mail configuration', () => {
  const base = { DATA_DIR: '/tmp/reti-config-test', SESSION_SECRET: 'x'.repeat(40) };

  it('has no SMTP server and a sender address by default, and takes smtp:// or smtps:// URLs', () => {
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: FROM });
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'ops@firm.example',
    });
    expect(config).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'ops@firm.example' });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL: must be a URL starting with smtp: or smtps:/],
    [{ MAIL_FROM: 'Reti <not an address>' }, /MAIL_FROM: must be an address such as Name <name@example.com>/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('the retry delay', () => {
  it('starts at 30 s, doubles with each failure and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});

describe.each(BACKENDS)('the outbox sender on %s', (backend) => {
  let t: TestApp;
  const silent = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await startTestApp({ backend });
    // This file drives senders of its own: the app's background one would take their messages.
    await t.app.close();
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const outbox = () => createOutboxStore(db());
  const row = (id: string) =>
    db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const smtpSender = (url: string) =>
    createMailSender({ db: db(), mailer: createSmtpMailer(url, FROM), logger: silent });

  it('keeps a message while the SMTP server is down and sends it, once, when it is back and the delay has passed', async () => {
    const port = await freePort();
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    const id = await outbox().enqueue({ to: 'sales@firm.example', subject: 'Retry me', text: 'Hello' });

    expect(await sender.deliverDue()).toBe(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    // Fixed words, as the firm's administrator reads them: never the other end's text.
    expect(failed.last_error).toBe(SMTP_FAILURES.unreachable);
    const wait = (failed.next_attempt_at.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);

    // Not due yet: no second try, even once the server is back.
    const smtp = await startSmtpServer(port);
    try {
      expect(await sender.deliverDue()).toBe(0);
      expect((await row(id)).attempts).toBe(1);
      expect(smtp.received).toEqual([]);

      await db()
        .updateTable('outbox')
        .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute();
      expect(await sender.deliverDue()).toBe(1);
      expect(smtp.received).toEqual([
        {
          from: 'no-reply@reti-immigration.example',
          to: ['sales@firm.example'],
          subject: 'Retry me',
          text: 'Hello',
        },
      ]);
      expect(await row(id)).toMatchObject({
        status: 'sent',
        attempts: 2,
        last_error: null,
        sent_at: expect.any(Date),
      });

      expect(await sender.deliverDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('two processes sending at the same time never send one message twice', async () => {
    const smtp = await startSmtpServer();
    const [a, b] = [smtpSender(smtp.url), smtpSender(smtp.url)];
    try {
      const subjects = Array.from({ length: 8 }, (_, i) => `Batch ${i}`);
      const ids = [];
      for (const subject of subjects)
        ids.push(await outbox().enqueue({ to: 'ops@firm.example', subject, text: subject }));
      const counts = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(8);
      expect(smtp.received.map((e) => e.subject).sort()).toEqual(subjects);
      for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.close();
    }
  });

  it('delivers a new message at once for its creator, while the background passes leave it alone', async () => {
    const smtp = await startSmtpServer();
    const [creator, background] = [smtpSender(smtp.url), smtpSender(smtp.url)];
    try {
      const id = await outbox().enqueue(
        { to: 'new.admin@firm.example', subject: 'Invitation', text: 'Link' },
        300,
      );
      expect(await background.deliverDue()).toBe(0);
      expect(await creator.deliver(id)).toEqual({ delivery: 'sent' });
      expect(await creator.deliver(id)).toEqual({ delivery: 'queued' });
      expect(smtp.received.map((e) => e.subject)).toEqual(['Invitation']);
      expect((await row(id)).status).toBe('sent');
    } finally {
      await Promise.all([creator.stop(), background.stop()]);
      await smtp.close();
    }
  });

  it('without SMTP, keeps each message pending and writes it to the log once; SMTP set later sends it', async () => {
    const logs = captureLogs();
    const local = createMailSender({ db: db(), logger: logs.logger });
    const id = await outbox().enqueue({
      to: 'sales@firm.example',
      subject: 'Kept',
      text: 'Line one\nhttp://x.example/invite/abc',
    });
    expect(await local.deliverDue()).toBe(1);
    expect(await local.deliverDue()).toBe(0);
    expect(await local.deliver(id)).toEqual({ delivery: 'logged' });
    expect(logs.lines.filter((l) => l.outboxId === id)).toEqual([
      expect.objectContaining({
        msg: 'email kept in the outbox (SMTP_URL is not set)',
        to: 'sales@firm.example',
        subject: 'Kept',
        text: 'Line one\nhttp://x.example/invite/abc',
      }),
    ]);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: NOT_CONFIGURED,
      sent_at: null,
    });

    const smtp = await startSmtpServer();
    const sender = smtpSender(smtp.url);
    try {
      expect(await sender.deliverDue()).toBe(1);
      expect(smtp.received.map((e) => e.subject)).toEqual(['Kept']);
      expect((await row(id)).status).toBe('sent');
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });
});

describe('the app and its email', () => {
  it('without SMTP_URL, an invitation answers 202, stays pending, and its email with the link is in the log', async () => {
    const logs = captureLogs();
    const t = await startTestApp({ logger: logs.logger });
    try {
      expect(logs.lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'SMTP_URL is not set: emails stay in the outbox table and are written to this log',
        }),
      );
      const { firm, res } = await inviteNewFirm(t, 'Lima');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: LOGGED, delivery: 'logged' });

      const [email] = await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', firm.email)
        .execute();
      expect(email).toMatchObject({ status: 'pending', attempts: 0, last_error: NOT_CONFIGURED });
      const logged = logs.lines.find((l) => l.outboxId === email.id);
      expect(logged).toMatchObject({
        to: firm.email,
        subject: 'Your invitation to Reti Immigration',
        text: email.text_body,
      });
      const link = inviteLink(String(logged?.text));
      expect((await request(t.app).get(new URL(link).pathname)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  describe('with an SMTP server that is down, then back', () => {
    let t: TestApp;
    let smtp: TestSmtpServer | undefined;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('keeps the invitation email for a retry, then the background sender delivers it and the contact notification', async () => {
      const { firm, res } = await inviteNewFirm(t, 'Souza');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: QUEUED, delivery: 'queued' });
      const db = t.database.db;
      const [kept] = await db.selectFrom('outbox').selectAll().where('to_address', '=', firm.email).execute();
      expect(kept).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: SMTP_FAILURES.unreachable,
      });
      expect(
        await db.selectFrom('invitations').select('id').where('firm_id', '=', firm.id).execute(),
      ).toHaveLength(1);

      smtp = await startSmtpServer(port);
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('id', '=', kept.id)
        .execute();
      await request(t.app)
        .post('/api/comm/contact')
        .send({ name: 'Ana Souza', phone: '+1 (555) 123-4567', email: 'ana@souza.example' })
        .expect(201);

      const invitation = await smtp.waitFor((e) => e.to.includes(firm.email), 15_000);
      expect(inviteLink(invitation.text)).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      await smtp.waitFor((e) => e.subject === 'Reti Immigration: contact request from Ana Souza', 15_000);
      // The sender marks a message sent once the server has taken it: a moment after the server has it.
      const unsent = () => db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute();
      await waitFor(async () => (await unsent()).length === 0, 10_000).catch(() => undefined);
      expect(await unsent()).toEqual([]);
      expect(smtp.received).toHaveLength(2);
    }, 40_000);
  });
});
