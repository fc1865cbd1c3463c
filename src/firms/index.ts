import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { FIRM_ACTIONS } from './actions';
import { firmPages } from './pages';
import type { FirmsService } from './service';

export { FIRM_ACTIONS };

/** Firms: the staff dashboard, the firm pages and onboarding, and {API}/firms. */
export function firmsFeature(deps: { kit: ActionKit; firms: FirmsService; render: Renderer }): Feature {
  const { kit, firms, render } = deps;
  const { api, forms, bound } = mountActions(kit, FIRM_ACTIONS, { firms, render });
  return { api, pages: Router().use(forms, firmPages({ firms, actions: bound, render })) };
}
