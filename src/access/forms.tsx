import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ActionForm, ActionFormValues, ActionsTableProps } from '../../islands/ActionsTable';
import { FLAGS, flagField } from '../../islands/PermissionGrid';
import { OUTCOMES } from '../../islands/ui/access';
import { ActionsPage } from '../../views/reti/ActionsPage';
import { RoleManagementPage } from '../../views/reti/RoleManagementPage';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import { type Action, type PermissionEntry, ROLE_COLUMNS, type RolePermission } from '../shared/access';
import type { ActionContext, Refusal } from './action';
import { actionSchema } from './schema';
import type { AccessService } from './service';

type Ctx = ActionContext<{ access: AccessService; render: Renderer }>;

const ROLES_META = {
  title: 'Role Management',
  description: 'Read, write and delete permissions of each role, by action.',
  noindex: true,
};
const ACTIONS_META = {
  title: 'Actions',
  description: 'The catalog of API actions the platform enforces.',
  noindex: true,
};

/** A checkbox of a page form: ticked ('on') or left out. */
const checkbox = (label: string) =>
  z.literal('on', { error: `${label} must be ticked or left empty` }).optional();

/** The ticks as entered, to show them again when the save is refused. */
const enteredPermissions = (body: Record<string, unknown>): RolePermission[] =>
  ROLE_COLUMNS.map(({ roleId, roleName }) => ({
    roleId,
    roleName,
    canRead: body[flagField(roleId, 'canRead')] === 'on',
    canWrite: body[flagField(roleId, 'canWrite')] === 'on',
    canDelete: body[flagField(roleId, 'canDelete')] === 'on',
  }));

/** Role Management's row form: a checkbox per role and flag, as the API's row of permissions. */
export const permissionsFormSchema = z
  .object(
    Object.fromEntries(
      ROLE_COLUMNS.flatMap(({ roleId, roleName }) =>
        FLAGS.map(({ flag, label }) => [flagField(roleId, flag), checkbox(`${roleName} ${label}`)]),
      ),
    ),
  )
  .transform((ticks) => ({ permissions: enteredPermissions(ticks) }));

const ACTION_TEXT = ['name', 'category', 'route', 'method', 'description'] as const;

/** The Add Action / edit form: the API's fields, with Active as a checkbox. */
export const actionFormSchema = actionSchema.extend({
  isActive: checkbox('Active').transform((v) => v === 'on'),
});

export const toggleFormSchema = z.object({
  isActive: z
    .enum(['true', 'false'], { error: 'Active must be true or false' })
    .transform((v) => v === 'true'),
});

const enteredAction = (body: Record<string, unknown>): ActionFormValues => ({
  ...stringFields(body, ACTION_TEXT),
  isActive: body.isActive !== undefined,
});

export async function showRoles(
  { access, render }: Ctx['deps'],
  req: Request,
  res: Response,
  state: { editing?: string; entered?: RolePermission[]; error?: string },
  status = 200,
  /** The matrix when the page has read it already; otherwise it is read here. */
  loaded?: PermissionEntry[],
) {
  const entries = loaded ?? (await access.listPermissions());
  const row = entries.find((e) => e.id === state.editing && !e.isPublic);
  const editing = row && { id: row.id, permissions: state.entered ?? row.permissions };
  const error = state.error && row ? OUTCOMES.permissionsRefused(row.name, state.error) : state.error;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  const view = { q: text(req.query.q), category: text(req.query.category) };
  render(req, res, <RoleManagementPage entries={entries} view={view} editing={editing} error={error} />, {
    meta: ROLES_META,
    status,
  });
}

/** A refused row: the grid again, that row still in edit mode with the ticks as entered. */
export const renderRolesRefusal = (
  { deps, req, res }: Ctx,
  refusal: Refusal,
  body: Record<string, unknown>,
) =>
  showRoles(
    deps,
    req,
    res,
    {
      editing: String(req.params.actionId).toLowerCase(),
      entered: enteredPermissions(body),
      error: refusal.message,
    },
    refusal.status,
  );

export async function showActions(
  { access, render }: Ctx['deps'],
  req: Request,
  res: Response,
  state: Omit<ActionsTableProps, 'actions' | 'csrfToken'>,
  status = 200,
  /** The catalog when the page has read it already; otherwise it is read here. */
  loaded?: Action[],
) {
  const actions = loaded ?? (await access.listActions());
  render(req, res, <ActionsPage actions={actions} {...state} />, {
    meta: ACTIONS_META,
    status,
  });
}

/**
 * A refused add or edit: the form again with the values entered and each message beside its field; a
 * refused toggle or delete: the table with the reason beside it.
 */
export function renderActionsRefusal(
  { deps, req, res }: Ctx,
  refusal: Refusal,
  body?: Record<string, unknown>,
) {
  if (!body) return showActions(deps, req, res, { error: refusal.message }, refusal.status);
  const form: ActionForm = {
    editing: req.params.id === undefined ? undefined : String(req.params.id),
    values: enteredAction(body),
    errors: refusal.fields as ActionForm['errors'],
    error: refusal.fields ? undefined : refusal.message,
  };
  return showActions(deps, req, res, { form }, refusal.status);
}
