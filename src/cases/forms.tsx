import type { Request, Response } from 'express';
import { type AdminCasesPageProps, CasesPage as AdminCasesPage } from '../../views/admin/CasesPage';
import { CaseDecidePage, type CaseDecidePageProps } from '../../views/cases/CaseDecidePage';
import { CaseDeletePage } from '../../views/cases/CaseDeletePage';
import { CaseEditPage, type CaseEditPageProps } from '../../views/cases/CaseEditPage';
import { CASE_FIELDS, type CaseValues, caseValuesOf, newCaseValues } from '../../views/cases/CaseForm';
import { CasePage } from '../../views/cases/CasePage';
import { CaseReopenPage, type CaseReopenPageProps } from '../../views/cases/CaseReopenPage';
import { ClientDeletePage } from '../../views/cases/ClientDeletePage';
import {
  CLIENT_FIELDS,
  ClientPage,
  type ClientPageProps,
  type ClientValues,
} from '../../views/cases/ClientPage';
import {
  type CaseArea,
  type CaseListView,
  type ClosedCaseControls,
  decidePath,
} from '../../islands/ui/cases';
import { CasesPage as UserCasesPage } from '../../views/user/CasesPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import {
  type CaseDetail,
  type CaseList,
  type CaseRecord,
  caseQuery,
  type ClientRecord,
  canMove,
  DEFAULT_CASE_SORT,
  type Decision,
  isDecision,
  refusedMoveMessage,
} from '../shared/cases';
import type { CaseDeadline } from '../shared/ai';
import type { CaseFacts } from '../shared/facts';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import type { ClientsService } from './client-service';
import { caseListQuery } from './schema';
import type { CasesService } from './service';

export type CasesDeps = {
  cases: CasesService;
  clients: ClientsService;
  render: Renderer;
  /** Why the person may not use each kind of control at all, as the permission matrix says now. */
  closedFor: (user: SessionUser | undefined) => ClosedCaseControls;
  /** What the AI tools show on the case page and the dashboard (none where the matrix closes them). */
  rules: CaseRules;
};
type Ctx = ActionContext<CasesDeps>;
/** What a page is rendered with: the services, the request and its answer. */
type Page = { deps: CasesDeps; req: Request; res: Response };

/** The AI feature's part of the case page and the dashboard: a case's facts, the firm's next deadlines. */
export type CaseRules = {
  caseFactsFor(req: Request, caseId: string): Promise<CaseFacts | undefined>;
  upcomingFor(req: Request): Promise<{ today: string; deadlines: CaseDeadline[] } | undefined>;
};

/** Rows per page of the cases tables. */
export const CASES_PAGE_SIZE = 20;

/** The pages are the same in both areas, each under its own prefix: the signed-in person's. */
export const areaOf = (user: SessionUser | undefined): CaseArea =>
  user?.role === 'admin' ? 'admin' : 'user';

const actorOf = (req: Request) => req.session.user!;

const meta = (title: string, description: string) => ({ title, description, noindex: true });

/** A view of the list from a query (the page's own address, or a form's way back); a bad one is the plain list. */
export function viewOf(query: unknown): CaseListView {
  const parsed = caseListQuery.omit({ pageSize: true }).safeParse(query);
  return parsed.success ? parsed.data : { q: '', sort: DEFAULT_CASE_SORT, page: 1 };
}

/** The list view a form came from (its `back` field), if it names this area's list. */
function backViewOf(area: CaseArea, body: Record<string, unknown>): CaseListView | undefined {
  const back = typeof body.back === 'string' ? body.back : '';
  const [path, query = ''] = back.split('?', 2);
  if (path !== pages.cases(area).list) return undefined;
  return viewOf(Object.fromEntries(new URLSearchParams(query)));
}

/** Where a form posted from a list goes back to: the same list, rebuilt from its parsed view. */
export function backPathOf(area: CaseArea, body: Record<string, unknown>): string | undefined {
  const view = backViewOf(area, body);
  return view && `${pages.cases(area).list}${caseQuery(view)}`;
}

// The lists

type ListState = {
  list: CaseList;
  view: CaseListView;
  error?: string;
  create?: AdminCasesPageProps['create'];
};

/** The area's list of cases (Case Management, or the user's Cases) with what its page shows around it. */
export async function showList({ deps, req, res }: Page, state: ListState, status = 200) {
  const actor = actorOf(req);
  const closed = deps.closedFor(actor);
  const [assignees, today] = await Promise.all([deps.cases.assignees(actor), deps.cases.today(actor)]);
  if (areaOf(actor) === 'user') {
    const page = <UserCasesPage {...state} today={today} assignees={assignees} closed={closed} />;
    return deps.render(req, res, page, {
      meta: meta('Cases', 'Your firm’s cases: open, edit and process them.'),
      status,
    });
  }
  const counts = await deps.cases.counts(actor);
  const page = (
    <AdminCasesPage {...state} counts={counts} today={today} assignees={assignees} closed={closed} />
  );
  deps.render(req, res, page, {
    meta: meta('Case Management', 'Every case of the firm: search, filter, create and assign.'),
    status,
  });
}

