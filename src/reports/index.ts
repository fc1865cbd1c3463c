import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { REPORTS_ACTIONS, type ReportsDeps } from './actions';
import { REPORTS_PAGES } from './pages';

export { REPORTS_ACTIONS };
export { createReportsService, REPORTS_QUEUE } from './service';

/** Reports: /admin/reports and its pages, and {API}/reports (generate, list, overview, one, its PDF and CSV). */
export function reportsFeature(deps: ReportsDeps & { kit: ActionKit }): Feature {
  const { kit, ...services } = deps;
  return { api: kit.api(Object.values(REPORTS_ACTIONS), services), pages: kit.pages(REPORTS_PAGES) };
}
