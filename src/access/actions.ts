import { OUTCOMES } from '../../islands/ui/access';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { declareFor } from './action';
import {
  actionFormSchema,
  permissionsFormSchema,
  renderActionsRefusal,
  renderRolesRefusal,
  toggleFormSchema,
} from './forms';
import { actionPatchSchema, actionSchema, permissionRowSchema } from './schema';
import type { AccessService } from './service';

export type AccessDeps = { access: AccessService; render: Renderer };
const action = declareFor<AccessDeps>();
const CATEGORY = 'Access Control';
const ACTION_NOT_FOUND = 'Action not found.';

export const listActions = action({
  name: 'Get All Actions',
  category: CATEGORY,
  description: 'List the actions catalog.',
  method: 'GET',
  route: '/actions',
  grants: { reti: 'r' },
  run: ({ deps }) => deps.access.listActions(),
});

export const createAction = action({
  name: 'Create Action',
  category: CATEGORY,
  description: 'Add an action to the catalog.',
  method: 'POST',
  route: '/actions',
  grants: { reti: 'w' },
  input: actionSchema,
  status: 201,
  run: ({ deps, actor }, input) => deps.access.createAction(actor!, input),
  form: {
    path: pages.reti.actions,
    schema: actionFormSchema,
    done: (_ctx, saved) => ({ to: pages.reti.actions, flash: OUTCOMES.actionAdded(saved.name) }),
    refused: (ctx, refusal, body) => renderActionsRefusal(ctx, refusal, body),
  },
});

export const updateAction = action({
  name: 'Update Action',
  category: CATEGORY,
  description: 'Change an action.',
  method: 'PUT',
  route: '/actions/{id}',
  notFound: ACTION_NOT_FOUND,
  grants: { reti: 'w' },
  input: actionSchema,
  run: ({ deps, actor, params }, input) => deps.access.updateAction(actor!, params.id, input),
  form: {
    path: pages.reti.action(':id'),
    schema: actionFormSchema,
    done: (_ctx, saved) => ({ to: pages.reti.actions, flash: OUTCOMES.actionUpdated(saved.name) }),
    refused: (ctx, refusal, body) => renderActionsRefusal(ctx, refusal, body),
  },
});

export const toggleAction = action({
  name: 'Toggle Action',
  category: CATEGORY,
  description: 'Activate or deactivate an action.',
  method: 'PATCH',
  route: '/actions/{id}',
  notFound: ACTION_NOT_FOUND,
  grants: { reti: 'w' },
  input: actionPatchSchema,
  run: ({ deps, actor, params }, input) => deps.access.updateAction(actor!, params.id, input),
  form: {
    path: pages.reti.actionToggle(':id'),
    schema: toggleFormSchema,
    done: (_ctx, saved) => ({
      to: pages.reti.actions,
      flash: OUTCOMES.actionToggled(saved.name, saved.isActive),
    }),
    refused: (ctx, refusal) => renderActionsRefusal(ctx, refusal),
  },
});

export const deleteAction = action({
  name: 'Delete Action',
  category: CATEGORY,
  description: 'Remove an action.',
  method: 'DELETE',
  route: '/actions/{id}',
  notFound: ACTION_NOT_FOUND,
  grants: { reti: 'd' },
  run: ({ deps, actor, params }) => deps.access.deleteAction(actor!, params.id),
  answer: () => undefined,
  form: {
    path: pages.reti.actionDelete(':id'),
    done: (_ctx, deleted) => ({ to: pages.reti.actions, flash: OUTCOMES.actionDeleted(deleted.name) }),
    refused: (ctx, refusal) => renderActionsRefusal(ctx, refusal),
  },
});

export const listPermissions = action({
  name: 'Get Permissions',
  category: CATEGORY,
  description: 'Read the permission matrix.',
  method: 'GET',
  route: '/permissions',
  grants: { reti: 'r' },
  run: ({ deps }) => deps.access.listPermissions(),
});

export const savePermissions = action({
  name: 'Save Permissions',
  category: CATEGORY,
  description: "Save one action's row of the matrix.",
  method: 'PUT',
  route: '/permissions/{actionId}',
  notFound: ACTION_NOT_FOUND,
  grants: { reti: 'w' },
  input: permissionRowSchema,
  run: ({ deps, actor, params }, input) => deps.access.savePermissions(actor!, params.actionId, input),
  form: {
    path: pages.reti.rolesRow(':actionId'),
    schema: permissionsFormSchema,
    done: (_ctx, saved) => ({ to: pages.reti.roles, flash: OUTCOMES.permissionsSaved(saved.name) }),
    refused: (ctx, refusal, body) => renderRolesRefusal(ctx, refusal, body),
  },
});

export const ACCESS_ACTIONS = {
  listActions,
  createAction,
  updateAction,
  toggleAction,
  deleteAction,
  listPermissions,
  savePermissions,
};
