import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { DashboardPage } from '../../views/reti/DashboardPage';
import { FirmDeletePage } from '../../views/reti/FirmDeletePage';
import {
  FIRM_FORM_FIELDS,
  FirmEditPage,
  type FirmFormField,
  type FirmFormValues,
  formValuesOf,
} from '../../views/reti/FirmEditPage';
import { FirmPage } from '../../views/reti/FirmPage';
import type { AccessService } from '../access/service';
import { requireRole } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import { HttpError } from '../http/errors';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import { fieldErrors, idParam, stringFields } from '../http/validation';
import type { Firm } from '../shared/firms';
import type { FieldErrors } from '../shared/validation';
import { firmUpdateSchema } from './schema';
import { FIRM_NOT_FOUND, type FirmsService } from './service';

/** Rows per page of the dashboard's firms table. */
export const DASHBOARD_PAGE_SIZE = 20;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const PAGE_INVALID = 'The page number must be a whole number from 1.';

type PagesDeps = { firms: FirmsService; access: AccessService; render: Renderer };

/** The platform staff's dashboard and firm pages: view, edit and delete, all as plain links and forms. */
export function firmPages(deps: PagesDeps): Router {
  const { firms, access, render } = deps;
  const router = Router();
  const guard = requireRole('reti');
  const firmId = (value: unknown) => idParam(value, FIRM_NOT_FOUND);
  const actor = (req: Request): SessionUser => req.session.user!;

  /**
   * The matrix's answer for the API call a page form stands for (path relative to the API), so pages
   * and API refuse alike; a refusal is returned to be shown on the form, anything else is thrown.
   */
  async function refusalOf(req: Request, method: string, path: string): Promise<HttpError | undefined> {
    try {
      await access.authorize(actor(req), method, path);
      return undefined;
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return error;
      throw error;
    }
  }

  const renderEdit = (
    req: Request,
    res: Response,
    firm: Firm,
    form: { values: FirmFormValues; errors?: FieldErrors<FirmFormField>; refusal?: HttpError },
  ) =>
    render(
      req,
      res,
      <FirmEditPage firm={firm} values={form.values} errors={form.errors} refusal={form.refusal?.message} />,
      {
        meta: {
          title: `Edit ${firm.name}`,
          description: `Change the details of ${firm.name}.`,
          noindex: true,
        },
        status: form.refusal?.status ?? (form.errors ? 422 : 200),
      },
    );

  const renderDelete = (req: Request, res: Response, firm: Firm, refusal?: HttpError) =>
    render(req, res, <FirmDeletePage firm={firm} refusal={refusal?.message} />, {
      meta: {
        title: `Delete ${firm.name}`,
        description: `Remove ${firm.name} and its users.`,
        noindex: true,
      },
      status: refusal?.status ?? 200,
    });

  router.get('/reti/dashboard', guard, async (req, res) => {
    const query = pageQuery.safeParse(req.query);
    if (!query.success) throw new HttpError(400, PAGE_INVALID);
    const { page } = query.data;
    await access.authorize(actor(req), 'GET', '/firms');
    const [counts, list] = await Promise.all([
      firms.counts(),
      firms.list(actor(req), page, DASHBOARD_PAGE_SIZE),
    ]);
    if (page > 1 && list.firms.length === 0) throw new HttpError(404, `The firms table has no page ${page}.`);
    render(req, res, <DashboardPage counts={counts} list={list} />, {
      meta: {
        title: 'Dashboard',
        description: 'Every firm on the platform and its onboarding status.',
        noindex: true,
      },
    });
  });

  router.get('/reti/firms/:id', guard, async (req, res) => {
    const id = firmId(req.params.id);
    await access.authorize(actor(req), 'GET', `/firms/${id}`);
    await access.authorize(actor(req), 'GET', `/firms/${id}/users`);
    const [firm, users] = await Promise.all([firms.get(actor(req), id), firms.listUsers(actor(req), id)]);
    render(req, res, <FirmPage firm={firm} users={users} />, {
      meta: { title: firm.name, description: `The details and users of ${firm.name}.`, noindex: true },
    });
  });

  router.get('/reti/firms/:id/edit', guard, async (req, res) => {
    const id = firmId(req.params.id);
    await access.authorize(actor(req), 'GET', `/firms/${id}`);
    const firm = await firms.get(actor(req), id);
    renderEdit(req, res, firm, { values: formValuesOf(firm) });
  });

  router.post('/reti/firms/:id/edit', guard, async (req, res) => {
    const id = firmId(req.params.id);
    const firm = await firms.get(actor(req), id);
    const values = stringFields(req.body, FIRM_FORM_FIELDS);
    const refusal = await refusalOf(req, 'PUT', `/firms/${id}`);
    if (refusal) return renderEdit(req, res, firm, { values, refusal });
    const parsed = firmUpdateSchema.safeParse(values);
    if (!parsed.success)
      return renderEdit(req, res, firm, { values, errors: fieldErrors<FirmFormField>(parsed.error) });
    await firms.update(actor(req), id, parsed.data);
    setFlash(req, 'success', 'Firm updated.');
    res.redirect(303, `/reti/firms/${id}`);
  });

  router.get('/reti/firms/:id/delete', guard, async (req, res) => {
    const id = firmId(req.params.id);
    await access.authorize(actor(req), 'GET', `/firms/${id}`);
    renderDelete(req, res, await firms.get(actor(req), id));
  });

  router.post('/reti/firms/:id/delete', guard, async (req, res) => {
    const id = firmId(req.params.id);
    const firm = await firms.get(actor(req), id);
    const refusal = await refusalOf(req, 'DELETE', `/firms/${id}`);
    if (refusal) return renderDelete(req, res, firm, refusal);
    await firms.delete(actor(req), id);
    setFlash(req, 'success', `${firm.name} was deleted.`);
    res.redirect(303, '/reti/dashboard');
  });

  return router;
}
