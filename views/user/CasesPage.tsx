import { Alert } from '../../islands/ui/form';
import { Icon } from '../../islands/ui/icon';
import { type CaseList, caseQuery, type CaseRecord, type Person, PROCESS_TO } from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import { CaseSearch } from '../cases/CaseSearch';
import { caseColumns } from '../cases/columns';
import { type CaseListView, type ClosedCaseControls, listPath, MoveForm } from '../cases/parts';
import { DataTable } from '../components/DataTable';
import { Pagination } from '../components/Pagination';

export type UserCasesPageProps = {
  list: CaseList;
  view: CaseListView;
  today: string;
  assignees: Person[];
  closed: ClosedCaseControls;
  /** Why a Process posted from this list was refused. */
  error?: string;
};

const paths = pages.cases('user');

/** /user/cases (SPEC "Cases"): New Case, Import Cases, Export Data; the cases with Edit and Process. */
export function CasesPage({ list, view, today, assignees, closed, error }: UserCasesPageProps) {
  const pageCount = Math.ceil(list.total / list.pageSize);
  const first = (list.page - 1) * list.pageSize + 1;
  const filtered = Boolean(
    view.q || view.status || view.type || view.formType || view.assignee || view.dueBefore || view.dueAfter,
  );
  const column = caseColumns({ area: 'user', today, view });
  // Export takes the list as it is filtered and ordered now, every page of it.
  const exportHref = `${paths.export}${caseQuery({ ...view, page: 1 })}`;
  return (
    <section className="section cases-page">
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="cases" />
          Cases
        </h1>
        <div className="page-actions">
          {!closed.create && (
            <a className="btn btn-primary" href={paths.create}>
              New Case
            </a>
          )}
          <a className="btn btn-secondary" href={paths.import}>
            Import Cases
          </a>
          <a className="btn btn-secondary" href={exportHref}>
            Export Data
          </a>
        </div>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <CaseSearch area="user" view={view} assignees={assignees} />
      {closed.move && <p className="muted control-reasons">{closed.move}</p>}
      <DataTable
        caption={filtered ? 'Cases matching the search' : 'Cases'}
        columns={[
          column.caseNumber('Case ID'),
          column.client(),
          column.formType(),
          column.status(),
          column.dueDate('Deadline'),
          { header: 'Actions', cell: (c) => <RowActions record={c} view={view} closed={closed} /> },
        ]}
        rows={list.items}
        rowKey={(c) => c.id}
        empty={filtered ? 'No cases match the search.' : 'Your firm has no cases yet.'}
      />
      {list.total > 0 && (
        <p className="muted list-summary">
          {`Showing ${first}–${first + list.items.length - 1} of ${list.total} cases`}
        </p>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount}
        href={(n) => listPath('user', { ...view, page: n })}
        label="Pages of the cases table"
      />
    </section>
  );
}

/**
 * Edit, and Process: from pending or on hold it starts processing at once; from processing (USCIS decides)
 * or rejected (an appeal) the person chooses the move on the case page; an approved case is final.
 */
function RowActions({
  record,
  view,
  closed,
}: {
  record: CaseRecord;
  view: CaseListView;
  closed: ClosedCaseControls;
}) {
  const to = PROCESS_TO[record.status];
  const name = (verb: string) => `${verb} ${record.caseNumber}`;
  return (
    <div className="case-actions">
      {!closed.edit && (
        <a className="btn btn-small btn-secondary" href={paths.edit(record.id)} aria-label={name('Edit')}>
          Edit
        </a>
      )}
      {!closed.move && to && (
        <MoveForm
          area="user"
          record={record}
          to={to}
          label="Process"
          name={name('Process')}
          view={view}
          className="btn btn-small btn-primary"
        />
      )}
      {!closed.move && !to && record.status !== 'approved' && (
        <a
          className="btn btn-small btn-primary"
          href={`${paths.view(record.id)}#moves`}
          aria-label={name('Process')}
        >
          Process
        </a>
      )}
    </div>
  );
}
