import { Alert, Field, SelectField } from '../../../islands/ui/form';
import { Badge } from '../../../views/components/Badge';
import { ReasonForm } from '../../../views/components/ReasonForm';
import { DataTable } from '../../../views/components/DataTable';
import { useRenderContext } from '../../../views/context';
import {
  DEADLINE_KIND_LABELS,
  DEADLINE_KINDS,
  DEADLINE_SOURCE_LABELS,
  DEADLINE_STATE_LABELS,
  type DeadlineState,
  type DocketDeadline,
} from '../../shared/ai';
import { formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';

const TONES: Record<DeadlineState, 'success' | 'warning' | 'danger' | 'neutral'> = {
  open: 'warning',
  done: 'success',
  missed: 'danger',
  dismissed: 'neutral',
};

/** The docket's filter as the page's query gives it: which states, and whose. */
export type DocketView = {
  /** '' (open and missed), or one state. */
  state: '' | DeadlineState;
  owner: '' | 'me';
  /** ISO dates, or ''. */
  from: string;
  to: string;
};

export type DocketProps = {
  items: DocketDeadline[];
  view: DocketView;
  /** The case the tracker is showing: its deadlines, in every state, and the form to add one. */
  caseChosen?: { id: string; caseNumber: string };
  /** Why a change was refused, and the fields of the add form as typed. */
  error?: string;
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
  /** Why changing the docket is closed to the person. */
  changeClosed?: string;
  addClosed?: string;
};

/** The docket of the firm (or of the case chosen): each deadline with its state, source, owner and controls. */
export function Docket(props: DocketProps) {
  const { items, view, caseChosen } = props;
  const { csrfToken = '' } = useRenderContext();
  return (
    <section className="card ai-docket" id="docket" aria-labelledby="docket-title" tabIndex={-1}>
      <h2 id="docket-title">{caseChosen ? `Docket of ${caseChosen.caseNumber}` : 'Docket'}</h2>
      <p>
        Every deadline of the firm’s open cases, from every source: the case’s due date, the notices read from
        its documents, the rules over its facts, and those entered by hand. A deadline whose date passed while
        open is missed and listed first. The dashboard, the calendar feeds and the reminder emails read this
        docket.
      </p>
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {!caseChosen && <Filter view={view} />}
      <DataTable
        caption={caseChosen ? `Deadlines of ${caseChosen.caseNumber}` : docketCaption(view)}
        columns={[
          {
            header: 'Date',
            rowHeader: true,
            cell: (d: DocketDeadline) => (
              <>
                <span className="ai-deadline-kind">
                  {d.receivedBy ? 'Received by' : DEADLINE_KIND_LABELS[d.kind]}
                </span>{' '}
                <strong>{formatDate(d.date)}</strong>
                {d.unadjustedDate && (
                  <span className="muted ai-deadline-how">{`Moved from ${formatDate(d.unadjustedDate)}`}</span>
                )}
              </>
            ),
            className: 'nowrap',
          },
          {
            header: 'Deadline',
            cell: (d) => (
              <>
                <span className="ai-deadline-title">{d.title}</span>
                {d.filing && <span className="muted ai-deadline-how">{`File Form ${d.filing}`}</span>}
                {d.explanation && <span className="muted ai-deadline-how">{d.explanation}</span>}
              </>
            ),
          },
          {
            header: 'Case',
            className: 'nowrap',
            cell: (d) => (
              <>
                <a href={pages.cases('user').view(d.caseId)}>{d.caseNumber}</a>
                <span className="muted ai-deadline-how">{d.clientName}</span>
              </>
            ),
          },
          { header: 'Owner', cell: (d) => d.owner?.name ?? 'Nobody' },
          {
            header: 'State',
            cell: (d) => (
              <>
                <Badge status={d.state} label={DEADLINE_STATE_LABELS[d.state]} tone={TONES[d.state]} />
                {d.reason && <span className="muted ai-deadline-how">{d.reason}</span>}
              </>
            ),
          },
          {
            header: 'Source',
            cell: (d) => (
              <>
                {d.source.kind === 'document' && d.source.documentId ? (
                  <a href={`${pages.ai.documents}?document=${d.source.documentId}`}>
                    {DEADLINE_SOURCE_LABELS.document}
                  </a>
                ) : (
                  DEADLINE_SOURCE_LABELS[d.source.kind]
                )}
                {d.citation && <span className="muted ai-deadline-how">{d.citation}</span>}
              </>
            ),
          },
          {
            header: 'Change',
            cell: (d) => <Controls deadline={d} csrfToken={csrfToken} closed={props.changeClosed} />,
          },
        ]}
        rows={items}
        rowKey={(d) => d.id}
        empty={caseChosen ? 'The case has no deadline yet.' : 'No deadline on the docket matches.'}
      />
      {caseChosen && <AddDeadline {...props} caseId={caseChosen.id} csrfToken={csrfToken} />}
    </section>
  );
}

const docketCaption = (view: DocketView) =>
  [
    `${view.owner === 'me' ? 'My deadlines' : 'The firm’s deadlines'}: ${
      view.state ? DEADLINE_STATE_LABELS[view.state].toLowerCase() : 'open and missed'
    }`,
    view.from && ` from ${formatDate(view.from)}`,
    view.to && ` to ${formatDate(view.to)}`,
  ]
    .filter(Boolean)
    .join('');

/** Which deadlines to list: a GET form, so the list can be reloaded and linked to. */
function Filter({ view }: { view: DocketView }) {
  return (
    <form method="get" action={`${pages.ai.deadlines}#docket`} className="ai-docket-filter">
      <SelectField
        id="docket-state"
        name="state"
        label="State"
        defaultValue={view.state}
        options={[
          { value: '', label: 'Open and missed' },
          ...(['open', 'missed', 'done', 'dismissed'] as const).map((s) => ({
            value: s,
            label: DEADLINE_STATE_LABELS[s],
          })),
        ]}
      />
      <SelectField
        id="docket-owner"
        name="owner"
        label="Owner"
        defaultValue={view.owner}
        options={[
          { value: '', label: 'Everyone' },
          { value: 'me', label: 'Me' },
        ]}
      />
      <Field id="docket-from" name="from" label="From" type="date" defaultValue={view.from} />
      <Field id="docket-to" name="to" label="To" type="date" defaultValue={view.to} />
      <button type="submit" className="btn btn-secondary">
        Show
      </button>
    </form>
  );
}

/** Done, or dismissed with a reason; a closed one can be opened again. */
function Controls({
  deadline,
  csrfToken,
  closed,
}: {
  deadline: DocketDeadline;
  csrfToken: string;
  closed?: string;
}) {
  if (closed) return <span className="muted">{closed}</span>;
  const action = pages.ai.deadlineState(deadline.id);
  const label = `${deadline.title} (${deadline.caseNumber})`;
  if (deadline.state === 'done' || deadline.state === 'dismissed')
    return (
      <form method="post" action={action}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="state" value="open" />
        <button type="submit" className="btn btn-small btn-secondary" aria-label={`Open again: ${label}`}>
          Open again
        </button>
      </form>
    );
  return (
    <div className="ai-docket-controls">
      <form method="post" action={action}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="state" value="done" />
        <button type="submit" className="btn btn-small btn-primary" aria-label={`Mark done: ${label}`}>
          Done
        </button>
      </form>
      <ReasonForm
        action={action}
        csrfToken={csrfToken}
        id={`reason-${deadline.id}`}
        open="Dismiss"
        submit="Dismiss"
        submitLabel={`Dismiss: ${label}`}
        hidden={{ state: 'dismissed' }}
      />
    </div>
  );
}

/** A deadline entered by hand on the case chosen: a hearing, an appointment, a date the rules do not know. */
function AddDeadline(props: DocketProps & { caseId: string; csrfToken: string }) {
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  if (props.addClosed) return <p className="muted">{props.addClosed}</p>;
  return (
    <form method="post" action={pages.ai.deadlineAdd(props.caseId)} className="ai-docket-add" noValidate>
      <h3>Add a deadline</h3>
      <input type="hidden" name="_csrf" value={props.csrfToken} />
      <Field
        id="deadline-title"
        name="title"
        label="Title"
        required
        maxLength={200}
        defaultValue={values.title}
        error={errors.title}
        wide
      />
      <Field
        id="deadline-date"
        name="date"
        label="Date"
        type="date"
        required
        defaultValue={values.date}
        error={errors.date}
      />
      <SelectField
        id="deadline-kind"
        name="kind"
        label="Kind"
        defaultValue={values.kind ?? 'deadline'}
        error={errors.kind}
        options={DEADLINE_KINDS.map((k) => ({ value: k, label: DEADLINE_KIND_LABELS[k] }))}
      />
      <Field
        id="deadline-filing"
        name="filing"
        label="Form to file (optional)"
        maxLength={40}
        defaultValue={values.filing}
        error={errors.filing}
      />
      <Field
        id="deadline-explanation"
        name="explanation"
        label="Note (optional)"
        maxLength={1000}
        defaultValue={values.explanation}
        error={errors.explanation}
        wide
      />
      <p className="muted">The case’s assignee owns it and is reminded 14, 7 and 1 days before.</p>
      <button type="submit" className="btn btn-primary">
        Add the deadline
      </button>
    </form>
  );
}
