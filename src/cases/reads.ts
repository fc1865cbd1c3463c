import { z } from 'zod';
import { checkedAs, declareFor } from '../access/action';
import { type CasesDeps, getCase, listCases } from './actions';

const read = declareFor<CasesDeps>();

/** Cases on a firm user's dashboard. */
const RECENT_CASES = 5;

/** The firm's active users a case can be assigned to, by name (the names cases show: Get Cases). */
export const assignees = read({
  ...checkedAs(listCases),
  run: ({ deps, actor }) => deps.cases.assignees(actor),
});

/** Case Management's statistics: the firm's cases counted by the administrator's filter words. */
export const caseCounts = read({
  ...checkedAs(listCases),
  run: ({ deps, actor }) => deps.cases.counts(actor),
});

/** The firm user's dashboard: their own open, due, overdue and completed cases, and the latest changed. */
export const myCases = read({
  ...checkedAs(listCases),
  run: async ({ deps, actor }) => {
    const [stats, recent] = await Promise.all([
      deps.cases.myStats(actor),
      deps.cases.recent(actor, RECENT_CASES),
    ]);
    return { stats, recent };
  },
});

/** The firm's deadlines of the next 30 days, as the AI tools track them (none where those are closed). */
export const upcomingDeadlines = read({
  ...checkedAs(listCases),
  run: ({ deps, req }) => deps.rules.upcomingFor(req),
});

/** A case's facts and the rules they meet, as the AI tools read them (none where those are closed). */
export const caseRules = read({
  ...checkedAs(getCase),
  notFound: getCase.notFound,
  run: ({ deps, req, params }) => deps.rules.caseFactsFor(req, params.id),
});

/** The USCIS status of a case's receipt numbers (none where Get Case Status is closed to the person). */
export const caseUscisStatus = read({
  ...checkedAs(getCase),
  notFound: getCase.notFound,
  run: ({ deps, req, params }) => deps.rules.caseStatusFor(req, params.id),
});

/** A client's cases, on the client's page (cases' data: Get Cases). */
export const clientCases = read({
  ...checkedAs(listCases),
  input: z.object({ clientId: z.string() }),
  run: ({ deps, actor }, input) => deps.clients.casesOf(actor, input.clientId),
});

/** The pages' reads that are not API actions: bound to the cases' services as the feature mounts. */
export const CASE_PAGE_READS = {
  assignees,
  caseCounts,
  myCases,
  upcomingDeadlines,
  caseRules,
  caseUscisStatus,
  clientCases,
};
