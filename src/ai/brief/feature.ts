import { declareFeature } from '../../access/feature-declaration';
import type { Services } from '../../services';
import { BRIEF_ACTIONS, briefFeature as mountBrief } from '.';

/** The Legal Brief Generator. */
export const briefFeature = declareFeature({
  name: 'ai/brief',
  actions: BRIEF_ACTIONS,
  mount: (s: Services) =>
    mountBrief({ kit: s.kit, brief: s.brief, render: s.render, drafting: Boolean(s.config.llm) }),
});
