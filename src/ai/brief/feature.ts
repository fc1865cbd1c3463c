import { declareFeature } from '../../access/feature-declaration';
import type { Services } from '../../services';
import { BRIEF_ACTIONS, briefFeature as mountBrief } from '.';
import { briefPages } from './pages';

/** The Legal Brief Generator. */
export const briefFeature = declareFeature({
  name: 'ai/brief',
  actions: BRIEF_ACTIONS,
  // The same pages as mounted, whatever the configuration says of a language model.
  pages: briefPages({ drafting: false }),
  mount: (s: Services) => mountBrief({ kit: s.kit, brief: s.brief, drafting: Boolean(s.config.llm) }),
});
