import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import { ruleTableInput, withdrawInput } from './schema';
import { RULE_TABLE_NOT_FOUND, type RuleTablesService } from './service';

export type RuleTablesDeps = { ruleTables: RuleTablesService };
const action = declareFor<RuleTablesDeps>();
const CATEGORY = 'Rules';

export const listRuleTables = action({
  name: 'List Rule Tables',
  category: CATEGORY,
  description:
    'The dated tables the rules use: the product\'s own editions and those platform staff added or withdrew (poverty guidelines, filing fees, legal holidays), newest first. Answers {"tables": [{"id", "kind", "builtIn", "effectiveFrom", "summary", "citation", "sourceUrl", "addedAt", "withdrawnAt", "withdrawnReason"}]}.',
  method: 'GET',
  route: api.ruleTables,
  grants: { reti: 'r', admin: 'r', user: 'r' },
  run: async ({ deps }) => ({ tables: await deps.ruleTables.list() }),
});

export const addRuleTable = action({
  name: 'Add Rule Table',
  category: CATEGORY,
  description:
    'Add a dated table to the rules, with its citation and source: {"kind": "poverty-guidelines", "year", "effectiveFrom", "regions": {"contiguous" | "alaska" | "hawaii": {"firstPerson", "eachAdditional"}}}, {"kind": "fee", "form", "effectiveFrom", "paper"} or {"kind": "holiday", "effectiveFrom", "name"}, each with "citation" and "sourceUrl". Every process applies it at once; audited.',
  method: 'POST',
  route: api.ruleTables,
  grants: { reti: 'w' },
  input: ruleTableInput,
  status: 201,
  run: ({ deps, actor }, input) => deps.ruleTables.add(actor, input),
});

export const withdrawRuleTable = action({
  name: 'Withdraw Rule Table',
  category: CATEGORY,
  description:
    'Withdraw a table staff added ({"reason"}): the rules stop using it at once; it stays listed, with the reason. Audited.',
  method: 'DELETE',
  route: api.ruleTable('{id}'),
  notFound: RULE_TABLE_NOT_FOUND,
  grants: { reti: 'd' },
  input: withdrawInput,
  run: ({ deps, actor, params }, input) => deps.ruleTables.withdraw(actor, params.id, input.reason),
});

export const RULE_TABLES_ACTIONS = { listRuleTables, addRuleTable, withdrawRuleTable };
