import {
  type CaseFilter,
  caseQuery,
  type CaseRecord,
  type CaseSortKey,
  type CaseStatus,
  FORM_TYPES,
  type FormType,
  MOVE_LABELS,
  OPEN_STATUSES,
  REOPEN_LABEL,
} from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import type { ColumnSort } from '../components/DataTable';
import { DateText } from '../components/Dates';
import { useRenderContext } from '../context';
import type { CaseArea } from './StatusBadge';

/** Why the person may not use a kind of control at all (the permission matrix), by control. */
export type ClosedCaseControls = {
  create?: string;
  edit?: string;
  move?: string;
  remove?: string;
  clientEdit?: string;
  clientRemove?: string;
};

/** The list's search, filters, order and page, as the page's address carries them. */
export type CaseListView = CaseFilter & { page: number };

/** The list at this view (page 1 unless given). */
export const listPath = (area: CaseArea, view: Partial<CaseListView>) =>
  `${pages.cases(area).list}${caseQuery(view)}`;

/** Columns read best first-to-last, except times, newest first. */
const DESCENDING_FIRST: readonly CaseSortKey[] = ['created', 'updated'];

/** A sortable column's header link: by this column, or the other way round when sorted by it already. */
export function sortOf(area: CaseArea, view: CaseListView, key: CaseSortKey): ColumnSort {
  const current = view.sort === key ? 'ascending' : view.sort === `-${key}` ? 'descending' : undefined;
  const next = current === 'ascending' || (!current && DESCENDING_FIRST.includes(key)) ? `-${key}` : key;
  return { href: listPath(area, { ...view, sort: next, page: 1 }), current };
}

/** "I-130 — Petition for Alien Relative" */
export const formTypeTitle = (code: FormType) => `${code} — ${FORM_TYPES[code]}`;

export const isOverdue = (record: Pick<CaseRecord, 'dueDate' | 'status'>, today: string) =>
  record.dueDate !== null && record.dueDate < today && OPEN_STATUSES.includes(record.status);

/** A case's due date (SPEC "deadline"), said to be overdue when it passed while the case is open. */
export function DueDate({ record, today }: { record: CaseRecord; today: string }) {
  if (!record.dueDate) return <span className="muted">None</span>;
  return (
    <>
      <DateText value={record.dueDate} />
      {isOverdue(record, today) && <span className="overdue"> Overdue</span>}
    </>
  );
}

/** The words of the button that moves a case from its status to another. */
export const moveLabel = (from: CaseStatus, to: CaseStatus) =>
  from === 'rejected' ? REOPEN_LABEL : MOVE_LABELS[to];

/**
 * A small form that moves the case to `to`. It says where it was posted from (the case page, or the list at
 * its view), so the answer comes back there.
 */
export function MoveForm(props: {
  area: CaseArea;
  record: CaseRecord;
  to: CaseStatus;
  label: string;
  /** The list view it was posted from; none: from the case page. */
  view?: CaseListView;
  className?: string;
  /** The button's full name, when its label alone does not say which case. */
  name?: string;
}) {
  const { csrfToken } = useRenderContext();
  const { view } = props;
  const back = view ? listPath(props.area, view) : undefined;
  return (
    <form method="post" action={pages.cases(props.area).move(props.record.id)} className="case-move-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="status" value={props.to} />
      {back && <input type="hidden" name="back" value={back} />}
      <button type="submit" className={props.className ?? 'btn btn-secondary'} aria-label={props.name}>
        {props.label}
      </button>
    </form>
  );
}
