/**
 * The rules library: pure, dated and cited (DESIGN §7). Deadlines, compliance checks, forms and briefs all
 * read it; every answer lists the rules it used, in the version in force on the as-of date.
 */
import type { FormType } from '../shared/cases';
import type { DocumentType } from '../shared/documents';
import type { Facts } from '../shared/facts';
import { runChecks } from './compliance';
import { EVIDENCE } from './data/evidence';
import { findDeadlines } from './deadlines';
import { SOURCES } from './sources';
import { tableRules } from './tables';
import { perGeneration } from './staff-tables';
import type { ComplianceAnswer, ComplianceFigures, DeadlinesAnswer, RuleSource } from './types';

export { filingFeeOf, requiredIncomeOf } from './tables';
export { type StaffTables, staffTables, useStaffTables } from './staff-tables';
export { type FeeFacts, type FeeItem, feesFor } from './fees';

/** The rules each answer used, once each. */
function distinct(rules: RuleSource[]): RuleSource[] {
  const seen = new Map<string, RuleSource>();
  for (const rule of rules) seen.set(`${rule.ruleId}@${rule.effectiveFrom}`, rule);
  return [...seen.values()];
}

/** The case's deadlines, soonest first, and those more facts would give (`unknown`, naming the facts). */
export function deadlinesOf(facts: Facts, asOf: string): DeadlinesAnswer {
  const found = findDeadlines(facts);
  const deadlines = found.flatMap((f) => ('deadline' in f ? [f.deadline] : []));
  deadlines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    asOf,
    deadlines,
    unknown: found.flatMap((f) => ('missing' in f ? [f.missing] : [])),
    rules: distinct(
      found.flatMap((f) => ('rule' in f ? (f.rolled ? [f.rule, SOURCES.periodRollOver] : [f.rule]) : [])),
    ),
  };
}

/** The checks for the facts' form as of a date; with the case's document types, its evidence checklist too. */
export function complianceOf(
  facts: Facts,
  asOf: string,
  evidence?: { documentTypes: DocumentType[] },
): ComplianceAnswer {
  const checked = runChecks(facts, asOf, evidence?.documentTypes);
  const figures: ComplianceFigures = Object.assign({}, ...checked.map((c) => c.figures ?? {}));
  return { asOf, checks: checked.map((c) => c.check), figures, rules: distinct(checked.map((c) => c.rule)) };
}

/** What the form's instructions ask for that a document's analysis can recognize. */
export function evidenceChecklistOf(
  form: FormType,
): Array<{ id: string; label: string; documentTypes: DocumentType[]; rule: RuleSource }> {
  return (EVIDENCE[form] ?? []).map((item) => ({
    id: item.id,
    label: item.label,
    documentTypes: item.documentTypes,
    rule: { ...SOURCES.evidenceChecklist, citation: item.citation, sourceUrl: item.sourceUrl },
  }));
}

/** Every rule, each version of the versioned ones included (those of staff's tables too). */
export const allRules = perGeneration((): RuleSource[] => [...Object.values(SOURCES), ...tableRules()]);

/** The version of a rule in force on a date. */
export function ruleSource(ruleId: string, asOf: string): RuleSource | undefined {
  return allRules().findLast(
    (r) => r.ruleId === ruleId && r.effectiveFrom <= asOf && (!r.effectiveTo || asOf <= r.effectiveTo),
  );
}
