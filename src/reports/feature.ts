import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { REPORTS_ACTIONS, reportsFeature as mountReports } from '.';
import * as reportsMigration from './migrations/0014_reports';
import { REPORTS_PAGES } from './pages';

/** Reports: the figures, and stored reports as pages, PDF and CSV. */
export const reportsFeature = declareFeature({
  name: 'reports',
  actions: REPORTS_ACTIONS,
  pages: REPORTS_PAGES,
  tables: [
    { table: 'reports', scope: byFirm, key: ['id'], ids: ['id', 'firm_id'], userRefs: ['created_by'] },
  ],
  migrations: { '0014_reports': reportsMigration },
  mount: (s: Services) => mountReports({ kit: s.kit, reports: s.reports, namesOf: s.accounts.namesOf }),
});
