import { type Request, type Response, Router } from 'express';
import { BriefPage, type BriefValues } from '../../../views/ai/brief/BriefPage';
import type { BoundActions } from '../../access/kit';
import { sendFile } from '../../documents/send';
import { HttpError } from '../../http/errors';
import type { Renderer } from '../../http/render';
import { caseQueryOf } from '../../shared/case-pick';
import { ServiceError } from '../../shared/errors';
import { pages } from '../../shared/paths';
import type { BRIEF_ACTIONS } from './actions';
import type { BriefService } from './service';

type PagesDeps = {
  brief: BriefService;
  render: Renderer;
  actions: BoundActions<typeof BRIEF_ACTIONS>;
  drafting: boolean;
};

type State = {
  values?: BriefValues;
  error?: string;
  fields?: Record<string, string | undefined>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The Legal Brief Generator's page: the form (GET) and its post, which answers the file itself; a refused
 * post shows the form again with the values entered and why.
 */
export function briefPages(deps: PagesDeps): Router {
  const router = Router();

  async function show(req: Request, res: Response, state: State, status = 200) {
    const actor = req.session.user!;
    const page = (
      <BriefPage
        pick={await deps.brief.pickCase(actor, caseQueryOf(req.query), state.values?.caseId)}
        {...state}
        closed={deps.actions.generateBrief.refusalFor(actor)?.message}
        drafting={deps.drafting}
      />
    );
    deps.render(req, res, page, {
      meta: {
        title: 'Legal Brief Generator',
        description:
          'A case’s cover letter, RFE response outline, marriage evidence summary or checklist letter.',
        noindex: true,
      },
      status,
    });
  }

  router.get(pages.ai.brief, async (req, res) => {
    // A link from a case may choose it.
    await show(req, res, { values: { caseId: text(req.query.case) } });
  });

  router.post(pages.ai.brief, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const brief = await deps.actions.generateBrief.call(req, res, { input: body });
      sendFile(res, brief.filename, brief.contentType, brief.bytes);
    } catch (error) {
      if (!(error instanceof ServiceError || (error instanceof HttpError && error.status < 500))) throw error;
      const values = { caseId: text(body.caseId), template: text(body.template), format: text(body.format) };
      await show(req, res, { values, error: error.message, fields: error.fields }, error.status);
    }
  });

  return router;
}
