import CasesTable from '../../../islands/CasesTable';
import { type CaseListView, type ClosedCaseControls, listPath } from '../../../islands/ui/cases';
import { Alert, RequiredNote } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import type { CaseCounts, CaseList, Person } from '../../shared/cases';
import { addDays } from '../../shared/dates';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { type CaseField, CaseFields, type CaseValues, newCaseValues } from './case-form';
import { Island } from '../../../views/components/Island';
import { StatCard } from '../../../views/components/StatCard';
import { useRenderContext } from '../../../views/context';

export type AdminCasesPageProps = {
  list: CaseList;
  view: CaseListView;
  counts: CaseCounts;
  /** The firm's today (YYYY-MM-DD), for what is overdue. */
  today: string;
  assignees: Person[];
  closed: ClosedCaseControls;
  /** The create-case form as entered, when it was refused. */
  create?: { values: CaseValues; errors?: FieldErrors<CaseField>; error?: string };
  /** Why a change posted from this list was refused. */
  error?: string;
};

/** The statistics cards, each leading to the cases it counts. */
function Statistics({ counts, today }: { counts: CaseCounts; today: string }) {
  const to = (view: Partial<CaseListView>) => listPath('admin', view);
  return (
    <div className="stat-grid case-stats">
      <StatCard label="Total Cases" value={counts.total} href={to({})} />
      <StatCard label="Active" value={counts.active} href={to({ status: 'active' })} />
      <StatCard label="Pending" value={counts.pending} href={to({ status: 'pending' })} />
      <StatCard label="On Hold" value={counts.onHold} href={to({ status: 'on-hold' })} />
      <StatCard label="Completed" value={counts.completed} href={to({ status: 'completed' })} />
      <StatCard
        label="Overdue"
        value={counts.overdue}
        href={to({ status: 'open', dueBefore: addDays(today, -1), sort: 'dueDate' })}
      />
    </div>
  );
}

/** /admin/cases (SPEC "Case Management"): every case of the firm; search, filter, statistics, create. */
export function CasesPage({
  list,
  view,
  counts,
  today,
  assignees,
  closed,
  create,
  error,
}: AdminCasesPageProps) {
  const { csrfToken = '' } = useRenderContext();
  return (
    <section className="section cases-page">
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="cases" />
          Case Management
        </h1>
        {!closed.create && (
          <a className="btn btn-primary" href="#create-case">
            Create Case
          </a>
        )}
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <Statistics counts={counts} today={today} />
      <Island of={CasesTable} props={{ area: 'admin', view, list, today, assignees, closed, csrfToken }} />
      <CreateCaseForm closed={closed.create} assignees={assignees} {...create} />
    </section>
  );
}

/** SPEC's create-case form: client name, case type, assigned to, due date, description (and the form type). */
function CreateCaseForm(props: {
  closed?: string;
  assignees: Person[];
  values?: CaseValues;
  errors?: FieldErrors<CaseField>;
  error?: string;
}) {
  const { csrfToken, user } = useRenderContext();
  const errors = props.errors ?? {};
  return (
    <section className="card create-case" id="create-case" aria-labelledby="create-case-title" tabIndex={-1}>
      <h2 id="create-case-title">Create Case</h2>
      <p className="muted">
        {'The case gets the next case number. Receipt number, priority date and fees can be added on '}
        <a href={pages.cases('admin').create}>the full New Case form</a>
        {' or later.'}
      </p>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {Object.keys(errors).length > 0 && <Alert kind="error">Check the fields marked below.</Alert>}
      <form method="post" action={pages.cases('admin').list} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
          <legend className="visually-hidden">New case</legend>
          <CaseFields
            idPrefix="create"
            values={props.values ?? newCaseValues(user?.id)}
            errors={errors}
            assignees={props.assignees}
            brief
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Create Case
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
