import { Router } from 'express';
import { expressPath } from '../../access/action';
import type { ActionKit } from '../../access/kit';
import { sendFile } from '../../documents/send';
import type { Feature } from '../../http/feature';
import type { Renderer } from '../../http/render';
import { BRIEF_ACTIONS } from './actions';
import { briefPages } from './pages';
import type { BriefService } from './service';

export { BRIEF_ACTIONS };

/** The Legal Brief Generator: {API}/ai/brief and the page /user/ai/brief, both answering the file. */
export function briefFeature(deps: {
  kit: ActionKit;
  brief: BriefService;
  render: Renderer;
  /** A language model is configured: the page says it may reword the prose. */
  drafting: boolean;
}): Feature {
  const { kit, brief, render, drafting } = deps;
  const bound = kit.bind(BRIEF_ACTIONS, { brief });
  const api = Router();
  // The answer is a file, not JSON: sent after the same declared check and input.
  api.post(expressPath(BRIEF_ACTIONS.generateBrief.route), async (req, res) => {
    const generated = await bound.generateBrief.call(req, res, { input: req.body });
    res.set('X-Document-Id', generated.document.id);
    sendFile(res, generated.filename, generated.contentType, generated.bytes);
  });
  return { api, pages: briefPages({ brief, render, actions: bound, drafting }) };
}
