import { Alert } from '../../../islands/ui/form';
import { pages } from '../../shared/paths';
import { fullName, ROLE_LABELS, type UserEntry } from '../../shared/users';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { USER_OUTCOMES } from '../../shared/users';
import { approveRequest, getAccountRequest, getUser } from '../actions';
import type { UserAdded } from '../service';
import { kindOf } from './users';

type Props = {
  user: UserEntry;
  /** The staff member who asked, and when (ISO). */
  requestedBy: string;
  requestedAt: string;
  /** Why the approval just posted was refused. */
  refusal?: string;
  /** Why this person cannot approve it (a rule, or the matrix): the button is shown disabled. */
  disabled?: string;
};

/**
 * /admin/users/{id}/approval: an account platform staff asked to add to the firm, reviewed by one of its
 * administrators, who approves it (its invitation is then emailed) or rejects it. A plain form: it works
 * without JavaScript.
 */
function UserApprovalPage({ user, requestedBy, requestedAt, refusal, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  const name = fullName(user);
  const reason = refusal ?? disabled;
  const sees =
    user.role === 'admin'
      ? "the firm's clients, cases and documents, and manage its accounts and settings"
      : "the firm's clients, cases and documents";
  return (
    <section className="narrow card user-review">
      <h1>Review request</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      <p>
        {requestedBy}, of Reti Immigration's platform staff, asked on <DateTimeText value={requestedAt} /> to
        add this account to your firm:
      </p>
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="break-anywhere">{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
        </div>
        <div>
          <dt>User ID</dt>
          <dd>{user.loginId}</dd>
        </div>
      </dl>
      <p>
        Nobody can sign in with it yet. Approving it emails {user.email} an invitation to choose a password;
        whoever accepts it can then sign in and see {sees}. If your firm did not ask for this account, reject
        it.
      </p>
      <form method="post" action={pages.admin.userApproval(user.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={disabled !== undefined}
            aria-describedby={disabled ? 'approve-disabled-reason' : undefined}
          >
            Approve and send the invitation
          </button>
          <a className="btn btn-danger-outline" href={pages.admin.userDelete(user.id)}>
            Reject
          </a>
          <a className="btn btn-secondary" href={pages.admin.users}>
            Cancel
          </a>
        </div>
        {disabled && (
          <p className="visually-hidden" id="approve-disabled-reason">
            {disabled}
          </p>
        )}
      </form>
    </section>
  );
}

/** The review of an account platform staff asked for: who asked and when, read through the matrix. */
export const userApprovalPage = page({
  path: pages.admin.userApproval(':id'),
  reads: [getUser, getAccountRequest],
  offers: { review: approveRequest },
  load: ({ read }) => read(getAccountRequest),
  render: (request, { closed, form }) => ({
    view: (
      <UserApprovalPage
        {...request}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : (request.user.blocked.review ?? closed.review)}
      />
    ),
    meta: {
      title: `Review request: ${fullName(request.user)}`,
      description: `The account platform staff asked to add: ${fullName(request.user)}.`,
      noindex: true,
    },
  }),
  forms: [
    {
      action: approveRequest,
      done: (_ctx, approved: UserAdded) => ({
        to: pages.admin.users,
        flash: USER_OUTCOMES.requestApproved(fullName(approved.user), approved.invitation),
        kind: kindOf(approved),
      }),
      // No such user: the error page; anything else is said on the review.
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
