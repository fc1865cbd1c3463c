import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { CASE_STATUS_ACTIONS } from '.';
import * as caseStatusMigration from './migrations/0023_case_status';
import { CASE_STATUS_PAGES } from './pages';

/** USCIS case status: each receipt number of a case checked with USCIS, on demand and daily, with its history. */
export const caseStatusFeature = declareFeature({
  name: 'case-status',
  actions: CASE_STATUS_ACTIONS,
  pages: CASE_STATUS_PAGES,
  tables: [
    {
      table: 'case_status_checks',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id'],
    },
    { table: 'case_status_runs', scope: byFirm, key: ['day'], ids: ['firm_id'] },
  ],
  migrations: { '0023_case_status': caseStatusMigration },
  mount: (s: Services) => s.caseStatusTools,
});
