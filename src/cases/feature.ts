import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { CASES_ACTIONS, casesFeature as mountCases } from '.';
import { CASE_PAGES } from './pages';
import * as casesMigration from './migrations/0008_cases';
import * as casesSearchMigration from './migrations/0009_cases_search';
import * as caseDecisionsMigration from './migrations/0017_case_decisions';

/** Cases and clients: the pages of both areas, and {API}/cases and /clients. */
export const casesFeature = declareFeature({
  name: 'cases',
  actions: CASES_ACTIONS,
  pages: CASE_PAGES,
  tables: [
    {
      table: 'clients',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id'],
      omit: ['family_key', 'given_key'],
    },
    { table: 'case_counters', scope: byFirm, key: ['year'], ids: ['firm_id'] },
    {
      table: 'cases',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'client_id'],
      userRefs: ['assignee_id'],
      omit: ['search_text', 'client_name'],
    },
    {
      table: 'case_history',
      scope: { kind: 'parent', column: 'case_id', parent: 'cases' },
      key: ['seq'],
      ids: ['id', 'case_id'],
      userRefs: ['actor_user_id'],
      omit: ['seq'],
    },
    { table: 'case_payments', scope: byFirm, key: ['id'], ids: ['id', 'firm_id', 'case_id'] },
  ],
  migrations: {
    '0008_cases': casesMigration,
    '0009_cases_search': casesSearchMigration,
    '0017_case_decisions': caseDecisionsMigration,
  },
  mount: (s: Services) => mountCases({ kit: s.kit, cases: s.cases, clients: s.clients, rules: s.aiTools }),
});
