import { Alert, RequiredNote } from '../../islands/ui/form';
import { Icon } from '../../islands/ui/icon';
import type { CaseRecord, Person } from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import type { FieldErrors } from '../../src/shared/validation';
import { useRenderContext } from '../context';
import { type CaseField, CaseFields, type CaseValues } from './CaseForm';
import type { CaseArea } from '../../islands/ui/cases';

export type CaseEditPageProps = {
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
