import { z } from 'zod';
import {
  CONFIRM_MISMATCH,
  confirmed,
  emailField,
  loginIdField,
  newPasswordField,
  optionalText,
  requiredText,
} from '../shared/fields';

/** The token of a link: 32 random bytes in base64url. Nothing else can name an invitation. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const userId = loginIdField();

/** POST {API}/firms/{id}/users: a firm's user or administrator, invited to choose a password. */
export const firmUserSchema = z.object({
  userId: loginIdField(),
  firstName: requiredText('First name', 100),
  lastName: optionalText('Last name', 100),
  email: emailField(),
  role: z.enum(['user', 'admin'], { error: 'Role must be user or admin' }),
});
export type FirmUserInput = z.infer<typeof firmUserSchema>;

const password = newPasswordField();

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
  .object({ token: z.string(), user_id: userId.optional(), password, confirm_password: z.string() })
  .refine(confirmed, CONFIRM_MISMATCH);

export type AcceptField = 'user_id' | 'password' | 'confirm_password';
