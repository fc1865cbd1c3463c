import { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY, passwordProblem } from '../shared/password-policy';

/** The token of a link: 32 random bytes in base64url. Nothing else can name an invitation. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const userId = z
  .string({ error: 'User ID is required' })
  .trim()
  .min(1, 'User ID is required')
  .regex(/^[A-Za-z0-9._@-]{2,100}$/, 'User ID must be 2-100 letters, digits or . _ @ -');

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value, DEFAULT_PASSWORD_POLICY);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * POST {API}/auth/register: accepting an invitation. A firm's first administrator chooses a user ID;
 * a firm user's was chosen by their administrator, so it may be left out.
 */
export const registerSchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required'),
  user_id: userId.optional(),
  password,
});

/** The /invite page's form: the same, with the password typed twice. */
export const acceptFormSchema = z
  .object({ user_id: userId.optional(), password, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, {
    message: 'The passwords do not match',
    path: ['confirm_password'],
  });

export type AcceptField = 'user_id' | 'password' | 'confirm_password';
