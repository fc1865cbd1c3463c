import { Alert, RequiredNote } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import type { CaseRecord, Person } from '../../shared/cases';
import type { FormDone } from '../../access/action';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { stringFields } from '../../http/validation';
import { getCase, updateCase } from '../actions';
import { assignees } from '../reads';
import { areaOf, inBothAreas, meta } from './area';
import { CASE_FIELDS, type CaseField, CaseFields, type CaseValues, caseValuesOf } from './case-form';
import type { CaseArea } from '../../../islands/ui/cases';

type CaseEditPageProps = {
  area: CaseArea;
  /** The case being edited; none on the New Case page. */
  record?: CaseRecord;
  values: CaseValues;
  assignees: Person[];
  errors?: FieldErrors<CaseField>;
  /** Why the form was refused as a whole. */
  refusal?: string;
  /** Why this person may not make this change at all (the permission matrix): the form is shown off. */
  closed?: string;
};

/** The New Case page (/{area}/cases/new) and a case's edit page: one form, posted without JavaScript. */
export function CaseEditPage({
  area,
  record,
  values,
  assignees,
  errors = {},
  refusal,
  closed,
}: CaseEditPageProps) {
  const { csrfToken } = useRenderContext();
  const paths = pages.cases(area);
  const title = record ? `Edit ${record.caseNumber}` : 'New Case';
  const back = record ? paths.view(record.id) : paths.list;
  return (
    <section className="section case-edit">
      <p className="back-link">
        <a href={back}>{record ? `← Back to ${record.caseNumber}` : '← Back to the cases'}</a>
      </p>
      <h1 className="page-title">
        <Icon name={record ? 'edit' : 'cases'} />
        {title}
      </h1>
      {record && (
        <p className="lead">
          {'Client: '}
          <a href={paths.client(record.client.id)}>{record.client.name}</a>
        </p>
      )}
      {closed && <Alert kind="error">{closed}</Alert>}
      {refusal && <Alert kind="error">{refusal}</Alert>}
      {Object.keys(errors).length > 0 && <Alert kind="error">Check the fields marked below.</Alert>}
      <form className="card form" method="post" action={record ? paths.edit(record.id) : paths.create}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(closed)}>
          <legend className="visually-hidden">
            {record ? `Details of ${record.caseNumber}` : 'New case'}
          </legend>
          <CaseFields idPrefix="case" values={values} errors={errors} assignees={assignees} record={record} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              {record ? 'Save Changes' : 'Create Case'}
            </button>
            <a className="btn btn-secondary" href={back}>
              Cancel
            </a>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/**
 * A case's edit page. A refused change shows the stored values with what was posted over them: a form that
 * posts some of the fields (a document page's receipt number) must not show the rest blank, since saving
 * the page again would clear them.
 */
export const caseEditPage = page({
  path: inBothAreas((p) => p.edit(':id')),
  reads: [getCase, assignees],
  offers: { edit: updateCase },
  load: async ({ read }) => {
    const [record, people] = await Promise.all([read(getCase), read(assignees)]);
    return { record, people };
  },
  render: ({ record, people }, { actor, closed, form }) => {
    const refusal = form?.refusal;
    const posted = CASE_FIELDS.filter((field) => form && typeof form.values[field] === 'string');
    const values = { ...caseValuesOf(record), ...stringFields(form?.values ?? {}, posted) } as CaseValues;
    return {
      view: (
        <CaseEditPage
          area={areaOf(actor)}
          record={record}
          values={values}
          assignees={people}
          errors={refusal?.fields}
          refusal={refusal?.fields ? undefined : refusal?.message}
          closed={closed.edit}
        />
      ),
      meta: meta(`Edit ${record.caseNumber}`, `Change the details of case ${record.caseNumber}.`),
    };
  },
  forms: [
    {
      action: updateCase,
      done: ({ actor }, record: CaseRecord): FormDone => ({
        to: pages.cases(areaOf(actor)).view(record.id),
        flash: `Case ${record.caseNumber} was updated.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
