import { type Request, type Response, Router } from 'express';
import { ImportPage, type ImportPageProps } from '../../views/cases/ImportPage';
import { expressPath } from '../access/action';
import type { ActionKit, BoundActions } from '../access/kit';
import { setFlash } from '../http/flash';
import { HttpError } from '../http/errors';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import { sendCsv } from './export';
import { type ImportMode, IMPORT_MODES, type ImportResult } from './import';
import { CASE_TRANSFER_ACTIONS } from './transfer-actions';
import type { TransferService } from './transfer-service';

export { CASE_TRANSFER_ACTIONS };

type Actions = BoundActions<typeof CASE_TRANSFER_ACTIONS>;
type Area = 'admin' | 'user';

const META = {
  title: 'Import Cases',
  description: 'Import cases from a CSV file.',
  noindex: true,
};

/** The form's text fields (multipart or not); a field that is not text counts as absent. */
const fieldOf = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The mode to show the form with again: the one posted, or the default when it posted none it knows. */
const modeOf = (posted: string | undefined): ImportMode =>
  IMPORT_MODES.find((m) => m === posted) ?? 'all-or-nothing';

const cases = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** What an import that refused no row did, as the list says it. */
function doneMessage(result: ImportResult, mode: ImportMode): string {
  if (mode !== 'update') return `Imported ${cases(result.imported)}.`;
  if (result.imported + result.updated === 0)
    return 'Every case was already as the file says: nothing changed.';
  return `Imported ${cases(result.imported)} and updated ${cases(result.updated)}.`;
}

/** A refusal the person should read on the form (not a fault of ours). */
const refusalOf = (error: unknown) =>
  error instanceof ServiceError || (error instanceof HttpError && error.status < 500) ? error : undefined;

function showImport(
  render: Renderer,
  actions: Actions,
  req: Request,
  res: Response,
  props: Omit<ImportPageProps, 'closed'>,
  status = 200,
) {
  const closed = actions.importCases.refusalFor(req.session.user)?.message;
  render(req, res, <ImportPage {...props} closed={closed} />, { meta: META, status });
}

/**
 * The Import Cases form without JavaScript: the same declared action as the API. All rows in: back to the
 * list with a message. Some rows refused: this page again, saying which and why (422 when none went in).
 */
async function postImport(render: Renderer, actions: Actions, area: Area, req: Request, res: Response) {
  const posted = fieldOf(req.body, 'mode');
  const mode = modeOf(posted);
  try {
    // The action checks the mode as posted, as the API does.
    const result = await actions.importCases.call(req, res, { input: { mode: posted } });
    if (result.rejected.length === 0) {
      setFlash(req, 'success', doneMessage(result, mode));
      return res.redirect(303, pages.cases(area).list);
    }
    showImport(render, actions, req, res, { area, mode, result }, result.imported > 0 ? 200 : 422);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const message = refusal.fields?.file ?? refusal.message;
    showImport(render, actions, req, res, { area, mode, error: message }, refusal.status);
  }
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
  const actions = kit.bind(CASE_TRANSFER_ACTIONS, { transfer });
  const api = Router();
  // The export streams a file, so it has a route of its own; the import answers JSON through the kit.
  api.get(expressPath(CASE_TRANSFER_ACTIONS.exportCases.route), (req, res) => sendExport(actions, req, res));
  api.use(kit.api([CASE_TRANSFER_ACTIONS.importCases], { transfer }));

  const router = Router();
  for (const area of ['admin', 'user'] as const) {
    const paths = pages.cases(area);
    router.get(paths.import, (req, res) =>
      showImport(render, actions, req, res, { area, mode: 'all-or-nothing' }),
    );
    router.post(paths.import, (req, res) => postImport(render, actions, area, req, res));
    router.get(paths.export, (req, res) => sendExport(actions, req, res));
  }
  return { api, pages: router };
}
