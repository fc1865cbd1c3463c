import { Icon } from '../../../islands/ui/icon';
import type { CaseRecord } from '../../shared/cases';
import { DEADLINE_STATE_LABELS, type DocketDeadline, type Upcoming } from '../../shared/ai';
import { addDays, formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { caseColumns, listPath } from '../../../islands/ui/cases';
import { Badge } from '../../../views/components/Badge';
import { DataTable } from '../../../views/components/DataTable';
import { StatCard } from '../../../views/components/StatCard';
import { page } from '../../access/page';
import { listCases } from '../actions';
import { myCases, upcomingDeadlines } from '../reads';
import { todayOf } from './area';

/** The signed-in person's own cases, counted where the firm is (its today). */
export type MyCaseStats = { open: number; dueSoon: number; overdue: number; completedThisMonth: number };

type Props = {
  stats: MyCaseStats;
  /** The person's cases, the most recently changed first. */
  recent: CaseRecord[];
  today: string;
  /**
   * The docket's part: the firm's missed deadlines and those of the next 30 days, and the person's own
   * counts; absent where the matrix closes the docket.
   */
  upcoming?: Upcoming;
};

const paths = pages.cases('user');

/** /user/dashboard: the person's own cases at a glance, and the ones they touched last. */
function DashboardPage({ stats, recent, today, upcoming }: Props) {
  const mine = { assignee: 'me', status: 'open', sort: 'dueDate' } as const;
  const column = caseColumns({ area: 'user', today });
  return (
    <section className="section user-dashboard">
      <h1 className="page-title">
        <Icon name="dashboard" />
        Dashboard
      </h1>
      <div className="stat-grid case-stats">
        <StatCard label="My Open Cases" value={stats.open} href={listPath('user', mine)} />
        {upcoming ? (
          // The docket's counts: the person's own deadlines of every source, as the list below shows them.
          <>
            <StatCard
              label="Due Within 7 Days"
              value={upcoming.mine.dueSoon}
              href={`${pages.ai.deadlines}?owner=me&state=open&from=${today}&to=${addDays(today, 7)}#docket`}
            />
            <StatCard
              label="Overdue"
              value={upcoming.mine.missed}
              href={`${pages.ai.deadlines}?owner=me&state=missed#docket`}
            />
          </>
        ) : (
          <>
            <StatCard
              label="Due Within 7 Days"
              value={stats.dueSoon}
              href={listPath('user', { ...mine, dueAfter: today, dueBefore: addDays(today, 7) })}
            />
            <StatCard
              label="Overdue"
              value={stats.overdue}
              href={listPath('user', { ...mine, dueBefore: addDays(today, -1) })}
            />
          </>
        )}
        <StatCard label="Completed This Month" value={stats.completedThisMonth} />
      </div>
      <DataTable
        caption="Recent Cases"
        columns={[
          column.caseNumber('Case ID'),
          column.client(),
          column.formType(),
          column.status(),
          column.dueDate('Deadline'),
          {
            header: 'View',
            cell: (c) => (
              <a
                className="btn btn-small btn-secondary"
                href={paths.view(c.id)}
                aria-label={`View ${c.caseNumber}`}
              >
                <Icon name="view" />
                View
              </a>
            ),
          },
        ]}
        rows={recent}
        rowKey={(c) => c.id}
        empty="No cases are assigned to you yet."
      />
      <p className="list-summary">
        <a href={listPath('user', { assignee: 'me' })}>All my cases</a>
        {' · '}
        <a href={paths.list}>All the firm&apos;s cases</a>
      </p>
      {upcoming && (
        <div className="upcoming-deadlines">
          <UpcomingDeadlines deadlines={upcoming.deadlines} />
        </div>
      )}
    </section>
  );
}

/** The docket's missed deadlines and those of the next 30 days, the missed first, each with its source. */
function UpcomingDeadlines({ deadlines }: { deadlines: DocketDeadline[] }) {
  return (
    <>
      <DataTable
        caption="Upcoming deadlines"
        columns={[
          {
            header: 'Date',
            rowHeader: true,
            cell: (d: DocketDeadline) => formatDate(d.date),
            className: 'nowrap',
          },
          { header: 'Deadline', cell: (d) => d.title },
          {
            header: 'State',
            cell: (d) => (
              <Badge
                status={d.state}
                label={DEADLINE_STATE_LABELS[d.state]}
                tone={d.state === 'missed' ? 'danger' : 'warning'}
              />
            ),
          },
          {
            header: 'Case',
            cell: (d) => <a href={paths.view(d.caseId)}>{d.caseNumber}</a>,
            className: 'nowrap',
          },
          { header: 'Client', cell: (d) => d.clientName },
          { header: 'Owner', cell: (d) => d.owner?.name ?? 'Nobody' },
          { header: 'Rule', cell: (d) => d.citation ?? '' },
        ]}
        rows={deadlines}
        rowKey={(d) => d.id}
        empty="No deadline of the firm's open cases falls in the next 30 days, and none was missed."
      />
      <p className="list-summary">
        <a href={`${pages.ai.deadlines}#docket`}>Docket and Deadline Tracker</a>
        {' · '}
        <a href={`${pages.ai.deadlines}#calendar`}>Subscribe in your calendar</a>
      </p>
    </>
  );
}

/**
 * /user/dashboard: the person's own cases, and the firm's deadlines where the AI tools are open to them.
 * Get Cases closed, the dashboard is refused (403), as before.
 */
export const userDashboard = page({
  path: pages.user.dashboard,
  reads: [listCases, myCases, upcomingDeadlines],
  async load({ read }) {
    const [mine, upcoming] = await Promise.all([read(myCases), read(upcomingDeadlines)]);
    return { ...mine, upcoming };
  },
  render: (data, ctx) => ({
    view: <DashboardPage {...data} today={todayOf(ctx)} />,
    meta: { title: 'Dashboard', description: 'Your cases and deadlines at a glance.', noindex: true },
  }),
});
