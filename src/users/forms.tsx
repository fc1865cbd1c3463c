import type { Request, Response } from 'express';
import { UserApprovalPage } from '../../views/admin/UserApprovalPage';
import { UserConfirmPage } from '../../views/admin/UserConfirmPage';
import { editValuesOf, UserEditPage } from '../../views/admin/UserEditPage';
import {
  type ClosedControls,
  NEW_USER_FIELDS,
  type NewUserValues,
  UsersPage,
  type UsersPageProps,
} from '../../views/admin/UsersPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import type { SessionUser } from '../shared/session';
import { fullName, type UserEntry, type UserFilter, usersPath } from '../shared/users';
import { userListQuery } from './schema';
import type { AccountRequest, UserAdminService } from './service';

export type UsersDeps = {
  users: UserAdminService;
  render: Renderer;
  /** Why the person may not use each kind of control at all, as the permission matrix says now. */
  closedFor: (user: SessionUser | undefined) => ClosedControls;
};
type Ctx = ActionContext<UsersDeps>;

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 20;

const USERS_META = {
  title: 'User Management',
  description: "Add, approve and suspend your firm's users.",
  noindex: true,
};

/** The list's search as a status form carried it (its own status field is the change, not the filter). */
export function listViewOf(body: Record<string, unknown>): UserFilter & { page: number } {
  const parsed = userListQuery.safeParse({
    q: body.q,
    role: body.role,
    status: body.listStatus,
    page: body.page,
  });
  return parsed.success ? parsed.data : { q: '', page: 1 };
}

/** Back to the list as it was when the form was posted. */
export const listPathOf = (body: Record<string, unknown>) => usersPath(listViewOf(body));

export function showUsers(
  deps: UsersDeps,
  req: Request,
  res: Response,
  state: Omit<UsersPageProps, 'closed'>,
  status = 200,
) {
  deps.render(req, res, <UsersPage {...state} closed={deps.closedFor(req.session.user)} />, {
    meta: USERS_META,
    status,
  });
}

/** The list again (as the form's list view had it), with the refusal said above it. */
async function listAgain(
  ctx: Ctx,
  view: UserFilter & { page: number },
  state: Partial<UsersPageProps>,
  status: number,
) {
  const list = await ctx.deps.users.list(ctx.actor!, { ...view, pageSize: USERS_PAGE_SIZE });
  showUsers(ctx.deps, ctx.req, ctx.res, { list, filter: view, ...state }, status);
}

/** The add-user form refused: the list with the form's values and each message beside its field. */
export async function renderAddRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const values = stringFields(body, NEW_USER_FIELDS) as NewUserValues;
  await listAgain(
    ctx,
    { q: '', page: 1 },
    { add: { values, errors: refusal.fields, error: refusal.fields ? undefined : refusal.message } },
    refusal.status,
  );
}

/** A refused Approve, Suspend or Reactivate: the list as it was, with why. */
export async function renderStatusRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  if (refusal.status === 404) throw refusal.error;
  await listAgain(ctx, listViewOf(body), { error: refusal.message }, refusal.status);
}

export function showEdit(
  deps: UsersDeps,
  req: Request,
  res: Response,
  user: UserEntry,
  form: { values?: NewUserValues; refusal?: Refusal } = {},
) {
  const closed = deps.closedFor(req.session.user);
  const page = (
    <UserEditPage
      user={user}
      values={form.values ?? editValuesOf(user)}
      errors={form.refusal?.fields}
      refusal={form.refusal?.fields ? undefined : form.refusal?.message}
      closed={closed.edit}
      removeOff={user.blocked.remove ?? closed.remove}
    />
  );
  deps.render(req, res, page, {
    meta: {
      title: `Edit ${fullName(user)}`,
      description: `Change the details of ${fullName(user)}.`,
      noindex: true,
    },
    status: form.refusal?.status ?? 200,
  });
}

export async function renderEditRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const user = await ctx.deps.users.get(ctx.actor!, ctx.params.id);
  const values = { ...editValuesOf(user), ...stringFields(body, NEW_USER_FIELDS) } as NewUserValues;
  // A role select shown off posts nothing: keep the stored role.
  if (body.role === undefined) values.role = user.role;
  showEdit(ctx.deps, ctx.req, ctx.res, user, { values, refusal });
}

export function showConfirm(
  deps: UsersDeps,
  req: Request,
  res: Response,
  user: UserEntry,
  refusal?: Refusal,
) {
  const verb = user.status === 'pending' ? 'Reject' : 'Remove';
  const disabled = user.blocked.remove ?? deps.closedFor(req.session.user).remove;
  deps.render(
    req,
    res,
    <UserConfirmPage user={user} refusal={refusal?.message} disabled={refusal ? undefined : disabled} />,
    {
      meta: {
        title: `${verb} ${fullName(user)}`,
        description: `${verb} the account of ${fullName(user)}.`,
        noindex: true,
      },
      status: refusal?.status ?? 200,
    },
  );
}

/** The review page of an account platform staff asked for, with what keeps this person from approving it. */
export function showApproval(
  deps: UsersDeps,
  req: Request,
  res: Response,
  request: AccountRequest,
  refusal?: Refusal,
) {
  const { user } = request;
  const disabled = user.blocked.review ?? deps.closedFor(req.session.user).review;
  deps.render(
    req,
    res,
    <UserApprovalPage {...request} refusal={refusal?.message} disabled={refusal ? undefined : disabled} />,
    {
      meta: {
        title: `Review request: ${fullName(user)}`,
        description: `The account platform staff asked to add: ${fullName(user)}.`,
        noindex: true,
      },
      status: refusal?.status ?? 200,
    },
  );
}

/** A refused approval: the review page again with why, or the error page when there is no request. */
export async function renderApprovalRefusal(ctx: Ctx, refusal: Refusal) {
  if (refusal.status === 404) throw refusal.error;
  const request = await ctx.deps.users.requestOf(ctx.actor!, ctx.params.id).catch(() => undefined);
  if (!request) throw refusal.error;
  showApproval(ctx.deps, ctx.req, ctx.res, request, refusal);
}

export async function renderRemoveRefusal(ctx: Ctx, refusal: Refusal) {
  const user = await ctx.deps.users.get(ctx.actor!, ctx.params.id);
  showConfirm(ctx.deps, ctx.req, ctx.res, user, refusal);
}
