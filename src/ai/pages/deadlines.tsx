import { Alert, Field } from '../../../islands/ui/form';
import { DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { FactsUsed } from './facts-parts';
import { page } from '../../access/page';
import type { Deadline, DeadlinesAnswer } from '../../rules/types';
import { formatDate } from '../../shared/dates';
import { FACT_LABELS } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { getCalendar, revokeCalendar, subscribeCalendar, trackDeadlines } from '../actions';
import { CaseChooser, GivenFactsForm, RulesUsed, SourceLink, ToolHead } from './parts';
import { factsInput, loadTool, TOOL_READS, type ToolData, toolQuery } from './tool';

const KIND_WORDS: Record<Deadline['kind'], string> = {
  deadline: 'Act by',
  opens: 'May act from',
  expires: 'Expires',
};

/** The person's calendar feed: none yet, in use since a date, or just made (its address, shown once). */
type CalendarState = { since: string | null; url?: string; error?: string; closed?: string };

type DeadlineTrackerProps = ToolData<DeadlinesAnswer> & { calendar: CalendarState };

/** /user/ai/deadlines (Deadline Tracker): a case's deadlines or those of facts given, and the calendar feed. */
function DeadlineTrackerPage(props: DeadlineTrackerProps) {
  const { answer, chosen } = props;
  const given = props.values !== undefined;
  return (
    <section className="section ai-page">
      <ToolHead
        title="Deadline Tracker"
        lead="Response deadlines, filing windows and expiry dates from a case’s facts and documents, each from a cited rule in force on the date asked about. A response or appeal period whose last day is a Saturday, Sunday or federal legal holiday runs to the next business day (8 CFR 1.2)."
      />
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
      <GivenFactsForm
        id="deadlines-facts"
        title="Calculate from dates"
        intro="Give the dates you have; a deadline whose dates are missing says which it needs."
        action={pages.ai.deadlines}
        submit="Calculate deadlines"
        values={props.values}
        errors={props.errors}
        error={props.error}
      />
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
                <span className="ai-deadline-kind">{d.receivedBy ? 'Received by' : KIND_WORDS[d.kind]}</span>{' '}
                <strong>{formatDate(d.date)}</strong>
                {d.unadjustedDate && (
                  <span className="muted ai-deadline-how">{`Moved from ${formatDate(d.unadjustedDate)}`}</span>
                )}
                {d.filing && <span className="muted ai-deadline-how">{`File Form ${d.filing}`}</span>}
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
      {answer.unknown.length > 0 && (
        <section aria-labelledby="deadlines-unknown">
          <h4 id="deadlines-unknown">{`Not calculated (${answer.unknown.length})`}</h4>
          <ul className="ai-checks">
            {answer.unknown.map((u) => (
              <li key={u.id}>
                <strong>{u.title}</strong>
                {`: ${u.reason ?? `enter ${u.missing.map((name) => `“${FACT_LABELS[name]}”`).join(' and ')} to calculate it.`}`}
              </li>
            ))}
          </ul>
        </section>
      )}
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

export const deadlinesPage = page({
  // The calendar forms' own addresses, asked for directly (a reload after a refusal), show this page.
  path: [pages.ai.deadlines, pages.ai.calendar, pages.ai.calendarRevoke],
  reads: [...TOOL_READS, trackDeadlines, getCalendar],
  offers: { calendar: subscribeCalendar },
  query: toolQuery,
  async load(ctx) {
    const [tool, feed] = await Promise.all([
      loadTool<DeadlinesAnswer>(ctx, trackDeadlines),
      ctx.read(getCalendar),
    ]);
    return { tool, since: feed.since };
  },
  render: ({ tool, since }, { closed, form }) => {
    // Subscribed just now: the new secret address, shown this once.
    const made =
      form?.action === subscribeCalendar.name ? (form.outcome as { url: string } | undefined) : undefined;
    const calendarError = form && form.action !== trackDeadlines.name ? form.refusal?.message : undefined;
    return {
      view: (
        <DeadlineTrackerPage
          {...tool}
          calendar={{ since, url: made?.url, error: calendarError, closed: closed.calendar }}
        />
      ),
      meta: {
        title: 'Deadline Tracker',
        description: 'A case’s deadlines from cited, dated rules, and the calendar feed.',
        noindex: true,
      },
      status: made ? 201 : tool.status,
    };
  },
  forms: [
    {
      action: trackDeadlines,
      path: pages.ai.deadlines,
      input: factsInput,
      done: (_ctx, answer: DeadlinesAnswer) => ({ show: answer }),
    },
    {
      action: subscribeCalendar,
      path: pages.ai.calendar,
      done: (_ctx, made: { url: string }) => ({ show: made }),
    },
    {
      action: revokeCalendar,
      path: pages.ai.calendarRevoke,
      done: () => ({
        to: `${pages.ai.deadlines}#calendar`,
        flash: 'Your calendar address was revoked: calendars subscribed to it get nothing more.',
      }),
    },
  ],
});
