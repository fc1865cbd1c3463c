import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { CASES_ACTIONS, type CasesDeps } from './actions';
import { CASE_PAGES } from './pages';
import { CASE_PAGE_READS } from './reads';

export { CASES_ACTIONS };

/** Cases and clients: the pages of both areas and their forms, and {API}/cases and /clients. */
export function casesFeature(deps: CasesDeps & { kit: ActionKit }): Feature {
  const { kit, ...services } = deps;
  // The pages' own reads run with the same services; they have no API route.
  kit.bind(CASE_PAGE_READS, services);
  return { api: kit.api(Object.values(CASES_ACTIONS), services), pages: kit.pages(CASE_PAGES) };
}
