import type { Request, Response } from 'express';
import { CleanupPage } from '../../views/admin/CleanupPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import type { CleanupPreview } from '../shared/admin';
import type { AdminService } from './service';

type Ctx = ActionContext<{ admin: AdminService; render: Renderer }>;

export function showCleanup(
  render: Renderer,
  req: Request,
  res: Response,
  preview: CleanupPreview,
  state: { refusal?: Refusal; disabled?: Refusal } = {},
) {
  render(
    req,
    res,
    <CleanupPage preview={preview} refusal={state.refusal?.message} disabled={state.disabled?.message} />,
    {
      meta: {
        title: 'Data Cleanup',
        description: "Remove what the firm's retention settings say may go.",
        noindex: true,
      },
      status: state.refusal?.status ?? 200,
    },
  );
}

/** The cleanup refused: the page again, its numbers as they are now, with the reason. */
export async function renderCleanup(ctx: Ctx, refusal: Refusal) {
  if (refusal.status === 403 || refusal.status === 401) throw refusal.error;
  const preview = await ctx.deps.admin.cleanupPreview(ctx.actor!);
  showCleanup(ctx.deps.render, ctx.req, ctx.res, preview, { refusal });
}
