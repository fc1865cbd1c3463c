import request from 'supertest';
import { BACKENDS, DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { countingQueries } from '../helpers/query-count';

/**
 * The SQL a page costs (issue 22), every statement of the request counted (the session read and touched,
 * the firm with its settings read once for the request). The case page ran 21 (the API's read of the case
 * 7); it runs 9, one of them its parties with their people (issue 23), and 2 more for its USCIS case status card
 * (the case's documents, for the receipt numbers they give, and the receipts' checks; issue 25). The firm
 * user's dashboard ran 22; it runs 10, 4 of them the docket's (the firm's open cases with their clients'
 * birth dates, their entered facts, their analyzed documents, and the docket's kept rows, brought in line
 * with those sources; a read that changed nothing reads the rows once; issue 25).
 * A page over its budget fails with the statements it ran.
 */
const BUDGET = { casePage: 11, dashboard: 10 };

describe.each(BACKENDS)('the queries a page runs on %s', (backend) => {
  let t: TestApp;
  let counted: ReturnType<typeof countingQueries>;
  let agent: request.Agent;
  let caseId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    counted = countingQueries(t.app);
    agent = request.agent(counted.listener);
    const login = await agent.post('/api/auth/login').send({ user_id: 'attorney', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    caseId = (
      await t.database.db
        .selectFrom('cases')
        .innerJoin('users', 'users.id', 'cases.assignee_id')
        .select('cases.id')
        .where('users.login_id', '=', 'attorney')
        .orderBy('cases.case_number')
        .executeTakeFirstOrThrow()
    ).id;
    // The first request of a session warms what is read once per process (the matrix).
    await agent.get('/user/dashboard');
  });
  afterAll(() => t?.close());

  /** The statements one GET runs, after a first visit of the same page (what a person sees at each visit). */
  async function queriesOf(path: string) {
    expect((await agent.get(path)).status).toBe(200);
    const res = await agent.get(path);
    expect(res.status).toBe(200);
    return counted.last().statements;
  }

  it(`the case page runs at most ${BUDGET.casePage} queries`, async () => {
    const page = await queriesOf(`/user/cases/${caseId}`);
    expect(page.length <= BUDGET.casePage ? [] : page).toEqual([]);
  });

  it(`the firm user's dashboard runs at most ${BUDGET.dashboard} queries`, async () => {
    const page = await queriesOf('/user/dashboard');
    expect(page.length <= BUDGET.dashboard ? [] : page).toEqual([]);
  });
});
