import { declareFor } from '../access/action';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { renderForgotRefusal, renderResetRefusal } from './forms';
import { forgotSchema, resetFormSchema, resetSchema } from './schema';
import type { PasswordsService } from './service';

export type PasswordsDeps = { passwords: PasswordsService; render: Renderer };
const action = declareFor<PasswordsDeps>();

export const forgotPassword = action({
  name: 'Forgot Password',
  category: 'Authentication',
  description: 'Email a link to choose a new password: it works once, for 1 hour.',
  method: 'POST',
  route: '/auth/password/forgot',
  public: true,
  whenOff:
    'Nobody can ask for a password reset link: the Forgot password? page stops sending them (lockout emails still carry one).',
  input: forgotSchema,
  // 202: the same answer whether or not an account matches; its email, if any, is on its way.
  status: 202,
  run: ({ deps }, input) => deps.passwords.requestReset(input.user_id),
  form: {
    path: pages.passwordForgot,
    done: (_ctx, answer) => ({ to: pages.login, flash: answer.message }),
    refused: (ctx, refusal, body) => renderForgotRefusal(ctx, refusal, body),
  },
});

export const resetPassword = action({
  name: 'Reset Password',
  category: 'Authentication',
  description: 'Choose a new password with an emailed reset link.',
  method: 'POST',
  route: '/auth/password/reset',
  public: true,
  whenOff:
    'Password reset links stop working: nobody can choose a new password from a Forgot password? or lockout email.',
  input: resetSchema,
  run: ({ deps }, input) => deps.passwords.reset(input.token, input.password),
  form: {
    path: pages.passwordReset(':token'),
    input: (fields, req) => ({ ...fields, token: req.params.token }),
    schema: resetFormSchema,
    done: (_ctx, answer) => ({ to: pages.login, flash: answer.message }),
    refused: (ctx, refusal) => renderResetRefusal(ctx, refusal),
  },
});

export const PASSWORD_ACTIONS = { forgotPassword, resetPassword };
