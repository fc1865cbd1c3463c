import { z } from 'zod';
import { MESSAGES } from '../shared/constants';
import { CONTACT_LIMITS, EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';

const text = (max: number, tooLong: string) => z.string().max(max, tooLong);

/** The same rules the contact modal applies as the person types (src/shared/validation.ts). */
export const contactSchema = z.object({
  name: text(CONTACT_LIMITS.name, 'Name is too long').trim().min(1, MESSAGES.missingName),
  firm: text(CONTACT_LIMITS.firm, 'Firm is too long').trim().default(''),
  phone: text(CONTACT_LIMITS.phone, MESSAGES.invalidPhone).trim().regex(PHONE_PATTERN, MESSAGES.invalidPhone),
  email: text(CONTACT_LIMITS.email, MESSAGES.invalidEmail).trim().regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
});
