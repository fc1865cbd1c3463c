import type { Grant } from '../../src/access/action';
import { AI_ACTIONS } from '../../src/ai';
import type { CaseRecord } from '../../src/shared/cases';
import type { CaseFacts } from '../../src/shared/facts';
import {
  BACKENDS,
  DEMO_LOGINS,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';
import { analysed, upload } from '../helpers/documents';
import { passportMrzLines, textPdf } from '../helpers/files';

/** The calendar feed is public (a calendar app asks with no session): it has no grants to list. */
type Key = Exclude<keyof typeof AI_ACTIONS, 'getCalendarFeed'>;
const NOT_FOUND = 'Case not found.';

/** The catalog rows and default grants, written out by hand: firm users and admins, platform staff nothing. */
const CATALOG: Record<Key, { name: string; method: string; route: string; grants: Record<string, Grant> }> = {
  trackDeadlines: {
    name: 'Track Deadlines',
    method: 'POST',
    route: '/api/ai/deadlines',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  checkCompliance: {
    name: 'Check Compliance',
    method: 'POST',
    route: '/api/ai/compliance',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  getCaseFacts: {
    name: 'Get Case Facts',
    method: 'GET',
    route: '/api/cases/{id}/facts',
    grants: { user: 'r', admin: 'r', reti: '' },
  },
  enterCaseFacts: {
    name: 'Enter Case Facts',
    method: 'PUT',
    route: '/api/cases/{id}/facts',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  subscribeCalendar: {
    name: 'Subscribe to Deadlines Calendar',
    method: 'POST',
    route: '/api/ai/calendar',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  revokeCalendar: {
    name: 'Revoke Deadlines Calendar',
    method: 'DELETE',
    route: '/api/ai/calendar',
    grants: { user: 'd', admin: 'd', reti: '' },
  },
  getCalendar: {
    name: 'Get Deadlines Calendar',
    method: 'GET',
    route: '/api/ai/calendar',
    grants: { user: 'r', admin: 'r', reti: '' },
  },
  getDocumentAnalysis: {
    name: 'Get Document Analysis',
    method: 'GET',
    route: '/api/ai/analyze',
    grants: { user: 'r', admin: 'r', reti: '' },
  },
  listDeadlines: {
    name: 'List Deadlines',
    method: 'GET',
    route: '/api/deadlines',
    grants: { user: 'r', admin: 'r', reti: '' },
  },
  changeDeadline: {
    name: 'Change Deadline State',
    method: 'PATCH',
    route: '/api/deadlines/{id}',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  addDeadline: {
    name: 'Add Deadline',
    method: 'POST',
    route: '/api/cases/{id}/deadlines',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
};

/** An RFE dated 11/02/2026 giving 84 days, mailed: due 84 + 3 days later (8 CFR 103.8(b)). */
const RFE_FACTS = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true };
const RFE_DUE = '2027-01-28';

describe.each(BACKENDS)('the AI tools API on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  let firmId: string;
  let attorneyId: string;
  let other: { id: string; admin: SignedIn; case: CaseRecord };

  const db = () => t.database.db;
  const send = (
    as: SignedIn,
    method: 'post' | 'put' | 'patch' | 'get' | 'delete',
    route: string,
    body?: object,
  ) => {
    const req = as.agent[method](`/api${route}`).set('X-CSRF-Token', as.token);
    return body ? req.send(body) : req;
  };
  const usesOf = (firm: string) =>
    db()
      .selectFrom('ai_usage')
      .select(['tool', 'user_id', 'case_id'])
      .where('firm_id', '=', firm)
      .orderBy('created_at', 'desc')
      .execute();

  let clients = 0;
  async function newCase(fields: object = {}, as = admin): Promise<CaseRecord> {
    const res = await send(as, 'post', '/cases', {
      clientName: `Noor Haddad${++clients}`,
      caseType: 'family',
      formType: 'I-130',
      ...fields,
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    staff = await signIn(t.app, DEMO_LOGINS.reti);
    firmId = await demoFirmId(t.database);
    attorneyId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', DEMO_LOGINS.user)
        .executeTakeFirstOrThrow()
    ).id;
    const second = await secondFirm(t);
    const theirAdmin = await signIn(t.app, second.admin);
    other = {
      id: second.id,
      admin: theirAdmin,
      case: await newCase({ clientName: 'Other Client' }, theirAdmin),
    };
  });
  afterAll(() => t.close());

  it('catalogs each action with its default grants, and refuses platform staff', async () => {
    const rows = await db()
      .selectFrom('actions')
      .innerJoin('permissions', 'permissions.action_id', 'actions.id')
      .select(['name', 'method', 'route', 'category', 'role', 'can_read', 'can_write', 'can_delete'])
      .where('category', '=', 'AI Tools')
      .execute();
    for (const [key, row] of Object.entries(CATALOG)) {
      const own = rows.filter((r) => r.method === row.method && r.route === row.route);
      expect([key, own[0]?.name, own[0]?.category]).toEqual([key, row.name, 'AI Tools']);
      for (const role of ['user', 'admin', 'reti'] as const) {
        const p = own.find((r) => r.role === role)!;
        const flags = `${p.can_read ? 'r' : ''}${p.can_write ? 'w' : ''}${p.can_delete ? 'd' : ''}`;
        expect([key, role, flags]).toEqual([key, role, row.grants[role]]);
      }
    }
    const res = await send(staff, 'post', '/ai/deadlines', { facts: RFE_FACTS, asOf: '2026-11-20' });
    expect(res.status).toBe(403);
  });

  it('answers the deadlines of facts given, each with its rule, and records the use', async () => {
    const before = (await usesOf(firmId)).length;
    const res = await send(attorney, 'post', '/ai/deadlines', { facts: RFE_FACTS, asOf: '2026-11-20' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['asOf', 'deadlines', 'rules', 'unknown']);
    expect(res.body.asOf).toBe('2026-11-20');
    const rfe = res.body.deadlines.find((d: { id: string }) => d.id === 'rfe-response');
    expect(rfe).toMatchObject({ id: 'rfe-response', date: RFE_DUE, ruleId: expect.any(String) });
    expect(rfe.citation).toMatch(/CFR/);
    expect(rfe.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rfe.title).toEqual(expect.any(String));
    expect(res.body.rules.map((r: { ruleId: string }) => r.ruleId)).toContain(rfe.ruleId);
    const uses = await usesOf(firmId);
    expect(uses.length).toBe(before + 1);
    expect(uses[0]).toEqual({ tool: 'deadline-tracker', user_id: attorneyId, case_id: null });
  });

  it('answers the compliance checks of facts given, with figures, and records the use', async () => {
    const res = await send(admin, 'post', '/ai/compliance', {
      facts: { form: 'I-864', householdSize: 4, householdIncome: 40_000, sponsorState: 'NY' },
      asOf: '2026-11-20',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['asOf', 'checks', 'figures', 'rules']);
    for (const check of res.body.checks) {
      expect(['pass', 'warn', 'fail', 'unknown']).toContain(check.status);
      expect(check).toMatchObject({
        id: expect.any(String),
        ruleId: expect.any(String),
        citation: expect.any(String),
      });
    }
    // On 11/20/2026 the 2026 poverty guidelines were due (Form I-864P from 3/1/2026) and none is loaded:
    // the income is not checked against 2025's table.
    expect(res.body.checks.find((c: { id: string }) => c.id === 'i864-income')).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining('the 2026 poverty guidelines were due on Form I-864P from 03/01/2026'),
    });
    expect(Number.isInteger(res.body.figures.requiredIncome)).toBe(true);
    expect(res.body.figures.povertyGuidelineYear).toEqual(expect.any(Number));
    expect((await usesOf(firmId))[0].tool).toBe('compliance-checker');
  });

  it('refuses a fact in the wrong shape with 422 naming the fact, and records no use', async () => {
    const before = (await usesOf(firmId)).length;
    const cases: Array<[object, string]> = [
      [{ facts: { ...RFE_FACTS, noticeDate: '2026-02-30' }, asOf: '2026-11-20' }, 'facts.noticeDate'],
      [{ facts: { householdSize: 0 } }, 'facts.householdSize'],
      [{ facts: { form: 'I-999' } }, 'facts.form'],
      [{ facts: { servedByMail: 'yes' } }, 'facts.servedByMail'],
      [{ facts: { sponsorState: 'ZZ' } }, 'facts.sponsorState'],
      [{ facts: { favoriteColor: 'blue' } }, 'facts.favoriteColor'],
      [{ facts: {}, asOf: '2026-13-01' }, 'asOf'],
      [{}, 'caseId'],
    ];
    for (const [body, field] of cases) {
      const res = await send(attorney, 'post', '/ai/deadlines', body);
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.body.fields)).toEqual([field]);
      const name = field.replace(/^facts\./, '');
      if (name !== 'caseId') expect(res.body.error).toContain(name);
    }
    expect(
      (await send(attorney, 'post', '/ai/compliance', { facts: { noticeDate: 'soon' } })).body.fields,
    ).toEqual({
      'facts.noticeDate': 'noticeDate must be a real date written YYYY-MM-DD, such as 2026-11-23',
    });
    expect((await usesOf(firmId)).length).toBe(before);
  });

  it("answers 404 for another firm's case, in every action, and records nothing", async () => {
    const before = (await usesOf(firmId)).length;
    const theirs = other.case.id;
    const answers = [
      await send(attorney, 'post', '/ai/deadlines', { caseId: theirs }),
      await send(attorney, 'post', '/ai/compliance', { caseId: theirs }),
      await send(attorney, 'get', `/cases/${theirs}/facts`),
      await send(admin, 'put', `/cases/${theirs}/facts`, { householdSize: 3 }),
    ];
    expect(answers.map((r) => [r.status, r.body.error])).toEqual(Array(4).fill([404, NOT_FOUND]));
    expect((await usesOf(firmId)).length).toBe(before);
    expect(
      await db().selectFrom('case_facts').select('case_id').where('case_id', '=', theirs).execute(),
    ).toEqual([]);
    // Their own firm reads it.
    expect((await send(other.admin, 'get', `/cases/${theirs}/facts`)).status).toBe(200);
  });

  it("reads a case's facts from its fields, its client and what was entered, entered facts winning", async () => {
    const kase = await newCase({ formType: 'N-400', dueDate: '2027-03-01', assigneeId: attorneyId });
    const client = await send(admin, 'patch', `/clients/${kase.client.id}`, { dateOfBirth: '1980-06-15' });
    expect(client.status).toBe(200);

    let facts: CaseFacts = (await send(attorney, 'get', `/cases/${kase.id}/facts`)).body;
    expect(facts).toMatchObject({
      caseId: kase.id,
      caseNumber: kase.caseNumber,
      facts: { form: 'N-400', caseDueDate: '2027-03-01', dateOfBirth: '1980-06-15' },
      sources: {
        form: { kind: 'case', label: `Case ${kase.caseNumber}` },
        caseDueDate: { kind: 'case', label: `Case ${kase.caseNumber}` },
        dateOfBirth: { kind: 'client', label: 'Client record' },
      },
      documentTypes: [],
    });

    const put = await send(attorney, 'put', `/cases/${kase.id}/facts`, {
      ...RFE_FACTS,
      dateOfBirth: '1980-06-16',
    });
    expect(put.status).toBe(200);
    facts = put.body;
    expect(facts.facts).toMatchObject({ ...RFE_FACTS, dateOfBirth: '1980-06-16', form: 'N-400' });
    expect(facts.sources.dateOfBirth).toEqual({
      kind: 'entered',
      label: expect.stringMatching(/^Entered by Jordan Rivera on \d\d\/\d\d\/\d{4}$/),
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_user_id'])
      .where('action', '=', 'case.facts-entered')
      .where('entity_id', '=', kase.id)
      .execute();
    expect(audit).toEqual([{ action: 'case.facts-entered', entity_id: kase.id, actor_user_id: attorneyId }]);

    // The case's deadlines come from those facts; the use is recorded against the case.
    const res = await send(attorney, 'post', '/ai/deadlines', { caseId: kase.id, asOf: '2026-11-20' });
    expect(res.status).toBe(200);
    expect(res.body.deadlines.find((d: { id: string }) => d.id === 'rfe-response').date).toBe(RFE_DUE);
    expect((await usesOf(firmId))[0]).toEqual({
      tool: 'deadline-tracker',
      user_id: attorneyId,
      case_id: kase.id,
    });

    // Entering facts replaces them all; the case's own fields cannot be entered.
    const cleared = await send(attorney, 'put', `/cases/${kase.id}/facts`, { householdSize: 2 });
    expect(cleared.body.facts).toEqual({
      householdSize: 2,
      form: 'N-400',
      caseDueDate: '2027-03-01',
      dateOfBirth: '1980-06-15',
    });
    const refused = await send(attorney, 'put', `/cases/${kase.id}/facts`, {
      form: 'I-130',
      noticeDate: 'x',
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.fields).sort()).toEqual(['form', 'noticeDate']);
    expect(refused.body.fields.noticeDate).toBe(
      'noticeDate must be a real date written YYYY-MM-DD, such as 2026-11-23',
    );
  });

  it("reads facts from the case's analyzed documents, each naming its document", async () => {
    const kase = await newCase({ formType: 'I-864' });
    const [line1, line2] = passportMrzLines({
      surname: 'Haddad',
      givenNames: 'Noor',
      documentNumber: 'X12345678',
      nationality: 'JOR',
      birthDate: '1991-04-09',
      expirationDate: '2031-02-20',
      sex: 'F',
    });
    const files = [
      {
        name: 'passport.pdf',
        lines: [
          'HASHEMITE KINGDOM OF JORDAN',
          'PASSPORT',
          'Surname: HADDAD',
          'Given names: NOOR',
          line1,
          line2,
        ],
      },
      {
        name: 'rfe.pdf',
        lines: [
          'Department of Homeland Security',
          'I-797E, Notice of Action',
          'REQUEST FOR EVIDENCE',
          'Receipt Number: IOE2590253408',
          'Case Type: I-130 PETITION FOR ALIEN RELATIVE',
          'Notice Date: 11/02/2026',
          'You have 87 days from the date of this notice to respond.',
        ],
      },
      {
        name: 'return.pdf',
        lines: [
          'Form 1040 (2025) U.S. Individual Income Tax Return',
          'Department of the Treasury - Internal Revenue Service',
          '9 Add lines 1z, 2b, 3b, 4b, 5b, 6b, 7, and 8. This is your total income . . . 9 64,910.',
          '11 Subtract line 10 from line 9. This is your adjusted gross income . . . . 11 61,204.',
        ],
      },
    ];
    const ids: Record<string, string> = {};
    for (const file of files) {
      const res = await upload(attorney, await textPdf(file.lines), file.name, { caseId: kase.id });
      expect(res.status).toBe(201);
      ids[file.name] = res.body.id;
    }
    for (const id of Object.values(ids)) expect((await analysed(attorney, id)).status).toBe('done');

    const facts: CaseFacts = (await send(attorney, 'get', `/cases/${kase.id}/facts`)).body;
    const from = (name: string) => ({ kind: 'document', label: name, documentId: ids[name] });
    expect(facts.facts).toMatchObject({
      passportExpires: '2031-02-20',
      dateOfBirth: '1991-04-09',
      noticeType: 'RFE',
      noticeDate: '2026-11-02',
      responsePeriodDays: 87,
      // Form I-864 counts total income, not the adjusted gross income (61,204).
      householdIncome: 64910,
    });
    expect(facts.sources).toMatchObject({
      passportExpires: from('passport.pdf'),
      dateOfBirth: from('passport.pdf'),
      noticeType: from('rfe.pdf'),
      noticeDate: from('rfe.pdf'),
      responsePeriodDays: from('rfe.pdf'),
      householdIncome: from('return.pdf'),
    });
    expect([...facts.documentTypes].sort()).toEqual(['i797-rfe', 'passport', 'tax-return']);

    // An income entered for the case wins over the tax return's.
    const entered = await send(attorney, 'put', `/cases/${kase.id}/facts`, { householdIncome: 70_000 });
    expect(entered.body.facts.householdIncome).toBe(70_000);
    expect(entered.body.sources.householdIncome.kind).toBe('entered');

    // Asking for a document's analysis again (the Document Analysis tool's API) counts as a use too.
    const again = await send(attorney, 'post', '/ai/analyze', { documentId: ids['passport.pdf'] });
    expect(again.status).toBe(202);
    expect((await usesOf(firmId))[0]).toEqual({
      tool: 'document-analysis',
      user_id: attorneyId,
      case_id: kase.id,
    });
    await analysed(attorney, ids['passport.pdf']);
  });

  it("reads a green card's and a work permit's facts from the case's analyzed documents", async () => {
    const kase = await newCase({ formType: 'I-751' });
    const files = [
      {
        name: 'green-card.pdf',
        lines: [
          'UNITED STATES OF AMERICA',
          'PERMANENT RESIDENT',
          'Surname: HADDAD',
          'Given Name: NOOR',
          'USCIS#: 123-456-789   Category: CR6',
          'Resident Since: 01/15/2025',
          'Card Expires: 01/15/2027',
        ],
      },
      {
        name: 'work-permit.pdf',
        lines: [
          'UNITED STATES OF AMERICA',
          'EMPLOYMENT AUTHORIZATION CARD',
          'Surname: HADDAD',
          'Given Name: NOOR',
          'USCIS#: 123-456-789   Category: C09',
          'Valid From: 06/01/2024',
          'Card Expires: 05/31/2026',
          'NOT VALID FOR REENTRY TO U.S.',
        ],
      },
    ];
    const ids: Record<string, string> = {};
    for (const file of files) {
      const res = await upload(attorney, await textPdf(file.lines), file.name, { caseId: kase.id });
      expect(res.status).toBe(201);
      ids[file.name] = res.body.id;
    }
    for (const id of Object.values(ids)) expect((await analysed(attorney, id)).status).toBe('done');

    const facts: CaseFacts = (await send(attorney, 'get', `/cases/${kase.id}/facts`)).body;
    const from = (name: string) => ({ kind: 'document', label: name, documentId: ids[name] });
    expect(facts.facts).toMatchObject({
      permanentResidentSince: '2025-01-15',
      // A CR6 card is conditional: its expiry is the end of conditional residence.
      conditionalResidenceExpires: '2027-01-15',
      eadExpires: '2026-05-31',
      eadCategory: 'C09',
    });
    expect(facts.sources).toMatchObject({
      permanentResidentSince: from('green-card.pdf'),
      conditionalResidenceExpires: from('green-card.pdf'),
      eadExpires: from('work-permit.pdf'),
      eadCategory: from('work-permit.pdf'),
    });
    expect([...facts.documentTypes].sort()).toEqual(['ead-card', 'green-card']);
  });

  it("counts the firm's uses on the administrator's dashboard: the demo firm's 24 and every use since", async () => {
    const uses = (await usesOf(firmId)).length;
    const stats = (await admin.agent.get('/api/dashboard')).body.stats;
    expect(stats[3]).toEqual({ key: 'aiTools', label: 'AI Tools Used', value: uses });
    expect(uses).toBeGreaterThan(24);
    const theirs = (await other.admin.agent.get('/api/dashboard')).body.stats[3];
    expect(theirs.value).toBe((await usesOf(other.id)).length);
  });
});