/** The list again as the refused form's `back` field had it (or as it starts), with what was refused. */
async function listAgain(ctx: Ctx, view: CaseListView, state: Partial<ListState>, status: number) {
  const list = await ctx.deps.cases.list(ctx.actor!, { ...view, pageSize: CASES_PAGE_SIZE });
  await showList(ctx, { list, view, ...state }, status);
}

// A case

/** A case's page, with why a move posted from it was refused. */
export async function showCase({ deps, req, res }: Page, record: CaseDetail, error?: string, status = 200) {
  const actor = actorOf(req);
  const page = (
    <CasePage
      area={areaOf(actor)}
      record={record}
      today={await deps.cases.today(actor)}
      closed={deps.closedFor(actor)}
      caseFacts={await deps.rules.caseFactsFor(req, record.id)}
      error={error}
    />
  );
  deps.render(req, res, page, {
    meta: meta(`Case ${record.caseNumber}`, `Case ${record.caseNumber} of ${record.client.name}.`),
    status,
  });
}

type EditState = Pick<CaseEditPageProps, 'record' | 'errors' | 'refusal'> & { values?: CaseValues };

/** The New Case page, or a case's edit page: the form off, with why, when the matrix closes it. */
export async function showEdit({ deps, req, res }: Page, state: EditState, status = 200) {
  const actor = actorOf(req);
  const closed = deps.closedFor(actor);
  const { record } = state;
  const values = state.values ?? (record ? caseValuesOf(record) : newCaseValues(actor.id));
  const page = (
    <CaseEditPage
      area={areaOf(actor)}
      {...state}
      values={values}
      assignees={await deps.cases.assignees(actor)}
      closed={record ? closed.edit : closed.create}
    />
  );
  const title = record ? `Edit ${record.caseNumber}` : 'New Case';
  deps.render(req, res, page, {
    meta: meta(title, record ? `Change the details of case ${record.caseNumber}.` : 'Open a new case.'),
    status,
  });
}

type DecideState = Pick<CaseDecidePageProps, 'decidedOn' | 'error' | 'back'>;

/**
 * The confirmation of a decision, with the date USCIS decided; a case that cannot make that move now is
 * its page, saying why (409).
 */
export async function showDecide(
  { deps, req, res }: Page,
  record: CaseDetail,
  to: Decision,
  state: DecideState,
  status = 200,
) {
  const actor = actorOf(req);
  if (!canMove(record.status, to))
    return showCase({ deps, req, res }, record, refusedMoveMessage(record.status, to), 409);
  const page = (
    <CaseDecidePage
      area={areaOf(actor)}
      record={record}
      to={to}
      today={await deps.cases.today(actor)}
      disabled={deps.closedFor(actor).move}
      {...state}
    />
  );
  deps.render(req, res, page, {
    meta: meta(
      `Record the decision on ${record.caseNumber}`,
      `USCIS's decision on case ${record.caseNumber}.`,
    ),
    status,
  });
}

type ReopenState = Pick<CaseReopenPageProps, 'reason' | 'error' | 'fieldError'>;

/** An administrator's page to reopen a decision recorded by mistake; an undecided case's page says why (409). */
export function showReopen({ deps, req, res }: Page, record: CaseDetail, state: ReopenState, status = 200) {
  const actor = actorOf(req);
  if (!isDecision(record.status) && !state.error)
    return showCase(
      { deps, req, res },
      record,
      `Only a decided case (approved or rejected) can be reopened: this one is ${record.status}.`,
      409,
    );
  const page = (
    <CaseReopenPage area={areaOf(actor)} record={record} disabled={deps.closedFor(actor).reopen} {...state} />
  );
  deps.render(req, res, page, {
    meta: meta(`Reopen the decision on ${record.caseNumber}`, `Reopen case ${record.caseNumber}'s decision.`),
    status,
  });
}

export function showCaseDelete({ deps, req, res }: Page, record: CaseRecord, refusal?: Refusal) {
  const actor = actorOf(req);
  const disabled = refusal ? undefined : deps.closedFor(actor).remove;
  const page = (
    <CaseDeletePage area={areaOf(actor)} record={record} refusal={refusal?.message} disabled={disabled} />
  );
  deps.render(req, res, page, {
    meta: meta('Delete Case', `Delete case ${record.caseNumber}.`),
    status: refusal?.status ?? 200,
  });
}

// A client

type ClientState = { client: ClientRecord; edit?: ClientPageProps['edit'] };

export async function showClient({ deps, req, res }: Page, state: ClientState, status = 200) {
  const actor = actorOf(req);
  const [cases, today] = await Promise.all([
    deps.clients.casesOf(actor, state.client.id),
    deps.cases.today(actor),
  ]);
  const page = (
    <ClientPage area={areaOf(actor)} {...state} cases={cases} today={today} closed={deps.closedFor(actor)} />
  );
  deps.render(req, res, page, {
    meta: meta(state.client.name, `The details and cases of ${state.client.name}.`),
    status,
  });
}

