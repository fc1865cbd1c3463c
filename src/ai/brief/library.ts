/** The rules library (src/rules) in the shape the brief generator asks for (./rules). */
import { evidenceChecklistOf, feesFor } from '../../rules';
import { FORM_CODES, type FormType } from '../../shared/cases';
import type { BriefRules } from './rules';

const isFormType = (form: string): form is FormType => (FORM_CODES as readonly string[]).includes(form);

export const BRIEF_RULES: BriefRules = {
  feesFor: (forms, filingDate) => feesFor(forms, { filing: 'paper', asOf: filingDate }),
  evidenceChecklistOf: (form) =>
    isFormType(form)
      ? evidenceChecklistOf(form).map(({ label, ...item }) => ({ ...item, title: label }))
      : [],
};
