import { type NextFunction, type Request, type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import { ServiceError } from '../shared/errors';
import { DOCUMENT_LIST_PAGE_SIZE } from '../shared/documents';
import { pages } from '../shared/paths';
import type { DOCUMENTS_ACTIONS } from './actions';
import { type DocumentsDeps, showDelete, showDocument, showEvidence, showList, UUID, viewOf } from './forms';
import { sendDocument, sendPdf } from './send';

type PagesDeps = DocumentsDeps & { actions: BoundActions<typeof DOCUMENTS_ACTIONS> };

const AREAS = ['admin', 'user'] as const;

/**
 * A document's address takes an ID; any other word there (upload, evidence) is another page's, so it is
 * left to the routes that serve it.
 */
const idOnly = (req: Request, _res: Response, next: NextFunction) =>
  next(UUID.test(String(req.params.id)) ? undefined : 'route');

/** The ticked documents of a posted evidence form: one field, several, or none. */
const checkedOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/**
 * The documents pages, the same in both areas (each person's own firm), every read through the declared
 * actions so the matrix decides as it does for the API. The forms that change something are the actions'
 * own (./actions); the evidence package's answer is a file, so its form is served here.
 */
export function documentPages(deps: PagesDeps): Router {
  const { actions } = deps;
  const router = Router();
  const page = (req: Request, res: Response) => ({ deps, req, res });

  for (const area of AREAS) {
    const paths = pages.documents(area);

    router.get(paths.list, async (req, res) => {
      const view = viewOf(req.query);
      const list = await actions.listDocuments.call(req, res, {
        input: { ...req.query, pageSize: DOCUMENT_LIST_PAGE_SIZE },
      });
      if (view.page > 1 && list.items.length === 0)
        throw new HttpError(404, `The documents table has no page ${view.page}.`);
      await showList(page(req, res), { list, view });
    });

    // The upload form's own address, asked for directly (a reload after a refusal): the list holds the form.
    router.get(paths.upload, (_req, res) => res.redirect(303, paths.list));

    router.get(paths.evidence, async (req, res) => {
      const caseId = typeof req.query.case === 'string' ? req.query.case.toLowerCase() : '';
      if (caseId && !UUID.test(caseId)) throw new HttpError(404, 'Case not found.');
      await showEvidence(page(req, res), { caseId: caseId || undefined });
    });

    router.post(paths.evidence, async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      try {
        const { filename, bytes } = await actions.buildEvidencePackage.call(req, res, { input: body });
        sendPdf(res, filename, bytes);
      } catch (error) {
        // A refusal is said on the page, with the case and the ticks as they were; a fault is the error page.
        if (!(error instanceof ServiceError || (error instanceof HttpError && error.status < 500)))
          throw error;
        const caseId = typeof body.caseId === 'string' && UUID.test(body.caseId) ? body.caseId : undefined;
        if (error.status === 404 && !caseId) throw error;
        await showEvidence(
          page(req, res),
          { caseId, checked: checkedOf(body.documentIds), error: error.message },
          error.status,
        );
      }
    });

    router.get(paths.view(':id'), idOnly, async (req, res) => {
      const record = await actions.getDocument.call(req, res, { params: req.params });
      await showDocument(page(req, res), record);
    });

    router.get(paths.download(':id'), idOnly, async (req, res) => {
      const { record, stream } = await actions.downloadDocument.call(req, res, { params: req.params });
      await sendDocument(res, record, stream);
    });

    router.get(paths.remove(':id'), idOnly, async (req, res) => {
      showDelete(page(req, res), await actions.getDocument.call(req, res, { params: req.params }));
    });
  }
  return router;
}
