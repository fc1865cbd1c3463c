import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { pages } from '../../shared/paths';
import { fullName, ROLE_LABELS, type UserEntry } from '../../shared/users';
import type { FieldErrors } from '../../shared/validation';
import { Badge } from '../../../views/components/Badge';
import { capitalize } from '../../../views/components/format';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { stringFields } from '../../http/validation';
import { getUser, removeUser, updateUser } from '../actions';
import type { UserChange } from '../service';
import { NEW_USER_FIELDS, type NewUserField, type NewUserValues, outcomeOf, UserFields } from './users';

/** The stored user as the edit form's starting values. */
const editValuesOf = (user: UserEntry): NewUserValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
});

/** The attorney's profile fields, as USCIS forms print them. */
const PROFILE_FIELDS = ['barNumber', 'licensingAuthority', 'uscisAccountNumber'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileValues = Record<ProfileField, string>;
const PROFILE_INPUTS: Record<
  ProfileField,
  { label: string; maxLength: number; hint?: string; inputMode?: 'numeric' }
> = {
  barNumber: { label: 'Bar Number', maxLength: 30 },
  licensingAuthority: {
    label: 'Licensing Authority',
    hint: 'The state bar or court that admitted the attorney',
    maxLength: 100,
  },
  uscisAccountNumber: {
    label: 'USCIS Online Account Number',
    hint: '12 digits',
    inputMode: 'numeric',
    maxLength: 12,
  },
};

type Props = {
  user: UserEntry;
  values: NewUserValues;
  profile: ProfileValues;
  errors?: FieldErrors<NewUserField>;
  /** Why the change was refused as a whole. */
  refusal?: string;
  /** Why this person may not edit users at all (the permission matrix): the form is shown off. */
  closed?: string;
  /** Why the user cannot be removed (a rule or the matrix): the Remove link is shown off. */
  removeOff?: string;
};

/** /admin/users/{id}/edit: name, email and role as a real form; without JavaScript it posts and comes back. */
function UserEditPage({ user, values, profile, errors = {}, refusal, closed, removeOff }: Props) {
  const fieldErrors = errors as Partial<Record<string, string>>;
  const { csrfToken } = useRenderContext();
  const name = fullName(user);
  return (
    <section className="section">
      <p className="back-link">
        <a href={pages.admin.users}>← Back to User Management</a>
      </p>
      <h1 className="page-title">
        <Icon name="edit" />
        {`Edit ${name}`}
      </h1>
      <dl className="user-facts">
        <div>
          <dt>User ID</dt>
          <dd>{user.loginId}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge status={user.status} label={capitalize(user.status)} />
          </dd>
        </div>
      </dl>
      {closed && <Alert kind="error">{closed}</Alert>}
      {refusal && <Alert kind="error">{refusal}</Alert>}
      {Object.keys(errors).length > 0 && <Alert kind="error">Check the fields marked below.</Alert>}
      <form className="card form" method="post" action={pages.admin.userEdit(user.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(closed)}>
          <legend className="visually-hidden">{`Details of ${name}`}</legend>
          <UserFields
            idPrefix="edit"
            values={values}
            errors={errors}
            role={{
              blocked: user.blocked.demote,
              hint: `${ROLE_LABELS.admin}s manage the firm's users and settings.`,
            }}
          />
          <fieldset className="plain-fieldset">
            <legend>Attorney profile (Form G-28 and the forms’ attorney block)</legend>
            <div className="form-grid">
              {PROFILE_FIELDS.map((name) => (
                <Field
                  key={name}
                  id={`edit-${name}`}
                  name={name}
                  defaultValue={profile[name]}
                  error={fieldErrors[name]}
                  {...PROFILE_INPUTS[name]}
                />
              ))}
            </div>
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Save Changes
            </button>
            <a className="btn btn-secondary" href={pages.admin.users}>
              Cancel
            </a>
          </div>
        </fieldset>
      </form>
      <div className="danger-zone">
        {removeOff ? (
          <p className="muted">
            <button
              type="button"
              className="btn btn-danger-outline is-disabled"
              aria-disabled="true"
              aria-describedby="remove-off-reason"
            >
              {user.status === 'pending' ? 'Reject User' : 'Remove User'}
            </button>{' '}
            <span id="remove-off-reason">{removeOff}</span>
          </p>
        ) : (
          <a className="btn btn-danger-outline" href={pages.admin.userDelete(user.id)}>
            {user.status === 'pending' ? 'Reject User' : 'Remove User'}
          </a>
        )}
      </div>
    </section>
  );
}

export const userEditPage = page({
  path: pages.admin.userEdit(':id'),
  reads: [getUser],
  offers: { edit: updateUser, remove: removeUser },
  load: ({ read }) => read(getUser),
  render: (user, { closed, form }) => {
    const refusal = form?.refusal;
    const values = form
      ? ({ ...editValuesOf(user), ...stringFields(form.values, NEW_USER_FIELDS) } as NewUserValues)
      : editValuesOf(user);
    // A role select shown off posts nothing: keep the stored role.
    if (form && form.values.role === undefined) values.role = user.role;
    const profile: ProfileValues = {
      barNumber: user.barNumber ?? '',
      licensingAuthority: user.licensingAuthority ?? '',
      uscisAccountNumber: user.uscisAccountNumber ?? '',
      ...(form ? stringFields(form.values, PROFILE_FIELDS) : {}),
    };
    return {
      view: (
        <UserEditPage
          user={user}
          values={values}
          profile={profile}
          errors={refusal?.fields}
          refusal={refusal?.fields ? undefined : refusal?.message}
          closed={closed.edit}
          removeOff={user.blocked.remove ?? closed.remove}
        />
      ),
      meta: {
        title: `Edit ${fullName(user)}`,
        description: `Change the details of ${fullName(user)}.`,
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: updateUser,
      done: (_ctx, change: UserChange) => ({ to: pages.admin.users, flash: outcomeOf(change) }),
    },
  ],
});
