import crypto from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { createAiService, createDeadlineReminders, REMINDER_QUEUE } from '../../src/ai';
import { createClientsService } from '../../src/cases/client-service';
import { createCasesService } from '../../src/cases/service';
import { createSandbox } from '../../src/documents/sandbox';
import { createDocumentsService } from '../../src/documents/service';
import { documentsDirOf, localDocumentStorage } from '../../src/documents/storage';
import { createFirmsService } from '../../src/firms/service';
import { createSettingsService } from '../../src/settings/service';
import type { CaseRecord } from '../../src/shared/cases';
import { createUsersService } from '../../src/users/service';
import { createLogger } from '../../src/logger';
import {
  BACKENDS,
  csrfFrom,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

/** An RFE of 11/02/2026 giving 84 days, mailed: due 01/28/2027 (84 + 3 days, 8 CFR 103.8(b)). */
const RFE_FACTS = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true };
const RFE_DUE = '2027-01-28';

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The content lines of an iCalendar text: CRLF line ends, folded lines joined again (RFC 5545 §3.1). */
function unfold(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return ics
    .slice(0, -2)
    .split('\r\n')
    .reduce<string[]>((lines, line) => {
      if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
      else lines.push(line);
      return lines;
    }, []);
}

/** Each VEVENT's properties, by name (parameters kept in the name: "DTSTART;VALUE=DATE"). */
function eventsOf(lines: string[]): Array<Record<string, string>> {
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else if (current) {
      const at = line.indexOf(':');
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

describe.each(BACKENDS)('the deadlines calendar feed and reminder emails on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let firmId: string;
  let attorneyId: string;
  let attorneyEmail: string;
  let kase: CaseRecord;

  const db = () => t.database.db;
  const send = (as: SignedIn, method: 'post' | 'put' | 'delete', route: string, body?: object) => {
    const req = as.agent[method](`/api${route}`).set('X-CSRF-Token', as.token);
    return body ? req.send(body) : req;
  };
  const feedPath = (url: string) => new URL(url).pathname;
  const docketRows = (caseId: string) =>
    db()
      .selectFrom('deadlines')
      .select(['id', 'source_key', 'state'])
      .where('case_id', '=', caseId)
      .execute();

  let clients = 0;
  async function newCase(fields: object, facts: object): Promise<CaseRecord> {
    const res = await send(admin, 'post', '/cases', {
      clientName: `Omar Said${++clients}`,
      caseType: 'family',
      formType: 'I-130',
      ...fields,
    });
    expect(res.status).toBe(201);
    expect((await send(attorney, 'put', `/cases/${res.body.id}/facts`, facts)).status).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    firmId = await demoFirmId(t.database);
    const row = await db()
      .selectFrom('users')
      .select(['id', 'email'])
      .where('login_id', '=', DEMO_LOGINS.user)
      .executeTakeFirstOrThrow();
    attorneyId = row.id;
    attorneyEmail = row.email;
    kase = await newCase({ assigneeId: attorneyId }, { ...RFE_FACTS, passportExpires: '2027-06-30' });
  });
  afterAll(() => t.close());

  describe('the calendar feed', () => {
    it('gives a secret address, keeping only its SHA-256, and serves RFC 5545 with no session', async () => {
      const res = await send(attorney, 'post', '/ai/calendar');
      expect(res.status).toBe(201);
      const match = /^http:\/\/127\.0\.0\.1\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(res.body.url);
      expect(match).not.toBeNull();
      const token = match![1];
      const stored = await db()
        .selectFrom('calendar_feeds')
        .select(['token_hash', 'revoked_at'])
        .where('user_id', '=', attorneyId)
        .execute();
      expect(stored).toEqual([
        { token_hash: crypto.createHash('sha256').update(token).digest('hex'), revoked_at: null },
      ]);

      // A calendar app: no cookie, no session.
      const feed = await request(t.app).get(feedPath(res.body.url));
      expect(feed.status).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers['set-cookie']).toBeUndefined();
      const raw = feed.text;
      for (const line of raw.slice(0, -2).split('\r\n'))
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(raw).toMatch(/\r\n /); // long lines are folded
      const lines = unfold(raw);
      expect(lines.slice(0, 4)).toEqual([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Reti//Reti Immigration//EN',
        'CALSCALE:GREGORIAN',
      ]);
      expect(lines.at(-1)).toBe('END:VCALENDAR');
      const ours = eventsOf(lines).filter((e) => e.SUMMARY.includes(kase.caseNumber));
      // An I-130 case: the passport's expiry, not the six-month travel rule; each event is a docket row.
      const rows = await docketRows(kase.id);
      expect(rows.map((r) => r.source_key).sort()).toEqual(['rule:passport-expiry', 'rule:rfe-response']);
      expect(ours.map((e) => e.UID).sort()).toEqual(rows.map((r) => `${r.id}@127.0.0.1`).sort());
      const rfe = ours.find((e) =>
        e.UID.startsWith(rows.find((r) => r.source_key === 'rule:rfe-response')!.id),
      )!;
      expect(rfe['DTSTART;VALUE=DATE']).toBe(RFE_DUE.replace(/-/g, ''));
      expect(rfe['DTEND;VALUE=DATE']).toBe(addDays(RFE_DUE, 1).replace(/-/g, ''));
      expect(rfe.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
      expect(rfe.SUMMARY).toContain(kase.caseNumber);
      expect(rfe.DESCRIPTION).toMatch(/CFR/);
      expect(rfe.DESCRIPTION).toContain('USCIS must receive it by this date.');
      expect(rfe.URL).toBe(`http://127.0.0.1/user/cases/${kase.id}`);

      // The same deadline keeps its UID, read after read.
      const again = eventsOf(unfold((await request(t.app).get(feedPath(res.body.url))).text));
      expect(
        again
          .filter((e) => e.SUMMARY.includes(kase.caseNumber))
          .map((e) => e.UID)
          .sort(),
      ).toEqual(ours.map((e) => e.UID).sort());
    });

    it('answers 404 for an unknown, malformed or revoked address, and a new address replaces the old', async () => {
      const first = (await send(attorney, 'post', '/ai/calendar')).body.url;
      const second = (await send(attorney, 'post', '/ai/calendar')).body.url;
      expect((await request(t.app).get(feedPath(first))).status).toBe(404);
      expect((await request(t.app).get(feedPath(second))).status).toBe(200);
      expect((await request(t.app).get(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
      expect((await request(t.app).get('/calendar/short.ics')).status).toBe(404);

      expect((await send(attorney, 'delete', '/ai/calendar')).status).toBe(204);
      expect((await request(t.app).get(feedPath(second))).status).toBe(404);
      const none = await send(attorney, 'delete', '/ai/calendar');
      expect([none.status, none.body.error]).toEqual([404, 'You have no calendar address to revoke.']);
    });

    it("holds only the owner's firm's cases, and closes when the owner is suspended", async () => {
      const other = await secondFirm(t);
      const theirs = await signIn(t.app, other.user);
      const url = (await send(theirs, 'post', '/ai/calendar')).body.url;
      const feed = await request(t.app).get(feedPath(url));
      expect(feed.status).toBe(200);
      expect(feed.text).not.toContain(kase.id);

      await db()
        .updateTable('users')
        .set({ status: 'suspended' })
        .where('login_id', '=', other.user)
        .execute();
      expect((await request(t.app).get(feedPath(url))).status).toBe(404);
    });

    it("closes while the owner's firm is inactive, as sign-in does, and opens again with the firm", async () => {
      const other = await secondFirm(t);
      const theirs = await signIn(t.app, other.user);
      const url = (await send(theirs, 'post', '/ai/calendar')).body.url;
      const feed = () => request(t.app).get(feedPath(url));
      const open = await feed();
      expect([open.status, open.headers['cache-control']]).toEqual([200, 'private, no-store']);

      const staff = await signIn(t.app, DEMO_LOGINS.reti);
      const firm = (await staff.agent.get(`/api/firms/${other.id}`).expect(200)).body;
      const setStatus = (status: string) =>
        staff.agent
          .put(`/api/firms/${other.id}`)
          .set('X-CSRF-Token', staff.token)
          .send({ ...firm, status });
      expect((await setStatus('inactive')).status).toBe(200);
      const closed = await feed();
      expect(closed.status).toBe(404);
      expect(closed.text).not.toContain('BEGIN:VCALENDAR');
      const login = await request(t.app)
        .post('/api/auth/login')
        .send({ user_id: other.user, password: DEMO_PASSWORD });
      expect(login.status).toBe(401);

      expect((await setStatus('active')).status).toBe(200);
      expect((await feed()).status).toBe(200);
    });

    it('works without JavaScript: Subscribe shows the address once, then it can be revoked', async () => {
      let page = await attorney.agent.get('/user/ai/deadlines');
      expect(page.status).toBe(200);
      const token = csrfFrom(page.text);
      const made = await attorney.agent.post('/user/ai/calendar').type('form').send({ _csrf: token });
      expect(made.status).toBe(201);
      expect(visibleText(made.text)).toContain(
        'Your calendar address is ready. Copy it now: it is shown only this once.',
      );
      const url = /value="(http:\/\/127\.0\.0\.1\/calendar\/[^"]+\.ics)"/.exec(made.text)![1];
      expect(made.text).toContain(`href="${url.replace('http:', 'webcal:')}"`);
      expect((await request(t.app).get(feedPath(url))).status).toBe(200);

      page = await attorney.agent.get('/user/ai/deadlines');
      expect(page.text).not.toContain(url);
      expect(visibleText(page.text)).toContain('Make a new address');
      const revoked = await attorney.agent
        .post('/user/ai/calendar/revoke')
        .type('form')
        .send({ _csrf: token });
      expect([revoked.status, revoked.headers.location]).toEqual([303, '/user/ai/deadlines#calendar']);
      expect(visibleText((await attorney.agent.get('/user/ai/deadlines')).text)).toContain(
        'Your calendar address was revoked: calendars subscribed to it get nothing more.',
      );
      expect((await request(t.app).get(feedPath(url))).status).toBe(404);
    });
  });

  describe('reminder emails', () => {
    let woken = 0;

    /** The reminders as the app wires them, over the test app's database. */
    function reminders() {
      const handle = db();
      const firms = createFirmsService({ db: handle, endSessions: async () => undefined });
      const settings = createSettingsService({ db: handle, firms, platformTimeZone: t.config.timeZone });
      const timeZoneOf = async (id: string) => (await settings.contextOf(id)).timeZone;
      const accounts = createUsersService(handle);
      const caseDeps = { db: handle, timeZoneOf, firmUsers: accounts.listByFirm };
      const cases = createCasesService(caseDeps);
      const documents = createDocumentsService({
        ...caseDeps,
        storage: localDocumentStorage(documentsDirOf(t.config)),
        cases,
        // The services these tests use read no file: the sandbox never starts a worker.
        sandbox: createSandbox({ logger: createLogger('silent') }),
        firmNameOf: async () => '',
        wake: () => undefined,
      });
      const ai = createAiService({
        ...caseDeps,
        cases,
        clients: createClientsService(caseDeps),
        documents,
        publicUrl: t.config.publicUrl,
        // No calendar feed is read here: only the reminders.
        signedInAs: async () => null,
      });
      return createDeadlineReminders({
        db: handle,
        openDeadlines: async (id) =>
          (await ai.docket.listOfFirm(id)).items.filter((d) => d.state === 'open' || d.state === 'missed'),
        timeZoneOf,
        firmUsers: accounts.listByFirm,
        activeFirmIds: firms.activeIds,
        publicUrl: t.config.publicUrl,
        wake: () => woken++,
      });
    }

    /** The reminders sent of a case, each with its docket row's source ("rule:rfe-response"). */
    const sentFor = (caseId: string) =>
      db()
        .selectFrom('deadline_reminders')
        .innerJoin('deadlines', (join) =>
          join.on(sql`deadlines.id::text`, '=', sql.ref('deadline_reminders.deadline_id')),
        )
        .select(['deadlines.source_key as deadline_id', 'deadline_date', 'days_before', 'user_id'])
        .where('deadline_reminders.case_id', '=', caseId)
        .orderBy('deadline_reminders.created_at')
        .execute();
    const emailsAbout = (caseNumber: string) =>
      db()
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'text_body', 'firm_id'])
        .where('subject', 'like', `${caseNumber}:%`)
        .orderBy('created_at')
        .execute();

    it("emails the case's assignee 14, 7 and 1 days before each deadline, each once", async () => {
      const run = reminders();
      const rfe = async () => (await sentFor(kase.id)).filter((r) => r.deadline_id === 'rule:rfe-response');
      for (const [daysLeft, sent] of [
        [15, []],
        [14, [14]],
        [14, [14]],
        [10, [14]],
        [7, [14, 7]],
        [5, [14, 7]],
        [1, [14, 7, 1]],
        [1, [14, 7, 1]],
        [0, [14, 7, 1]],
      ] as Array<[number, number[]]>) {
        await run.send(firmId, addDays(RFE_DUE, -daysLeft));
        expect([daysLeft, (await rfe()).map((r) => r.days_before)]).toEqual([daysLeft, sent]);
      }
      for (const row of await rfe())
        expect(row).toMatchObject({ deadline_date: RFE_DUE, user_id: attorneyId });

      const emails = (await emailsAbout(kase.caseNumber)).filter((e) => e.subject.includes('01/28/2027'));
      expect(emails.map((e) => e.subject)).toEqual([
        expect.stringMatching(new RegExp(`^${kase.caseNumber}: .+ 01/28/2027 \\(in 14 days\\)$`)),
        expect.stringMatching(new RegExp(`^${kase.caseNumber}: .+ 01/28/2027 \\(in 7 days\\)$`)),
        expect.stringMatching(new RegExp(`^${kase.caseNumber}: .+ 01/28/2027 \\(tomorrow\\)$`)),
      ]);
      for (const email of emails) {
        expect(email.to_address).toBe(attorneyEmail);
        expect(email.firm_id).toBe(firmId);
        expect(email.text_body).toContain('Hello Jordan,');
        expect(email.text_body).toContain(`http://127.0.0.1/user/cases/${kase.id}`);
        expect(email.text_body).toContain('USCIS must receive it by 01/28/2027');
        expect(email.text_body).toMatch(/CFR/);
      }
    });

    it('makes up a missed reminder with the days actually left, and reminds no one of an unassigned case', async () => {
      const late = await newCase({ assigneeId: attorneyId }, RFE_FACTS);
      const nobody = await newCase({}, RFE_FACTS);
      const run = reminders();
      await run.send(firmId, addDays(RFE_DUE, -10));
      expect((await sentFor(late.id)).map((r) => r.days_before)).toEqual([14]);
      expect((await emailsAbout(late.caseNumber)).map((e) => e.subject)).toEqual([
        expect.stringMatching(/ 01\/28\/2027 \(in 10 days\)$/),
      ]);
      expect(await sentFor(nobody.id)).toEqual([]);
      expect(await emailsAbout(nobody.caseNumber)).toEqual([]);
    });

    it("queues each firm's run once a day from 7 AM its time, which the app's job runner then does", async () => {
      const late = await newCase({ assigneeId: attorneyId }, { passportExpires: '2030-03-10' });
      const run = reminders();
      // 6:59 AM and 7:00 AM in New York on 03/03/2030 (EST, UTC-5): seven days before the passport expires.
      expect(await run.schedule(new Date('2030-03-03T11:59:00Z'))).toBe(0);
      woken = 0;
      const queued = await run.schedule(new Date('2030-03-03T12:00:00Z'));
      expect(queued).toBeGreaterThanOrEqual(1);
      expect(woken).toBe(1);
      expect(await run.schedule(new Date('2030-03-03T20:00:00Z'))).toBe(0);
      const jobs = await db()
        .selectFrom('jobs')
        .select(['id', 'payload', 'status'])
        .where('queue', '=', REMINDER_QUEUE)
        .where('firm_id', '=', firmId)
        .execute();
      expect(jobs.map((j) => j.payload)).toEqual([{ firmId, day: '2030-03-03' }]);
      // The app's own runner takes the job (at its next poll) and sends the day's reminders.
      await waitFor(async () => (await sentFor(late.id)).length === 1, 15_000);
      expect((await sentFor(late.id))[0]).toMatchObject({
        deadline_id: 'rule:passport-expiry',
        days_before: 7,
      });
    });
  });
});
