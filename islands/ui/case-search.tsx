import type { FormEvent } from 'react';
import {
  CASE_LIMITS,
  CASE_TYPE_LABELS,
  CASE_TYPES,
  type CaseSortKey,
  FORM_TYPES,
  type FormType,
  type Person,
} from '../../src/shared/cases';
import { formatDate } from '../../src/shared/dates';
import { pages } from '../../src/shared/paths';
import type { CaseArea, CaseListView } from './cases';
import { Field, SelectField } from './form';

/** Every `status` filter's words, for the options and for a filter a link set that the form does not offer. */
const STATUS_FILTER_WORDS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  'on-hold': 'On hold',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
  completed: 'Completed',
  open: 'Open',
};

/** The status filter of each view: SPEC §2's administrator filter, SPEC §4's user view. */
const STATUS_CHOICES: Record<CaseArea, string[]> = {
  admin: ['active', 'pending', 'completed', 'on-hold'],
  user: ['pending', 'processing', 'approved', 'rejected'],
};

function statusOptions(area: CaseArea, current: string | undefined) {
  const choices = STATUS_CHOICES[area];
  const shown = current && !choices.includes(current) ? [...choices, current] : choices;
  return [
    { value: '', label: 'All statuses' },
    ...shown.map((s) => ({ value: s, label: STATUS_FILTER_WORDS[s] })),
  ];
}

/** Each order's words, ascending then descending. */
const SORT_WORDS: Record<CaseSortKey, [string, string]> = {
  created: ['Oldest first', 'Newest first'],
  updated: ['Least recently changed first', 'Most recently changed first'],
  dueDate: ['Due date, soonest first', 'Due date, latest first'],
  caseNumber: ['Case number, first to last', 'Case number, last to first'],
  client: ['Client, A to Z', 'Client, Z to A'],
  type: ['Type, A to Z', 'Type, Z to A'],
  formType: ['Form type, A to Z', 'Form type, Z to A'],
  status: ['Status, A to Z', 'Status, Z to A'],
};
const SORT_OPTIONS = (Object.keys(SORT_WORDS) as CaseSortKey[]).flatMap((key) => [
  { value: `-${key}`, label: SORT_WORDS[key][1] },
  { value: key, label: SORT_WORDS[key][0] },
]);

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...CASE_TYPES.map((t) => ({ value: t, label: CASE_TYPE_LABELS[t] })),
];

function assigneeOptions(assignees: Person[]) {
  return [
    { value: '', label: 'Anyone' },
    { value: 'me', label: 'Me' },
    { value: 'none', label: 'Unassigned' },
    ...assignees.map((p) => ({ value: p.id, label: p.name })),
  ];
}

/** What the list is narrowed to beyond the form's own fields (a dashboard card's link), in words. */
function narrowedTo(view: CaseListView): string | undefined {
  const parts: string[] = [];
  if (view.formType) parts.push(`Form ${view.formType} (${FORM_TYPES[view.formType as FormType]})`);
  if (view.dueAfter && view.dueBefore)
    parts.push(`Due ${formatDate(view.dueAfter)} to ${formatDate(view.dueBefore)}`);
  else if (view.dueAfter) parts.push(`Due on or after ${formatDate(view.dueAfter)}`);
  else if (view.dueBefore) parts.push(`Due on or before ${formatDate(view.dueBefore)}`);
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * The list's search box and filters, as a GET form: it works without JavaScript, and the address it leads
 * to can be bookmarked. The order and any narrowing a link set are kept.
 */
export function CaseSearch(props: {
  area: CaseArea;
  view: CaseListView;
  assignees: Person[];
  /** An island searches without a reload: on submitting, and as soon as a filter changes. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { area, view } = props;
  const filtered = Boolean(
    view.q || view.status || view.type || view.formType || view.assignee || view.dueBefore || view.dueAfter,
  );
  const narrowed = narrowedTo(view);
  const hidden = pick(view);
  return (
    <form
      className="card case-search"
      method="get"
      action={pages.cases(area).list}
      role="search"
      onSubmit={props.onSubmit}
      onChange={props.onChange}
    >
      {Object.entries(hidden).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <Field
        id="cases-q"
        name="q"
        type="search"
        label="Search"
        hint="Case number, client name, receipt number or description"
        maxLength={CASE_LIMITS.search}
        defaultValue={view.q}
      />
      <SelectField
        id="cases-status"
        name="status"
        label="Status"
        options={statusOptions(area, view.status)}
        defaultValue={view.status ?? ''}
      />
      <SelectField
        id="cases-type"
        name="type"
        label="Type"
        options={TYPE_OPTIONS}
        defaultValue={view.type ?? ''}
      />
      <SelectField
        id="cases-assignee"
        name="assignee"
        label="Assigned To"
        options={assigneeOptions(props.assignees)}
        defaultValue={view.assignee ?? ''}
      />
      {/* A phone's table has no column headers to sort by: the order is chosen here instead. */}
      <div className="case-search-sort">
        <SelectField
          id="cases-sort"
          name="sort"
          label="Sort by"
          options={SORT_OPTIONS}
          defaultValue={view.sort}
        />
      </div>
      <div className="case-search-actions">
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        {filtered && <a href={pages.cases(area).list}>Clear search</a>}
      </div>
      {narrowed && <p className="case-search-narrowed muted">{`Showing only: ${narrowed}.`}</p>}
    </form>
  );
}

/** The narrowing a link may set that the form has no field for. */
const pick = (view: CaseListView) => ({
  formType: view.formType,
  dueBefore: view.dueBefore,
  dueAfter: view.dueAfter,
});
