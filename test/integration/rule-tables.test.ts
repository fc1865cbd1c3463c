import { useStaffTables } from '../../src/rules';
import {
  apiAs,
  BACKENDS,
  csrfFrom,
  DEMO_LOGINS,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

/** What staff type from the notice; the mechanism is under test, not the figures. */
const GUIDELINES_2030 = {
  kind: 'poverty-guidelines',
  year: 2030,
  effectiveFrom: '2030-03-01',
  citation: '95 FR 1000 (January 15, 2030)',
  sourceUrl: 'https://www.uscis.gov/i-864p',
  regions: {
    contiguous: { firstPerson: 18_000, eachAdditional: 6_000 },
    alaska: { firstPerson: 22_500, eachAdditional: 7_500 },
    hawaii: { firstPerson: 20_700, eachAdditional: 6_900 },
  },
};
const SPONSOR = {
  facts: { form: 'I-864', householdSize: 2, householdIncome: 30_000, sponsorState: 'NY' },
  asOf: '2030-06-01',
};

describe.each(BACKENDS)('the rules’ dated tables on %s', (backend) => {
  let t: TestApp;
  let staff: SignedIn;
  let attorney: SignedIn;
  let admin: SignedIn;
  const db = () => t.database.db;
  const income = async () =>
    (await apiAs(attorney).post('/ai/compliance', SPONSOR)).body.checks.find(
      (c: { id: string }) => c.id === 'i864-income',
    );

  beforeAll(async () => {
    t = await startTestApp({ backend });
    staff = await signIn(t.app, DEMO_LOGINS.reti);
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
  });
  afterAll(async () => {
    await t?.close();
    useStaffTables({ poverty: [], fees: [], holidays: [] });
  });

  it('a year of guidelines added by staff is used at once, audited, shown to firms, and withdrawn with a reason', async () => {
    expect((await income()).status).toBe('unknown');
    const added = await apiAs(staff).post('/rule-tables', GUIDELINES_2030);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'poverty-guidelines',
      builtIn: false,
      effectiveFrom: '2030-03-01',
      summary:
        '2030 guidelines: 48 states and DC $18,000 + $6,000 a person; Alaska $22,500 + $7,500 a person; Hawaii $20,700 + $6,900 a person',
      withdrawnAt: null,
    });
    expect(await income()).toMatchObject({ status: 'pass', citation: expect.stringContaining('95 FR 1000') });

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'firm_id'])
      .where('entity', '=', 'rule-table')
      .execute();
    expect(audit).toEqual([{ action: 'rule-table.added', firm_id: null }]);

    // Firms see what changed: the list, and the AI Tools page's Rule updates.
    const listed = (await apiAs(attorney).get('/rule-tables')).body.tables;
    expect(listed[0]).toMatchObject({ id: added.body.id, citation: '95 FR 1000 (January 15, 2030)' });
    expect(listed.some((x: { builtIn: boolean }) => x.builtIn)).toBe(true);
    const home = visibleText((await attorney.agent.get('/user/ai')).text);
    expect(home).toContain(
      `Rule updates Poverty guidelines (Form I-864P): ${added.body.summary}, in force from 03/01/2030 (95 FR 1000 (January 15, 2030))`,
    );

    const twice = await apiAs(staff).post('/rule-tables', GUIDELINES_2030);
    expect([twice.status, twice.body.error]).toEqual([
      409,
      'The 2030 guidelines are already held (from 03/01/2030).',
    ]);
    const held = await apiAs(staff).post('/rule-tables', {
      ...GUIDELINES_2030,
      year: 2025,
      effectiveFrom: '2025-04-01',
    });
    expect([held.status, held.body.error]).toEqual([
      409,
      'The 2025 guidelines are already held (from 03/01/2025).',
    ]);

    const unexplained = await apiAs(staff).delete(`/rule-tables/${added.body.id}?reason=`);
    expect([unexplained.status, unexplained.body.fields]).toEqual([
      422,
      { reason: 'Give the reason the table is withdrawn.' },
    ]);
    const withdrawn = await apiAs(staff)
      .delete(`/rule-tables/${added.body.id}`)
      .query({ reason: 'Typed from the draft notice; the final one differs.' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.withdrawnReason).toBe('Typed from the draft notice; the final one differs.');
    expect((await income()).status).toBe('unknown');
    const again = await apiAs(staff).delete(`/rule-tables/${added.body.id}?reason=Twice.`);
    expect([again.status, again.body.error]).toEqual([404, 'No such table in force.']);
    expect(visibleText((await attorney.agent.get('/user/ai')).text)).toContain(
      'Withdrawn: Typed from the draft notice; the final one differs.',
    );
  });

  it('refuses a table that cannot be right, naming each field, and keeps nothing', async () => {
    const before = await db().selectFrom('rule_tables').select('id').execute();
    const bad = await apiAs(staff).post('/rule-tables', {
      ...GUIDELINES_2030,
      year: 2031,
      effectiveFrom: '2030-13-01',
      sourceUrl: 'http://example.com',
      regions: { ...GUIDELINES_2030.regions, alaska: { firstPerson: -5, eachAdditional: 7_500.5 } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      effectiveFrom: 'effectiveFrom must be a real date written YYYY-MM-DD, such as 2026-03-01',
      sourceUrl: 'sourceUrl must be an https:// address',
      'regions.alaska.firstPerson': 'Alaska first person must be at least $1',
      'regions.alaska.eachAdditional': 'Alaska each additional person must be whole dollars',
    });
    const typo = await apiAs(staff).post('/rule-tables', {
      ...GUIDELINES_2030,
      regions: { ...GUIDELINES_2030.regions, hawaii: { firstPerson: 2_070, eachAdditional: 690 } },
    });
    expect([typo.status, typo.body.fields]).toEqual([
      422,
      { regions: 'The Alaska and Hawaii guidelines are higher than the 48 states’: check the figures.' },
    ]);
    const kind = await apiAs(staff).post('/rule-tables', { kind: 'tax-rate' });
    expect([kind.status, kind.body.fields]).toEqual([
      422,
      { kind: 'kind must be one of poverty-guidelines, fee, holiday' },
    ]);
    const christmas = await apiAs(staff).post('/rule-tables', {
      kind: 'holiday',
      effectiveFrom: '2030-12-25',
      name: 'Christmas Day',
      citation: '5 U.S.C. 6103(a)',
      sourceUrl: 'https://www.law.cornell.edu/uscode/text/5/6103',
    });
    expect([christmas.status, christmas.body.error]).toEqual([
      409,
      '12/25/2030 is already a legal holiday: Christmas Day.',
    ]);
    expect(await db().selectFrom('rule_tables').select('id').execute()).toHaveLength(before.length);
  });

  it('is staff’s alone to change', async () => {
    for (const as of [attorney, admin]) {
      expect((await apiAs(as).post('/rule-tables', GUIDELINES_2030)).status).toBe(403);
    }
    expect((await attorney.agent.get('/reti/rule-tables')).status).toBe(403);
  });

  it('works without JavaScript: a fee added from the staff screen, then withdrawn', async () => {
    const page = await staff.agent.get('/reti/rule-tables');
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain('Add a form’s filing fee');
    const token = csrfFrom(page.text);
    const refused = await staff.agent.post('/reti/rule-tables').type('form').send({
      _csrf: token,
      kind: 'fee',
      form: 'I-130',
      effectiveFrom: '2031-01-01',
      paper: 'seven hundred',
      citation: '96 FR 2000 (November 1, 2030)',
      sourceUrl: 'https://www.federalregister.gov/',
    });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain('paper must be a number of dollars');
    expect(refused.text).toContain('value="96 FR 2000 (November 1, 2030)"');
    const added = await staff.agent.post('/reti/rule-tables').type('form').send({
      _csrf: token,
      kind: 'fee',
      form: 'I-130',
      effectiveFrom: '2031-01-01',
      paper: '725',
      citation: '96 FR 2000 (November 1, 2030)',
      sourceUrl: 'https://www.federalregister.gov/',
    });
    expect([added.status, added.headers.location]).toEqual([303, '/reti/rule-tables']);
    const fees = await apiAs(attorney).get('/fees?forms=I-130&asOf=2031-02-01');
    expect(fees.body.items[0]).toMatchObject({ fee: 725, citation: '96 FR 2000 (November 1, 2030)' });

    const row = await db()
      .selectFrom('rule_tables')
      .select('id')
      .where('kind', '=', 'fee')
      .executeTakeFirstOrThrow();
    const withdrawn = await staff.agent
      .post(`/reti/rule-tables/${row.id}/withdraw`)
      .type('form')
      .send({ _csrf: token, reason: 'Entered for the test of the screen.' });
    expect([withdrawn.status, withdrawn.headers.location]).toEqual([303, '/reti/rule-tables']);
    const after = visibleText((await staff.agent.get('/reti/rule-tables')).text);
    expect(after).toContain('Withdrawn: Form I-130, paper filing by the usual filer: $725.');
    expect(after).toContain('Withdrawn Entered for the test of the screen.');
    expect((await apiAs(attorney).get('/fees?forms=I-130&asOf=2031-02-01')).body.items[0].fee).not.toBe(725);
  });
});
