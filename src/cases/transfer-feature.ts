import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { TRANSFER_PAGES } from './pages';
import { CASE_TRANSFER_ACTIONS } from './transfer-actions';

/**
 * Import Cases and Export Data: {API}/cases/import and /cases/export, and their pages in both case areas.
 * Mounted before the cases' routes, whose /cases/{id} would otherwise take "import" and "export" for an ID.
 */
export const caseTransferFeature = declareFeature({
  name: 'cases',
  actions: CASE_TRANSFER_ACTIONS,
  pages: TRANSFER_PAGES,
  mount: (s: Services) => ({
    api: s.kit.api(Object.values(CASE_TRANSFER_ACTIONS), { transfer: s.transfer }),
    pages: s.kit.pages(TRANSFER_PAGES),
  }),
});
