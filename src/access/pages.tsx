import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { OUTCOMES } from '../../islands/access-ui';
import {
  type ActionForm,
  type ActionFormValues,
  type ActionsTableProps,
  formValuesOf,
  NEW_ACTION,
} from '../../islands/ActionsTable';
import { FLAGS, flagField } from '../../islands/PermissionGrid';
import { ActionsPage } from '../../views/reti/ActionsPage';
import { RoleManagementPage } from '../../views/reti/RoleManagementPage';
import { requireRole } from '../auth/guard';
import { HttpError } from '../http/errors';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import { idParam, parseInput, stringFields } from '../http/validation';
import { type Action, ROLE_COLUMNS, type RolePermission } from '../shared/access';
import { actionSchema } from './schema';
import type { AccessService } from './service';

const ROLES_PAGE = '/reti/role-management';
const ACTIONS_PAGE = '/reti/actions';
const NOT_FOUND = 'Action not found.';

const ROLES_META = {
  title: 'Role Management',
  description: 'Read, write and delete permissions of each role, by action.',
  noindex: true,
};
const ACTIONS_META = {
  title: 'Actions',
  description: 'The catalogue of API actions the platform enforces.',
  noindex: true,
};

/** A checkbox of a page form: ticked ('on') or left out. */
const checkbox = (label: string) =>
  z.literal('on', { error: `${label} must be ticked or left empty` }).optional();

const permissionsForm = z.object(
  Object.fromEntries(
    ROLE_COLUMNS.flatMap(({ roleId, roleName }) =>
      FLAGS.map(({ flag, label }) => [flagField(roleId, flag), checkbox(`${roleName} ${label}`)]),
    ),
  ),
);

const ACTION_TEXT = ['name', 'category', 'route', 'method', 'description'] as const;
const actionForm = actionSchema.extend({ isActive: checkbox('Active').transform((v) => v === 'on') });
const toggleForm = z.object({
  isActive: z
    .enum(['true', 'false'], { error: 'Active must be true or false' })
    .transform((v) => v === 'true'),
});
/** ?new opens the Add Action form, ?edit=<id> the edit form, ?delete=<id> the delete confirmation. */
const actionsQuery = z
  .object({ new: z.string().optional(), edit: z.string().optional(), delete: z.string().optional() })
  .catch({});

const bodyOf = (req: Request) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

/** The ticks as entered, to show them again when the save is refused. */
const enteredPermissions = (body: Record<string, unknown>): RolePermission[] =>
  ROLE_COLUMNS.map(({ roleId, roleName }) => ({
    roleId,
    roleName,
    canRead: body[flagField(roleId, 'canRead')] === 'on',
    canWrite: body[flagField(roleId, 'canWrite')] === 'on',
    canDelete: body[flagField(roleId, 'canDelete')] === 'on',
  }));

const enteredAction = (body: Record<string, unknown>): ActionFormValues => ({
  ...stringFields(body, ACTION_TEXT),
  isActive: body.isActive !== undefined,
});

/**
 * A refusal meant for the person (invalid, not allowed, not found, a conflict) is shown on the page;
 * anything else is rethrown to the error handler.
 */
function refusalOf(error: unknown): HttpError {
  if (error instanceof HttpError && error.status < 500) return error;
  throw error;
}

/** The refused form again, with the values entered and each message beside its field when it has one. */
const refusedForm = (refused: HttpError, values: ActionFormValues, editing?: string): ActionForm => ({
  editing,
  values,
  errors: refused.fields as ActionForm['errors'],
  error: refused.fields ? undefined : refused.message,
});

/**
 * Role Management and Actions Management as pages and forms, for platform staff. Every form first passes
 * the permission matrix as its JSON API twin would (same method, same path), so the matrix is enforced
 * the same way with and without JavaScript.
 */
