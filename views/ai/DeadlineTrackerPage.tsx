import type { CaseChoice, CasePick } from '../../islands/ui/case-picker';
import { Alert, Field } from '../../islands/ui/form';
import { FACT_ORDER } from '../../src/ai/schema';
import type { Deadline, DeadlinesAnswer } from '../../src/rules/types';
import { formatDate } from '../../src/shared/dates';
import type { CaseFacts } from '../../src/shared/facts';
import { pages } from '../../src/shared/paths';
import { DataTable } from '../components/DataTable';
import { DateTimeText } from '../components/Dates';
import { useRenderContext } from '../context';
import { CaseChooser, FactsFields, FactsUsed, RulesUsed, SourceLink, ToolHead } from './parts';

const KIND_WORDS: Record<Deadline['kind'], string> = {
  deadline: 'Act by',
  opens: 'May act from',
  expires: 'Expires',
};

/** The person's calendar feed: none yet, in use since a date, or just made (its address, shown once). */
export type CalendarState = { since: string | null; url?: string; error?: string; closed?: string };

export type DeadlineTrackerProps = {
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** The case asked about, with the facts its deadlines came from. */
  chosen?: { case: CaseChoice; facts: CaseFacts };
  /** The as-of date in the case form (the firm's today by default). */
  asOf: string;
  answer?: DeadlinesAnswer;
  /** The facts form as posted, and why it was refused. */
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
  error?: string;
  calendar: CalendarState;
  /** Why this person may not track deadlines (the permission matrix). */
  closed?: string;
};

/** /user/ai/deadlines (Deadline Tracker): a case's deadlines or those of facts given, and the calendar feed. */
export function DeadlineTrackerPage(props: DeadlineTrackerProps) {
  const { csrfToken = '' } = useRenderContext();
  const { answer, chosen } = props;
  const given = props.values !== undefined;
  return (
    <section className="section ai-page">
      <ToolHead
        title="Deadline Tracker"
        lead="Response deadlines, filing windows and expiry dates from a case’s facts and documents, each from a cited rule in force on the date asked about. Weekends and holidays do not move a date unless its rule says so."
      />
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      <h2 id="track-case">Track a case’s deadlines</h2>
      <CaseChooser
        id="deadlines"
        action={pages.ai.deadlines}
        pick={props.pick}
        asOf={props.asOf}
        submit="Show its deadlines"
        error={given ? undefined : props.error}
      />
      {answer && (
        <Answer
          answer={answer}
          title={chosen ? `Deadlines of ${chosen.case.caseNumber}` : 'Deadlines of the facts given'}
        />
      )}
      {chosen && <FactsUsed caseFacts={chosen.facts} />}
      <h2 id="facts">Calculate from dates</h2>
      <form className="card ai-facts-form" method="post" action={pages.ai.deadlines} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <p className="muted">Give the dates you have; a deadline whose dates are missing is left out.</p>
        {given && props.error && <Alert kind="error">{props.error}</Alert>}
        <Field
          id="deadlines-facts-as-of"
          name="asOf"
          type="date"
          label="As of"
          hint="The rules in force on this date apply (today by default)."
          defaultValue={props.values?.asOf ?? ''}
          error={props.errors?.asOf}
        />
        <FactsFields
          id="deadlines-facts"
          names={FACT_ORDER}
          values={props.values ?? {}}
          errors={props.errors}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Calculate deadlines
          </button>
        </div>
      </form>
      <Calendar calendar={props.calendar} />
    </section>
  );
}

function Answer({ answer, title }: { answer: DeadlinesAnswer; title: string }) {
  return (
    <div className="ai-answer" id="answer">
      <DataTable
        caption={`${title}, as of ${formatDate(answer.asOf)}`}
        columns={[
          {
            header: 'Deadline',
            rowHeader: true,
            cell: (d: Deadline) => (
              <>
                <span className="ai-deadline-title">{d.title}</span>
                <span className="muted ai-deadline-how">{d.explanation}</span>
              </>
            ),
          },
          {
            header: 'Date',
            cell: (d) => (
              <>
                <span className="ai-deadline-kind">{KIND_WORDS[d.kind]}</span>{' '}
                <strong>{formatDate(d.date)}</strong>
              </>
            ),
            className: 'nowrap',
          },
          { header: 'Rule', cell: (d) => <code>{d.ruleId}</code> },
          { header: 'Citation', cell: (d) => d.citation },
          { header: 'In force from', cell: (d) => formatDate(d.effectiveFrom), className: 'nowrap' },
          { header: 'Source', cell: (d) => <SourceLink href={d.sourceUrl} label={d.citation} /> },
        ]}
        rows={answer.deadlines}
        rowKey={(d) => d.id}
        empty="No deadline: the facts give none of the dates the rules start from."
      />
      <RulesUsed rules={answer.rules} />
    </div>
  );
}

/** The calendar feed: subscribe (a secret address, shown once), make a new one, or revoke it. */
function Calendar({ calendar }: { calendar: CalendarState }) {
  const { csrfToken = '' } = useRenderContext();
  const subscribe = (label: string) => (
    <form method="post" action={pages.ai.calendar}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <button type="submit" className="btn btn-primary">
        {label}
      </button>
    </form>
  );
  return (
    <section className="card ai-calendar" id="calendar" aria-labelledby="calendar-title" tabIndex={-1}>
      <h2 id="calendar-title">Calendar</h2>
      <p>
        The deadlines of the firm’s open cases in your calendar app (Outlook, Google Calendar, Apple
        Calendar): subscribe to a secret address. Anyone who has the address can read the deadlines, so keep
        it to yourself, and revoke it if it leaks. The assignee of each case is also emailed 14, 7 and 1 days
        before each deadline.
      </p>
      {calendar.error && <Alert kind="error">{calendar.error}</Alert>}
      {calendar.closed ? (
        <p className="muted">{calendar.closed}</p>
      ) : calendar.url ? (
        <div className="ai-calendar-new">
          <Alert kind="success">
            Your calendar address is ready. Copy it now: it is shown only this once.
          </Alert>
          <Field id="calendar-url" label="Calendar address" readOnly defaultValue={calendar.url} wide />
          <p className="ai-calendar-actions">
            <a className="btn btn-secondary" href={calendar.url.replace(/^https?:/, 'webcal:')}>
              Subscribe
            </a>
          </p>
          <Revoke csrfToken={csrfToken} />
        </div>
      ) : calendar.since ? (
        <>
          <p>
            {'Your calendar address was made on '}
            <DateTimeText value={calendar.since} />
            {'. It is not shown again: make a new one if you need it (the old one then stops working).'}
          </p>
          <div className="ai-calendar-actions">
            {subscribe('Make a new address')}
            <Revoke csrfToken={csrfToken} />
          </div>
        </>
      ) : (
        subscribe('Subscribe')
      )}
    </section>
  );
}

function Revoke({ csrfToken }: { csrfToken: string }) {
  return (
    <form method="post" action={pages.ai.calendarRevoke}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <button type="submit" className="btn btn-danger-outline">
        Revoke the address
      </button>
    </form>
  );
}
