import type { ReactNode } from 'react';
import { Alert } from '../../islands/ui/form';
import { documentListPath } from '../../islands/ui/documents';
import { Icon } from '../../islands/ui/icon';
import {
  CASE_TYPE_LABELS,
  type CaseChange,
  type CaseDetail,
  formatMoney,
  isDecision,
  REOPEN_DECISION_LABEL,
  STATUS_LABELS,
} from '../../src/shared/cases';
import type { CaseFacts } from '../../src/shared/facts';
import { pages } from '../../src/shared/paths';
import { CaseRulesSection } from '../ai/CaseRulesSection';
import { type Column, DataTable } from '../components/DataTable';
import { DateText, DateTimeText } from '../components/Dates';
import { useRenderContext } from '../context';
import {
  type CaseArea,
  type ClosedCaseControls,
  decidePath,
  DueDate,
  formTypeTitle,
  MoveForm,
  moveLabel,
  StatusBadge,
} from '../../islands/ui/cases';

type Props = {
  area: CaseArea;
  record: CaseDetail;
  /** The firm's today (YYYY-MM-DD), for what is overdue. */
  today: string;
  closed: ClosedCaseControls;
  /** The facts the rules read for the case, with their sources (absent where the matrix closes them). */
  caseFacts?: CaseFacts;
  /** Why a move just posted from this page was refused. */
  error?: string;
};

const NOT_GIVEN = <span className="muted">Not given</span>;
const money = (dollars: number | null) => (dollars === null ? NOT_GIVEN : formatMoney(dollars));
const date = (value: string | null) => (value ? <DateText value={value} /> : NOT_GIVEN);

/** What is still owed on the fee quoted, when a fee was quoted. */
const balanceOf = (record: CaseDetail) =>
  record.legalFee === null ? null : Math.max(0, record.legalFee - (record.amountPaid ?? 0));

const HISTORY_COLUMNS: Array<Column<CaseChange>> = [
  { header: 'When', rowHeader: true, cell: (c) => <DateTimeText value={c.at} />, className: 'nowrap' },
  { header: 'Who', cell: (c) => c.by ?? <span className="muted">The system</span> },
  { header: 'What', cell: (c) => c.field },
  { header: 'From', cell: (c) => c.from ?? <span className="muted">None</span> },
  { header: 'To', cell: (c) => c.to ?? <span className="muted">None</span> },
];

/** A case page (SPEC "View"): every fact of the case, its client, its next moves and its history. */
export function CasePage({ area, record, today, closed, caseFacts, error }: Props) {
  const paths = pages.cases(area);
  const facts: Array<[string, ReactNode]> = [
    ['Case Number', record.caseNumber],
    ['Client', <a href={paths.client(record.client.id)}>{record.client.name}</a>],
    ['Case Type', CASE_TYPE_LABELS[record.caseType]],
    ['Form Type', formTypeTitle(record.formType)],
    ['Status', <StatusBadge status={record.status} area={area} />],
    ['Assigned To', record.assignee?.name ?? <span className="muted">Unassigned</span>],
    ['Due Date', <DueDate record={record} today={today} />],
    ['Receipt Number', record.receiptNumber ?? NOT_GIVEN],
    ['Priority Date', date(record.priorityDate)],
    ['Legal Fee', money(record.legalFee)],
    ['Amount Paid', money(record.amountPaid)],
    ['Balance Due', money(balanceOf(record))],
    ['Opened', <DateTimeText value={record.createdAt} />],
    ['Last Updated', <DateTimeText value={record.updatedAt} />],
  ];
  if (record.decidedOn) facts.push(['Decided On', <DateText value={record.decidedOn} />]);
  if (record.decidedAt) facts.push(['Decision Recorded', <DateTimeText value={record.decidedAt} />]);
  return (
    <section className="section case-page">
      <p className="back-link">
        <a href={paths.list}>{area === 'admin' ? '← Back to Case Management' : '← Back to Cases'}</a>
      </p>
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="cases" />
          {`Case ${record.caseNumber}`}
        </h1>
        <div className="page-actions">
          <a className="btn btn-secondary" href={documentListPath(area, { caseId: record.id })}>
            <Icon name="documents" />
            Documents
          </a>
          {!closed.edit && (
            <a className="btn btn-secondary" href={paths.edit(record.id)}>
              <Icon name="edit" />
              Edit Case
            </a>
          )}
          {!closed.remove && (
            <a className="btn btn-danger-outline" href={paths.remove(record.id)}>
              <Icon name="delete" />
              Delete Case
            </a>
          )}
        </div>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="case-columns">
        <section className="card" aria-labelledby="case-facts">
          <h2 id="case-facts">Case details</h2>
          <dl className="details">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div className="details-wide">
              <dt>Description</dt>
              <dd className="case-description">{record.description || NOT_GIVEN}</dd>
            </div>
          </dl>
        </section>
        <Moves area={area} record={record} closed={closed.move} reopenClosed={closed.reopen} />
      </div>
      {caseFacts && <CaseRulesSection caseFacts={caseFacts} tools={area === 'user'} />}
      <DataTable
        caption="History"
        columns={HISTORY_COLUMNS}
        rows={record.history}
        rowKey={(c) => `${c.at}-${c.field}-${c.to ?? ''}`}
        empty="No changes yet."
      />
    </section>
  );
}

/** The moves the case can make now, each a button; the target of the list's Process link. */
function Moves(props: { area: CaseArea; record: CaseDetail; closed?: string; reopenClosed?: string }) {
  const { area, record, closed, reopenClosed } = props;
  const { csrfToken } = useRenderContext();
  const status = STATUS_LABELS[record.status].toLowerCase();
  return (
    <section className="card case-moves" id="moves" aria-labelledby="moves-title" tabIndex={-1}>
      <h2 id="moves-title">Next steps</h2>
      <p>
        {'This case is '}
        <StatusBadge status={record.status} area={area} />
      </p>
      {record.nextStatuses.length === 0 ? (
        <p className="muted">{`An ${status} case is final: a new matter is a new case.`}</p>
      ) : closed ? (
        <p className="muted">{closed}</p>
      ) : (
        <div className="case-move-list">
          {record.nextStatuses.map((to) =>
            // A decision is recorded once confirmed, with the day USCIS decided.
            isDecision(to) ? (
              <div key={to} className="case-move-form">
                <a
                  href={decidePath(area, record.id, to)}
                  className={to === 'rejected' ? 'btn btn-danger-outline' : 'btn btn-secondary'}
                >
                  {moveLabel(record.status, to)}
                </a>
              </div>
            ) : (
              <MoveForm
                key={to}
                area={area}
                record={record}
                to={to}
                label={moveLabel(record.status, to)}
                csrfToken={csrfToken}
              />
            ),
          )}
        </div>
      )}
      {isDecision(record.status) && !reopenClosed && (
        <p>
          <a className="btn btn-secondary" href={pages.cases(area).reopen(record.id)}>
            {REOPEN_DECISION_LABEL}
          </a>
        </p>
      )}
    </section>
  );
}
