import { Router } from 'express';
import { z } from 'zod';
import { DashboardPage } from '../../views/reti/DashboardPage';
import { FirmPage } from '../../views/reti/FirmPage';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { FIRM_ACTIONS } from './actions';
import { showDelete, showEdit, showOnboarding } from './forms';
import type { FirmsService } from './service';

/** Rows per page of the dashboard's firms table. */
export const DASHBOARD_PAGE_SIZE = 20;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const PAGE_INVALID = 'The page number must be a whole number from 1.';
/** ?firm= names the firm just added, whose invitation the page offers; anything else is ignored. */
const onboardingQuery = z.object({ firm: z.uuid().optional().catch(undefined) });

type PagesDeps = { firms: FirmsService; actions: BoundActions<typeof FIRM_ACTIONS>; render: Renderer };

/**
 * The platform staff's dashboard, firm pages and onboarding. Each page reads through the declared
 * actions, so the matrix decides exactly as it does for the API.
 */
export function firmPages({ firms, actions, render }: PagesDeps): Router {
  const router = Router();

  router.get(pages.reti.dashboard, async (req, res) => {
    const query = pageQuery.safeParse(req.query);
    if (!query.success) throw new HttpError(400, PAGE_INVALID);
    const { page } = query.data;
    const [list, counts] = await Promise.all([
      actions.listFirms.call(req, res, { input: { page, pageSize: DASHBOARD_PAGE_SIZE } }),
      firms.counts(),
    ]);
    if (page > 1 && list.firms.length === 0) throw new HttpError(404, `The firms table has no page ${page}.`);
    render(req, res, <DashboardPage counts={counts} list={list} />, {
      meta: {
        title: 'Dashboard',
        description: 'Every firm on the platform and its onboarding status.',
        noindex: true,
      },
    });
  });

  router.get(pages.reti.onboarding, async (req, res) => {
    const { firm: id } = onboardingQuery.parse(req.query);
    const firm = id
      ? await actions.getFirm.call(req, res, { params: { id } }).catch((error: { status?: number }) => {
          if (error.status === 404) return undefined;
          throw error;
        })
      : undefined;
    showOnboarding(render, req, res, { firm });
  });

  router.get(pages.reti.firm(':id'), async (req, res) => {
    const [firm, users] = await Promise.all([
      actions.getFirm.call(req, res, { params: req.params }),
      actions.getFirmUsers.call(req, res, { params: req.params }),
    ]);
    const user = req.session.user;
    render(
      req,
      res,
      <FirmPage
        firm={firm}
        users={users}
        editDisabled={actions.updateFirm.refusalFor(user)?.message}
        deleteDisabled={actions.deleteFirm.refusalFor(user)?.message}
      />,
      { meta: { title: firm.name, description: `The details and users of ${firm.name}.`, noindex: true } },
    );
  });

  router.get(pages.reti.firmEdit(':id'), async (req, res) => {
    const firm = await actions.getFirm.call(req, res, { params: req.params });
    showEdit(render, req, res, firm);
  });

  router.get(pages.reti.firmDelete(':id'), async (req, res) => {
    const firm = await actions.getFirm.call(req, res, { params: req.params });
    showDelete(render, req, res, firm, {
      disabled: actions.deleteFirm.refusalFor(req.session.user) ?? undefined,
    });
  });

  return router;
}
