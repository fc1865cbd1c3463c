import { Router } from 'express';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validation';
import { pages } from '../shared/paths';
import type { USERS_ACTIONS } from './actions';
import { showApproval, showConfirm, showEdit, showUsers, USERS_PAGE_SIZE, type UsersDeps } from './forms';
import { userListQuery } from './schema';

type PagesDeps = UsersDeps & { actions: BoundActions<typeof USERS_ACTIONS> };

/** User Management's pages, each read through the declared actions so the matrix decides as for the API. */
export function userPages(deps: PagesDeps): Router {
  const { actions } = deps;
  const router = Router();

  router.get(pages.admin.users, async (req, res) => {
    const filter = parseInput(userListQuery, req.query);
    const list = await actions.listUsers.call(req, res, { input: { ...filter, pageSize: USERS_PAGE_SIZE } });
    if (filter.page > 1 && list.users.length === 0)
      throw new HttpError(404, `The users table has no page ${filter.page}.`);
    showUsers(deps, req, res, { list, filter });
  });

  router.get(pages.admin.userEdit(':id'), async (req, res) => {
    const user = await actions.getUser.call(req, res, { params: req.params });
    showEdit(deps, req, res, user);
  });

  // The review of an account platform staff asked for: read through Get User (the matrix decides), then
  // who asked and when.
  router.get(pages.admin.userApproval(':id'), async (req, res) => {
    const user = await actions.getUser.call(req, res, { params: req.params });
    showApproval(deps, req, res, await deps.users.requestOf(req.session.user!, user.id));
  });

  router.get(pages.admin.userDelete(':id'), async (req, res) => {
    const user = await actions.getUser.call(req, res, { params: req.params });
    showConfirm(deps, req, res, user);
  });

  return router;
}
