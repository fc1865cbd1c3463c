import { Alert, Field } from '../../../islands/ui/form';
import { DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { FactsUsed } from './facts-parts';
import { page } from '../../access/page';
import type { Deadline, DeadlinesAnswer } from '../../rules/types';
import { formatDate, isIsoDate } from '../../shared/dates';
import { FACT_LABELS } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { z } from 'zod';
import type { PageContext } from '../../access/page';
import { DEADLINE_STATES, type DocketDeadline, FEED_SCOPES, type FeedScope } from '../../shared/ai';
import {
  addDeadline,
  changeDeadline,
  getCalendar,
  listDeadlines,
  revokeCalendar,
  subscribeCalendar,
  trackDeadlines,
} from '../actions';
import { Docket, type DocketProps, type DocketView } from './docket';
import { CaseChooser, GivenFactsForm, RulesUsed, SourceLink, ToolHead } from './parts';
import { factsInput, loadTool, TOOL_READS, type ToolData, toolQuery } from './tool';

const KIND_WORDS: Record<Deadline['kind'], string> = {
  deadline: 'Act by',
  opens: 'May act from',
  expires: 'Expires',
};

/** One of the person's calendar feeds: none yet, in use since a date, or just made (its address, shown once). */
type FeedState = { since: string | null; url?: string };
/** The person's two calendar feeds (the firm's docket, their own deadlines), and why changing them was refused. */
type CalendarState = { feeds: Record<FeedScope, FeedState>; error?: string; closed?: string };

type DeadlineTrackerProps = ToolData<DeadlinesAnswer> & { calendar: CalendarState; docket: DocketProps };

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
      <Docket {...props.docket} />
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

const FEED_TITLES: Record<FeedScope, string> = {
  firm: 'The firm’s docket',
  mine: 'My deadlines',
};

/** The calendar feeds: subscribe (a secret address, shown once), make a new one, or revoke it. */
function Calendar({ calendar }: { calendar: CalendarState }) {
  return (
    <section className="card ai-calendar" id="calendar" aria-labelledby="calendar-title" tabIndex={-1}>
      <h2 id="calendar-title">Calendar</h2>
      <p>
        The docket’s open and missed deadlines in your calendar app (Outlook, Google Calendar, Apple
        Calendar): subscribe to a secret address, of the firm’s whole docket or of the deadlines you own.
        Anyone who has the address can read the deadlines, so keep it to yourself, and revoke it if it leaks.
        The owner of each deadline is also emailed 14, 7 and 1 days before it.
      </p>
      {calendar.error && <Alert kind="error">{calendar.error}</Alert>}
      {calendar.closed ? (
        <p className="muted">{calendar.closed}</p>
      ) : (
        FEED_SCOPES.map((scope) => <Feed key={scope} scope={scope} feed={calendar.feeds[scope]} />)
      )}
    </section>
  );
}

function Feed({ scope, feed }: { scope: FeedScope; feed: FeedState }) {
  const { csrfToken = '' } = useRenderContext();
  const subscribe = (label: string) => (
    <form method="post" action={pages.ai.calendar}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="scope" value={scope} />
      <button type="submit" className="btn btn-primary" aria-label={`${label}: ${FEED_TITLES[scope]}`}>
        {label}
      </button>
    </form>
  );
  return (
    <div className="ai-calendar-feed">
      <h3>{FEED_TITLES[scope]}</h3>
      {feed.url ? (
        <div className="ai-calendar-new">
          <Alert kind="success">
            Your calendar address is ready. Copy it now: it is shown only this once.
          </Alert>
          <Field
            id={`calendar-url-${scope}`}
            label="Calendar address"
            readOnly
            defaultValue={feed.url}
            wide
          />
          <p className="ai-calendar-actions">
            <a className="btn btn-secondary" href={feed.url.replace(/^https?:/, 'webcal:')}>
              Subscribe
            </a>
          </p>
          <Revoke csrfToken={csrfToken} scope={scope} />
        </div>
      ) : feed.since ? (
        <>
          <p>
            {'Your calendar address was made on '}
            <DateTimeText value={feed.since} />
            {'. It is not shown again: make a new one if you need it (the old one then stops working).'}
          </p>
          <div className="ai-calendar-actions">
            {subscribe('Make a new address')}
            <Revoke csrfToken={csrfToken} scope={scope} />
          </div>
        </>
      ) : (
        subscribe('Subscribe')
      )}
    </div>
  );
}

function Revoke({ csrfToken, scope }: { csrfToken: string; scope: FeedScope }) {
  return (
    <form method="post" action={pages.ai.calendarRevoke}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="scope" value={scope} />
      <button
        type="submit"
        className="btn btn-danger-outline"
        aria-label={`Revoke the address: ${FEED_TITLES[scope]}`}
      >
        Revoke the address
      </button>
    </form>
  );
}

/** The docket's filter: a value that is not one of its choices (or no real date) is left out. */
const docketQuery = toolQuery.extend({
  state: z.enum(['', ...DEADLINE_STATES]).catch(''),
  owner: z.enum(['', 'me']).catch(''),
  from: z.string().refine(isIsoDate).catch(''),
  to: z.string().refine(isIsoDate).catch(''),
});
type DocketQuery = z.output<typeof docketQuery>;

/** A deadline added or changed from the case's docket goes back to that case on the tracker. */
const backTo = (ctx: PageContext, caseId: string) =>
  ctx.req.body?.view === 'case'
    ? `${pages.ai.deadlines}?case=${caseId}#docket`
    : `${pages.ai.deadlines}#docket`;

/** The docket part of the page: the case chosen's deadlines, or the firm's as filtered. */
async function loadDocket(ctx: PageContext<DocketQuery>, caseId: string | undefined): Promise<DocketProps> {
  const { state, owner, from, to } = ctx.query;
  const view: DocketView = { state, owner, from, to };
  const posted =
    ctx.form && [changeDeadline.name, addDeadline.name].includes(ctx.form.action) ? ctx.form : undefined;
  const refusal = posted?.refusal;
  const shared = {
    view,
    error: refusal && (refusal.fields && posted?.action === addDeadline.name ? undefined : refusal.message),
    values: posted?.action === addDeadline.name ? (posted.values as Record<string, string>) : undefined,
    errors: posted?.action === addDeadline.name ? refusal?.fields : undefined,
    changeClosed: ctx.closed.change,
    addClosed: ctx.closed.add,
  };
  const input = caseId
    ? { caseId }
    : {
        state: state || undefined,
        assignee: owner || undefined,
        from: from || undefined,
        to: to || undefined,
      };
  const { items } = await ctx.read(listDeadlines, { input });
  const live = caseId || view.state ? items : items.filter((d) => d.state === 'open' || d.state === 'missed');
  return { ...shared, items: live };
}

export const deadlinesPage = page({
  // The calendar forms' own addresses, asked for directly (a reload after a refusal), show this page.
  path: [
    pages.ai.deadlines,
    pages.ai.calendar,
    pages.ai.calendarRevoke,
    pages.ai.deadlineState(':id'),
    pages.ai.deadlineAdd(':id'),
  ],
  reads: [...TOOL_READS, trackDeadlines, getCalendar, listDeadlines],
  offers: { calendar: subscribeCalendar, change: changeDeadline, add: addDeadline },
  query: docketQuery,
  async load(ctx) {
    // A deadline added by hand and refused shows its case again, with the form as typed.
    const adding = ctx.form?.action === addDeadline.name ? ctx.params.id : undefined;
    const toolCtx = adding ? { ...ctx, query: { ...ctx.query, case: adding } } : ctx;
    const [tool, feed] = await Promise.all([
      loadTool<DeadlinesAnswer>(toolCtx, trackDeadlines),
      ctx.read(getCalendar),
    ]);
    const docket = await loadDocket(ctx, tool.chosen?.case.id);
    return { tool, feeds: feed, docket };
  },
  render: ({ tool, feeds, docket }, { closed, form }) => {
    // Subscribed just now: the new secret address, shown this once.
    const made =
      form?.action === subscribeCalendar.name ? (form.outcome as { url: string } | undefined) : undefined;
    const madeScope = form?.values.scope === 'mine' ? 'mine' : 'firm';
    const feedState = (scope: FeedScope): FeedState => ({
      since: scope === 'mine' ? feeds.mine : feeds.since,
      url: made && madeScope === scope ? made.url : undefined,
    });
    const calendarError =
      form && [subscribeCalendar.name, revokeCalendar.name].includes(form.action)
        ? form.refusal?.message
        : undefined;
    const caseChosen = tool.chosen && { id: tool.chosen.case.id, caseNumber: tool.chosen.case.caseNumber };
    return {
      view: (
        <DeadlineTrackerPage
          {...tool}
          calendar={{
            feeds: { firm: feedState('firm'), mine: feedState('mine') },
            error: calendarError,
            closed: closed.calendar,
          }}
          docket={{ ...docket, caseChosen }}
        />
      ),
      meta: {
        title: 'Deadline Tracker',
        description: 'The firm’s docket, a case’s deadlines from cited, dated rules, and the calendar feed.',
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
    {
      action: changeDeadline,
      path: pages.ai.deadlineState(':id'),
      done: (ctx, d: DocketDeadline) => ({
        to: backTo(ctx, d.caseId),
        flash: `${d.title} (${d.caseNumber}, ${formatDate(d.date)}): ${STATE_DONE_WORDS[d.state]}.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
    {
      action: addDeadline,
      path: pages.ai.deadlineAdd(':id'),
      done: (ctx, d: DocketDeadline) => ({
        to: backTo(ctx, d.caseId),
        flash: `Deadline added to ${d.caseNumber}: ${d.title}, ${formatDate(d.date)}.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});

const STATE_DONE_WORDS: Record<DocketDeadline['state'], string> = {
  open: 'open again',
  missed: 'open again, and missed',
  done: 'marked done',
  dismissed: 'dismissed',
};
