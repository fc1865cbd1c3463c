/**
 * The pieces of the cases pages that the server's views and the CasesTable island both render: the status
 * in each area's words, the due date, the move forms, the list's addresses and the table's columns.
 */
import type { FormEvent } from 'react';
import {
  ADMIN_FILTER_LABELS,
  ADMIN_VIEW,
  CASE_SORT_KEYS,
  CASE_TYPE_LABELS,
  type CaseFilter,
  caseQuery,
  type CaseRecord,
  type CaseSortKey,
  type CaseStatus,
  type Decision,
  DEFAULT_CASE_SORT,
  FORM_TYPES,
  type FormType,
  MOVE_LABELS,
  OPEN_STATUSES,
  REOPEN_LABEL,
  STATUS_LABELS,
  USER_VIEW,
} from '../../src/shared/cases';
import { formatDate } from '../../src/shared/dates';
import { pages } from '../../src/shared/paths';
import { Badge } from './badge';
import type { Column, ColumnSort } from './table';

/** Whose pages these are: an administrator's (under /admin) or a firm user's (under /user). */
export type CaseArea = 'admin' | 'user';

/** Why the person may not use a kind of control at all (the permission matrix), by control. */
export type ClosedCaseControls = {
  create?: string;
  edit?: string;
  move?: string;
  /** Reopening a decision recorded by mistake (an administrator's). */
  reopen?: string;
  remove?: string;
  clientEdit?: string;
  clientRemove?: string;
};

/** The list's search, filters, order and page, as the page's address carries them. */
export type CaseListView = CaseFilter & { page: number };

/** The list at this view (page 1 unless given). */
export const listPath = (area: CaseArea, view: Partial<CaseListView>) =>
  `${pages.cases(area).list}${caseQuery(view)}`;

const FILTER_NAMES = ['q', 'status', 'type', 'formType', 'assignee', 'dueBefore', 'dueAfter'] as const;

/**
 * A list address's view, read in the browser (the server parses the same query with its schema, and
 * answers a bad one with its message).
 */
export function viewFromQuery(search: string): CaseListView {
  const query = new URLSearchParams(search);
  const view: CaseListView = { q: '', sort: DEFAULT_CASE_SORT, page: 1 };
  for (const name of FILTER_NAMES) {
    const value = query.get(name)?.trim();
    if (value) Object.assign(view, { [name]: value });
  }
  const sort = query.get('sort');
  if (sort && CASE_SORT_KEYS.includes(sort.replace(/^-/, '') as CaseSortKey)) view.sort = sort;
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page > 1) view.page = page;
  return view;
}

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
      <time dateTime={record.dueDate}>{formatDate(record.dueDate)}</time>
      {isOverdue(record, today) && <span className="overdue"> Overdue</span>}
    </>
  );
}

/** Each stored status in one colour, whichever view's words it is shown in. */
const TONES = {
  pending: 'warning',
  processing: 'info',
  'on-hold': 'neutral',
  approved: 'success',
  rejected: 'danger',
} as const;

/**
 * A status in the words of the area's view (SPEC §4): the user view's four words, the administrator's
 * filter words. Where the view's word hides something, the stored status follows it: "Processing · on hold",
 * "Completed · approved".
 */
export function statusWords(status: CaseStatus, area: CaseArea): string {
  const stored = STATUS_LABELS[status];
  const word = area === 'user' ? STATUS_LABELS[USER_VIEW[status]] : ADMIN_FILTER_LABELS[ADMIN_VIEW[status]];
  return word === stored ? word : `${word} · ${stored.toLowerCase()}`;
}

export function StatusBadge({ status, area }: { status: CaseStatus; area: CaseArea }) {
  return <Badge status={status} label={statusWords(status, area)} tone={TONES[status]} />;
}

/** Where a decision is confirmed with its date: the list the move came from rides along. */
export function decidePath(area: CaseArea, caseId: string, to: Decision, back?: string) {
  const query = new URLSearchParams({ to });
  if (back) query.set('back', back);
  return `${pages.cases(area).decide(caseId)}?${query}`;
}

/** The words of the button that moves a case from its status to another. */
export const moveLabel = (from: CaseStatus, to: CaseStatus) =>
  from === 'rejected' ? REOPEN_LABEL : MOVE_LABELS[to];

/**
 * A small form that moves the case: to `to`, or to the move chosen among `moves` (the list's Process). It
 * says where it was posted from (the case page, or the list at its view), so the answer comes back there;
 * a decision posted without its date is taken to the question of the date. An island may make the move
 * itself (`onMove`).
 */
export function MoveForm(props: {
  area: CaseArea;
  record: CaseRecord;
  /** One move (a button), or the moves to choose from (a select and the button). */
  to: CaseStatus | readonly CaseStatus[];
  label: string;
  csrfToken?: string;
  /** The list view it was posted from; none: from the case page. */
  view?: CaseListView;
  className?: string;
  /** The button's full name, when its label alone does not say which case. */
  name?: string;
  id?: string;
  onMove?: (record: CaseRecord, to: CaseStatus) => void;
}) {
  const { view, onMove, record } = props;
  const submit = onMove
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onMove(record, new FormData(event.currentTarget).get('status') as CaseStatus);
      }
    : undefined;
  const choices = typeof props.to === 'string' ? undefined : props.to;
  return (
    <form
      method="post"
      action={pages.cases(props.area).move(record.id)}
      className="case-move-form"
      onSubmit={submit}
    >
      <input type="hidden" name="_csrf" value={props.csrfToken} />
      {choices ? (
        <select name="status" aria-label={`Next step for ${record.caseNumber}`} className="case-move-select">
          {choices.map((to) => (
            <option key={to} value={to}>
              {moveLabel(record.status, to)}
            </option>
          ))}
        </select>
      ) : (
        <input type="hidden" name="status" value={props.to as CaseStatus} />
      )}
      {view && <input type="hidden" name="back" value={listPath(props.area, view)} />}
      <button
        type="submit"
        id={props.id}
        className={props.className ?? 'btn btn-secondary'}
        aria-label={props.name}
      >
        {props.label}
      </button>
    </form>
  );
}

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
      cell: (c) => (
        <a id={`case-${c.id}`} href={paths.view(c.id)}>
          {c.caseNumber}
        </a>
      ),
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
