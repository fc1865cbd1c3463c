/** The rules library (src/rules) in the shape the brief generator asks for (./rules). */
import { formatDate } from '../../shared/dates';
import { allRules, deadlinesOf, evidenceChecklistOf, filingFeeOf, ruleSource } from '../../rules';
import type { BriefRules } from './rules';

export const BRIEF_RULES: BriefRules = {
  deadlinesOf,
  filingFeeOf(form, filingDate) {
    const fee = filingFeeOf(form, filingDate);
    if (fee)
      return {
        fee: fee.amount,
        explanation: `Paper filing, USCIS fee schedule of ${formatDate(fee.scheduleDate)}.${fee.notes.map((n) => ` ${n}`).join('')}`,
        rule: fee.rule,
      };
    return {
      fee: null,
      explanation: `No fee schedule held here names Form ${form} on ${formatDate(filingDate)}: check USCIS Form G-1055 before filing.`,
      rule: ruleSource('filing-fee', filingDate) ?? allRules().findLast((r) => r.ruleId === 'filing-fee')!,
    };
  },
  evidenceChecklistOf: (form) =>
    evidenceChecklistOf(form).map(({ label, ...item }) => ({ ...item, title: label })),
};
