import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { RULE_TABLES_ACTIONS } from '.';
import * as ruleTablesMigration from './migrations/0024_rule_tables';
import { RULE_TABLES_PAGES } from './pages';

/** The dated tables platform staff add to the rules (poverty guidelines, fees, holidays). */
export const ruleTablesFeature = declareFeature({
  name: 'rule-tables',
  actions: RULE_TABLES_ACTIONS,
  pages: RULE_TABLES_PAGES,
  tables: [{ table: 'rule_tables', leftOut: 'The platform’s tables of the rules, not a firm’s data.' }],
  migrations: { '0024_rule_tables': ruleTablesMigration },
  mount: (s: Services) => s.ruleTablesFeature,
});
