import { declareFor } from '../access/action';
import { forgotSchema, resetSchema } from './schema';
import type { PasswordsService } from './service';

export type PasswordsDeps = { passwords: PasswordsService };
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
});

/** A reset link's token as its path has it: anything else is a link that was never sent (its own page). */
export const RESET_TOKEN = /^[^/]{1,500}$/;

export const getPasswordReset = action({
  name: 'Get Password Reset Link',
  category: 'Authentication',
  description: 'Whether a reset link can still be used (or why not), and the password rule it sets under.',
  method: 'GET',
  route: '/auth/password/reset/{token}',
  paramPattern: RESET_TOKEN,
  public: true,
  whenOff:
    'Reset links open no page: nobody can choose a new password from a Forgot password? or lockout email.',
  run: ({ deps, params }) => deps.passwords.view(params.token),
});

export const PASSWORD_ACTIONS = { forgotPassword, resetPassword, getPasswordReset };
