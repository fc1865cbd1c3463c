import type { Request } from 'express';
import type { Upcoming } from '../shared/ai';
import type { CaseFacts } from '../shared/facts';
import type { CaseStatusView } from '../case-status/types';
import type { z } from 'zod';
import { type ActionContext, declareFor } from '../access/action';
import { api } from '../shared/paths';
import type { ClientsService } from './client-service';
import {
  caseChangeSchema,
  caseListQuery,
  clientChangeSchema,
  clientListQuery,
  newCaseSchema,
  newClientSchema,
  reopenSchema,
} from './schema';
import { CASE_NOT_FOUND, CLIENT_NOT_FOUND, type CasesService } from './service';

/** What the cases' actions and their pages' reads run with. */
/** What the case page shows of the AI tools, each where the matrix lets this person see it. */
export type CaseRules = {
  /** None where the matrix closes Get Case Facts to this person. */
  caseFactsFor(req: Request, caseId: string): Promise<CaseFacts | undefined>;
  /** None where the matrix closes Track Deadlines to this person. */
  upcomingFor(req: Request): Promise<Upcoming | undefined>;
  /** None where the matrix closes Get Case Status to this person; why Check Case Status is closed, if so. */
  caseStatusFor(
    req: Request,
    caseId: string,
  ): Promise<{ status: CaseStatusView; checkClosed?: string } | undefined>;
};

export type CasesDeps = {
  cases: CasesService;
  clients: ClientsService;
  /** What the AI tools show on the case page and the dashboard (none where the matrix closes them). */
  rules: CaseRules;
};

const action = declareFor<CasesDeps>();
type CaseCtx = ActionContext<CasesDeps, false>;
const CASES = 'Case Management';
const CLIENTS = 'Client Management';

export const listCases = action({
  name: 'Get Cases',
  category: CASES,
  description:
    "List the firm's cases: search by case number, client, receipt number or description; filter by status, type, form, assignee and due date; sort; one page.",
  method: 'GET',
  route: api.cases,
  grants: { user: 'r', admin: 'r' },
  input: caseListQuery,
  run: ({ deps, actor }, input) => deps.cases.list(actor, input),
});

export const getCase = action({
  name: 'Get Case',
  category: CASES,
  description: "Read one of the firm's cases, with its history and the moves it may make.",
  method: 'GET',
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.cases.get(actor, params.id),
});

export const createCase = action({
  name: 'Create Case',
  category: CASES,
  description: 'Open a case for a client (a new client when the name is new); it gets the next case number.',
  method: 'POST',
  route: api.cases,
  grants: { user: 'w', admin: 'w' },
  input: newCaseSchema,
  run: ({ deps, actor }, input) => deps.cases.create(actor, input),
  status: 201,
});

/** PUT and PATCH make the same change: any of the facts, and a move of the status. */
const caseChange = {
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: caseChangeSchema,
  run: ({ deps, actor, params }: CaseCtx, input: z.output<typeof caseChangeSchema>) =>
    deps.cases.change(actor, params.id, input),
} as const;

export const updateCase = action({
  name: 'Update Case',
  category: CASES,
  description: "Change a case's facts (client, type, form, assignee, dates, fees) or move its status.",
  method: 'PUT',
  ...caseChange,
});

export const changeCase = action({
  name: 'Change Case',
  category: CASES,
  description:
    'Move a case to its next status (409 naming the allowed moves otherwise), or change some of its facts.',
  method: 'PATCH',
  ...caseChange,
});

export const reopenDecision = action({
  name: 'Reopen Decision',
  category: CASES,
  description:
    'Undo a decision (approved or rejected) recorded by mistake: the case goes back to processing, the reason in its history and the audit log.',
  method: 'POST',
  route: api.caseReopen('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { admin: 'w' },
  input: reopenSchema,
  run: ({ deps, actor, params }, input) => deps.cases.reopenDecision(actor, params.id, input.reason),
});

export const deleteCase = action({
  name: 'Delete Case',
  category: CASES,
  description: 'Delete a case and its history (the audit log keeps what it was).',
  method: 'DELETE',
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.cases.remove(actor, params.id),
  answer: () => undefined,
});

export const listClients = action({
  name: 'Get Clients',
  category: CLIENTS,
  description: "List the firm's clients by name: search by name, email or A-number.",
  method: 'GET',
  route: api.clients,
  grants: { user: 'r', admin: 'r' },
  input: clientListQuery,
  run: ({ deps, actor }, input) => deps.clients.list(actor, input),
});

export const getClient = action({
  name: 'Get Client',
  category: CLIENTS,
  description: "Read one of the firm's clients.",
  method: 'GET',
  route: api.client('{id}'),
  notFound: CLIENT_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.clients.get(actor, params.id),
});

export const createClient = action({
  name: 'Create Client',
  category: CLIENTS,
  description: 'Add a client: name, contact details, date of birth, citizenship, A-number and address.',
  method: 'POST',
  route: api.clients,
  grants: { user: 'w', admin: 'w' },
  input: newClientSchema,
  run: ({ deps, actor }, input) => deps.clients.create(actor, input),
  status: 201,
});

/** PUT and PATCH make the same change: any of the client's details. */
const clientChange = {
  route: api.client('{id}'),
  notFound: CLIENT_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: clientChangeSchema,
  run: ({ deps, actor, params }: CaseCtx, input: z.output<typeof clientChangeSchema>) =>
    deps.clients.change(actor, params.id, input),
} as const;

export const updateClient = action({
  name: 'Update Client',
  category: CLIENTS,
  description: "Change a client's details (their cases show the new name).",
  method: 'PUT',
  ...clientChange,
});

export const changeClient = action({
  name: 'Change Client',
  category: CLIENTS,
  description: "Change some of a client's details.",
  method: 'PATCH',
  ...clientChange,
});

export const deleteClient = action({
  name: 'Delete Client',
  category: CLIENTS,
  description: 'Remove a client who has no cases.',
  method: 'DELETE',
  route: api.client('{id}'),
  notFound: CLIENT_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.clients.remove(actor, params.id),
  answer: () => undefined,
});

export const CASES_ACTIONS = {
  listCases,
  getCase,
  createCase,
  updateCase,
  changeCase,
  reopenDecision,
  deleteCase,
  listClients,
  getClient,
  createClient,
  updateClient,
  changeClient,
  deleteClient,
};
