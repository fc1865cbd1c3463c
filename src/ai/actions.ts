import { declareFor } from '../access/action';
import { api, pages } from '../shared/paths';
import { type AiDeps, renderFactsRefusal, showDeadlines } from './forms';
import { CASE_NOT_FOUND } from './case-facts';
import { enteredFactsInput, factsFromForm, ENTERED_FACTS, rulesRequestInput } from './schema';

const action = declareFor<AiDeps>();
const AI = 'AI Tools';

export const trackDeadlines = action({
  name: 'Track Deadlines',
  category: AI,
  description:
    'Deadline Tracker: the deadlines of a case ({"caseId"}) or of facts given ({"facts", "asOf"}), each with its date, rule, citation, source and effective date. Answers {"asOf", "deadlines", "rules"}.',
  method: 'POST',
  route: api.aiDeadlines,
  grants: { user: 'w', admin: 'w' },
  input: rulesRequestInput,
  run: ({ deps, actor }, input) => deps.ai.deadlines(actor!, input),
});

export const checkCompliance = action({
  name: 'Check Compliance',
  category: AI,
  description:
    'Compliance Checker: the checks of a case ({"caseId"}: its facts and documents) or of facts given ({"facts", "asOf"}), each passed, failed or unknown (naming the missing facts) with its rule and citation, and the figures (I-864 required income, filing fee). Answers {"asOf", "checks", "figures", "rules"}.',
  method: 'POST',
  route: api.aiCompliance,
  grants: { user: 'w', admin: 'w' },
  input: rulesRequestInput,
  run: ({ deps, actor }, input) => deps.ai.compliance(actor!, input),
});

export const getCaseFacts = action({
  name: 'Get Case Facts',
  category: AI,
  description:
    "The facts the rules read for one of the firm's cases (its fields, its client's, those entered for it and its analyzed documents'), each with its source.",
  method: 'GET',
  route: api.caseFacts('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.ai.caseFactsOf(actor!, params.id),
});

export const enterCaseFacts = action({
  name: 'Enter Case Facts',
  category: AI,
  description:
    'Set the facts entered for a case (all of them: a fact left out is cleared); they win over what its documents give. Answers the case facts with their sources.',
  method: 'PUT',
  route: api.caseFacts('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: enteredFactsInput,
  run: ({ deps, actor, params }, input) => deps.ai.enterFacts(actor!, params.id, input),
  // The facts form on its page: its address names the case; the fields are the facts, as typed.
  form: {
    path: pages.ai.facts(':id'),
    input: (body) => factsFromForm(body, ENTERED_FACTS),
    done: (_ctx, facts) => ({
      to: `${pages.cases('user').view(facts.caseId)}#rules-facts`,
      flash: `The facts of case ${facts.caseNumber} were saved.`,
    }),
    refused: renderFactsRefusal,
  },
});

export const subscribeCalendar = action({
  name: 'Subscribe to Deadlines Calendar',
  category: AI,
  description:
    'Make a new secret address for the person\'s calendar feed of the firm\'s deadlines (an earlier one stops working). Answers {"url"}: it is shown this once.',
  method: 'POST',
  route: api.aiCalendar,
  grants: { user: 'w', admin: 'w' },
  run: ({ deps, actor }) => deps.ai.subscribe(actor!),
  status: 201,
});

export const revokeCalendar = action({
  name: 'Revoke Deadlines Calendar',
  category: AI,
  description: "Revoke the person's calendar feed: its address answers 404 from now on.",
  method: 'DELETE',
  route: api.aiCalendar,
  grants: { user: 'd', admin: 'd' },
  run: ({ deps, actor }) => deps.ai.revoke(actor!),
  form: {
    path: pages.ai.calendarRevoke,
    done: () => ({
      to: `${pages.ai.deadlines}#calendar`,
      flash: 'Your calendar address was revoked: calendars subscribed to it get nothing more.',
    }),
    refused: (ctx, refusal) => showDeadlines(ctx, { calendarError: refusal.message }, refusal.status),
  },
});

export const AI_ACTIONS = {
  trackDeadlines,
  checkCompliance,
  getCaseFacts,
  enterCaseFacts,
  subscribeCalendar,
  revokeCalendar,
};
