import type { Request, Response } from 'express';
import { InvitationGonePage, InvitePage, type InvitePageProps } from '../../views/public/InvitePage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { GONE, type InvitationsService, type InvitationState } from './service';

type Ctx = ActionContext<{ invitations: InvitationsService; render: Renderer }>;

export function showGone(
  render: Renderer,
  req: Request,
  res: Response,
  state: Exclude<InvitationState, 'valid'>,
) {
  const { status, title, message } = GONE[state];
  render(req, res, <InvitationGonePage state={state} title={title} message={message} />, {
    meta: { title, description: message, noindex: true },
    status,
  });
}

export function showInvite(
  render: Renderer,
  req: Request,
  res: Response,
  props: InvitePageProps,
  status = 200,
) {
  render(req, res, <InvitePage {...props} />, {
    meta: { title: 'Accept your invitation', description: `Join ${props.firmName}.`, noindex: true },
    status,
  });
}

/**
 * A refused acceptance: a link that cannot be used (any more) gets its page; a refused field the form
 * again with its message; anything else the error page.
 */
export async function renderInviteRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const { deps, req, res } = ctx;
  const token = String(req.params.token);
  const view = await deps.invitations.view(token);
  if (view.state !== 'valid') return showGone(deps.render, req, res, view.state);
  if (!refusal.fields) throw refusal.error;
  const userId = typeof body.user_id === 'string' ? body.user_id : '';
  showInvite(
    deps.render,
    req,
    res,
    {
      token,
      firmName: view.firmName,
      loginId: view.loginId,
      policy: view.policy,
      userId,
      errors: refusal.fields,
    },
    refusal.status,
  );
}
