import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { HttpStatusError, request } from '../src/shared/api-client';
import {
  type CaseList,
  caseQuery,
  type CaseRecord,
  type CaseStatus,
  isDecision,
  type Person,
  STATUS_LABELS,
} from '../src/shared/cases';
import { api, pages } from '../src/shared/paths';
import { island } from './runtime/island';
import { CaseSearch } from './ui/case-search';
import {
  type CaseArea,
  caseColumns,
  type CaseListView,
  type ClosedCaseControls,
  decidePath,
  listPath,
  MoveForm,
  viewFromQuery,
} from './ui/cases';
import { Icon } from './ui/icon';
import { Pagination } from './ui/pagination';
import { type Column, DataTable } from './ui/table';

export type CasesTableProps = {
  area: CaseArea;
  view: CaseListView;
  list: CaseList;
  /** The firm's today (YYYY-MM-DD), for what is overdue. */
  today: string;
  assignees: Person[];
  closed: ClosedCaseControls;
  csrfToken: string;
  /** Why a change posted from this list was refused (without JavaScript). */
  error?: string;
};

type Message = { kind: 'success' | 'error'; text: string };

/** Waits this long after the last key before searching as the person types. */
const TYPING_PAUSE_MS = 350;

const messageOf = (error: unknown) =>
  error instanceof HttpStatusError && error.serverMessage
    ? error.serverMessage
    : 'The cases could not be loaded just now. Please try again.';

/** The view a search form holds now (a new search starts at page 1). */
function viewOfForm(form: HTMLFormElement): CaseListView {
  const query = new URLSearchParams();
  new FormData(form).forEach((value, name) => query.set(name, String(value)));
  return viewFromQuery(query.toString());
}

/**
 * The cases list (the user's Cases, or Case Management's table) with its search. Without JavaScript it is
 * plain links and forms; here the search, the filters, the order and the pages load without a reload, and
 * Process moves a case in place, through the same declared actions as the pages ({API}/cases).
 */
function CasesTable(props: CasesTableProps) {
  const { area, today, closed } = props;
  const [shown, setShown] = useState({ view: props.view, list: props.list });
  const [message, setMessage] = useState<Message | undefined>(
    props.error ? { kind: 'error', text: props.error } : undefined,
  );
  const [busy, setBusy] = useState(false);
  // A new key renders the search form afresh with a view that came from elsewhere (a link, Back).
  const [formKey, setFormKey] = useState(0);
  const typing = useRef<number | undefined>(undefined);
  // After a move the row's controls change: focus goes to the row's Process (or its case) again.
  const [moved, setMoved] = useState<string>();
  const { view, list } = shown;

  useEffect(() => {
    if (!moved) return;
    (document.getElementById(`process-${moved}`) ?? document.getElementById(`case-${moved}`))?.focus();
    setMoved(undefined);
  }, [moved]);

  async function load(next: CaseListView, how: { push: boolean; fromForm: boolean }) {
    setBusy(true);
    try {
      const query = new URLSearchParams(caseQuery(next));
      query.set('pageSize', String(props.list.pageSize));
      const loaded = await request<CaseList>(`${api.cases}?${query}`);
      setShown({ view: next, list: loaded });
      setMessage(undefined);
      if (!how.fromForm) setFormKey((k) => k + 1);
      if (how.push) history.pushState(null, '', listPath(area, next));
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const back = () => void load(viewFromQuery(location.search), { push: false, fromForm: false });
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.clearTimeout(typing.current);
    void load(viewOfForm(event.currentTarget), { push: true, fromForm: true });
  }

  /** A filter chosen searches at once; typed words once the typing pauses. */
  function changed(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typed = (event.target as HTMLElement).tagName === 'INPUT';
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => form.requestSubmit(), typed ? TYPING_PAUSE_MS : 0);
  }

  /** The list's own links (a column's order, a page, Clear search) load in place. */
  function followLink(event: MouseEvent<HTMLElement>) {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== pages.cases(area).list) return;
    event.preventDefault();
    void load(viewFromQuery(url.search), { push: true, fromForm: false });
  }

  async function move(record: CaseRecord, to: CaseStatus) {
    // A decision is confirmed first, with the day USCIS decided; then back to this list as it is.
    if (isDecision(to)) return window.location.assign(decidePath(area, record.id, to, listPath(area, view)));
    try {
      const after = await request<CaseRecord>(api.case(record.id), {
        method: 'PATCH',
        body: JSON.stringify({ status: to }),
      });
      setShown((s) => ({
        ...s,
        list: { ...s.list, items: s.list.items.map((c) => (c.id === after.id ? after : c)) },
      }));
      setMoved(after.id);
      setMessage({
        kind: 'success',
        text: `Case ${after.caseNumber} is now ${STATUS_LABELS[after.status].toLowerCase()}.`,
      });
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error) });
    }
  }

  const column = caseColumns({ area, today, view });
  const columns: Array<Column<CaseRecord>> =
    area === 'user'
      ? [
          column.caseNumber('Case ID'),
          column.client(),
          column.formType(),
          column.status(),
          column.dueDate('Deadline'),
          {
            header: 'Actions',
            cell: (c) => (
              <RowActions record={c} view={view} closed={closed} csrfToken={props.csrfToken} onMove={move} />
            ),
          },
        ]
      : [
          column.caseNumber('Case Number'),
          column.client(),
          column.type(),
          column.status(),
          column.assignee(),
          column.dueDate('Due Date'),
        ];
  const filtered = Boolean(
    view.q || view.status || view.type || view.formType || view.assignee || view.dueBefore || view.dueAfter,
  );
  const first = (list.page - 1) * list.pageSize + 1;
  return (
    <div className="cases-table" onClick={followLink}>
      {area === 'user' && <UserHead view={view} closed={closed} />}
      {/* Always there, so that what a search or a move says is announced when it changes. */}
      <div className="cases-messages" aria-live="polite">
        {message && <p className={`alert alert-${message.kind}`}>{message.text}</p>}
      </div>
      <CaseSearch
        key={formKey}
        area={area}
        view={view}
        assignees={props.assignees}
        onSubmit={search}
        onChange={changed}
      />
      {area === 'user' && closed.move && <p className="muted control-reasons">{closed.move}</p>}
      {area === 'admin' && <TransferLinks view={view} />}
      <div aria-busy={busy}>
        <DataTable
          caption={filtered ? 'Cases matching the search' : 'Cases'}
          columns={columns}
          rows={list.items}
          rowKey={(c) => c.id}
          empty={filtered ? 'No cases match the search.' : 'This firm has no cases yet.'}
        />
      </div>
      {list.total > 0 && (
        <p className="muted list-summary">
          {`Showing ${first}–${first + list.items.length - 1} of ${list.total} ${list.total === 1 ? 'case' : 'cases'}`}
        </p>
      )}
      <Pagination
        page={list.page}
        pageCount={Math.ceil(list.total / list.pageSize)}
        href={(n) => listPath(area, { ...view, page: n })}
        label="Pages of the cases table"
      />
      <p className="people-link">
        <a href={pages.cases(area).people}>People</a>
        <span className="muted">: the firm's clients and everyone in their matters.</span>
      </p>
    </div>
  );
}

