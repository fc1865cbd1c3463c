import type { Request, Response } from 'express';
import {
  ForgotPasswordPage,
  type ForgotPasswordPageProps,
  ResetGonePage,
  ResetPasswordPage,
  type ResetPasswordPageProps,
} from '../../views/public/PasswordPages';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { GONE, type PasswordsService, type ResetState } from './service';

type Ctx = ActionContext<{ passwords: PasswordsService; render: Renderer }>;

export function showForgot(
  render: Renderer,
  req: Request,
  res: Response,
  props: ForgotPasswordPageProps = {},
  status = 200,
) {
  render(req, res, <ForgotPasswordPage {...props} />, {
    meta: {
      title: 'Forgot password?',
      description: 'Get an emailed link to choose a new password.',
      noindex: true,
    },
    status,
  });
}

export function showReset(
  render: Renderer,
  req: Request,
  res: Response,
  props: ResetPasswordPageProps,
  status = 200,
) {
  render(req, res, <ResetPasswordPage {...props} />, {
    meta: { title: 'Choose a new password', description: 'Choose a new password.', noindex: true },
    status,
  });
}

export function showGone(render: Renderer, req: Request, res: Response, state: Exclude<ResetState, 'valid'>) {
  const { status, title, message } = GONE[state];
  render(req, res, <ResetGonePage title={title} message={message} canAskAgain={state !== 'closed'} />, {
    meta: { title, description: message, noindex: true },
    status,
  });
}

/** A refused request for a link: the form again, with the field's message or the refusal's. */
export function renderForgotRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const { deps, req, res } = ctx;
  const userId = typeof body.user_id === 'string' ? body.user_id : '';
  showForgot(
    deps.render,
    req,
    res,
    refusal.fields ? { userId, errors: refusal.fields } : { userId, error: refusal.message },
    refusal.status,
  );
}

/**
 * A refused reset: a link that cannot be used (any more) gets its page; a refused field the form again
 * with its message beside the field; anything else (the action turned off) the form with the message.
 */
export async function renderResetRefusal(ctx: Ctx, refusal: Refusal) {
  const { deps, req, res } = ctx;
  const token = String(req.params.token);
  const { state, policy } = await deps.passwords.view(token);
  if (state !== 'valid') return showGone(deps.render, req, res, state);
  showReset(
    deps.render,
    req,
    res,
    refusal.fields ? { token, policy, errors: refusal.fields } : { token, policy, error: refusal.message },
    refusal.status,
  );
}
