import { Icon } from '../../../islands/ui/icon';
import type { CaseRecord } from '../../shared/cases';
import type { CaseDeadline } from '../../shared/ai';
import { addDays, formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { caseColumns, listPath } from '../../../islands/ui/cases';
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
  /** The firm's deadlines of the next 30 days, the soonest first; absent where the matrix closes them. */
  upcoming?: CaseDeadline[];
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
          <UpcomingDeadlines deadlines={upcoming} />
        </div>
      )}
    </section>
  );
}

/** The firm's deadlines of its open cases in the next 30 days, each with its rule's citation. */
function UpcomingDeadlines({ deadlines }: { deadlines: CaseDeadline[] }) {
  return (
    <>
      <DataTable
        caption="Upcoming deadlines"
        columns={[
          {
            header: 'Date',
            rowHeader: true,
            cell: (d: CaseDeadline) => formatDate(d.deadline.date),
            className: 'nowrap',
          },
          { header: 'Deadline', cell: (d) => d.deadline.title },
          {
            header: 'Case',
            cell: (d) => <a href={paths.view(d.case.id)}>{d.case.caseNumber}</a>,
          },
          { header: 'Client', cell: (d) => d.case.clientName },
          { header: 'Assigned To', cell: (d) => d.case.assignee?.name ?? 'Unassigned' },
          { header: 'Rule', cell: (d) => d.deadline.citation },
        ]}
        rows={deadlines}
        rowKey={(d) => `${d.case.id}-${d.deadline.id}`}
        empty="No deadline of the firm's open cases falls in the next 30 days."
      />
      <p className="list-summary">
        <a href={pages.ai.deadlines}>Deadline Tracker</a>
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
    return { ...mine, upcoming: upcoming?.deadlines };
  },
  render: (data, ctx) => ({
    view: <DashboardPage {...data} today={todayOf(ctx)} />,
    meta: { title: 'Dashboard', description: 'Your cases and deadlines at a glance.', noindex: true },
  }),
});
