import type { CaseArea, CaseListView, ClosedCaseControls } from '../../../islands/ui/cases';
import type { PageContext } from '../../access/page';
import { caseQuery, DEFAULT_CASE_SORT } from '../../shared/cases';
import { todayIn } from '../../shared/dates';
import { pages } from '../../shared/paths';
import type { SessionUser } from '../../shared/session';
import {
  changeCase,
  createCase,
  deleteCase,
  deleteClient,
  reopenDecision,
  updateCase,
  updateClient,
} from '../actions';
import { caseListQuery } from '../schema';

/** Rows per page of the cases tables. */
export const CASES_PAGE_SIZE = 20;

/** The pages are the same in both areas, each under its own prefix: the signed-in person's. */
export const areaOf = (user: SessionUser | undefined): CaseArea =>
  user?.role === 'admin' ? 'admin' : 'user';

/** A page in both areas: an administrator's under /admin, a firm user's under /user. */
export const inBothAreas = (path: (paths: ReturnType<typeof pages.cases>) => string) => [
  path(pages.cases('admin')),
  path(pages.cases('user')),
];

export const meta = (title: string, description: string) => ({ title, description, noindex: true });

/** The firm's today, in its time zone as this request read it: what is due and overdue. */
export const todayOf = (ctx: PageContext<unknown>) => todayIn(ctx.firm!.timeZone);

/** The case controls a page offers: each shown disabled, with why, while the matrix refuses it. */
export const CASE_OFFERS = {
  create: createCase,
  edit: updateCase,
  move: changeCase,
  reopen: reopenDecision,
  remove: deleteCase,
  clientEdit: updateClient,
  clientRemove: deleteClient,
};
export const closedControls = (ctx: PageContext<unknown>) => ctx.closed as ClosedCaseControls;

/** A view of the list from a query (the page's own address, or a form's way back); a bad one is the plain list. */
export function viewOf(query: unknown): CaseListView {
  const parsed = caseListQuery.omit({ pageSize: true }).safeParse(query);
  return parsed.success ? parsed.data : { q: '', sort: DEFAULT_CASE_SORT, page: 1 };
}

/** The list view a form came from (its `back` field), if it names this area's list. */
export function backViewOf(area: CaseArea, body: Record<string, unknown>): CaseListView | undefined {
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
