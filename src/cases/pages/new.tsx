import type { FormDone } from '../../access/action';
import { page, type PageContext } from '../../access/page';
import { stringFields } from '../../http/validation';
import type { CaseRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
import { createCase } from '../actions';
import { assignees } from '../reads';
import { areaOf, inBothAreas, meta } from './area';
import { CASE_FIELDS, type CaseValues, newCaseValues } from './case-form';
import { CaseEditPage } from './edit';

/** A case just created: its page, saying so. */
export const createdCase = ({ actor }: PageContext<unknown>, record: CaseRecord): FormDone => ({
  to: pages.cases(areaOf(actor)).view(record.id),
  flash: `Case ${record.caseNumber} was created for ${record.client.name}.`,
});

/** The New Case page: the form off, with why, when the matrix closes it; a refusal keeps the values. */
export const newCasePage = page({
  path: inBothAreas((p) => p.create),
  reads: [assignees],
  offers: { create: createCase },
  load: ({ read }) => read(assignees),
  render: (people, { actor, closed, form }) => {
    const refusal = form?.refusal;
    const values = form ? (stringFields(form.values, CASE_FIELDS) as CaseValues) : newCaseValues(actor?.id);
    return {
      view: (
        <CaseEditPage
          area={areaOf(actor)}
          values={values}
          assignees={people}
          errors={refusal?.fields}
          refusal={refusal?.fields ? undefined : refusal?.message}
          closed={closed.create}
        />
      ),
      meta: meta('New Case', 'Open a new case.'),
    };
  },
  forms: [{ action: createCase, done: createdCase }],
});
