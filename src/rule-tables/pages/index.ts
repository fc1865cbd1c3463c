import { ruleTablesPage } from './rule-tables';

/** Platform staff's Rule Tables screen. */
export const RULE_TABLES_PAGES = [ruleTablesPage];
