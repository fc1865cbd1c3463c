/**
 * What the brief generator asks of the rules library (src/rules): the fees of forms filed together and a
 * form's evidence checklist. Every answer carries the rules it came from, which the review sheet lists.
 */
import type { FeeItem } from '../../rules/fees';
import type { RuleSource } from '../../rules/types';
import type { DocumentType } from '../../shared/documents';

/** The fees of forms filed together on a date: each form's, their total, the forms whose fee is not known. */
export type FeesAnswer = { items: FeeItem[]; total: number; unknown: string[] };

/** One item of a form's evidence checklist, met by a document of one of its types. */
export type ChecklistItem = {
  id: string;
  title: string;
  documentTypes: DocumentType[];
  rule: RuleSource;
};

export type BriefRules = {
  feesFor(forms: string[], filingDate: string): FeesAnswer;
  evidenceChecklistOf(form: string): ChecklistItem[];
};
