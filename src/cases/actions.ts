import type { z } from 'zod';
import { type ActionContext, declareFor } from '../access/action';
import { STATUS_LABELS } from '../shared/cases';
import { api, pages } from '../shared/paths';
import {
  areaOf,
  backPathOf,
  type CasesDeps,
  renderClientDeleteRefusal,
  renderClientRefusal,
  renderCreateRefusal,
  renderDeleteRefusal,
  renderMoveRefusal,
  renderReopenRefusal,
  renderUpdateRefusal,
} from './forms';
import {
  caseChangeSchema,
  caseListQuery,
  clientChangeSchema,
  clientListQuery,
  moveSchema,
  newCaseSchema,
  newClientSchema,
  reopenSchema,
} from './schema';
import { CASE_NOT_FOUND, CLIENT_NOT_FOUND } from './service';

// The pages' forms render through these services too, so their type lives with the forms (./forms).
export type { CasesDeps } from './forms';

const action = declareFor<CasesDeps>();
type CaseCtx = ActionContext<CasesDeps>;
const CASES = 'Case Management';
const CLIENTS = 'Client Management';
/** The same page form in both areas: an administrator's under /admin, a firm user's under /user. */
const inBothAreas = (path: (area: 'admin' | 'user') => string) => [path('admin'), path('user')];

export const listCases = action({
  name: 'Get Cases',
  category: CASES,
  description:
    "List the firm's cases: search by case number, client, receipt number or description; filter by status, type, form, assignee and due date; sort; one page.",
  method: 'GET',
  route: api.cases,
  grants: { user: 'r', admin: 'r' },
  input: caseListQuery,
  run: ({ deps, actor }, input) => deps.cases.list(actor!, input),
});

export const getCase = action({
  name: 'Get Case',
  category: CASES,
  description: "Read one of the firm's cases, with its history and the moves it may make.",
  method: 'GET',
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.cases.get(actor!, params.id),
});

export const createCase = action({
  name: 'Create Case',
  category: CASES,
  description: 'Open a case for a client (a new client when the name is new); it gets the next case number.',
  method: 'POST',
  route: api.cases,
  grants: { user: 'w', admin: 'w' },
  input: newCaseSchema,
  run: ({ deps, actor }, input) => deps.cases.create(actor!, input),
  status: 201,
  form: {
    // Case Management's own create form posts to the list; the New Case page to itself.
    path: [pages.cases('admin').list, ...inBothAreas((area) => pages.cases(area).create)],
    done: ({ actor }, record) => ({
      to: pages.cases(areaOf(actor)).view(record.id),
      flash: `Case ${record.caseNumber} was created for ${record.client.name}.`,
    }),
    refused: renderCreateRefusal,
  },
});

/** PUT and PATCH make the same change: any of the facts, and a move of the status. */
const caseChange = {
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: caseChangeSchema,
  run: ({ deps, actor, params }: CaseCtx, input: z.output<typeof caseChangeSchema>) =>
    deps.cases.change(actor!, params.id, input),
} as const;

export const updateCase = action({
  name: 'Update Case',
  category: CASES,
  description: "Change a case's facts (client, type, form, assignee, dates, fees) or move its status.",
  method: 'PUT',
  ...caseChange,
  form: {
    path: inBothAreas((area) => pages.cases(area).edit(':id')),
    done: ({ actor }, record) => ({
      to: pages.cases(areaOf(actor)).view(record.id),
      flash: `Case ${record.caseNumber} was updated.`,
    }),
    refused: renderUpdateRefusal,
  },
});

export const changeCase = action({
  name: 'Change Case',
  category: CASES,
  description:
    'Move a case to its next status (409 naming the allowed moves otherwise), or change some of its facts.',
  method: 'PATCH',
  ...caseChange,
  // Process and the case page's moves: the status alone, back to the list or the case it came from.
  form: {
    path: inBothAreas((area) => pages.cases(area).move(':id')),
    schema: moveSchema,
    done: ({ actor, req }, record) => ({
      to: backPathOf(areaOf(actor), req.body ?? {}) ?? pages.cases(areaOf(actor)).view(record.id),
      flash: `Case ${record.caseNumber} is now ${STATUS_LABELS[record.status].toLowerCase()}.`,
    }),
    refused: renderMoveRefusal,
  },
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
  run: ({ deps, actor, params }, input) => deps.cases.reopenDecision(actor!, params.id, input.reason),
  form: {
    path: inBothAreas((area) => pages.cases(area).reopen(':id')),
    done: ({ actor }, record) => ({
      to: pages.cases(areaOf(actor)).view(record.id),
      flash: `The decision on case ${record.caseNumber} was reopened: it is processing again.`,
    }),
    refused: renderReopenRefusal,
  },
});

export const deleteCase = action({
  name: 'Delete Case',
  category: CASES,
  description: 'Delete a case and its history (the audit log keeps what it was).',
  method: 'DELETE',
  route: api.case('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.cases.remove(actor!, params.id),
  answer: () => undefined,
  form: {
    path: inBothAreas((area) => pages.cases(area).remove(':id')),
    done: ({ actor }, record) => ({
      to: pages.cases(areaOf(actor)).list,
      flash: `Case ${record.caseNumber} of ${record.client.name} was deleted.`,
    }),
    refused: (ctx, refusal) => renderDeleteRefusal(ctx, refusal),
  },
});

export const listClients = action({
  name: 'Get Clients',
  category: CLIENTS,
  description: "List the firm's clients by name: search by name, email or A-number.",
  method: 'GET',
  route: api.clients,
  grants: { user: 'r', admin: 'r' },
  input: clientListQuery,
  run: ({ deps, actor }, input) => deps.clients.list(actor!, input),
});

export const getClient = action({
  name: 'Get Client',
  category: CLIENTS,
  description: "Read one of the firm's clients.",
  method: 'GET',
  route: api.client('{id}'),
  notFound: CLIENT_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.clients.get(actor!, params.id),
});

export const createClient = action({
  name: 'Create Client',
  category: CLIENTS,
  description: 'Add a client: name, contact details, date of birth, citizenship, A-number and address.',
  method: 'POST',
  route: api.clients,
  grants: { user: 'w', admin: 'w' },
  input: newClientSchema,
  run: ({ deps, actor }, input) => deps.clients.create(actor!, input),
  status: 201,
});

/** PUT and PATCH make the same change: any of the client's details. */
const clientChange = {
  route: api.client('{id}'),
  notFound: CLIENT_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: clientChangeSchema,
  run: ({ deps, actor, params }: CaseCtx, input: z.output<typeof clientChangeSchema>) =>
    deps.clients.change(actor!, params.id, input),
} as const;

export const updateClient = action({
  name: 'Update Client',
  category: CLIENTS,
  description: "Change a client's details (their cases show the new name).",
  method: 'PUT',
  ...clientChange,
  form: {
    path: inBothAreas((area) => pages.cases(area).clientEdit(':id')),
    done: ({ actor }, client) => ({
      to: pages.cases(areaOf(actor)).client(client.id),
      flash: `${client.name} was updated.`,
    }),
    refused: renderClientRefusal,
  },
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
  run: ({ deps, actor, params }) => deps.clients.remove(actor!, params.id),
  answer: () => undefined,
  form: {
    path: inBothAreas((area) => pages.cases(area).clientRemove(':id')),
    done: ({ actor }, client) => ({
      to: pages.cases(areaOf(actor)).list,
      flash: `${client.name} was deleted.`,
    }),
    refused: (ctx, refusal) => renderClientDeleteRefusal(ctx, refusal),
  },
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
