import { z } from 'zod';
import { declareFor } from '../access/action';
import { stringFields } from '../http/validation';
import { MESSAGES } from '../shared/constants';
import { contactSchema } from './schema';
import type { ContactService } from './service';

export type ContactDeps = { contact: ContactService };
const action = declareFor<ContactDeps>();
const FIELDS = ['name', 'firm', 'phone', 'email'] as const;

export const contactSales = action({
  name: 'Contact Sales',
  category: 'Communication',
  description: 'Send a contact request to the sales team.',
  method: 'POST',
  route: '/comm/contact',
  public: true,
  whenOff: 'The Contact Us form on the home and features pages stops sending requests to the sales team.',
  // Fields that are not text count as empty, so every refusal names its field in SPEC's words.
  input: z.preprocess((body) => stringFields(body, FIELDS), contactSchema),
  status: 201,
  run: async ({ deps }, input) => ({ id: await deps.contact.submit(input), message: MESSAGES.contactSent }),
});

export const CONTACT_ACTIONS = { contactSales };
