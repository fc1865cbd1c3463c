import { Alert, Field } from '../../../islands/ui/form';
import { type CaseArea, DueDate } from '../../../islands/ui/cases';
import { type CaseRecord, type Decision, MOVE_LABELS } from '../../shared/cases';
import { formatDate, todayIn } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';

export type CaseDecidePageProps = {
  area: CaseArea;
  record: CaseRecord;
  to: Decision;
  /** The firm's today (YYYY-MM-DD): the latest day USCIS can have decided, and the date offered. */
  today: string;
  /** The date as posted, when it was refused, and why. */
  decidedOn?: string;
  error?: string;
  /** The list the move was started from, to go back to. */
  back?: string;
  /** Why this person may not move cases at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

const WORDS = {
  approved: {
    title: 'Record Approval',
    question: (n: string, client: string) => `Did USCIS approve case ${n} of ${client}?`,
    after:
      'An approved case is final: it makes no further move. An administrator can reopen a decision recorded by mistake.',
  },
  rejected: {
    title: 'Record Rejection',
    question: (n: string, client: string) => `Did USCIS deny case ${n} of ${client}?`,
    after: 'A rejected case is reopened when an appeal or motion is filed.',
  },
} as const;

/**
 * /{area}/cases/{id}/decide?to=approved: a decision is recorded only once confirmed, with the day USCIS
 * decided (from the decision notice; today by default). A plain form, so it works without JavaScript.
 */
export function CaseDecidePage(props: CaseDecidePageProps) {
  const { area, record, to, today } = props;
  const { csrfToken, timeZone } = useRenderContext();
  const paths = pages.cases(area);
  const opened = todayIn(timeZone, new Date(record.createdAt));
  const words = WORDS[to];
  const reason = props.disabled;
  return (
    <section className="narrow card case-decide">
      <h1>{words.title}</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      <p>{words.question(record.caseNumber, record.client.name)}</p>
      <p className="muted">
        {`Form ${record.formType}, opened ${formatDate(opened)}`}
        {record.dueDate && (
          <>
            {', due '}
            <DueDate record={record} today={today} />
          </>
        )}
        .
      </p>
      <p>{words.after}</p>
      <form method="post" action={paths.move(record.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="status" value={to} />
        {props.back && <input type="hidden" name="back" value={props.back} />}
        <Field
          id="decided-on"
          name="decidedOn"
          type="date"
          label="Date USCIS decided"
          hint={`As on the decision notice: from ${formatDate(opened)} (when the case was opened) to today.`}
          min={opened}
          max={today}
          required
          defaultValue={props.decidedOn ?? today}
          error={props.error}
        />
        <div className="form-actions">
          <button
            type="submit"
            className={to === 'rejected' ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={reason !== undefined}
          >
            {MOVE_LABELS[to]}
          </button>
          <a className="btn btn-secondary" href={props.back ?? paths.view(record.id)}>
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}
