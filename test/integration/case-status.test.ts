import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import {
  CASE_STATUS_QUEUE,
  createCaseStatusDaily,
  createCaseStatusService,
  createUscisClient,
} from '../../src/case-status';
import { createCasesService } from '../../src/cases/service';
import { createSandbox } from '../../src/documents/sandbox';
import { createDocumentsService } from '../../src/documents/service';
import { documentsDirOf, localDocumentStorage } from '../../src/documents/storage';
import { createLogger } from '../../src/logger';
import { createSettingsService } from '../../src/settings/service';
import { createUsersService } from '../../src/users/service';
import {
  apiAs,
  BACKENDS,
  csrfFrom,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

const NOT_CONFIGURED = 'USCIS case status is not configured: set USCIS_CLIENT_ID and USCIS_CLIENT_SECRET.';
const CLIENT_ID = 'reti-test-client';
const CLIENT_SECRET = crypto.randomBytes(16).toString('hex');

/** A receipt number of its own for each case: three letters and ten digits. */
let receipts = 0;
const newReceipt = (prefix = 'EAC') => `${prefix}99991${String(++receipts).padStart(5, '0')}`;

type Status = { text: string; description: string };

/**
 * USCIS's Case Status API as its documentation describes it, on loopback: POST /oauth/accesstoken
 * (client credentials, form-encoded) answering a token that lasts 30 minutes, GET /case-status/{receipt}
 * with the bearer token answering {case_status: {…}, message}; 401 for a token it no longer takes, 404 for
 * a receipt it does not know, 500 for the receipts told to fail, and 429 with Retry-After once the status
 * requests allowed are spent.
 */
function fakeUscis() {
  const statuses = new Map<string, Status>();
  const failing = new Set<string>();
  const valid = new Set<string>();
  const asked = new Map<string, number>();
  const state = { tokens: 0, allowed: Infinity };

  const send = (res: http.ServerResponse, status: number, body: object, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  function token(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const form = new URLSearchParams(body);
    const typed = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    const right =
      form.get('grant_type') === 'client_credentials' &&
      form.get('client_id') === CLIENT_ID &&
      form.get('client_secret') === CLIENT_SECRET;
    if (!typed || !right)
      return send(res, 401, { ErrorCode: 'invalid_client', Error: 'ClientId is Invalid' });
    state.tokens++;
    const value = crypto.randomBytes(12).toString('hex');
    valid.add(value);
    send(res, 200, {
      refresh_token_expires_in: '0',
      api_product_list: '[Case Status API - Sandbox]',
      organization_name: 'uscis',
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      access_token: value,
      scope: '',
      expires_in: '1799',
      status: 'approved',
    });
  }

  function caseStatus(req: http.IncomingMessage, receipt: string, res: http.ServerResponse) {
    asked.set(receipt, (asked.get(receipt) ?? 0) + 1);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !valid.has(bearer)) return send(res, 401, { code: 401, message: 'Invalid Access Token' });
    if (state.allowed <= 0)
      return send(res, 429, { code: 429, message: 'Spike Arrest Violation' }, { 'Retry-After': '30' });
    state.allowed--;
    if (failing.has(receipt)) return send(res, 500, { code: 500, message: 'Internal Server Error' });
    const status = statuses.get(receipt);
    if (!status)
      return send(res, 404, {
        code: 404,
        message: 'Case Status Online does not recognize the receipt number entered.',
      });
    send(res, 200, {
      case_status: {
        receiptNumber: receipt,
        formType: 'I-130',
        submittedDate: '09-05-2026 14:28:46',
        modifiedDate: '10-01-2026 09:00:00',
        current_case_status_text_en: status.text,
        current_case_status_desc_en: `<p>${status.description}</p>`,
        current_case_status_text_es: `${status.text} (es)`,
        current_case_status_desc_es: `${status.description} (es)`,
        hist_case_status: [],
      },
      message: `Query was successful for payload {'receipt_number': '${receipt}'}`,
    });
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const status = /^\/case-status\/([A-Za-z0-9]+)$/.exec(req.url ?? '');
      if (req.method === 'POST' && req.url === '/oauth/accesstoken') return token(req, body, res);
      if (req.method === 'GET' && status) return caseStatus(req, status[1], res);
      send(res, 404, { message: 'no such resource' });
    });
  });

  return {
    statuses,
    failing,
    state,
    /** Status requests of a receipt, answered or not. */
    askedOf: (receipt: string) => asked.get(receipt) ?? 0,
    /** Every token given so far stops working (as when it expires early). */
    expireTokens: () => valid.clear(),
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(BACKENDS)('USCIS case status on %s', (backend) => {
  describe('without USCIS credentials', () => {
    let t: TestApp;
    let attorney: SignedIn;
    let caseId: string;
    beforeAll(async () => {
      t = await startTestApp({ backend });
      attorney = await signIn(t.app, DEMO_LOGINS.user);
      const made = await apiAs(attorney).post('/cases', {
        clientName: 'Nadia Haddad',
        caseType: 'family',
        formType: 'I-130',
        receiptNumber: newReceipt(),
      });
      expect(made.status).toBe(201);
      caseId = made.body.id;
    });
    afterAll(() => t.close());

    it('says it is not configured, and refuses to check with 503', async () => {
      const read = await apiAs(attorney).get(`/cases/${caseId}/status`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ caseId, configured: false });
      expect(read.body.receipts).toEqual([expect.objectContaining({ latest: null, history: [] })]);

      const check = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(check.status).toBe(503);
      expect(check.body.error).toBe(NOT_CONFIGURED);

      const page = visibleText((await attorney.agent.get(`/user/cases/${caseId}`)).text);
      expect(page).toContain('USCIS case status');
      expect(page).toContain('USCIS case status is not configured.');
      expect(page).not.toContain('Check now');
      expect(await t.database.db.selectFrom('case_status_checks').selectAll().execute()).toEqual([]);
    });
  });

  describe('with USCIS credentials', () => {
    const uscis = fakeUscis();
    let t: TestApp;
    let attorney: SignedIn;
    let attorneyEmail: string;
    let caseId: string;
    let receipt: string;
    const db = () => t.database.db;

    const checksOf = (id: string) =>
      db()
        .selectFrom('case_status_checks')
        .select(['receipt_number', 'outcome', 'status_text', 'changed'])
        .where('case_id', '=', id)
        .orderBy('checked_at')
        .execute();
    /** As if the receipt's checks were made 11 minutes earlier: the next on-demand check asks USCIS again. */
    const ageChecks = (id: string) =>
      sql`UPDATE case_status_checks SET checked_at = checked_at - interval '11 minutes' WHERE case_id = ${id}`.execute(
        db(),
      );
    const emailsAbout = (r: string) =>
      db()
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'text_body'])
        .where('subject', 'like', `%${r}%`)
        .execute();

    beforeAll(async () => {
      const base = await uscis.start();
      t = await startTestApp({
        backend,
        env: {
          USCIS_CLIENT_ID: CLIENT_ID,
          USCIS_CLIENT_SECRET: CLIENT_SECRET,
          USCIS_API_BASE_URL: base,
          // The daily run is started by the tests below, not by the clock.
          CASE_STATUS_CHECKS: '0',
        },
      });
      attorney = await signIn(t.app, DEMO_LOGINS.user);
      const me = await db()
        .selectFrom('users')
        .select(['id', 'email'])
        .where('login_id', '=', DEMO_LOGINS.user)
        .executeTakeFirstOrThrow();
      attorneyEmail = me.email;
      receipt = newReceipt();
      uscis.statuses.set(receipt, {
        text: 'Case Was Received',
        description: 'On September 5, 2026, we received your Form I-130.',
      });
      const made = await apiAs(attorney).post('/cases', {
        clientName: 'Omar Farouk',
        caseType: 'family',
        formType: 'I-130',
        receiptNumber: receipt,
        assigneeId: me.id,
      });
      expect(made.status).toBe(201);
      caseId = made.body.id;
    });
    afterAll(async () => {
      await t.close();
      await uscis.close();
    });

    it('checks on demand, keeps the check, and answers the last one again within 10 minutes', async () => {
      const first = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ caseId, configured: true, checkedNow: [receipt] });
      expect(first.body.receipts).toEqual([
        {
          receiptNumber: receipt,
          latest: expect.objectContaining({
            outcome: 'ok',
            statusText: 'Case Was Received',
            statusDescription: 'On September 5, 2026, we received your Form I-130.',
            statusTextEs: 'Case Was Received (es)',
            formType: 'I-130',
            modifiedDate: '2026-10-01',
            changed: false,
          }),
          history: [],
        },
      ]);
      expect(uscis.askedOf(receipt)).toBe(1);

      const again = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(again.status).toBe(200);
      expect(again.body.checkedNow).toEqual([]);
      expect(again.body.receipts[0].latest.checkedAt).toBe(first.body.receipts[0].latest.checkedAt);
      expect(uscis.askedOf(receipt)).toBe(1);

      const read = await apiAs(attorney).get(`/cases/${caseId}/status`);
      expect(read.status).toBe(200);
      expect(read.body.receipts).toEqual(first.body.receipts);
      expect(await checksOf(caseId)).toEqual([
        { receipt_number: receipt, outcome: 'ok', status_text: 'Case Was Received', changed: false },
      ]);
    });

    it("records a changed status and emails it to the case's assignee once", async () => {
      uscis.statuses.set(receipt, {
        text: 'Case Was Approved',
        description: 'On October 1, 2026, we approved your Form I-130.',
      });
      await ageChecks(caseId);
      const changed = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(changed.status).toBe(200);
      const [status] = changed.body.receipts;
      expect(status.latest).toMatchObject({ statusText: 'Case Was Approved', changed: true });
      expect(status.history).toEqual([expect.objectContaining({ statusText: 'Case Was Received' })]);

      const emails = await emailsAbout(receipt);
      expect(emails).toHaveLength(1);
      expect(emails[0].to_address).toBe(attorneyEmail);
      expect(emails[0].text_body).toContain('Before: Case Was Received');
      expect(emails[0].text_body).toContain('Now: Case Was Approved');
      expect(emails[0].text_body).toContain(`http://127.0.0.1/user/cases/${caseId}#uscis-status`);

      // The same status again is no change.
      await ageChecks(caseId);
      const same = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(same.body.receipts[0].latest).toMatchObject({ statusText: 'Case Was Approved', changed: false });
      expect(await emailsAbout(receipt)).toHaveLength(1);
      expect((await checksOf(caseId)).map((c) => [c.status_text, c.changed])).toEqual([
        ['Case Was Received', false],
        ['Case Was Approved', true],
        ['Case Was Approved', false],
      ]);
    });

    it('asks for a token once for several checks, and for a new one after a 401', async () => {
      expect(uscis.askedOf(receipt)).toBe(3);
      expect(uscis.state.tokens).toBe(1);
      uscis.expireTokens();
      await ageChecks(caseId);
      const res = await apiAs(attorney).post(`/cases/${caseId}/status`);
      expect(res.body.receipts[0].latest).toMatchObject({ outcome: 'ok', statusText: 'Case Was Approved' });
      expect(uscis.state.tokens).toBe(2);
      // The refused request, then the same one with the new token.
      expect(uscis.askedOf(receipt)).toBe(5);
    });

    it('shows the card on the case page, and checks from it without JavaScript', async () => {
      const page = await attorney.agent.get(`/user/cases/${caseId}`);
      const text = visibleText(page.text);
      expect(text).toContain('USCIS case status');
      expect(text).toContain(receipt);
      expect(text).toContain('Case Was Approved');
      expect(text).toContain('On October 1, 2026, we approved your Form I-130.');
      expect(page.text).toMatch(/<details><summary>Earlier checks \(3\)<\/summary>/);
      expect(page.text).toContain(`action="/user/cases/${caseId}/uscis-status"`);

      const posted = await attorney.agent
        .post(`/user/cases/${caseId}/uscis-status`)
        .type('form')
        .send({ _csrf: csrfFrom(page.text) });
      expect([posted.status, posted.headers.location]).toEqual([303, `/user/cases/${caseId}#uscis-status`]);
      expect(visibleText((await attorney.agent.get(`/user/cases/${caseId}`)).text)).toContain(
        'Checked with USCIS in the last 10 minutes: the last answers stand.',
      );
      expect(uscis.askedOf(receipt)).toBe(5);
    });

    it("does not let another firm read or check the case's status", async () => {
      const other = await secondFirm(t);
      const stranger = await signIn(t.app, other.user, DEMO_PASSWORD);
      const read = await apiAs(stranger).get(`/cases/${caseId}/status`);
      expect([read.status, read.body.error]).toEqual([404, 'Case not found.']);
      const check = await apiAs(stranger).post(`/cases/${caseId}/status`);
      expect([check.status, check.body.error]).toEqual([404, 'Case not found.']);
      expect(uscis.askedOf(receipt)).toBe(5);
    });

    it("runs each firm's day once from 8 AM, checking each receipt once and stopping at USCIS's rate limit", async () => {
      const other = await secondFirm(t);
      const admin = await signIn(t.app, other.admin, DEMO_PASSWORD);
      // Five open cases, the soonest due checked first: a status, an unknown receipt, a failure, then the
      // rate limit, and one never asked about.
      const [known, unknown, failing, limited, later] = ['EAC', 'LIN', 'SRC', 'WAC', 'IOE'].map(newReceipt);
      uscis.statuses.set(known, {
        text: 'Case Is Being Actively Reviewed By USCIS',
        description: 'Reviewing.',
      });
      uscis.statuses.set(limited, { text: 'Case Was Received', description: 'Received.' });
      uscis.statuses.set(later, { text: 'Case Was Received', description: 'Received.' });
      uscis.failing.add(failing);
      const cases: string[] = [];
      for (const [i, r] of [known, unknown, failing, limited, later].entries()) {
        const made = await apiAs(admin).post('/cases', {
          clientName: `Lena Park ${i}`,
          caseType: 'family',
          formType: 'I-130',
          receiptNumber: r,
          dueDate: `2031-01-0${i + 1}`,
        });
        expect(made.status).toBe(201);
        cases.push(made.body.id);
      }

      const handle = db();
      const settings = createSettingsService({ db: handle, platformTimeZone: t.config.timeZone });
      const timeZoneOf = async (id: string) => (await settings.contextOf(id)).timeZone;
      const accounts = createUsersService(handle);
      const caseDeps = { db: handle, timeZoneOf, firmUsers: accounts.listByFirm };
      const casesService = createCasesService(caseDeps);
      const service = createCaseStatusService({
        ...caseDeps,
        cases: casesService,
        documents: createDocumentsService({
          ...caseDeps,
          storage: localDocumentStorage(documentsDirOf(t.config)),
          cases: casesService,
          // Nothing here reads a file: the sandbox never starts a worker.
          sandbox: createSandbox({ logger: createLogger('silent') }),
          firmNameOf: async () => '',
          wake: () => undefined,
        }),
        publicUrl: t.config.publicUrl,
        // Only the schedule runs here: the app's own job runner does the checks.
        uscis: createUscisClient({
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          baseUrl: t.config.uscis!.baseUrl,
        }),
        logger: createLogger('silent'),
      });
      const daily = createCaseStatusDaily({
        db: handle,
        service,
        timeZoneOf,
        activeFirmIds: async () => [other.id],
        wake: () => undefined,
      });
      // 7:59 and 8:00 AM in New York on 03/03/2030 (EST, UTC-5).
      expect(await daily.schedule(new Date('2030-03-03T12:59:00Z'))).toBe(0);
      expect(await daily.schedule(new Date('2030-03-03T13:00:00Z'))).toBe(1);
      expect(await daily.schedule(new Date('2030-03-03T20:00:00Z'))).toBe(0);

      uscis.state.allowed = 3;
      const jobDone = async () =>
        (
          await handle
            .selectFrom('jobs')
            .select('status')
            .where('queue', '=', CASE_STATUS_QUEUE)
            .where('firm_id', '=', other.id)
            .execute()
        ).every((j) => j.status === 'done');
      await waitFor(jobDone, 20_000);

      expect([known, unknown, failing, limited, later].map(uscis.askedOf)).toEqual([1, 1, 1, 1, 0]);
      const outcomes = await Promise.all(cases.map(async (id) => (await checksOf(id)).map((c) => c.outcome)));
      expect(outcomes).toEqual([['ok'], ['not-found'], ['unavailable'], ['rate-limited'], []]);

      // Run again the same day (USCIS answering again): only the receipt never checked today is asked.
      uscis.state.allowed = Infinity;
      await createCaseStatusDaily({
        db: handle,
        service,
        timeZoneOf,
        activeFirmIds: async () => [other.id],
        wake: () => undefined,
      }).schedule(new Date('2030-03-04T13:00:00Z'));
      await waitFor(async () => uscis.askedOf(later) === 1 && (await jobDone()), 20_000);
      expect([known, unknown, failing, limited, later].map(uscis.askedOf)).toEqual([1, 1, 1, 1, 1]);
    });
  });
});
