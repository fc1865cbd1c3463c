import type { ActivityPage, Dashboard, ServiceStatus } from '../../shared/admin';
import type { IconName } from '../../shared/constants';
import { pages } from '../../shared/paths';
import { Icon } from '../../../islands/ui/icon';
import { Badge } from '../../../views/components/Badge';
import { DateTimeText } from '../../../views/components/Dates';
import { Pagination } from '../../../views/components/Pagination';
import { StatCard } from '../../../views/components/StatCard';
import { z } from 'zod';
import { page } from '../../access/page';
import { isDatabaseUnavailable } from '../../db/failures';
import { HttpError } from '../../http/errors';
import { getDashboard, listActivity } from '../actions';
import { ACTIVITY_PAGE_SIZE } from '../schema';

/** SPEC's four action buttons, each to the screen that does it. */
const SHORTCUTS: Array<{ label: string; href: string; icon: IconName }> = [
  { label: 'Manage Users', href: pages.admin.users, icon: 'users' },
  { label: 'System Analytics', href: pages.admin.reports, icon: 'reports' },
  { label: 'Security Settings', href: pages.admin.settingsSection('security'), icon: 'roles' },
  { label: 'Data Cleanup', href: pages.admin.cleanup, icon: 'delete' },
];

type Props = Dashboard & {
  /** Null when the activity could not be read just now. */
  activity: ActivityPage | null;
};

/** /admin/dashboard: the firm at a glance: its figures, shortcuts, recent activity and services. */
function DashboardPage({ stats, services, activity }: Props) {
  return (
    <section className="section admin-dashboard">
      <h1 className="page-title">
        <Icon name="dashboard" />
        Dashboard
      </h1>
      <div className="stat-grid">
        {stats.map((s) => (
          <StatCard key={s.key} label={s.label} value={s.value ?? s.note ?? ''} />
        ))}
      </div>
      <nav className="admin-shortcuts" aria-label="Administration">
        <ul>
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <a className="btn btn-secondary" href={s.href}>
                <Icon name={s.icon} />
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-panels">
        <RecentActivity activity={activity} />
        <SystemStatus services={services} />
      </div>
    </section>
  );
}

function RecentActivity({ activity }: { activity: ActivityPage | null }) {
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent Activity</h2>
      {!activity ? (
        <p className="muted">The activity cannot be read right now. Please try again in a moment.</p>
      ) : activity.activity.length === 0 ? (
        <p className="muted">Nothing has happened in your firm yet.</p>
      ) : (
        <>
          <ol className="activity-list">
            {activity.activity.map((item) => (
              <li key={item.id}>
                <span className="activity-text">{item.text}</span>
                <span className="activity-time muted">
                  <DateTimeText value={item.at} />
                </span>
              </li>
            ))}
          </ol>
          <Pagination
            page={activity.page}
            pageCount={Math.ceil(activity.total / activity.pageSize)}
            href={pages.admin.activity}
            label="Pages of the recent activity"
          />
        </>
      )}
    </section>
  );
}

function SystemStatus({ services }: { services: ServiceStatus[] }) {
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading">System Status</h2>
      <ul className="status-list">
        {services.map((s) => (
          <li key={s.key}>
            <span className="status-name">{s.label}</span> <Badge status={s.state} tone={s.tone} />
            <p className="status-detail muted">
              {s.detail}
              {s.at && (
                <>
                  {' '}
                  (<DateTimeText value={s.at} />)
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PAGE_INVALID = 'The page number must be a whole number from 1.';
const dashboardQuery = z.object({
  activity: z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(100_000, PAGE_INVALID)
    .default(1),
});

export const adminDashboard = page({
  path: pages.admin.dashboard,
  reads: [getDashboard, listActivity],
  query: dashboardQuery,
  menu: { role: 'admin', order: 1, id: 'dashboard', label: 'Dashboard', icon: 'dashboard' },
  async load({ read, query }) {
    const [dashboard, activity] = await Promise.all([
      read(getDashboard),
      // The figures and badges say when the database is down; the activity says so too, in its place.
      read(listActivity, { input: { page: query.activity, pageSize: ACTIVITY_PAGE_SIZE } }).catch(
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) return null;
          throw error;
        },
      ),
    ]);
    if (query.activity > 1 && activity?.activity.length === 0)
      throw new HttpError(404, `The recent activity has no page ${query.activity}.`);
    return { ...dashboard, activity };
  },
  render: (data) => ({
    view: <DashboardPage {...data} />,
    meta: {
      title: 'Dashboard',
      description: "Your firm's users, cases, documents and services at a glance.",
      noindex: true,
    },
  }),
});
