import type { ReactNode } from 'react';
import type { Firm, FirmUser } from '../../src/shared/firms';
import { Badge } from '../components/Badge';
import { type Column, DataTable } from '../components/DataTable';
import { capitalize, dateTime } from '../components/format';
import { Icon } from '../../islands/icon';

const USER_COLUMNS: Array<Column<FirmUser>> = [
  { header: 'User ID', rowHeader: true, cell: (u) => u.userId, className: 'break-anywhere' },
  { header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}`.trim() },
  { header: 'Email', cell: (u) => u.email, className: 'break-anywhere' },
  { header: 'Role', cell: (u) => u.role },
  { header: 'Status', cell: (u) => <Badge status={u.status} label={capitalize(u.status)} /> },
  { header: 'Last Login', cell: (u) => (u.lastLogin ? dateTime(u.lastLogin) : 'Never'), className: 'nowrap' },
];

const NOT_GIVEN = 'Not given';

/** /reti/firms/{id}: every field of the firm, its users, and the ways to edit or delete it. */
export function FirmPage({ firm, users }: { firm: Firm; users: FirmUser[] }) {
  const details: Array<[string, ReactNode]> = [
    ['Firm Name', firm.name],
    ['Contact Person', firm.contactPerson],
    ['Contact Role', firm.contactRole],
    ['Email', <a href={`mailto:${firm.email}`}>{firm.email}</a>],
    ['Phone', firm.phone],
    ['Status', <Badge status={firm.status} />],
    ['Onboard Date', firm.onboardDate],
    ['Industry', firm.industry ? capitalize(firm.industry) : NOT_GIVEN],
    ['Address', firm.address || NOT_GIVEN],
  ];
  return (
    <section className="section">
      <p className="back-link">
        <a href="/reti/dashboard">← Back to Dashboard</a>
      </p>
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="firm" />
          {firm.name}
        </h1>
        <div className="page-actions">
          <a className="btn btn-secondary" href={`/reti/firms/${firm.id}/edit`}>
            <Icon name="edit" />
            Edit Firm
          </a>
          <a className="btn btn-danger-outline" href={`/reti/firms/${firm.id}/delete`}>
            <Icon name="delete" />
            Delete Firm
          </a>
        </div>
      </div>
      <div className="card">
        <h2>Firm details</h2>
        <dl className="details">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <DataTable
        caption={`Users of ${firm.name}`}
        columns={USER_COLUMNS}
        rows={users}
        rowKey={(u) => u.id}
        empty="This firm has no users yet."
      />
    </section>
  );
}
