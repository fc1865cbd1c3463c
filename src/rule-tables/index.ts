import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { RULE_TABLES_ACTIONS } from './actions';
import { RULE_TABLES_PAGES } from './pages';
import type { RuleTablesService } from './service';

export { RULE_TABLES_ACTIONS };
export { createRuleTablesService, type RuleTablesService } from './service';

/** The rules' dated tables: {API}/rule-tables, the staff's screen, and their load on start. */
export function ruleTablesFeature(deps: { kit: ActionKit; ruleTables: RuleTablesService }): Feature {
  const { kit, ruleTables } = deps;
  return {
    api: kit.api(Object.values(RULE_TABLES_ACTIONS), { ruleTables }),
    pages: kit.pages(RULE_TABLES_PAGES),
    start: () => ruleTables.start(),
    stop: () => ruleTables.stop(),
  };
}
