import { z } from 'zod';
import { declareFor } from '../access/action';
import type { DocumentsService } from '../documents/service';
import { HttpError } from '../http/errors';
import { fileAnswer } from '../http/file-answer';
import { FEED_SCOPES } from '../shared/ai';
import { api } from '../shared/paths';
import { CASE_NOT_FOUND } from './case-facts';
import { DEADLINE_NOT_FOUND } from './docket';
import {
  deadlineStateInput,
  docketQueryInput,
  enteredFactsInput,
  newDeadlineInput,
  rulesRequestInput,
} from './schema';
import type { AiService } from './service';

/** What the AI tools' actions run with: the tools, and the documents whose analysis Document Analysis shows. */
export type AiDeps = { ai: AiService; documents: DocumentsService };

const action = declareFor<AiDeps>();
const AI = 'AI Tools';
/** A calendar feed's secret, as its address carries it (base64url); anything else opens nothing. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
const NO_CALENDAR = 'No such calendar.';

export const trackDeadlines = action({
  name: 'Track Deadlines',
  category: AI,
  description:
    'Deadline Tracker: the deadlines of a case ({"caseId"}) or of facts given ({"facts", "asOf"}), each with its date, rule, citation, source and effective date. Answers {"asOf", "deadlines", "rules"}.',
  method: 'POST',
  route: api.aiDeadlines,
  grants: { user: 'w', admin: 'w' },
  input: rulesRequestInput,
  run: ({ deps, actor }, input) => deps.ai.deadlines(actor, input),
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
  run: ({ deps, actor }, input) => deps.ai.compliance(actor, input),
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
  run: ({ deps, actor, params }) => deps.ai.caseFactsOf(actor, params.id),
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
  run: ({ deps, actor, params }, input) => deps.ai.enterFacts(actor, params.id, input),
});

/** Which calendar: the firm's docket ("firm", the default) or the person's own deadlines ("mine"). */
const feedScopeInput = z.object({
  scope: z
    .enum(FEED_SCOPES, { error: 'scope must be one of firm, mine' })
    .optional()
    .transform((scope) => scope ?? 'firm'),
});

export const subscribeCalendar = action({
  name: 'Subscribe to Deadlines Calendar',
  category: AI,
  description:
    'Make a new secret address for the person\'s calendar feed ({"scope"}: "firm", the firm\'s docket, by default; "mine", the deadlines they own); an earlier one of that scope stops working. Answers {"url"}: it is shown this once.',
  method: 'POST',
  route: api.aiCalendar,
  grants: { user: 'w', admin: 'w' },
  input: feedScopeInput,
  run: ({ deps, actor }, input) => deps.ai.subscribe(actor, input.scope),
  status: 201,
});

export const revokeCalendar = action({
  name: 'Revoke Deadlines Calendar',
  category: AI,
  description:
    'Revoke the person\'s calendar feed ({"scope"}: "firm" by default, or "mine"): its address answers 404 from now on.',
  method: 'DELETE',
  route: api.aiCalendar,
  grants: { user: 'd', admin: 'd' },
  input: feedScopeInput,
  run: ({ deps, actor }, input) => deps.ai.revoke(actor, input.scope),
});

export const getCalendar = action({
  name: 'Get Deadlines Calendar',
  category: AI,
  description:
    'Whether the person has calendar feeds, and since when. Answers {"since", "mine"}: the times the addresses of the firm\'s docket and of their own deadlines were made, or null.',
  method: 'GET',
  route: api.aiCalendar,
  grants: { user: 'r', admin: 'r' },
  run: async ({ deps, actor }) => {
    const [firm, mine] = await Promise.all([
      deps.ai.calendarOf(actor, 'firm'),
      deps.ai.calendarOf(actor, 'mine'),
    ]);
    return { since: firm?.since ?? null, mine: mine?.since ?? null };
  },
});

export const listDeadlines = action({
  name: 'List Deadlines',
  category: AI,
  description:
    'The firm\'s docket: every deadline of its open cases (the case\'s due date, notices read from documents, the rules over the facts, those entered by hand), filtered by from, to, caseId, assignee (a user ID or "me") and state (open, done, missed, dismissed); the missed first, then by date. Answers {"items": [{"id", "caseId", "caseNumber", "title", "date", "kind", "state", "owner", "source": {"kind", "documentId", "ruleId"}, "filing", "citation"}]}.',
  method: 'GET',
  route: api.deadlines,
  grants: { user: 'r', admin: 'r' },
  input: docketQueryInput,
  run: async ({ deps, actor }, input) => {
    const { assignee, ...query } = input;
    const ownerId = assignee === 'me' ? actor.id : assignee;
    return { items: (await deps.ai.docket.list(actor, { ...query, ownerId })).items };
  },
});

export const changeDeadline = action({
  name: 'Change Deadline State',
  category: AI,
  description:
    'Mark a deadline of the docket done, dismiss it ({"state": "dismissed", "reason"}: the reason is required) or open it again. Answers the deadline.',
  method: 'PATCH',
  route: api.deadline('{id}'),
  notFound: DEADLINE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: deadlineStateInput,
  run: ({ deps, actor, params }, input) => deps.ai.docket.setState(actor, params.id, input),
});

export const addDeadline = action({
  name: 'Add Deadline',
  category: AI,
  description:
    'Enter a deadline by hand on one of the firm\'s open cases: {"title", "date", "kind" (deadline, opens, expires, hearing), "explanation", "filing", "ownerId" (the case\'s assignee by default)}. Answers the deadline.',
  method: 'POST',
  route: api.caseDeadlines('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: newDeadlineInput,
  run: ({ deps, actor, params }, input) => deps.ai.docket.add(actor, params.id, input),
  status: 201,
});

/**
 * The feed a calendar app reads with no session: its secret address is its only key. An unknown, revoked
 * or malformed one is not found.
 */
export const getCalendarFeed = action({
  name: 'Get Deadlines Calendar Feed',
  category: AI,
  description:
    "The calendar (RFC 5545) of the firm's deadlines that a secret address opens, for calendar apps, which ask with no session: an unknown or revoked address answers 404.",
  method: 'GET',
  route: `${api.aiCalendar}/{token}`,
  public: true,
  paramPattern: FEED_TOKEN,
  notFound: NO_CALENDAR,
  async run({ deps, params }) {
    const calendar = await deps.ai.feed(params.token);
    if (calendar === undefined) throw new HttpError(404, NO_CALENDAR);
    const bytes = new TextEncoder().encode(calendar);
    return fileAnswer('deadlines.ics', 'text/calendar; charset=utf-8', { bytes }, 'inline');
  },
});

export const getDocumentAnalysis = action({
  name: 'Get Document Analysis',
  category: AI,
  description:
    "Document Analysis: what the analysis of one of the firm's documents (documentId) found (its type, confidence, fields, findings with their rule and citation), counted as a use of the tool.",
  method: 'GET',
  route: api.aiAnalyze,
  grants: { user: 'r', admin: 'r' },
  input: z.object({ documentId: z.uuid({ error: 'documentId must be a document ID' }) }),
  async run({ deps, actor }, input) {
    const document = await deps.documents.get(actor, input.documentId);
    await deps.ai.recordUse(actor, 'document-analysis', document.case?.id ?? null);
    return document;
  },
});

export const AI_ACTIONS = {
  trackDeadlines,
  checkCompliance,
  getCaseFacts,
  enterCaseFacts,
  getCalendar,
  subscribeCalendar,
  revokeCalendar,
  getCalendarFeed,
  getDocumentAnalysis,
  listDeadlines,
  changeDeadline,
  addDeadline,
};
