import { type Request, type Response, Router } from 'express';
import { AiToolsPage } from '../../views/ai/AiToolsPage';
import { DocumentAnalysisPage } from '../../views/ai/DocumentAnalysisPage';
import type { Bound, BoundActions } from '../access/kit';
import type { DOCUMENTS_ACTIONS } from '../documents/actions';
import { HttpError } from '../http/errors';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import type { AI_ACTIONS } from './actions';
import { CASE_NOT_FOUND } from './case-facts';
import {
  type AiDeps,
  formErrors,
  inFormWords,
  type Page,
  showCompliance,
  showDeadlines,
  showFacts,
  textFields,
  type ToolState,
  UUID,
} from './forms';
import { FACT_ORDER, factsFromForm } from './schema';

type PagesDeps = AiDeps & {
  actions: BoundActions<typeof AI_ACTIONS>;
  /** The documents' own declared reads, so that the matrix decides as it does for their API. */
  documentActions: Pick<BoundActions<typeof DOCUMENTS_ACTIONS>, 'listDocuments' | 'getDocument'>;
};

/** A refusal the person should see on the page; anything else (a fault, a case not found) is not one. */
function refusalOf(error: unknown): ServiceError | HttpError | undefined {
  if (error instanceof ServiceError || (error instanceof HttpError && error.status < 500))
    return error.status === 404 ? undefined : error;
  return undefined;
}

/** A query parameter's one text value ('' when absent or repeated). */
const queryText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The two rules tools' pages: a case chosen (GET ?case=&asOf=, the answer on the page) or facts posted
 * (POST, the answer or the form again with each fact's message), both through the declared action.
 */
function toolPages<A>(
  router: Router,
  deps: PagesDeps,
  path: string,
  action: Bound<A>,
  show: (page: Page, state: ToolState<A>, status?: number) => Promise<void>,
) {
  const page = (req: Request, res: Response): Page => ({ deps, req, res });

  router.get(path, async (req, res) => {
    const caseId = queryText(req.query.case).toLowerCase();
    const asOf = queryText(req.query.asOf) || undefined;
    if (!caseId) return show(page(req, res), { asOf });
    if (!UUID.test(caseId)) throw new HttpError(404, CASE_NOT_FOUND);
    try {
      const answer = await action.call(req, res, { input: { caseId, asOf } });
      await show(page(req, res), { caseId, asOf, answer });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      await show(page(req, res), { caseId, asOf, error: inFormWords(refusal.message) }, refusal.status);
    }
  });

  router.post(path, async (req, res) => {
    const values = textFields(req.body);
    const input = { facts: factsFromForm(values, FACT_ORDER), asOf: values.asOf || undefined };
    try {
      const answer = await action.call(req, res, { input });
      await show(page(req, res), { answer, values });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const state = { values, errors: formErrors(refusal.fields), error: inFormWords(refusal.message) };
      await show(page(req, res), state, refusal.status);
    }
  });
}

/**
 * The AI Tools pages (a firm user's): the four cards, the Deadline Tracker with the calendar feed, the
 * Compliance Checker, Document Analysis and a case's facts form; and the calendar feed itself, which a
 * calendar app reads with no session (its secret address is its only key).
 */
export function aiPages(deps: PagesDeps): Router {
  const { actions, documentActions } = deps;
  const router = Router();
  const page = (req: Request, res: Response): Page => ({ deps, req, res });

  router.get(pages.ai.home, (req, res) => {
    deps.render(req, res, <AiToolsPage />, {
      meta: {
        title: 'AI Tools',
        description: 'Document analysis, brief drafting, compliance checks and deadline tracking.',
        noindex: true,
      },
    });
  });

  toolPages(router, deps, pages.ai.deadlines, actions.trackDeadlines, showDeadlines);
  toolPages(router, deps, pages.ai.compliance, actions.checkCompliance, showCompliance);

  // Subscribe: the new secret address is shown on the page this once (only its hash is kept).
  router.post(pages.ai.calendar, async (req, res) => {
    try {
      const { url } = await actions.subscribeCalendar.call(req, res);
      await showDeadlines(page(req, res), { calendarUrl: url }, 201);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      await showDeadlines(page(req, res), { calendarError: refusal.message }, refusal.status);
    }
  });
  router.get([pages.ai.calendar, pages.ai.calendarRevoke], (_req, res) =>
    res.redirect(303, `${pages.ai.deadlines}#calendar`),
  );

  router.get(pages.ai.documents, async (req, res) => {
    const chosenId = queryText(req.query.document).toLowerCase();
    if (chosenId && !UUID.test(chosenId)) throw new HttpError(404, 'Document not found.');
    const [list, chosen] = await Promise.all([
      documentActions.listDocuments.call(req, res, { input: { status: 'done', pageSize: 100 } }),
      chosenId ? documentActions.getDocument.call(req, res, { params: { id: chosenId } }) : undefined,
    ]);
    if (chosen) await deps.ai.recordUse(req.session.user!, 'document-analysis', chosen.case?.id ?? null);
    deps.render(req, res, <DocumentAnalysisPage documents={list.items} chosen={chosen} />, {
      meta: {
        title: 'Document Analysis',
        description: 'What the analysis of an uploaded document found.',
        noindex: true,
      },
    });
  });

  router.get(pages.ai.facts(':id'), async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new HttpError(404, CASE_NOT_FOUND);
    // Read through the declared action, so that the matrix decides (and another firm's case is not found).
    await actions.getCaseFacts.call(req, res, { params: { id } });
    await showFacts(page(req, res), id.toLowerCase());
  });

  // A calendar app asks with no session: the token is the key; an unknown or revoked one is not found.
  router.get(pages.calendarFeed(':token'), async (req, res) => {
    const calendar = await deps.ai.feed(String(req.params.token));
    if (calendar === undefined) throw new HttpError(404, 'No such calendar.');
    res
      .status(200)
      .set({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="deadlines.ics"',
        'Cache-Control': 'private, no-store',
      })
      .send(calendar);
  });

  return router;
}