export function accessPages(deps: { access: AccessService; render: Renderer }): Router {
  const { access, render } = deps;
  const router = Router();
  router.use([ROLES_PAGE, ACTIONS_PAGE], requireRole('reti'));

  async function showRoles(
    req: Request,
    res: Response,
    state: { editing?: string; entered?: RolePermission[]; error?: string },
    status = 200,
  ) {
    const entries = await access.listPermissions();
    const row = entries.find((e) => e.id === state.editing && !e.isPublic);
    const editing = row && { id: row.id, permissions: state.entered ?? row.permissions };
    const error = state.error && row ? OUTCOMES.permissionsRefused(row.name, state.error) : state.error;
    render(req, res, <RoleManagementPage entries={entries} editing={editing} error={error} />, {
      meta: ROLES_META,
      status,
    });
  }

  router.get(ROLES_PAGE, async (req, res) => {
    await access.authorize(req.session.user, 'GET', '/permissions');
    await showRoles(req, res, { editing: typeof req.query.edit === 'string' ? req.query.edit : undefined });
  });

  router.post(`${ROLES_PAGE}/:actionId`, async (req, res) => {
    const user = req.session.user!;
    const body = bodyOf(req);
    const entered = enteredPermissions(body);
    try {
      const id = idParam(req.params.actionId, NOT_FOUND);
      await access.authorize(user, 'PUT', `/permissions/${id}`);
      parseInput(permissionsForm, body);
      const saved = await access.savePermissions(user, id, { permissions: entered });
      setFlash(req, 'success', OUTCOMES.permissionsSaved(saved.name));
      res.redirect(303, ROLES_PAGE);
    } catch (error) {
      const refused = refusalOf(error);
      const editing = req.params.actionId.toLowerCase();
      await showRoles(req, res, { editing, entered, error: refused.message }, refused.status);
    }
  });

  const renderActions = (
    req: Request,
    res: Response,
    actions: Action[],
    state: Omit<ActionsTableProps, 'actions' | 'csrfToken'>,
    status = 200,
  ) => render(req, res, <ActionsPage actions={actions} {...state} />, { meta: ACTIONS_META, status });

  const showActions = async (
    req: Request,
    res: Response,
    state: Omit<ActionsTableProps, 'actions' | 'csrfToken'>,
    status: number,
  ) => renderActions(req, res, await access.listActions(), state, status);

  router.get(ACTIONS_PAGE, async (req, res) => {
    await access.authorize(req.session.user, 'GET', '/actions');
    const query = actionsQuery.parse(req.query);
    const actions = await access.listActions();
    const named = query.edit ?? query.delete;
    const action = actions.find((a) => a.id === named);
    if (named !== undefined && !action) return renderActions(req, res, actions, { error: NOT_FOUND }, 404);
    if (action && query.edit !== undefined)
      return renderActions(req, res, actions, { form: { editing: action.id, values: formValuesOf(action) } });
    if (action) return renderActions(req, res, actions, { confirmDelete: action.id });
    renderActions(req, res, actions, query.new === undefined ? {} : { form: { values: NEW_ACTION } });
  });

  /** Add (no id) or edit: one form, checked by the API's own schema, then the API's service call. */
  async function saveAction(req: Request, res: Response, rawId?: string) {
    const user = req.session.user!;
    const body = bodyOf(req);
    try {
      const id = rawId === undefined ? undefined : idParam(rawId, NOT_FOUND);
      await access.authorize(user, id ? 'PUT' : 'POST', id ? `/actions/${id}` : '/actions');
      const input = parseInput(actionForm, { ...stringFields(body, ACTION_TEXT), isActive: body.isActive });
      const saved = id ? await access.updateAction(user, id, input) : await access.createAction(user, input);
      setFlash(req, 'success', id ? OUTCOMES.actionUpdated(saved.name) : OUTCOMES.actionAdded(saved.name));
      res.redirect(303, ACTIONS_PAGE);
    } catch (error) {
      const refused = refusalOf(error);
      await showActions(req, res, { form: refusedForm(refused, enteredAction(body), rawId) }, refused.status);
    }
  }

  router.post(ACTIONS_PAGE, (req, res) => saveAction(req, res));
  router.post(`${ACTIONS_PAGE}/:id`, (req, res) => saveAction(req, res, req.params.id));

  router.post(`${ACTIONS_PAGE}/:id/toggle`, async (req, res) => {
    const user = req.session.user!;
    try {
      const id = idParam(req.params.id, NOT_FOUND);
      await access.authorize(user, 'PATCH', `/actions/${id}`);
      const { isActive } = parseInput(toggleForm, bodyOf(req));
      const saved = await access.updateAction(user, id, { isActive });
      setFlash(req, 'success', OUTCOMES.actionToggled(saved.name, saved.isActive));
      res.redirect(303, ACTIONS_PAGE);
    } catch (error) {
      const refused = refusalOf(error);
      await showActions(req, res, { error: refused.message }, refused.status);
    }
  });

  router.post(`${ACTIONS_PAGE}/:id/delete`, async (req, res) => {
    const user = req.session.user!;
    try {
      const id = idParam(req.params.id, NOT_FOUND);
      await access.authorize(user, 'DELETE', `/actions/${id}`);
      const action = await access.getAction(id);
      await access.deleteAction(user, id);
      setFlash(req, 'success', OUTCOMES.actionDeleted(action.name));
      res.redirect(303, ACTIONS_PAGE);
    } catch (error) {
      const refused = refusalOf(error);
      await showActions(req, res, { error: refused.message }, refused.status);
    }
  });

  return router;
}
