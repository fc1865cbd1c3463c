import type { ReactNode } from 'react';
import { Alert } from '../../../islands/ui/form';
import { documentListPath } from '../../../islands/ui/documents';
import { Icon } from '../../../islands/ui/icon';
import {
  CASE_TYPE_LABELS,
  canMove,
  type CaseChange,
  type CaseDetail,
  formatMoney,
  isDecision,
  REOPEN_DECISION_LABEL,
  STATUS_LABELS,
} from '../../shared/cases';
import type { CaseFacts } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { CaseRulesSection } from '../../ai/pages/case-rules-section';
import { CaseStatusSection } from '../../case-status/pages/section';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page, type PageContext } from '../../access/page';
import { assignees, caseCounts, caseRules, caseUscisStatus } from '../reads';
import { changeCase, getCase, listCases } from '../actions';
import { moveSchema } from '../schema';
import { listParties } from '../people-actions';
import type { Party } from '../../shared/people';
import { PartiesPanel } from './parties';
import {
  areaOf,
  backPathOf,
  backViewOf,
  CASE_OFFERS,
  CASES_PAGE_SIZE,
  closedControls,
  inBothAreas,
  meta,
  todayOf,
} from './area';
import { CaseDecidePage } from './decide-view';
import { loadList, renderList } from './list';
import {
  type CaseArea,
  type ClosedCaseControls,
  decidePath,
  DueDate,
  formTypeTitle,
  MoveForm,
  moveLabel,
  StatusBadge,
} from '../../../islands/ui/cases';

