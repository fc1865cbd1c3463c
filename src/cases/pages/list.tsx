import type { CaseListView } from '../../../islands/ui/cases';
import { page, type PageContext } from '../../access/page';
import { HttpError } from '../../http/errors';
import { stringFields } from '../../http/validation';
import { pages } from '../../shared/paths';
import { createCase, listCases } from '../actions';
import { assignees, caseCounts } from '../reads';
import { CasesPage as AdminCasesPage } from './admin-list';
import { CASE_FIELDS, type CaseValues } from './case-form';
import { areaOf, CASE_OFFERS, CASES_PAGE_SIZE, closedControls, meta, todayOf, viewOf } from './area';
import { createdCase } from './new';
import { CasesPage as UserCasesPage } from './user-list';

/** What a refused form shows on the list: why, and (Case Management's create form) the values entered. */
type ListState = {
  error?: string;
  create?: { values: CaseValues; errors?: Record<string, string | undefined>; error?: string };
};

/** One page of the area's cases with what the list shows around it (Case Management: the counts too). */
export async function loadList(ctx: PageContext<unknown>, view: CaseListView, input: unknown) {
  const admin = areaOf(ctx.actor) === 'admin';
  const [list, people, counts] = await Promise.all([
    ctx.read(listCases, { input }),
    ctx.read(assignees),
    admin ? ctx.read(caseCounts) : undefined,
  ]);
  return { list, view, assignees: people, counts };
}

export type ListData = Awaited<ReturnType<typeof loadList>>;

/** The area's list of cases (Case Management, or the user's Cases), with what was refused on it. */
export function renderList(data: ListData, ctx: PageContext<unknown>, state: ListState = {}) {
  const { counts, ...shown } = data;
  const common = { ...shown, ...state, today: todayOf(ctx), closed: closedControls(ctx) };
  if (!counts)
    return {
      view: <UserCasesPage {...common} />,
      meta: meta('Cases', 'Your firm’s cases: open, edit and process them.'),
    };
  return {
    view: <AdminCasesPage {...common} counts={counts} />,
    meta: meta('Case Management', 'Every case of the firm: search, filter, create and assign.'),
  };
}

/** A refused create on Case Management: the form again as entered, each message beside its field. */
function createState(ctx: PageContext<unknown>): ListState {
  const refusal = ctx.form?.refusal;
  if (!ctx.form || ctx.form.action !== createCase.name || !refusal) return {};
  const values = stringFields(ctx.form.values, CASE_FIELDS) as CaseValues;
  return { create: { values, errors: refusal.fields, error: refusal.fields ? undefined : refusal.message } };
}

/**
 * /admin/cases (Case Management, with its create form) and /user/cases: the firm's cases as the query
 * searches, filters and orders them. A refused create shows the list as it starts, with the form as entered.
 */
export const casesListPage = page({
  path: [pages.cases('admin').list, pages.cases('user').list],
  reads: [listCases, assignees, caseCounts],
  offers: CASE_OFFERS,
  async load(ctx) {
    if (ctx.form) return loadList(ctx, viewOf({}), { pageSize: CASES_PAGE_SIZE });
    const view = viewOf(ctx.req.query);
    const data = await loadList(ctx, view, { ...ctx.req.query, pageSize: CASES_PAGE_SIZE });
    if (view.page > 1 && data.list.items.length === 0)
      throw new HttpError(404, `The cases table has no page ${view.page}.`);
    return data;
  },
  render: (data, ctx) => renderList(data, ctx, createState(ctx)),
  forms: [{ action: createCase, path: pages.cases('admin').list, done: createdCase }],
});
