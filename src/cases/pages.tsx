import { type NextFunction, type Request, type Response, Router } from 'express';
import { DashboardPage } from '../../views/user/DashboardPage';
import type { Bound, BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import { type CaseStatus, type Decision, isDecision } from '../shared/cases';
import { pages } from '../shared/paths';
import type { CASES_ACTIONS } from './actions';
import {
  CASES_PAGE_SIZE,
  type CasesDeps,
  backPathOf,
  showCase,
  showCaseDelete,
  showDecide,
  showReopen,
  showClient,
  showClientDelete,
  showEdit,
  showList,
  viewOf,
} from './forms';

type PagesDeps = CasesDeps & { actions: BoundActions<typeof CASES_ACTIONS> };

/** Cases on a firm user's dashboard. */
const RECENT_CASES = 5;
const AREAS = ['admin', 'user'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A case's or client's address takes an ID; any other word there (import, export) is another page's, so
 * it is left to the routes that serve it.
 */
const idOnly = (req: Request, _res: Response, next: NextFunction) =>
  next(UUID.test(String(req.params.id)) ? undefined : 'route');

/** A page that reads what the action reads, when the matrix lets this person read it. */
function mayRun(action: Bound<unknown>, req: Request) {
  const refused = action.refusalFor(req.session.user);
  if (refused) throw new HttpError(refused.status, refused.message);
}

/**
 * The pages of cases and clients, the same in both areas (each person's own), every read through the
 * declared actions so the matrix decides as it does for the API.
 */
export function casePages(deps: PagesDeps): Router {
  const { actions } = deps;
  const router = Router();
  const page = (req: Request, res: Response) => ({ deps, req, res });

  router.get(pages.user.dashboard, async (req, res) => {
    mayRun(actions.listCases, req);
    const actor = req.session.user!;
    const [stats, recent, today, upcoming] = await Promise.all([
      deps.cases.myStats(actor),
      deps.cases.recent(actor, RECENT_CASES),
      deps.cases.today(actor),
      deps.rules.upcomingFor(req),
    ]);
    const page = <DashboardPage stats={stats} recent={recent} today={today} upcoming={upcoming?.deadlines} />;
    deps.render(req, res, page, {
      meta: { title: 'Dashboard', description: 'Your cases and deadlines at a glance.', noindex: true },
    });
  });

  for (const area of AREAS) {
    const paths = pages.cases(area);

    router.get(paths.list, async (req, res) => {
      const view = viewOf(req.query);
      const list = await actions.listCases.call(req, res, {
        input: { ...req.query, pageSize: CASES_PAGE_SIZE },
      });
      if (view.page > 1 && list.items.length === 0)
        throw new HttpError(404, `The cases table has no page ${view.page}.`);
      await showList(page(req, res), { list, view });
    });

    router.get(paths.create, async (req, res) => {
      await showEdit(page(req, res), {});
    });

    router.get(paths.view(':id'), idOnly, async (req, res) => {
      const record = await actions.getCase.call(req, res, { params: req.params });
      await showCase(page(req, res), record);
    });

    router.get(paths.edit(':id'), idOnly, async (req, res) => {
      const record = await actions.getCase.call(req, res, { params: req.params });
      await showEdit(page(req, res), { record });
    });

    router.get(paths.decide(':id'), idOnly, async (req, res) => {
      const record = await actions.getCase.call(req, res, { params: req.params });
      const to = req.query.to;
      if (!isDecision(to as CaseStatus)) throw new HttpError(404, 'Choose approved or rejected.');
      const back = backPathOf(area, { back: req.query.back });
      await showDecide(page(req, res), record, to as Decision, { back });
    });

    router.get(paths.reopen(':id'), idOnly, async (req, res) => {
      const record = await actions.getCase.call(req, res, { params: req.params });
      showReopen(page(req, res), record, {});
    });

    router.get(paths.remove(':id'), idOnly, async (req, res) => {
      showCaseDelete(page(req, res), await actions.getCase.call(req, res, { params: req.params }));
    });

    router.get(paths.client(':id'), idOnly, async (req, res) => {
      const client = await actions.getClient.call(req, res, { params: req.params });
      await showClient(page(req, res), { client });
    });

    // The edit form is on the client's page.
    router.get(paths.clientEdit(':id'), idOnly, (req, res) => {
      res.redirect(303, `${paths.client(String(req.params.id))}#edit-client`);
    });

    router.get(paths.clientRemove(':id'), idOnly, async (req, res) => {
      showClientDelete(page(req, res), await actions.getClient.call(req, res, { params: req.params }));
    });
  }
  return router;
}
