import { z } from 'zod';
import { MESSAGES } from '../shared/constants';
import { EMAIL_PATTERN } from '../shared/validation';

/** POST {API}/settings/email/test: where the test goes; empty or left out, the administrator's own address. */
export const emailTestSchema = z.object({
  to: z
    .string({ error: 'Send to must be text' })
    .trim()
    .max(254, 'Send to must be at most 254 characters')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.invalidEmail)
    .optional()
    .transform((value) => value || undefined),
});
