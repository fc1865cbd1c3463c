import { CASE_TYPE_LABELS, type CaseRecord, type CaseSortKey, FORM_TYPES } from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import type { Column } from '../components/DataTable';
import { type CaseListView, DueDate, sortOf } from './parts';
import { type CaseArea, StatusBadge } from './StatusBadge';

type Options = {
  area: CaseArea;
  today: string;
  /** The list's view, when its columns sort on the server; none: a short list that does not sort. */
  view?: CaseListView;
};

type Cases = Column<CaseRecord>;

/** The columns of a cases table, by name; each with its header words and, in a list, its sort. */
export function caseColumns({ area, today, view }: Options) {
  const paths = pages.cases(area);
  const sorted = (key: CaseSortKey) => (view ? { sort: sortOf(area, view, key) } : {});
  return {
    caseNumber: (header: string): Cases => ({
      header,
      rowHeader: true,
      className: 'nowrap',
      cell: (c) => <a href={paths.view(c.id)}>{c.caseNumber}</a>,
      ...sorted('caseNumber'),
    }),
    client: (): Cases => ({ header: 'Client', cell: (c) => c.client.name, ...sorted('client') }),
    type: (): Cases => ({ header: 'Type', cell: (c) => CASE_TYPE_LABELS[c.caseType], ...sorted('type') }),
    formType: (): Cases => ({
      header: 'Form Type',
      className: 'nowrap',
      cell: (c) => <abbr title={FORM_TYPES[c.formType]}>{c.formType}</abbr>,
      ...sorted('formType'),
    }),
    status: (): Cases => ({
      header: 'Status',
      cell: (c) => <StatusBadge status={c.status} area={area} />,
      ...sorted('status'),
    }),
    assignee: (): Cases => ({
      header: 'Assignee',
      cell: (c) => c.assignee?.name ?? <span className="muted">Unassigned</span>,
    }),
    dueDate: (header: string): Cases => ({
      header,
      className: 'nowrap',
      cell: (c) => <DueDate record={c} today={today} />,
      ...sorted('dueDate'),
    }),
  };
}
