import type { RequestListener } from 'node:http';
import { pages } from '../../src/shared/paths';
import { BACKENDS, DEMO_LOGINS, signIn, startTestApp, type TestApp } from '../helpers/app';
import { countingQueries } from '../helpers/query-count';

/**
 * The administrator's dashboard (/admin/dashboard) runs at most this many SQL statements per request,
 * the session's own included: its figures are counted in one query, and the actor's firm and its
 * settings are read once per request (src/http/context.ts). Issue 22 found 22.
 */
const DASHBOARD_BUDGET = 8;

describe.each(BACKENDS)("the administrator's dashboard's SQL budget (%s)", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it(`answers /admin/dashboard in at most ${DASHBOARD_BUDGET} SQL statements`, async () => {
    const counted = countingQueries(t.app as unknown as RequestListener);
    const { agent } = await signIn(counted.listener as unknown as TestApp['app'], DEMO_LOGINS.admin);
    // The first request after signing in may warm what a process keeps (the matrix): the second counts.
    await agent.get(pages.admin.dashboard).expect(200);
    const res = await agent.get(pages.admin.dashboard);
    expect(res.status).toBe(200);
    const { statements } = counted.last();
    if (statements.length > DASHBOARD_BUDGET) console.log(statements.join('\n---\n'));
    expect(statements.length).toBeLessThanOrEqual(DASHBOARD_BUDGET);
  });
});
