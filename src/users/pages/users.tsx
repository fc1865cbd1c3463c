import { Alert, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { pages } from '../../shared/paths';
import {
  FIRM_ROLES,
  fullName,
  ROLE_FILTERS,
  ROLE_LABELS,
  USER_LIMITS,
  USER_STATUSES,
  type UserEntry,
  type UserFilter,
  type UserList,
  USER_OUTCOMES,
  usersPath,
} from '../../shared/users';
import type { FieldErrors } from '../../shared/validation';
import { Badge } from '../../../views/components/Badge';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { capitalize } from '../../../views/components/format';
import { Pagination } from '../../../views/components/Pagination';
import { StatCard } from '../../../views/components/StatCard';
import { useRenderContext } from '../../../views/context';
import { page, type PageContext } from '../../access/page';
import { HttpError } from '../../http/errors';
import { parseInput, stringFields } from '../../http/validation';
import {
  addUser,
  approveRequest,
  changeUser,
  listUsers,
  removeUser,
  resendInvitation,
  updateUser,
} from '../actions';
import { statusFormSchema, userListQuery } from '../schema';
import type { UserAdded, UserChange } from '../service';

export const NEW_USER_FIELDS = ['firstName', 'lastName', 'email', 'role'] as const;
export type NewUserField = (typeof NEW_USER_FIELDS)[number];
export type NewUserValues = Record<NewUserField, string>;
export const EMPTY_NEW_USER: NewUserValues = { firstName: '', lastName: '', email: '', role: 'user' };

/** Why the person may not use a kind of control at all (the permission matrix), by control. */
export type ClosedControls = {
  add?: string;
  edit?: string;
  status?: string;
  remove?: string;
  invite?: string;
  review?: string;
};

type UsersPageProps = {
  list: UserList<UserEntry>;
  filter: UserFilter;
  closed: ClosedControls;
  /** The add-user form as entered, when it was refused. */
  add?: { values: NewUserValues; errors?: FieldErrors<NewUserField>; error?: string };
  /** Why a change of one user was refused. */
  error?: string;
};

export const ROLE_OPTIONS = FIRM_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/**
 * A user's name, email and role, as the add and edit forms ask them. `autoComplete` lets the browser
 * suggest a person's name and email (the add form); `role` says why the role cannot change, if it cannot.
 */
export function UserFields(props: {
  idPrefix: string;
  values: NewUserValues;
  errors: FieldErrors<NewUserField>;
  autoComplete?: boolean;
  role?: { blocked?: string; hint: string };
}) {
  const { idPrefix, values, errors } = props;
  const text = (id: NewUserField, label: string, type: string, autoComplete: string) => (
    <Field
      id={`${idPrefix}-${id}`}
      name={id}
      label={label}
      type={type}
      required
      maxLength={id === 'email' ? USER_LIMITS.email : USER_LIMITS.name}
      autoComplete={props.autoComplete ? autoComplete : 'off'}
      defaultValue={values[id]}
      error={errors[id]}
    />
  );
  return (
    <div className="form-grid">
      {text('firstName', 'First Name', 'text', 'given-name')}
      {text('lastName', 'Last Name', 'text', 'family-name')}
      {text('email', 'Email', 'email', 'email')}
      <SelectField
        id={`${idPrefix}-role`}
        name="role"
        label="Role"
        required
        options={ROLE_OPTIONS}
        defaultValue={values.role}
        // A role that cannot change is not posted: the rest of the form still saves.
        disabled={Boolean(props.role?.blocked)}
        hint={props.role && (props.role.blocked ?? props.role.hint)}
        error={errors.role}
      />
    </div>
  );
}
const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLE_FILTERS.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
];
const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...USER_STATUSES.map((s) => ({ value: s, label: capitalize(s) })),
];
const AWAITING = {
  invitation: 'Invitation sent',
  approval: 'Awaiting approval',
  request: 'Requested by platform staff',
} as const;
/** The id of the note that says why every row's control of a kind is off. */
const closedNoteId = (kind: keyof ClosedControls) => `users-closed-${kind}`;

