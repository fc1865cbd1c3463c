import type { ContactModalProps } from '../../../islands/ContactModal';
import { page } from '../../access/page';
import { contactSales } from '../../contact/actions';
import { stringFields } from '../../http/validation';
import type { ContactField } from '../../shared/validation';
import { marketingAnswer, type MarketingPath } from './marketing';

const FIELDS = ['name', 'firm', 'phone', 'email'] as const;

/** The page the no-JS form came from, where the modal opens again. */
const returnTo = (body: Record<string, unknown>): MarketingPath => (body.return_to === '/' ? '/' : '/public');

const bodyOf = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});

/**
 * /contact: the features page; the Contact Us form posts here without JavaScript, and a refused or failed
 * request shows the page it came from again with the modal open, the values typed and the reason.
 */
export const contactPage = page({
  path: '/contact',
  reads: [],
  render: (_data, { req, form }) => {
    if (!form)
      return marketingAnswer(
        '/contact',
        req.query.contact === 'sent' ? { open: true, status: 'sent' } : {},
        Object.keys(req.query).length === 0,
      );
    const contact: Partial<ContactModalProps> = {
      open: true,
      values: stringFields(form.values, FIELDS),
      errors: form.refusal?.fields as Partial<Record<ContactField, string>>,
    };
    return marketingAnswer(returnTo(form.values), contact, false);
  },
  forms: [
    {
      action: contactSales,
      done: ({ req }) => ({ to: `${returnTo(bodyOf(req.body))}?contact=sent#contact` }),
      faulted: ({ req }) => {
        const body = bodyOf(req.body);
        const contact: Partial<ContactModalProps> = {
          open: true,
          values: stringFields(body, FIELDS),
          status: 'failed',
        };
        return { ...marketingAnswer(returnTo(body), contact, false), status: 503 };
      },
    },
  ],
});
