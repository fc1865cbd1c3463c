import { z } from 'zod';
import { FIRM_LIMITS, FIRM_STATUSES, INDUSTRIES } from '../shared/firms';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';
import { MESSAGES } from '../shared/constants';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The onboarding form and POST {API}/firms: firm name, contact person, role, email and phone required. */
export const firmSchema = z.object({
  name: required('Firm name', FIRM_LIMITS.name),
  contactPerson: required('Contact person', FIRM_LIMITS.contactPerson),
  contactRole: required('Contact role', FIRM_LIMITS.contactRole),
  email: required('Email', FIRM_LIMITS.email).regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  phone: required('Phone', FIRM_LIMITS.phone).regex(PHONE_PATTERN, MESSAGES.invalidPhone),
  address: z
    .string({ error: 'Address must be text' })
    .trim()
    .max(FIRM_LIMITS.address, `Address must be at most ${FIRM_LIMITS.address} characters`)
    .default(''),
  industry: z
    .enum([...INDUSTRIES, ''], { error: `Industry must be one of ${INDUSTRIES.join(', ')}` })
    .default(''),
});

/** PUT {API}/firms/{id}: the same fields, and the status (platform staff only). */
export const firmUpdateSchema = firmSchema.extend({
  status: z.enum(FIRM_STATUSES, { error: 'Status must be active, pending or inactive' }).optional(),
});

/** POST {API}/firms/{id}/users: a firm's user or administrator, invited to choose a password. */
export const firmUserSchema = z.object({
  userId: z
    .string({ error: 'User ID is required' })
    .trim()
    .regex(/^[A-Za-z0-9._@-]{2,100}$/, 'User ID must be 2-100 letters, digits or . _ @ -'),
  firstName: required('First name', 100),
  lastName: z
    .string({ error: 'Last name must be text' })
    .trim()
    .max(100, 'Last name must be at most 100 characters')
    .default(''),
  email: required('Email', 254).regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  role: z.enum(['user', 'admin'], { error: 'Role must be user or admin' }),
});

export type FirmUpdate = z.infer<typeof firmUpdateSchema>;
export type FirmUserInput = z.infer<typeof firmUserSchema>;