/** /admin/users: the firm's users, their statistics, search and filters, and the add-user form. */
function UsersPage({ list, filter, closed, add, error }: UsersPageProps) {
  const pageCount = Math.ceil(list.total / list.pageSize);
  const first = (list.page - 1) * list.pageSize + 1;
  const filtered = Boolean(filter.q || filter.role || filter.status);
  const columns: Array<Column<UserEntry>> = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (u) => (
        <>
          {fullName(u)} <span className="user-login muted">{u.loginId}</span>
        </>
      ),
    },
    { header: 'Email', cell: (u) => u.email, className: 'break-anywhere' },
    { header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
    {
      header: 'Status',
      cell: (u) => (
        <>
          <Badge status={u.status} label={capitalize(u.status)} />
          {u.awaiting && <span className="user-awaiting muted"> {AWAITING[u.awaiting]}</span>}
        </>
      ),
    },
    {
      header: 'Last Login',
      cell: (u) => (u.lastLogin ? <DateTimeText value={u.lastLogin} /> : 'Never'),
      className: 'nowrap',
    },
    {
      header: 'Actions',
      cell: (u) => <RowActions user={u} closed={closed} filter={filter} page={list.page} />,
    },
  ];
  const closedNotes = (['edit', 'status', 'remove', 'invite', 'review'] as const).filter(
    (kind) => closed[kind],
  );
  return (
    <section className="section users-page">
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="users" />
          User Management
        </h1>
        {!closed.add && (
          <a className="btn btn-primary" href="#add-user">
            Add User
          </a>
        )}
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="stat-grid">
        <StatCard label="Total Users" value={list.counts.total} />
        <StatCard label="Active Users" value={list.counts.active} />
        <StatCard label="Pending Users" value={list.counts.pending} />
        <StatCard label="Suspended Users" value={list.counts.suspended} />
      </div>
      <form className="card users-search" method="get" action={pages.admin.users} role="search">
        <Field
          id="users-q"
          name="q"
          type="search"
          label="Search"
          hint="Name, email or user ID"
          maxLength={USER_LIMITS.search}
          defaultValue={filter.q}
        />
        <SelectField
          id="users-role"
          name="role"
          label="Role"
          options={ROLE_FILTER_OPTIONS}
          defaultValue={filter.role ?? ''}
        />
        <SelectField
          id="users-status"
          name="status"
          label="Status"
          options={STATUS_FILTER_OPTIONS}
          defaultValue={filter.status ?? ''}
        />
        <div className="users-search-actions">
          <button type="submit" className="btn btn-secondary">
            Search
          </button>
          {filtered && <a href={pages.admin.users}>Clear search</a>}
        </div>
      </form>
      {closedNotes.map((kind) => (
        <p key={kind} className="muted control-reasons" id={closedNoteId(kind)}>
          {closed[kind]}
        </p>
      ))}
      <DataTable
        caption={filtered ? 'Users matching the search' : 'Users'}
        columns={columns}
        rows={list.users}
        rowKey={(u) => u.id}
        empty={filtered ? 'No users match the search.' : 'This firm has no users yet.'}
      />
      {list.total > 0 && (
        <p className="muted list-summary">
          {`Showing ${first}–${first + list.users.length - 1} of ${list.total} users`}
        </p>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount}
        href={(n) => usersPath({ ...filter, page: n })}
        label="Pages of the users table"
      />
      <AddUserForm closed={closed.add} {...add} />
    </section>
  );
}

/** Edit, and the status changes this user's status allows; a control that cannot be used says why. */
function RowActions(props: { user: UserEntry; closed: ClosedControls; filter: UserFilter; page: number }) {
  const { user, closed } = props;
  const name = fullName(user);
  const status = (label: string, to: 'active' | 'suspended', blocked: string | undefined) => (
    <StatusForm {...props} label={label} to={to} blocked={blocked} />
  );
  return (
    <div className="user-actions">
      <LinkControl
        href={pages.admin.userEdit(user.id)}
        label="Edit"
        name={name}
        closed={closed.edit && closedNoteId('edit')}
      />
      {user.status === 'active' && status('Suspend', 'suspended', user.blocked.suspend)}
      {user.status === 'suspended' && status('Reactivate', 'active', user.blocked.reactivate)}
      {user.awaiting === 'request' ? (
        <LinkControl
          href={pages.admin.userApproval(user.id)}
          label="Review request"
          name={name}
          blocked={user.blocked.review}
          closed={closed.review && closedNoteId('review')}
          reasonId={`user-${user.id}-review`}
        />
      ) : (
        user.status === 'pending' && status('Approve', 'active', user.blocked.approve)
      )}
      {user.awaiting === 'invitation' && <ResendForm {...props} />}
      {user.status === 'pending' && (
        <LinkControl
          href={pages.admin.userDelete(user.id)}
          label="Reject"
          name={name}
          danger
          blocked={user.blocked.remove}
          closed={closed.remove && closedNoteId('remove')}
          reasonId={`user-${user.id}-reject`}
        />
      )}
    </div>
  );
}

