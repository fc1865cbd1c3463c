import { z } from 'zod';
import { CONFIRM_MISMATCH, confirmed } from '../shared/fields';

/** A code from the authenticator app (6 digits) or a recovery code (16 characters, dashes optional). */
export const codeSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .max(40, 'Code is too long: enter 6 digits, or a recovery code'),
});

const passwords = {
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password is too long'),
  // The firm's policy is checked by the service: it depends on whose password it is.
  password: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .max(1024, 'Password is too long'),
};

/** POST {API}/auth/password/change. */
export const passwordChangeSchema = z.object(passwords);

/** The Account page's form: the same, with the new password typed twice. */
export const passwordChangeFormSchema = z
  .object({ ...passwords, confirm_password: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);

export type PasswordField = 'current_password' | 'password' | 'confirm_password';
