import { pages } from '../../shared/paths';
import { fullName, type UserEntry } from '../../shared/users';
import { ConfirmDelete } from '../../../views/components/ConfirmDelete';
import { page } from '../../access/page';
import { USER_OUTCOMES } from '../../shared/users';
import { getUser, removeUser } from '../actions';
import type { UserChange } from '../service';

type Props = {
  user: UserEntry;
  /** Why the removal just posted was refused. */
  refusal?: string;
  /** Why it cannot be done now (a rule, or the matrix): the button is shown disabled. */
  disabled?: string;
};

/**
 * /admin/users/{id}/delete: rejecting a pending account or removing a user, confirmed first; a plain
 * form, so it works without JavaScript.
 */
function UserConfirmPage({ user, refusal, disabled }: Props) {
  const name = fullName(user);
  const rejecting = user.status === 'pending';
  return (
    <ConfirmDelete
      title={rejecting ? 'Reject User' : 'Remove User'}
      refusal={refusal}
      disabled={disabled}
      action={pages.admin.userDelete(user.id)}
      cancelHref={pages.admin.users}
      submitLabel={rejecting ? 'Reject' : 'Remove'}
    >
      <p>
        {rejecting
          ? `Are you sure you want to reject ${name} (${user.email})? The pending account is removed and its invitation link stops working.`
          : `Are you sure you want to remove ${name} (${user.loginId})? The account is removed and every session of it ends. This cannot be undone.`}
      </p>
    </ConfirmDelete>
  );
}

/** Rejecting a pending account or removing a user, confirmed first. */
export const userDeletePage = page({
  path: pages.admin.userDelete(':id'),
  reads: [getUser],
  offers: { remove: removeUser },
  load: ({ read }) => read(getUser),
  render: (user, { closed, form }) => {
    const verb = user.status === 'pending' ? 'Reject' : 'Remove';
    return {
      view: (
        <UserConfirmPage
          user={user}
          refusal={form?.refusal?.message}
          disabled={form?.refusal ? undefined : (user.blocked.remove ?? closed.remove)}
        />
      ),
      meta: {
        title: `${verb} ${fullName(user)}`,
        description: `${verb} the account of ${fullName(user)}.`,
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: removeUser,
      done: (_ctx, { user, event }: { user: UserChange['user']; event: 'removed' | 'rejected' }) => ({
        to: pages.admin.users,
        flash: USER_OUTCOMES[event](fullName(user)),
      }),
    },
  ],
});