export function showClientDelete({ deps, req, res }: Page, client: ClientRecord, refusal?: Refusal) {
  const actor = actorOf(req);
  const disabled = refusal ? undefined : deps.closedFor(actor).clientRemove;
  const page = (
    <ClientDeletePage area={areaOf(actor)} client={client} refusal={refusal?.message} disabled={disabled} />
  );
  deps.render(req, res, page, {
    meta: meta('Delete Client', `Delete the client ${client.name}.`),
    status: refusal?.status ?? 200,
  });
}

// Refused forms: the page the form was on, with the values entered and each message beside its field

/** A refusal of something that does not exist (here): the not-found page, as for a read. */
const notFound = (refusal: Refusal) => refusal.status === 404;

const caseValuesFrom = (body: Record<string, unknown>) => stringFields(body, CASE_FIELDS) as CaseValues;

export async function renderCreateRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const form = { values: caseValuesFrom(body), errors: refusal.fields };
  const error = refusal.fields ? undefined : refusal.message;
  if (ctx.req.path === pages.cases('admin').list)
    return listAgain(ctx, viewOf({}), { create: { ...form, error } }, refusal.status);
  await showEdit(ctx, { ...form, refusal: error }, refusal.status);
}

export async function renderUpdateRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  if (notFound(refusal)) throw refusal.error;
  const record = await ctx.deps.cases.get(ctx.actor!, ctx.params.id);
  // A form that posts some of the fields (a document page's receipt number) must not show the rest
  // blank: saving that page again would clear them. The stored values, with what was posted over them.
  const posted = CASE_FIELDS.filter((field) => typeof body[field] === 'string');
  const values = { ...caseValuesOf(record), ...stringFields(body, posted) } as CaseValues;
  const error = refusal.fields ? undefined : refusal.message;
  await showEdit(ctx, { record, values, errors: refusal.fields, refusal: error }, refusal.status);
}

/** The lifecycle's refusal of a move, as the service words it (409). */
const movedNowhere = (record: CaseDetail, to: Decision): Refusal => ({
  status: 409,
  message: refusedMoveMessage(record.status, to),
});

/**
 * A refused move: the list it was posted from, or the case page, saying why. A decision posted without its
 * date goes to the question of the date first; one whose date was refused, to that question again.
 */
export async function renderMoveRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  if (notFound(refusal)) throw refusal.error;
  const area = areaOf(ctx.actor);
  const to = body.status as CaseDetail['status'];
  if (isDecision(to) && refusal.fields?.decidedOn) {
    const record = await ctx.deps.cases.get(ctx.actor!, ctx.params.id);
    if (!canMove(record.status, to)) return renderMoveRefusal(ctx, movedNowhere(record, to), body);
    const back = backPathOf(area, body);
    if (body.decidedOn === undefined) return ctx.res.redirect(303, decidePath(area, record.id, to, back));
    const decidedOn = typeof body.decidedOn === 'string' ? body.decidedOn : undefined;
    return showDecide(ctx, record, to, { decidedOn, error: refusal.fields.decidedOn, back }, refusal.status);
  }
  const view = backViewOf(area, body);
  if (view) return listAgain(ctx, view, { error: refusal.message }, refusal.status);
  await showCase(ctx, await ctx.deps.cases.get(ctx.actor!, ctx.params.id), refusal.message, refusal.status);
}

export async function renderReopenRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  if (notFound(refusal)) throw refusal.error;
  const record = await ctx.deps.cases.get(ctx.actor!, ctx.params.id);
  const reason = typeof body.reason === 'string' ? body.reason : undefined;
  const fieldError = refusal.fields?.reason;
  showReopen(
    ctx,
    record,
    { reason, fieldError, error: fieldError ? undefined : refusal.message },
    refusal.status,
  );
}

export async function renderDeleteRefusal(ctx: Ctx, refusal: Refusal) {
  if (notFound(refusal)) throw refusal.error;
  showCaseDelete(ctx, await ctx.deps.cases.get(ctx.actor!, ctx.params.id), refusal);
}

export async function renderClientRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  if (notFound(refusal)) throw refusal.error;
  const client = await ctx.deps.clients.get(ctx.actor!, ctx.params.id);
  const values = stringFields(body, CLIENT_FIELDS) as ClientValues;
  const error = refusal.fields ? undefined : refusal.message;
  await showClient(ctx, { client, edit: { values, errors: refusal.fields, error } }, refusal.status);
}

export async function renderClientDeleteRefusal(ctx: Ctx, refusal: Refusal) {
  if (notFound(refusal)) throw refusal.error;
  showClientDelete(ctx, await ctx.deps.clients.get(ctx.actor!, ctx.params.id), refusal);
}