/** A small form that sets the user's status, keeping the list's search for the way back. */
function StatusForm(props: {
  user: UserEntry;
  closed: ClosedControls;
  filter: UserFilter;
  page: number;
  label: string;
  to: 'active' | 'suspended';
  blocked?: string;
}) {
  const { csrfToken } = useRenderContext();
  const { user, label } = props;
  const reasonId = `user-${user.id}-${label.toLowerCase()}`;
  const name = `${label} ${fullName(user)}`;
  const className = label === 'Suspend' ? 'btn btn-small btn-danger-outline' : 'btn btn-small btn-secondary';
  if (props.blocked || props.closed.status)
    return (
      <OffButton
        label={label}
        name={name}
        className={className}
        describedBy={props.blocked ? reasonId : closedNoteId('status')}
        reason={props.blocked}
      />
    );
  return (
    <form method="post" action={pages.admin.userStatus(user.id)} className="user-status-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="status" value={props.to} />
      <ListView filter={props.filter} page={props.page} />
      <button type="submit" className={className} aria-label={name}>
        {label}
      </button>
    </form>
  );
}

/** The list's search, carried by a row's form for the way back to the list as it was. */
function ListView({ filter, page }: { filter: UserFilter; page: number }) {
  return (
    <>
      {filter.q && <input type="hidden" name="q" value={filter.q} />}
      {filter.role && <input type="hidden" name="role" value={filter.role} />}
      {filter.status && <input type="hidden" name="listStatus" value={filter.status} />}
      {page > 1 && <input type="hidden" name="page" value={page} />}
    </>
  );
}

/** Resend invitation: a pending user who has not accepted gets a new link (the old ones stop working). */
function ResendForm(props: { user: UserEntry; closed: ClosedControls; filter: UserFilter; page: number }) {
  const { csrfToken } = useRenderContext();
  const { user } = props;
  const label = 'Resend invitation';
  const name = `${label} to ${fullName(user)}`;
  const className = 'btn btn-small btn-secondary';
  if (user.blocked.invite || props.closed.invite)
    return (
      <OffButton
        label={label}
        name={name}
        className={className}
        describedBy={user.blocked.invite ? `user-${user.id}-invite` : closedNoteId('invite')}
        reason={user.blocked.invite}
      />
    );
  return (
    <form method="post" action={pages.admin.userInvitation(user.id)} className="user-status-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <ListView filter={props.filter} page={props.page} />
      <button type="submit" className={className} aria-label={name}>
        {label}
      </button>
    </form>
  );
}

/** A link styled as a button (Edit, Reject), or the same control off with the reason. */
function LinkControl(props: {
  href: string;
  label: string;
  name: string;
  danger?: boolean;
  blocked?: string;
  /** The note that says why every row's control of this kind is off. */
  closed?: string | false;
  reasonId?: string;
}) {
  const className = props.danger ? 'btn btn-small btn-danger-outline' : 'btn btn-small btn-secondary';
  const label = `${props.label} ${props.name}`;
  if (props.blocked || props.closed)
    return (
      <OffButton
        label={props.label}
        name={label}
        className={className}
        describedBy={props.blocked ? props.reasonId! : (props.closed as string)}
        reason={props.blocked}
      />
    );
  return (
    <a className={className} href={props.href} aria-label={label}>
      {props.label}
    </a>
  );
}

/**
 * A control that cannot be used here: still focusable (aria-disabled), so keyboard and screen-reader
 * users hear why, and no form around it, so nothing is posted. A reason of this row is shown beside it.
 */
function OffButton(props: {
  label: string;
  name: string;
  className: string;
  describedBy: string;
  reason?: string;
}) {
  return (
    <span className="user-control-off">
      <button
        type="button"
        className={`${props.className} is-disabled`}
        aria-disabled="true"
        aria-label={props.name}
        aria-describedby={props.describedBy}
        title={props.reason}
      >
        {props.label}
      </button>
      {props.reason && (
        <span className="control-reason muted" id={props.describedBy}>
          {props.reason}
        </span>
      )}
    </span>
  );
}

