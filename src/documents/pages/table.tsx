import CasePickerIsland from '../../../islands/CasePicker';
import { Island } from '../../../views/components/Island';
import { Field, SelectField } from '../../../islands/ui/form';
import {
  CATEGORY_OPTIONS,
  type DocumentArea,
  documentListPath,
  type DocumentListView,
  DocumentStatusBadge,
  isFiltered,
} from '../../../islands/ui/documents';
import { Pagination } from '../../../islands/ui/pagination';
import { type Column, DataTable } from '../../../islands/ui/table';
import { formatDate, todayIn } from '../../shared/dates';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_CODES,
  DOCUMENT_TYPES,
  type DocumentPage,
  type DocumentRecord,
  formatBytes,
} from '../../shared/documents';
import type { CasePick } from '../../shared/case-pick';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...DOCUMENT_TYPE_CODES.map((t) => ({ value: t, label: DOCUMENT_TYPES[t] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] })),
];

/**
 * The list's search box and filters, as a GET form: it works without JavaScript, and the address it leads
 * to can be bookmarked.
 */
export function DocumentSearch(props: { area: DocumentArea; view: DocumentListView; pick: CasePick }) {
  const { area, view } = props;
  return (
    <form className="card document-search" method="get" action={pages.documents(area).list} role="search">
      <Field
        id="documents-q"
        name="q"
        type="search"
        label="Search"
        hint="Words in a document's text or name"
        maxLength={200}
        defaultValue={view.q}
      />
      <Island
        of={CasePickerIsland}
        trigger="load"
        props={{ id: 'documents-case', name: 'caseId', pick: props.pick, none: 'All cases' }}
      />
      <SelectField
        id="documents-type"
        name="type"
        label="Type"
        options={TYPE_OPTIONS}
        defaultValue={view.type ?? ''}
      />
      <SelectField
        id="documents-status"
        name="status"
        label="Status"
        options={STATUS_OPTIONS}
        defaultValue={view.status ?? ''}
      />
      <SelectField
        id="documents-category"
        name="category"
        label="Category"
        options={[{ value: '', label: 'All categories' }, ...CATEGORY_OPTIONS]}
        defaultValue={view.category ?? ''}
      />
      <div className="document-search-actions">
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        {isFiltered(view) && <a href={pages.documents(area).list}>Clear search</a>}
      </div>
    </form>
  );
}

/** The day an instant fell on where the firm is, as 11/23/2026. */
function DayText({ value }: { value: string }) {
  const { timeZone } = useRenderContext();
  const day = todayIn(timeZone, new Date(value));
  return <time dateTime={value}>{formatDate(day)}</time>;
}

/** A finding count, or why there is none yet. */
function findingsOf(d: DocumentRecord) {
  if (d.status === 'failed') return <span className="muted">No analysis</span>;
  if (d.status !== 'done') return <span className="muted">Not yet</span>;
  if (d.findings.length === 0) return 'None';
  return d.findings.length.toLocaleString('en-US');
}

function columnsFor(area: DocumentArea): Array<Column<DocumentRecord>> {
  const paths = pages.documents(area);
  return [
    {
      header: 'Name',
      rowHeader: true,
      className: 'break-anywhere',
      cell: (d) => <a href={paths.view(d.id)}>{d.name}</a>,
    },
    {
      header: 'Case',
      className: 'nowrap',
      cell: (d) =>
        d.case ? (
          <a href={pages.cases(area).view(d.case.id)}>{d.case.caseNumber}</a>
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      header: 'Type',
      cell: (d) => (d.type ? DOCUMENT_TYPES[d.type] : <span className="muted">Not yet known</span>),
    },
    { header: 'Status', cell: (d) => <DocumentStatusBadge status={d.status} /> },
    { header: 'Findings', cell: findingsOf },
    { header: 'Uploaded', className: 'nowrap', cell: (d) => <DayText value={d.createdAt} /> },
    { header: 'Size', className: 'nowrap', cell: (d) => formatBytes(d.size) },
  ];
}

/** The documents table, one page of it, with its summary and links to the other pages. */
export function DocumentTable(props: { area: DocumentArea; view: DocumentListView; list: DocumentPage }) {
  const { area, view, list } = props;
  const filtered = isFiltered(view);
  const first = (list.page - 1) * list.pageSize + 1;
  return (
    <>
      <DataTable
        caption={filtered ? 'Documents matching the search' : 'Documents'}
        columns={columnsFor(area)}
        rows={list.items}
        rowKey={(d) => d.id}
        empty={
          filtered
            ? 'No documents match the search. Try other words, or clear the search.'
            : 'No documents yet. Upload one above: it is analyzed as soon as it arrives.'
        }
      />
      {list.total > 0 && (
        <p className="muted list-summary">
          {`Showing ${first}–${first + list.items.length - 1} of ${list.total.toLocaleString('en-US')} ${list.total === 1 ? 'document' : 'documents'}`}
        </p>
      )}
      <Pagination
        page={list.page}
        pageCount={Math.ceil(list.total / list.pageSize)}
        href={(n) => documentListPath(area, { ...view, page: n })}
        label="Pages of the documents table"
      />
    </>
  );
}