type Props = {
  area: CaseArea;
  record: CaseDetail;
  /** The firm's today (YYYY-MM-DD), for what is overdue. */
  today: string;
  closed: ClosedCaseControls;
  /** The facts the rules read for the case, with their sources (absent where the matrix closes them). */
  caseFacts?: CaseFacts;
  /** The people of the case in their roles. */
  parties: Party[];
  /** Its receipt numbers' USCIS status (absent where the matrix closes it). */
  uscisStatus?: Awaited<ReturnType<typeof loadCase>>['uscisStatus'];
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
function CasePage({ area, record, today, closed, caseFacts, parties, uscisStatus, error }: Props) {
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
      {<PartiesPanel area={area} caseId={record.id} parties={parties} />}
      {uscisStatus && <CaseStatusSection area={area} {...uscisStatus} />}
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

/** A case as its page shows it: the case with its history, and its facts where the AI tools are open. */
/**
 * The reads of every page that shows a case: the case, what the rules read of it, its parties, its receipts'
 * USCIS status.
 */
export const CASE_READS = [getCase, caseRules, listParties, caseUscisStatus];

export async function loadCase({ read }: PageContext<unknown>) {
  const [record, facts, parties, uscisStatus] = await Promise.all([
    read(getCase),
    read(caseRules),
    read(listParties),
    read(caseUscisStatus),
  ]);
  return { record, facts, parties, uscisStatus };
}

/** A case's page, with why a move posted from it (or a page leading to it) was refused. */
export function renderCase(
  { record, facts, parties, uscisStatus }: Awaited<ReturnType<typeof loadCase>>,
  ctx: PageContext<unknown>,
  error?: string,
) {
  return {
    view: (
      <CasePage
        area={areaOf(ctx.actor)}
        record={record}
        today={todayOf(ctx)}
        closed={closedControls(ctx)}
        caseFacts={facts}
        parties={parties}
        uscisStatus={uscisStatus}
        error={error}
      />
    ),
    meta: meta(`Case ${record.caseNumber}`, `Case ${record.caseNumber} of ${record.client.name}.`),
  };
}

/** A move posted from a page: its fields as posted. */
const postedMove = (ctx: PageContext<unknown>) => (ctx.req.body ?? {}) as Record<string, unknown>;

/**
 * A decision posted without its date (the list's Process, or a form of before) is asked for its date first,
 * once the lifecycle allows the move. The date no one can give yet lets the service answer which it is: a
 * move it refuses (409, before any date is looked at), or this date refused as in the future (422), which
 * sends the person to the question of the date. Nothing is written either way.
 */
const ASK_FOR_DATE = '9999-12-31';

/**
 * What a refused move shows: the decision's question again when its date was refused, else the list it
 * was posted from (its `back`), else the case's page, each saying why.
 */
async function loadRefusedMove(ctx: PageContext<unknown>) {
  const body = postedMove(ctx);
  const to = body.status as CaseDetail['status'];
  const refusal = ctx.form!.refusal!;
  const area = areaOf(ctx.actor);
  if (isDecision(to) && refusal.fields?.decidedOn) {
    const record = await ctx.read(getCase);
    if (canMove(record.status, to)) {
      const decidedOn = typeof body.decidedOn === 'string' ? body.decidedOn : undefined;
      return { kind: 'decide' as const, record, to, decidedOn, error: refusal.fields.decidedOn };
    }
  }
  const view = backViewOf(area, body);
  if (view) {
    const list = await loadList(ctx, view, { ...view, pageSize: CASES_PAGE_SIZE });
    return { kind: 'list' as const, list, error: refusal.message };
  }
  return { kind: 'case' as const, ...(await loadCase(ctx)), error: refusal.message };
}

/** /{area}/cases/{id}: every fact of the case, its client, its next moves and its history. */
export const casePage = page({
  path: inBothAreas((p) => p.view(':id')),
  // /cases/new, /cases/import and /cases/export are other pages'.
  passOn: true,
  reads: [...CASE_READS, listCases, assignees, caseCounts],
  offers: CASE_OFFERS,
  async load(ctx) {
    if (ctx.form?.refusal) return loadRefusedMove(ctx);
    return { kind: 'case' as const, ...(await loadCase(ctx)), error: undefined };
  },
  render: (data, ctx) => {
    if (data.kind === 'list') return renderList(data.list, ctx, { error: data.error });
    if (data.kind === 'case') return renderCase(data, ctx, data.error);
    const { record, to, decidedOn, error } = data;
    const back = backPathOf(areaOf(ctx.actor), postedMove(ctx));
    return {
      view: (
        <CaseDecidePage
          area={areaOf(ctx.actor)}
          record={record}
          to={to}
          today={todayOf(ctx)}
          disabled={ctx.closed.move}
          decidedOn={decidedOn}
          error={error}
          back={back}
        />
      ),
      meta: meta(
        `Record the decision on ${record.caseNumber}`,
        `USCIS's decision on case ${record.caseNumber}.`,
      ),
    };
  },
  forms: [
    {
      // Process and the case page's moves: the status alone, back to the list or the case it came from.
      action: changeCase,
      path: inBothAreas((p) => p.move(':id')),
      schema: moveSchema,
      input: (fields) =>
        isDecision(fields.status as CaseDetail['status']) && fields.decidedOn === undefined
          ? { ...fields, decidedOn: ASK_FOR_DATE }
          : fields,
      done: ({ actor, req }, record: CaseDetail): FormDone => ({
        to: backPathOf(areaOf(actor), req.body ?? {}) ?? pages.cases(areaOf(actor)).view(record.id),
        flash: `Case ${record.caseNumber} is now ${STATUS_LABELS[record.status].toLowerCase()}.`,
      }),
      refused: (ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        const body = postedMove(ctx);
        const to = body.status as CaseDetail['status'];
        if (!isDecision(to) || !refusal.fields?.decidedOn || body.decidedOn !== undefined) return undefined;
        const area = areaOf(ctx.actor);
        return {
          to: decidePath(area, ctx.params.id, to, backPathOf(area, body)),
          flash: 'Give the date USCIS decided, from its decision notice.',
          kind: 'success',
        };
      },
    },
  ],
});
