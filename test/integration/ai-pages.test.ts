import type { CaseRecord } from '../../src/shared/cases';
import { addDays, formatDate, todayIn } from '../../src/shared/dates';
import {
  BACKENDS,
  DEMO_LOGINS,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { analysed, upload } from '../helpers/documents';
import { passportMrzLines, textPdf } from '../helpers/files';

const RFE_FACTS = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true };

/** The main element's text, as a person reads it. */
const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html);

describe.each(BACKENDS)('the AI Tools pages, without JavaScript, on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let attorneyId: string;
  let kase: CaseRecord;
  let theirs: CaseRecord;

  const db = () => t.database.db;
  const api = (as: SignedIn, method: 'post' | 'put', route: string, body: object) =>
    as.agent[method](`/api${route}`).set('X-CSRF-Token', as.token).send(body);
  const form = (path: string, fields: Record<string, string>) =>
    attorney.agent
      .post(path)
      .type('form')
      .send({ _csrf: attorney.token, ...fields });
  const uses = async () =>
    db()
      .selectFrom('ai_usage')
      .select(['tool', 'case_id'])
      .where('user_id', '=', attorneyId)
      .orderBy('created_at', 'desc')
      .execute();

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    attorneyId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', DEMO_LOGINS.user)
        .executeTakeFirstOrThrow()
    ).id;
    const today = todayIn('America/New_York');
    const created = await api(admin, 'post', '/cases', {
      clientName: 'Amina Yusuf',
      caseType: 'family',
      formType: 'I-130',
      assigneeId: attorneyId,
    });
    kase = created.body;
    // A passport expiring in 10 days: a deadline on the dashboard.
    await api(attorney, 'put', `/cases/${kase.id}/facts`, {
      ...RFE_FACTS,
      passportExpires: addDays(today, 10),
    });
    const other = await secondFirm(t);
    const theirAdmin = await signIn(t.app, other.admin);
    theirs = (
      await api(theirAdmin, 'post', '/cases', { clientName: 'Not Ours', caseType: 'visa', formType: 'I-130' })
    ).body;
  });
  afterAll(() => t.close());

  it("shows SPEC's four cards, each with two buttons", async () => {
    const page = await attorney.agent.get('/user/ai');
    expect(page.status).toBe(200);
    const cards = [...page.text.matchAll(/<section class="card ai-card"[\s\S]*?<\/section>/g)].map((m) =>
      visibleText(m[0]).trim(),
    );
    expect(cards.map((c) => c.split(' ').slice(0, 2).join(' '))).toEqual([
      'Document Analysis',
      'Legal Brief',
      'Compliance Checker',
      'Deadline Tracker',
    ]);
    const buttons = [
      ...page.text.matchAll(/<a class="btn btn-(?:primary|secondary)" href="([^"]+)">([^<]+)<\/a>/g),
    ];
    expect(buttons.map((b) => [visibleText(b[2]).trim(), b[1].replace(/&amp;/g, '&')])).toEqual([
      ['Choose a document', '/user/ai/documents'],
      ['Upload a document', '/user/documents#upload-title'],
      ['Draft a brief', '/user/ai/brief'],
      ['Response to a Request for Evidence', '/user/ai/brief?template=rfe-response'],
      ['Check a case', '/user/ai/compliance#check-case'],
      ['Check given facts', '/user/ai/compliance#facts'],
      ['Track a case’s deadlines', '/user/ai/deadlines#track-case'],
      ['Calculate from dates', '/user/ai/deadlines#facts'],
    ]);
    // The administrator's area has no AI Tools screen.
    expect((await admin.agent.get('/user/ai')).status).toBe(403);
  });

  it("tracks a case's deadlines: US dates, the rule, its citation and source, and the facts' sources", async () => {
    const page = await attorney.agent.get(`/user/ai/deadlines?case=${kase.id}&asOf=2026-11-20`);
    expect(page.status).toBe(200);
    const text = mainText(page.text);
    expect(text).toContain(`Deadlines of ${kase.caseNumber}, as of 11/20/2026`);
    expect(text).toMatch(/Received by 01\/28\/2027 [\w-]+ [^]*CFR/);
    expect(page.text).toMatch(/<a href="https:\/\/[^"]+" rel="noopener noreferrer external"/);
    expect(text).toContain('Notice served by mail Yes Entered by Jordan Rivera on');
    expect((await uses())[0]).toEqual({ tool: 'deadline-tracker', case_id: kase.id });

    expect((await attorney.agent.get(`/user/ai/deadlines?case=${theirs.id}`)).status).toBe(404);
    expect((await attorney.agent.get('/user/ai/deadlines?case=nonsense')).status).toBe(404);
    const badDate = await attorney.agent.get(`/user/ai/deadlines?case=${kase.id}&asOf=2026-02-30`);
    expect(badDate.status).toBe(422);
    expect(mainText(badDate.text)).toContain('As of must be a real date written YYYY-MM-DD');
  });

  it('calculates deadlines from dates posted, and shows a wrong one beside its field with the values kept', async () => {
    const fields = {
      noticeType: 'RFE',
      noticeDate: '2026-11-02',
      responsePeriodDays: '84',
      servedByMail: 'yes',
    };
    const ok = await form('/user/ai/deadlines', { ...fields, asOf: '2026-11-20' });
    expect(ok.status).toBe(200);
    expect(mainText(ok.text)).toContain('Deadlines of the facts given, as of 11/20/2026');
    expect(mainText(ok.text)).toContain('01/28/2027');
    expect((await uses())[0]).toEqual({ tool: 'deadline-tracker', case_id: null });

    const refused = await form('/user/ai/deadlines', { ...fields, responsePeriodDays: 'twelve' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(
      /<input id="deadlines-facts-responsePeriodDays"[^>]*aria-invalid="true"[^>]*value="twelve"/,
    );
    expect(mainText(refused.text)).toContain('Response period (days) must be a number');
    expect(refused.text).toContain('value="2026-11-02"');
  });

  it('checks compliance of a case and of facts posted: passed, failed and unknown, with citations', async () => {
    const page = await attorney.agent.get(`/user/ai/compliance?case=${kase.id}`);
    expect(page.status).toBe(200);
    expect(mainText(page.text)).toMatch(/\d+ passed · \d+ failed · \d+ warnings? · \d+ unknown/);
    expect((await uses())[0]).toEqual({ tool: 'compliance-checker', case_id: kase.id });

    const posted = await form('/user/ai/compliance', {
      form: 'I-864',
      householdSize: '4',
      householdIncome: '$40,000',
      sponsorState: 'NY',
      asOf: '2026-11-20',
    });
    expect(posted.status).toBe(200);
    expect(mainText(posted.text)).toMatch(
      /I-864 required income \$[\d,]+ \(\d+% of the \d{4} HHS poverty guideline/,
    );
    const refused = await form('/user/ai/compliance', { householdSize: '0' });
    expect(refused.status).toBe(422);
    expect(mainText(refused.text)).toContain('Sponsor household size must be at least 1');
  });

  it("enters a case's facts through its form, shown with their source on the case page", async () => {
    const formPage = await attorney.agent.get(`/user/ai/cases/${kase.id}/facts`);
    expect(formPage.status).toBe(200);
    expect(formPage.text).toContain('value="2026-11-02"');
    const saved = await form(`/user/ai/cases/${kase.id}/facts`, {
      noticeType: 'NOID',
      noticeDate: '2026-12-01',
      responsePeriodDays: '30',
      servedByMail: 'no',
      householdIncome: '52,000',
    });
    expect([saved.status, saved.headers.location]).toEqual([303, `/user/cases/${kase.id}#rules-facts`]);
    const casePage = await attorney.agent.get(`/user/cases/${kase.id}`);
    const text = mainText(casePage.text);
    expect(text).toContain('The facts of case');
    expect(text).toContain('Facts for the rules');
    expect(text).toMatch(/Notice date 12\/01\/2026 Entered by Jordan Rivera on \d\d\/\d\d\/\d{4}/);
    expect(text).toContain('Sponsor household total income ($ a year, not adjusted gross income) $52,000');
    expect(text).toContain(`Form I-130: Petition for Alien Relative Case ${kase.caseNumber}`);
    // The passport date was not posted: it is cleared.
    expect(text).not.toContain('Passport expires');

    const refused = await form(`/user/ai/cases/${kase.id}/facts`, { noticeDate: '12/01/2026' });
    expect(refused.status).toBe(422);
    expect(mainText(refused.text)).toContain('Notice date must be a real date written YYYY-MM-DD');
    expect(refused.text).toContain('value="12/01/2026"');
    expect((await attorney.agent.get(`/user/ai/cases/${theirs.id}/facts`)).status).toBe(404);
    expect((await form(`/user/ai/cases/${theirs.id}/facts`, { householdSize: '2' })).status).toBe(404);
    // The administrator's case page shows the facts, without the firm user's tools.
    const adminPage = mainText((await admin.agent.get(`/admin/cases/${kase.id}`)).text);
    expect(adminPage).toContain('Facts for the rules');
    expect(adminPage).not.toContain('Enter facts');
  });

  it("lists the firm's deadlines of the next 30 days on the dashboard", async () => {
    const today = todayIn('America/New_York');
    await api(attorney, 'put', `/cases/${kase.id}/facts`, { passportExpires: addDays(today, 10) });
    const far = await api(admin, 'post', '/cases', {
      clientName: 'Far Away',
      caseType: 'visa',
      formType: 'I-130',
    });
    await api(attorney, 'put', `/cases/${far.body.id}/facts`, { passportExpires: addDays(today, 45) });
    const page = mainText((await attorney.agent.get('/user/dashboard')).text);
    expect(page).toContain('Upcoming deadlines');
    expect(page).toMatch(new RegExp(`${formatDate(addDays(today, 10))} [^]* ${kase.caseNumber} Amina Yusuf`));
    expect(page).toContain(kase.caseNumber);
    expect(page).not.toContain(far.body.caseNumber);
  });

  it('reads only what the matrix grants: with a read revoked for the user role, each page answers 403 with none of its data', async () => {
    const staff = await signIn(t.app, DEMO_LOGINS.reti);
    const actions = (await staff.agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
    /** PUT /permissions/{id}: the user role's read of the action on or off (admins keep it, staff have none). */
    const setUserRead = (name: string, canRead: boolean) =>
      staff.agent
        .put(`/api/permissions/${actions.find((a) => a.name === name)!.id}`)
        .set('X-CSRF-Token', staff.token)
        .send({
          permissions: [
            { roleId: 'user', canRead, canWrite: false, canDelete: false },
            { roleId: 'admin', canRead: true, canWrite: false, canDelete: false },
            { roleId: 'reti', canRead: false, canWrite: false, canDelete: false },
          ],
        });
    const walk: Array<[string, string[]]> = [
      [
        'Get Cases',
        [
          `/user/ai/deadlines?case=${kase.id}&asOf=2026-11-20`,
          `/user/ai/compliance?case=${kase.id}`,
          `/user/forms/generate?group=family-based&case=${kase.id}`,
          `/user/ai/brief?case=${kase.id}`,
        ],
      ],
      ['Get Case Facts', [`/user/ai/cases/${kase.id}/facts`, `/user/ai/deadlines?case=${kase.id}`]],
      ['Get Documents', ['/user/ai/documents']],
    ];
    for (const [name, paths] of walk) {
      expect((await setUserRead(name, false)).status).toBe(200);
      try {
        for (const path of paths) {
          const page = await attorney.agent.get(path);
          expect([name, path, page.status]).toEqual([name, path, 403]);
          expect(mainText(page.text)).toContain(`does not have read permission for ${name}`);
          expect(page.text).not.toContain(kase.caseNumber);
          expect(page.text).not.toContain('Amina Yusuf');
        }
      } finally {
        expect((await setUserRead(name, true)).status).toBe(200);
      }
    }
    expect((await attorney.agent.get(`/user/ai/deadlines?case=${kase.id}`)).status).toBe(200);
  });

  it('shows an analyzed document chosen in Document Analysis, and counts the use', async () => {
    const [line1, line2] = passportMrzLines({
      surname: 'Yusuf',
      givenNames: 'Amina',
      documentNumber: 'A98765432',
      nationality: 'NGA',
      birthDate: '1988-01-30',
      expirationDate: '2026-12-20',
      sex: 'F',
    });
    const res = await upload(attorney, await textPdf(['PASSPORT', line1, line2]), 'amina-passport.pdf', {
      caseId: kase.id,
    });
    await analysed(attorney, res.body.id);
    const list = await attorney.agent.get('/user/ai/documents');
    expect(list.text).toContain(`amina-passport.pdf · ${kase.caseNumber} · Passport`);
    const chosen = await attorney.agent.get(`/user/ai/documents?document=${res.body.id}`);
    expect(chosen.status).toBe(200);
    const text = mainText(chosen.text);
    expect(text).toContain('Type Passport');
    expect(text).toContain('Expiration date 12/20/2026');
    expect(chosen.text).toContain(`href="/user/documents/${res.body.id}"`);
    expect((await uses())[0]).toEqual({ tool: 'document-analysis', case_id: kase.id });
  });
});
