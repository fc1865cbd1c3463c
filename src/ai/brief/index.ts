import type { ActionKit } from '../../access/kit';
import type { Feature } from '../../http/feature';
import { BRIEF_ACTIONS } from './actions';
import { briefPages } from './pages';
import type { BriefService } from './service';

export { BRIEF_ACTIONS };

/** The Legal Brief Generator: {API}/ai/brief and the page /user/ai/brief, both answering the file. */
export function briefFeature(deps: {
  kit: ActionKit;
  brief: BriefService;
  /** A language model is configured: the page says it may reword the prose. */
  drafting: boolean;
}): Feature {
  const { kit, brief, drafting } = deps;
  return {
    api: kit.api(Object.values(BRIEF_ACTIONS), { brief }),
    pages: kit.pages(briefPages({ drafting })),
  };
}
