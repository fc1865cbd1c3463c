import { z } from 'zod';
import { MESSAGES } from '../shared/constants';
import { optionalText, requiredText as required } from '../shared/fields';
import { FIRM_LIMITS, FIRM_STATUSES, INDUSTRIES } from '../shared/firms';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';

/** The onboarding form and POST {API}/firms: firm name, contact person, role, email and phone required. */
export const firmSchema = z.object({
  name: required('Firm name', FIRM_LIMITS.name),
  contactPerson: required('Contact person', FIRM_LIMITS.contactPerson),
  contactRole: required('Contact role', FIRM_LIMITS.contactRole),
  email: required('Email', FIRM_LIMITS.email).regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  phone: required('Phone', FIRM_LIMITS.phone).regex(PHONE_PATTERN, MESSAGES.invalidPhone),
  address: optionalText('Address', FIRM_LIMITS.address),
  industry: z
    .enum([...INDUSTRIES, ''], { error: `Industry must be one of ${INDUSTRIES.join(', ')}` })
    .default(''),
});

/** PUT {API}/firms/{id}: the same fields, and the status (platform staff only). */
export const firmUpdateSchema = firmSchema.extend({
  status: z.enum(FIRM_STATUSES, { error: 'Status must be active, pending or inactive' }).optional(),
});

/** GET {API}/firms: one page of the list. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be 1 to 200' }).int().min(1).max(200).default(50),
});

export type FirmUpdate = z.infer<typeof firmUpdateSchema>;
