import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { InvitationGonePage, InvitePage, type InvitePageProps } from '../../views/public/InvitePage';
import { FirmOnboardingPage, type FirmOnboardingPageProps } from '../../views/reti/FirmOnboardingPage';
import type { AccessService } from '../access/service';
import { requireRole } from '../auth/guard';
import { firmSchema } from '../firms/schema';
import { FIRM_NOT_FOUND, type FirmsService } from '../firms/service';
import { HttpError } from '../http/errors';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import { fieldErrors, idParam, stringFields } from '../http/validation';
import { FIRM_FIELDS, FIRM_MESSAGES } from '../shared/firms';
import { type AcceptField, acceptFormSchema } from './schema';
import { ACCOUNT_READY, GONE, type InvitationsService, type InvitationState } from './service';

const ACCEPT_FIELDS = ['user_id', 'password', 'confirm_password'] as const;

const ONBOARDING_META = {
  title: 'Firm Onboarding',
  description: 'Add a firm and invite its administrator.',
  noindex: true,
};

/** ?firm= names the firm just added, whose invitation the page offers; anything else is ignored. */
const onboardingQuery = z.object({ firm: z.uuid().optional().catch(undefined) });

const unlessNotFound = (error: unknown) => {
  if (error instanceof HttpError && error.status === 404) return undefined;
  throw error;
};

type PageDeps = { render: Renderer; access: AccessService; invitations: InvitationsService };

/**
 * /reti/firm-onboard without JavaScript: the firm form and the Send Invitation form post here, pass the
 * permission matrix as their API calls would, and come back (303) with the outcome as a flash message.
 */
export function onboardingPages(deps: PageDeps & { firms: FirmsService }): Router {
  const { render, access, firms, invitations } = deps;
  const router = Router();
  const guard = requireRole('reti');
  const renderPage = (req: Request, res: Response, props: FirmOnboardingPageProps, status = 200) =>
    render(req, res, <FirmOnboardingPage {...props} />, { meta: ONBOARDING_META, status });

  router.get('/reti/firm-onboard', guard, async (req, res) => {
    const { firm: firmId } = onboardingQuery.parse(req.query);
    if (firmId) await access.authorize(req.session.user, 'GET', `/firms/${firmId}`);
    const firm = firmId ? await firms.get(req.session.user!, firmId).catch(unlessNotFound) : undefined;
    renderPage(req, res, { firm });
  });

  router.post('/reti/firm-onboard', guard, async (req, res) => {
    const user = req.session.user!;
    await access.authorize(user, 'POST', '/firms');
    const values = stringFields(req.body, FIRM_FIELDS);
    const parsed = firmSchema.safeParse(values);
    if (!parsed.success) return renderPage(req, res, { values, errors: fieldErrors(parsed.error) }, 422);
    const firm = await firms.create(user, parsed.data);
    setFlash(req, 'success', FIRM_MESSAGES.added);
    res.redirect(303, `/reti/firm-onboard?firm=${firm.id}`);
  });

  router.post('/reti/firms/:id/invitations', guard, async (req, res) => {
    const user = req.session.user!;
    const firmId = idParam(req.params.id, FIRM_NOT_FOUND);
    await access.authorize(user, 'POST', `/firms/${firmId}/invitations`);
    try {
      const { delivery, message } = await invitations.inviteFirm(user, firmId);
      setFlash(req, delivery === 'sent' ? 'success' : 'error', message);
    } catch (error) {
      // An already active firm: said on the page it came from.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
      setFlash(req, 'error', error.message);
    }
    res.redirect(303, `/reti/firm-onboard?firm=${firmId}`);
  });

  return router;
}

/**
 * /invite/{token}: anyone holding the link chooses a user ID (a firm's first administrator) or only a
 * password (a firm user), then logs in. The POST passes the matrix as POST {API}/auth/register would.
 */
export function invitePages(deps: PageDeps): Router {
  const { render, access, invitations } = deps;
  const router = Router();

  const renderGone = (req: Request, res: Response, state: Exclude<InvitationState, 'valid'>) => {
    const { status, title, message } = GONE[state];
    render(req, res, <InvitationGonePage state={state} title={title} message={message} />, {
      meta: { title, description: message, noindex: true },
      status,
    });
  };
  const renderForm = (req: Request, res: Response, props: InvitePageProps, status = 200) =>
    render(req, res, <InvitePage {...props} />, {
      meta: { title: 'Accept your invitation', description: `Join ${props.firmName}.`, noindex: true },
      status,
    });

  // The token is a credential: pages that carry it are never stored by a cache.
  router.use('/invite/:token', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/invite/:token', async (req, res) => {
    const view = await invitations.view(req.params.token);
    if (view.state !== 'valid') return renderGone(req, res, view.state);
    renderForm(req, res, { token: req.params.token, firmName: view.firmName, loginId: view.loginId });
  });

  router.post('/invite/:token', async (req, res) => {
    await access.authorize(req.session?.user, 'POST', '/auth/register');
    const token = req.params.token;
    const view = await invitations.view(token);
    if (view.state !== 'valid') return renderGone(req, res, view.state);
    const values = stringFields(req.body, ACCEPT_FIELDS);
    const form = { token, firmName: view.firmName, loginId: view.loginId, userId: values.user_id };
    const parsed = acceptFormSchema.safeParse({
      ...values,
      user_id: view.loginId ? undefined : values.user_id,
    });
    if (!parsed.success)
      return renderForm(req, res, { ...form, errors: fieldErrors<AcceptField>(parsed.error) }, 422);
    try {
      await invitations.accept(token, { userId: parsed.data.user_id, password: parsed.data.password });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const now = await invitations.view(token);
      if (now.state !== 'valid') return renderGone(req, res, now.state);
      if (!error.fields) throw error;
      return renderForm(req, res, { ...form, errors: error.fields }, error.status);
    }
    setFlash(req, 'success', ACCOUNT_READY);
    res.redirect(303, '/login');
  });

  return router;
}
