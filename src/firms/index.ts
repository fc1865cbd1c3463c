import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { FIRM_ACTIONS } from './actions';
import { FIRM_PAGES } from './pages';
import type { FirmsService } from './service';

export { FIRM_ACTIONS };

/** Firms: the staff dashboard, the firm pages and onboarding, and {API}/firms. */
export function firmsFeature(deps: { kit: ActionKit; firms: FirmsService }): Feature {
  const { kit, firms } = deps;
  return { api: kit.api(Object.values(FIRM_ACTIONS), { firms }), pages: kit.pages(FIRM_PAGES) };
}
