/**
 * What the brief generator asks of the rules library (src/rules): the case's deadlines as of a date, the
 * filing fee of a form and its evidence checklist. Every answer carries the rules it came from, which the
 * brief lists under "Rules cited".
 */
import type { FormType } from '../../shared/cases';
import type { DocumentType } from '../../shared/documents';
import type { Facts } from '../../shared/facts';
import type { DeadlinesAnswer, RuleSource } from '../../rules/types';

/** The USCIS fee for a form filed on a date, from the fee schedule in force then. */
type FeeAnswer = {
  /** Whole dollars (paper filing); null when the schedule has no fee for the form. */
  fee: number | null;
  /** How the fee was reached, in words. */
  explanation: string;
  rule: RuleSource;
};

/** One item of a form's evidence checklist, met by a document of one of its types. */
export type ChecklistItem = {
  id: string;
  title: string;
  documentTypes: DocumentType[];
  rule: RuleSource;
};

export type BriefRules = {
  deadlinesOf(facts: Facts, asOf: string): DeadlinesAnswer;
  filingFeeOf(form: FormType, filingDate: string): FeeAnswer;
  evidenceChecklistOf(form: FormType): ChecklistItem[];
};