/** SPEC's add-user form: first name, last name, email and role; the account is invited by email. */
function AddUserForm(props: {
  closed?: string;
  values?: NewUserValues;
  errors?: FieldErrors<NewUserField>;
  error?: string;
}) {
  const { csrfToken } = useRenderContext();
  const values = props.values ?? EMPTY_NEW_USER;
  const errors = props.errors ?? {};
  return (
    <section className="card add-user" id="add-user" aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add User</h2>
      <p className="muted">
        The new user gets a user ID made from their email and an invitation email to choose their password.
      </p>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {Object.keys(errors).length > 0 && <Alert kind="error">Check the fields marked below.</Alert>}
      <form method="post" action={pages.admin.users} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
          <legend className="visually-hidden">New user</legend>
          <UserFields idPrefix="add" values={values} errors={errors} autoComplete />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Add User
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** What the person who changed a user reads. */
export const outcomeOf = ({ user, event }: UserChange) => {
  const name = fullName(user);
  return event === 'unchanged' ? USER_OUTCOMES.updated(name) : USER_OUTCOMES[event](name);
};

/** An invitation email not sent is said as an error, where it happened. */
export const kindOf = ({ invitation }: UserAdded) =>
  invitation.delivery === 'sent' ? ('success' as const) : ('error' as const);

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 20;

/** The list's search as a status form carried it (its own status field is the change, not the filter). */
function listViewOf(body: Record<string, unknown>): UserFilter & { page: number } {
  const parsed = userListQuery.safeParse({
    q: body.q,
    role: body.role,
    status: body.listStatus,
    page: body.page,
  });
  return parsed.success ? parsed.data : { q: '', page: 1 };
}

/** Back to the list as it was when the form was posted. */
const listPathOf = (ctx: PageContext) => usersPath(listViewOf(ctx.form?.values ?? bodyOf(ctx)));
const bodyOf = (ctx: PageContext) => (ctx.req.body ?? {}) as Record<string, unknown>;

/** The list the page shows: as asked, or as the refused form had it (the add form: the first page). */
function viewOf({ form, req }: PageContext): UserFilter & { page: number } {
  if (!form) return parseInput(userListQuery, req.query);
  return form.action === addUser.name ? { q: '', page: 1 } : listViewOf(form.values);
}

/** A refused change of one user that names no user of the firm: the error page. */
const unlessNotFound = (_ctx: PageContext, refusal: { status: number; error?: unknown }) => {
  if (refusal.status === 404) throw refusal.error;
  return undefined;
};

/** User Management: the firm's users, searched and filtered, the add form and each row's controls. */
export const usersPage = page({
  path: pages.admin.users,
  reads: [listUsers],
  offers: {
    add: addUser,
    edit: updateUser,
    status: changeUser,
    remove: removeUser,
    invite: resendInvitation,
    review: approveRequest,
  },
  menu: { role: 'admin', order: 2, id: 'users', label: 'User Management', icon: 'users' },
  async load(ctx) {
    const filter = viewOf(ctx);
    const list = await ctx.read(listUsers, { input: { ...filter, pageSize: USERS_PAGE_SIZE } });
    if (!ctx.form && filter.page > 1 && list.users.length === 0)
      throw new HttpError(404, `The users table has no page ${filter.page}.`);
    return { list, filter };
  },
  render: ({ list, filter }, { closed, form }) => {
    const refusal = form?.refusal;
    const adding = form?.action === addUser.name && refusal;
    return {
      view: (
        <UsersPage
          list={list}
          filter={filter}
          closed={closed}
          add={
            adding
              ? {
                  values: stringFields(form.values, NEW_USER_FIELDS) as NewUserValues,
                  errors: refusal.fields,
                  error: refusal.fields ? undefined : refusal.message,
                }
              : undefined
          }
          error={refusal && !adding ? refusal.message : undefined}
        />
      ),
      meta: {
        title: 'User Management',
        description: "Add, approve and suspend your firm's users.",
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: addUser,
      done: (_ctx, added: UserAdded) => ({
        to: pages.admin.users,
        flash: USER_OUTCOMES.added(fullName(added.user), added.user.loginId, added.invitation),
        kind: kindOf(added),
      }),
    },
    {
      action: resendInvitation,
      path: pages.admin.userInvitation(':id'),
      done: (ctx, sent: UserAdded) => ({
        to: listPathOf(ctx),
        flash: USER_OUTCOMES.reinvited(fullName(sent.user), sent.invitation),
        kind: kindOf(sent),
      }),
      refused: unlessNotFound,
    },
    {
      action: changeUser,
      path: pages.admin.userStatus(':id'),
      schema: statusFormSchema,
      done: (ctx, change: UserChange) => ({ to: listPathOf(ctx), flash: outcomeOf(change) }),
      refused: unlessNotFound,
    },
  ],
});
