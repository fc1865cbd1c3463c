import type { Firm, FirmPage } from '../../shared/firms';
import { pages } from '../../shared/paths';
import { Badge } from '../../../views/components/Badge';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateText } from '../../../views/components/Dates';
import { Icon } from '../../../islands/ui/icon';
import { Pagination } from '../../../views/components/Pagination';
import { StatCard } from '../../../views/components/StatCard';
import { z } from 'zod';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { listFirms } from '../actions';

const COLUMNS: Array<Column<Firm>> = [
  { header: 'Firm Name', rowHeader: true, cell: (f) => <a href={pages.reti.firm(f.id)}>{f.name}</a> },
  { header: 'Contact Person', cell: (f) => f.contactPerson },
  { header: 'Role', cell: (f) => f.contactRole },
  { header: 'Email', cell: (f) => f.email, className: 'break-anywhere' },
  { header: 'Phone', cell: (f) => f.phone, className: 'phone' },
  { header: 'Status', cell: (f) => <Badge status={f.status} /> },
  { header: 'Onboard Date', cell: (f) => <DateText value={f.onboardDate} />, className: 'nowrap' },
  { header: 'Actions', cell: (f) => <RowActions firm={f} />, className: 'nowrap' },
];

/** The edit, view and delete icons of a row; each link names its firm for screen readers. */
function RowActions({ firm }: { firm: Firm }) {
  return (
    <span className="row-actions">
      <a href={pages.reti.firmEdit(firm.id)} aria-label={`Edit ${firm.name}`} title="Edit">
        <Icon name="edit" />
      </a>
      <a href={pages.reti.firm(firm.id)} aria-label={`View ${firm.name}`} title="View">
        <Icon name="view" />
      </a>
      <a
        href={pages.reti.firmDelete(firm.id)}
        className="danger"
        aria-label={`Delete ${firm.name}`}
        title="Delete"
      >
        <Icon name="delete" />
      </a>
    </span>
  );
}

/** /reti/dashboard: the firm counts and one page of the firms table. */
function DashboardPage({ list }: { list: FirmPage }) {
  const { counts } = list;
  const pageCount = Math.ceil(list.total / list.pageSize);
  const first = (list.page - 1) * list.pageSize + 1;
  return (
    <section className="section">
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="dashboard" />
          Dashboard
        </h1>
        <div className="page-actions">
          <a className="btn btn-secondary" href={pages.reti.ruleTables}>
            Rule Tables
          </a>
          <a className="btn btn-secondary" href={pages.reti.restores}>
            Restore a Firm Backup
          </a>
          <a className="btn btn-primary" href={pages.reti.onboarding}>
            Add New Firm
          </a>
        </div>
      </div>
      <div className="stat-grid">
        <StatCard label="Total Firms" value={counts.total} />
        <StatCard label="Active Firms" value={counts.active} />
        <StatCard label="Pending Firms" value={counts.pending} />
      </div>
      <DataTable
        caption="Firms"
        columns={COLUMNS}
        rows={list.firms}
        rowKey={(f) => f.id}
        empty="No firms yet."
      />
      {list.total > 0 && (
        <p className="muted list-summary">
          {`Showing ${first}–${first + list.firms.length - 1} of ${list.total} firms`}
        </p>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount}
        href={(n) => `${pages.reti.dashboard}?page=${n}`}
        label="Pages of the firms table"
      />
    </section>
  );
}

/** Rows per page of the dashboard's firms table. */
export const DASHBOARD_PAGE_SIZE = 20;

const dashboardQuery = z.object({
  page: z.coerce
    .number({ error: 'The page number must be a whole number from 1.' })
    .int('The page number must be a whole number from 1.')
    .min(1, 'The page number must be a whole number from 1.')
    .max(100_000, 'The page number must be a whole number from 1.')
    .default(1),
});

export const staffDashboard = page({
  path: pages.reti.dashboard,
  reads: [listFirms],
  query: dashboardQuery,
  menu: { role: 'reti', order: 1, id: 'dashboard', label: 'Dashboard', icon: 'dashboard' },
  async load({ read, query }) {
    const list = await read(listFirms, { input: { page: query.page, pageSize: DASHBOARD_PAGE_SIZE } });
    if (query.page > 1 && list.firms.length === 0)
      throw new HttpError(404, `The firms table has no page ${query.page}.`);
    return list;
  },
  render: (list) => ({
    view: <DashboardPage list={list} />,
    meta: {
      title: 'Dashboard',
      description: 'Every firm on the platform and its onboarding status.',
      noindex: true,
    },
  }),
});
