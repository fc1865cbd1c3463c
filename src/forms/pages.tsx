import { type Request, type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import { sendPdf } from '../documents/send';
import { ServiceError } from '../shared/errors';
import { FORM_GROUP_CODES, type FormGroup, type PacketForm } from '../shared/forms';
import { pages } from '../shared/paths';
import type { FORMS_ACTIONS } from './actions';
import { type FormsPageDeps, showCatalog, showGenerate, showSpecification } from './forms';
import { PacketRefused } from './service';

type PagesDeps = FormsPageDeps & { actions: BoundActions<typeof FORMS_ACTIONS> };

const groupOf = (value: unknown): FormGroup => {
  if (typeof value === 'string' && (FORM_GROUP_CODES as readonly string[]).includes(value))
    return value as FormGroup;
  throw new HttpError(404, `No such group of forms: choose ${FORM_GROUP_CODES.join(', ')}.`);
};

/** The ticked boxes of a posted form: one value, several, or none. */
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/**
 * The Forms pages: the groups, a group's Generate Forms page (its answer is a PDF or the page again with the
 * problems, so its form is served here, through the declared actions), and each form's specification.
 */
export function formsPages(deps: PagesDeps): Router {
  const { actions } = deps;
  const router = Router();
  const page = (req: Request, res: Response) => ({ deps, req, res });

  router.get(pages.forms.list, async (req, res) => {
    await actions.listForms.call(req, res);
    showCatalog(page(req, res));
  });

  router.get(pages.forms.generate, async (req, res) => {
    const caseId = typeof req.query.case === 'string' ? req.query.case : undefined;
    await showGenerate(page(req, res), groupOf(req.query.group), { values: { caseId } });
  });

  router.post(pages.forms.generate, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const group = groupOf(body.group);
    const input = { caseId: body.caseId, forms: listOf(body.forms), draft: body.draft };
    const values = {
      caseId: typeof body.caseId === 'string' ? body.caseId : undefined,
      forms: listOf(body.forms) as PacketForm[],
      draft: body.draft === 'on',
    };
    try {
      if (body.intent === 'check') {
        const answer = await actions.validateForms.call(req, res, { input });
        return await showGenerate(page(req, res), group, {
          values,
          errors: answer.errors,
          passed: answer.valid,
        });
      }
      const { filename, bytes } = await actions.generateForms.call(req, res, { input });
      sendPdf(res, filename, bytes);
    } catch (error) {
      // Problems are shown by form, part and item with the choices kept; another refusal says why.
      if (error instanceof PacketRefused)
        return await showGenerate(
          page(req, res),
          group,
          { values, errors: error.errors, error: error.message },
          422,
        );
      if (!(error instanceof ServiceError || (error instanceof HttpError && error.status < 500))) throw error;
      if (error.status === 404) throw error;
      await showGenerate(page(req, res), group, { values, error: error.message }, error.status);
    }
  });

  router.get(pages.forms.form(':id'), async (req, res) => {
    await actions.getForm.call(req, res, { params: req.params });
    await showSpecification(page(req, res), String(req.params.id));
  });

  // The upload form's own address, asked for directly (a reload after a refusal): the form's page holds it.
  router.get(pages.forms.editions(':id'), (req, res) =>
    res.redirect(303, pages.forms.form(String(req.params.id))),
  );
  return router;
}
