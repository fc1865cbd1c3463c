import { z } from 'zod';
import { CONFIRM_MISMATCH, confirmed, newPasswordField } from '../shared/fields';

/** The token of a reset link: 32 random bytes in base64url. Nothing else can name a reset. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST {API}/auth/password/forgot: the sign-in name (User ID), which is what the person knows. */
export const forgotSchema = z.object({
  user_id: z
    .string({ error: 'User ID is required' })
    .trim()
    .min(1, 'User ID is required')
    .max(100, 'User ID is too long'),
});

const password = newPasswordField();

/** POST {API}/auth/password/reset: the link's token and the new password. */
export const resetSchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required'),
  password,
});

/** The /password/reset page's form: the same, with the password typed twice. */
export const resetFormSchema = z
  .object({ token: z.string(), password, confirm_password: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);

export type ResetField = 'password' | 'confirm_password';