/** The administrator's way to the same Import Cases page, and Export Data of the list as filtered now. */
function TransferLinks({ view }: { view: CaseListView }) {
  const paths = pages.cases('admin');
  return (
    <p className="page-actions">
      <a className="btn btn-secondary" href={paths.import}>
        Import Cases
      </a>{' '}
      <a className="btn btn-secondary" href={`${paths.export}${caseQuery({ ...view, page: 1 })}`}>
        Export Data
      </a>
    </p>
  );
}

/** SPEC's buttons of the user's Cases: New Case, Import Cases, and Export Data of the list as filtered now. */
function UserHead({ view, closed }: { view: CaseListView; closed: ClosedCaseControls }) {
  const paths = pages.cases('user');
  return (
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
        <a className="btn btn-secondary" href={`${paths.export}${caseQuery({ ...view, page: 1 })}`}>
          Export Data
        </a>
      </div>
    </div>
  );
}

/**
 * Edit, and Process: the case's next step, chosen among the moves its status allows (a decision asks for
 * confirmation and its date first); an approved case has none, so no Process.
 */
function RowActions(props: {
  record: CaseRecord;
  view: CaseListView;
  closed: ClosedCaseControls;
  csrfToken: string;
  onMove: (record: CaseRecord, to: CaseStatus) => void;
}) {
  const { record, closed } = props;
  const paths = pages.cases('user');
  const name = (verb: string) => `${verb} ${record.caseNumber}`;
  return (
    <div className="case-actions">
      {!closed.edit && (
        <a className="btn btn-small btn-secondary" href={paths.edit(record.id)} aria-label={name('Edit')}>
          Edit
        </a>
      )}
      {!closed.move && record.nextStatuses.length > 0 && (
        <MoveForm
          area="user"
          record={record}
          to={record.nextStatuses}
          label="Process"
          name={name('Process')}
          id={`process-${record.id}`}
          view={props.view}
          csrfToken={props.csrfToken}
          className="btn btn-small btn-primary"
          onMove={props.onMove}
        />
      )}
    </div>
  );
}

export default island('CasesTable', CasesTable);
