import { Router } from 'express';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { fieldErrors, stringFields } from '../http/validation';
import { type MarketingPath, marketingPage } from '../public/pages';
import { MESSAGES } from '../shared/constants';
import type { ContactField } from '../shared/validation';
import { contactSchema } from './schema';
import type { ContactService } from './service';

const FIELDS = ['name', 'firm', 'phone', 'email'] as const;

/** POST {API}/comm/contact: the modal's JSON call. */
export function contactApi(deps: { contact: ContactService }): Router {
  const router = Router();
  router.post('/comm/contact', async (req, res) => {
    const parsed = contactSchema.safeParse(stringFields(req.body, FIELDS));
    if (!parsed.success) {
      const errors = fieldErrors<ContactField>(parsed.error);
      throw new HttpError(422, Object.values(errors)[0] ?? 'Check the form.', errors);
    }
    const id = await deps.contact.submit(parsed.data);
    res.status(201).json({ id, message: MESSAGES.contactSent });
  });
  return router;
}

/** POST /contact: the same form without JavaScript; the page comes back with the modal open. */
export function contactForm(deps: { contact: ContactService; render: Renderer; publicUrl: string }): Router {
  const router = Router();
  router.post('/contact', async (req, res) => {
    const returnTo: MarketingPath = req.body?.return_to === '/' ? '/' : '/public';
    const values = stringFields(req.body, FIELDS);
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const { page, options } = marketingPage(returnTo, deps.publicUrl, {
        open: true,
        values,
        errors: fieldErrors<ContactField>(parsed.error),
      });
      return deps.render(req, res, page, { ...options, status: 422 });
    }
    try {
      await deps.contact.submit(parsed.data);
    } catch (error) {
      req.log.error({ err: error }, 'contact request not stored');
      const { page, options } = marketingPage(returnTo, deps.publicUrl, {
        open: true,
        values,
        status: 'failed',
      });
      return deps.render(req, res, page, { ...options, status: 503 });
    }
    res.redirect(303, `${returnTo}?contact=sent#contact`);
  });
  return router;
}
