import { Router } from 'express';
import { expressPath } from '../access/action';
import { type ActionKit, mountActions } from '../access/kit';
import { sendPdf } from '../documents/send';
import type { DocumentsService } from '../documents/service';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { SessionUser } from '../shared/session';
import { FORMS_ACTIONS } from './actions';
import type { ClosedFormControls } from './forms';
import { formsPages } from './pages';
import { type FormsService, PacketRefused } from './service';

export { FORMS_ACTIONS };

/** USCIS forms: /user/forms and its pages, and {API}/forms (catalog, specification, validate, generate). */
export function formsFeature(deps: {
  kit: ActionKit;
  forms: FormsService;
  documents: DocumentsService;
  render: Renderer;
}): Feature {
  const closedFor = (user: SessionUser | undefined): ClosedFormControls => ({
    generate: mounted.bound.generateForms.refusalFor(user)?.message,
    upload: mounted.bound.uploadFormEdition.refusalFor(user)?.message,
  });
  const services = { forms: deps.forms, documents: deps.documents, render: deps.render, closedFor };
  const mounted = mountActions(deps.kit, FORMS_ACTIONS, services);

  const api = Router();
  // The packet is a PDF; its refusal lists the problems as validate does.
  api.post(expressPath(FORMS_ACTIONS.generateForms.route), async (req, res) => {
    try {
      const { filename, bytes } = await mounted.bound.generateForms.call(req, res, { input: req.body });
      sendPdf(res, filename, bytes);
    } catch (error) {
      if (!(error instanceof PacketRefused)) throw error;
      res.status(422).json({ error: error.message, valid: false, errors: error.errors, requestId: req.id });
    }
  });
  const json = Object.values(FORMS_ACTIONS).filter((a) => a !== FORMS_ACTIONS.generateForms);
  api.use(deps.kit.api(json, services));
  return { api, pages: Router().use(mounted.forms, formsPages({ ...services, actions: mounted.bound })) };
}
