import { z } from 'zod';
import { declareFor } from '../access/action';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import { MESSAGES } from '../shared/constants';
import { pages } from '../shared/paths';
import { type MarketingPath, marketingPage } from '../public/pages';
import type { ContactField } from '../shared/validation';
import { contactSchema } from './schema';
import type { ContactService } from './service';

export type ContactDeps = { contact: ContactService; render: Renderer; publicUrl: string };
const action = declareFor<ContactDeps>();
const FIELDS = ['name', 'firm', 'phone', 'email'] as const;

/** The page the no-JS form came from, where the modal opens again. */
const returnTo = (body: Record<string, unknown>): MarketingPath => (body.return_to === '/' ? '/' : '/public');

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
  form: {
    path: pages.contact,
    done: ({ req }) => ({ to: `${returnTo(req.body ?? {})}?contact=sent#contact` }),
    refused: ({ deps, req, res }, refusal, body) => {
      const { page, options } = marketingPage(returnTo(body), deps.publicUrl, {
        open: true,
        values: stringFields(body, FIELDS),
        errors: refusal.fields as Partial<Record<ContactField, string>>,
      });
      deps.render(req, res, page, { ...options, status: refusal.status });
    },
    faulted: ({ deps, req, res }, body) => {
      const { page, options } = marketingPage(returnTo(body), deps.publicUrl, {
        open: true,
        values: stringFields(body, FIELDS),
        status: 'failed',
      });
      deps.render(req, res, page, { ...options, status: 503 });
    },
  },
});

export const CONTACT_ACTIONS = { contactSales };
