import type { ReactNode } from 'react';
import type { Firm, FirmUser } from '../../shared/firms';
import { Badge } from '../../../views/components/Badge';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { capitalize } from '../../../views/components/format';
import { Icon } from '../../../islands/ui/icon';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { deleteFirm, getFirm, getFirmUsers, updateFirm } from '../actions';

const USER_COLUMNS: Array<Column<FirmUser>> = [
  { header: 'User ID', rowHeader: true, cell: (u) => u.userId, className: 'break-anywhere' },
  { header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}`.trim() },
  { header: 'Email', cell: (u) => u.email, className: 'break-anywhere' },
  { header: 'Role', cell: (u) => u.role },
  { header: 'Status', cell: (u) => <Badge status={u.status} label={capitalize(u.status)} /> },
  {
    header: 'Last Login',
    cell: (u) => (u.lastLogin ? <DateTimeText value={u.lastLogin} /> : 'Never'),
    className: 'nowrap',
  },
];

const NOT_GIVEN = 'Not given';

type Props = {
  firm: Firm;
  users: FirmUser[];
  /** Why this user cannot edit or delete the firm now; the control is then shown disabled, with why. */
  editDisabled?: string;
  deleteDisabled?: string;
};

/** /reti/firms/{id}: every field of the firm, its users, and the ways to edit or delete it. */
function FirmPage({ firm, users, editDisabled, deleteDisabled }: Props) {
  const { user } = useRenderContext();
  const details: Array<[string, ReactNode]> = [
    ['Firm Name', firm.name],
    ['Contact Person', firm.contactPerson],
    ['Contact Role', firm.contactRole],
    ['Email', <a href={`mailto:${firm.email}`}>{firm.email}</a>],
    ['Phone', firm.phone],
    ['Status', <Badge status={firm.status} />],
    ['Onboard Date', <DateText value={firm.onboardDate} />],
    ['Industry', firm.industry ? capitalize(firm.industry) : NOT_GIVEN],
    ['Address', firm.address || NOT_GIVEN],
  ];
  return (
    <section className="section">
      <p className="back-link">
        <a href={pages.reti.dashboard}>← Back to Dashboard</a>
      </p>
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="firm" />
          {firm.name}
        </h1>
        <div className="page-actions">
          <Control
            href={pages.reti.firmEdit(firm.id)}
            icon="edit"
            label="Edit Firm"
            disabled={editDisabled}
          />
          <Control
            href={pages.reti.firmDelete(firm.id)}
            icon="delete"
            label="Delete Firm"
            danger
            disabled={deleteDisabled}
          />
        </div>
      </div>
      {(editDisabled ?? deleteDisabled) && (
        <p className="muted control-reasons">
          {[editDisabled, deleteDisabled].filter(Boolean).join(' ')}
          {user?.role === 'reti' && (
            <>
              {' '}
              <a href={pages.reti.actions}>Actions Management</a>
            </>
          )}
        </p>
      )}
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

/** A page button, or while the action is not open to this user, the same button disabled with the reason. */
function Control(props: {
  href: string;
  icon: 'edit' | 'delete';
  label: string;
  danger?: boolean;
  disabled?: string;
}) {
  const className = props.danger ? 'btn btn-danger-outline' : 'btn btn-secondary';
  if (props.disabled)
    return (
      <button type="button" className={className} disabled title={props.disabled}>
        <Icon name={props.icon} />
        {props.label}
      </button>
    );
  return (
    <a className={className} href={props.href}>
      <Icon name={props.icon} />
      {props.label}
    </a>
  );
}

export const firmPage = page({
  path: pages.reti.firm(':id'),
  reads: [getFirm, getFirmUsers],
  offers: { edit: updateFirm, remove: deleteFirm },
  load: async ({ read }) => {
    const [firm, users] = await Promise.all([read(getFirm), read(getFirmUsers)]);
    return { firm, users };
  },
  render: ({ firm, users }, { closed }) => ({
    view: <FirmPage firm={firm} users={users} editDisabled={closed.edit} deleteDisabled={closed.remove} />,
    meta: { title: firm.name, description: `The details and users of ${firm.name}.`, noindex: true },
  }),
});
