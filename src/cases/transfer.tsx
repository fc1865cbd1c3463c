import { type Request, type Response, Router } from 'express';
import { ImportPage, type ImportPageProps } from '../../views/cases/ImportPage';
import { expressPath } from '../access/action';
import type { ActionKit, BoundActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import { sendCsv } from './export';
import { type ImportMode, IMPORT_MODES } from './import';
import { CASE_TRANSFER_ACTIONS, type TransferActionDeps } from './transfer-actions';
import type { TransferService } from './transfer-service';

export { CASE_TRANSFER_ACTIONS };

type Actions = BoundActions<typeof CASE_TRANSFER_ACTIONS>;

const META = {
  title: 'Import Cases',
  description: 'Import cases from a CSV file.',
  noindex: true,
};

/** The mode to show the form with again: the one posted, or the default when it posted none it knows. */
const modeOf = (posted: unknown): ImportMode => IMPORT_MODES.find((m) => m === posted) ?? 'all-or-nothing';

function showImport(
  render: Renderer,
  closedFor: (user: SessionUser | undefined) => string | undefined,
  req: Request,
  res: Response,
  props: Omit<ImportPageProps, 'closed'>,
  status = 200,
) {
  render(req, res, <ImportPage {...props} closed={closedFor(req.session.user)} />, { meta: META, status });
}

/** Export Data: the CSV of the list as the query filters and orders it. */
async function sendExport(actions: Actions, req: Request, res: Response) {
  const { filename, batches } = await actions.exportCases.call(req, res, { input: req.query });
  await sendCsv(req, res, filename, batches);
}

/**
 * Import Cases and Export Data: {API}/cases/import and {API}/cases/export, and the same in both case areas
 * (/admin/cases/… and /user/cases/…). Mounted before the cases' own routes, whose /cases/{id} would
 * otherwise take "import" and "export" for an ID.
 */
export function casesTransferFeature(deps: {
  kit: ActionKit;
  transfer: TransferService;
  render: Renderer;
}): Feature {
  const { kit, transfer, render } = deps;
  const closedFor = (user: SessionUser | undefined) => actions.importCases.refusalFor(user)?.message;
  const actionDeps: TransferActionDeps = {
    transfer,
    // The form's answer on its own page: the area it was posted in, the mode as posted.
    showImport: ({ req, res }, shown, status) =>
      showImport(
        render,
        closedFor,
        req,
        res,
        { area: req.path.startsWith('/admin/') ? 'admin' : 'user', mode: modeOf(req.body?.mode), ...shown },
        status,
      ),
  };
  const actions = kit.bind(CASE_TRANSFER_ACTIONS, actionDeps);
  const api = Router();
  // The export streams a file, so it has a route of its own; the import answers JSON through the kit.
  api.get(expressPath(CASE_TRANSFER_ACTIONS.exportCases.route), (req, res) => sendExport(actions, req, res));
  api.use(kit.api([CASE_TRANSFER_ACTIONS.importCases], actionDeps));

  const router = Router();
  router.use(kit.forms([CASE_TRANSFER_ACTIONS.importCases], actionDeps));
  for (const area of ['admin', 'user'] as const) {
    const paths = pages.cases(area);
    router.get(paths.import, (req, res) =>
      showImport(render, closedFor, req, res, { area, mode: 'all-or-nothing' }),
    );
    router.get(paths.export, (req, res) => sendExport(actions, req, res));
  }
  return { api, pages: router };
}
