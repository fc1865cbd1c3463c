import type { Firm, FirmPage } from '../../src/shared/firms';
import { pages } from '../../src/shared/paths';
import { Badge } from '../components/Badge';
import { type Column, DataTable } from '../components/DataTable';
import { DateText } from '../components/Dates';
import { Icon } from '../../islands/ui/icon';
import { Pagination } from '../components/Pagination';
import { StatCard } from '../components/StatCard';

export type FirmCounts = { total: number; active: number; pending: number };

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
export function DashboardPage({ counts, list }: { counts: FirmCounts; list: FirmPage }) {
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
