import { Router } from 'express';
import { z } from 'zod';
import { DashboardPage } from '../../views/admin/DashboardPage';
import type { BoundActions } from '../access/kit';
import { isDatabaseUnavailable } from '../db/failures';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { ADMIN_ACTIONS } from './actions';
import { showCleanup } from './forms';
import { ACTIVITY_PAGE_SIZE } from './schema';

const dashboardQuery = z.object({ activity: z.coerce.number().int().min(1).max(100_000).default(1) });
const PAGE_INVALID = 'The page number must be a whole number from 1.';

type PagesDeps = { actions: BoundActions<typeof ADMIN_ACTIONS>; render: Renderer };

/** The administrator's dashboard and the cleanup page, read through the declared actions. */
export function adminPages({ actions, render }: PagesDeps): Router {
  const router = Router();

  router.get(pages.admin.dashboard, async (req, res) => {
    const query = dashboardQuery.safeParse(req.query);
    if (!query.success) throw new HttpError(400, PAGE_INVALID);
    const page = query.data.activity;
    const [dashboard, activity] = await Promise.all([
      actions.getDashboard.call(req, res),
      // The figures and badges say when the database is down; the activity says so too, in its place.
      actions.listActivity
        .call(req, res, { input: { page, pageSize: ACTIVITY_PAGE_SIZE } })
        .catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) return null;
          throw error;
        }),
    ]);
    if (page > 1 && activity?.activity.length === 0)
      throw new HttpError(404, `The recent activity has no page ${page}.`);
    render(req, res, <DashboardPage {...dashboard} activity={activity} />, {
      meta: {
        title: 'Dashboard',
        description: "Your firm's users, cases, documents and services at a glance.",
        noindex: true,
      },
    });
  });

  router.get(pages.admin.cleanup, async (req, res) => {
    const preview = await actions.previewCleanup.call(req, res);
    showCleanup(render, req, res, preview, {
      disabled: actions.performCleanup.refusalFor(req.session.user) ?? undefined,
    });
  });

  return router;
}
