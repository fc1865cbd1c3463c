import { declareFor } from './action';
import { actionPatchSchema, actionSchema, permissionRowSchema } from './schema';
import type { AccessService } from './service';

export type AccessDeps = { access: AccessService };
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
  run: ({ deps, actor }, input) => deps.access.createAction(actor, input),
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
  run: ({ deps, actor, params }, input) => deps.access.updateAction(actor, params.id, input),
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
  run: ({ deps, actor, params }, input) => deps.access.updateAction(actor, params.id, input),
});

export const deleteAction = action({
  name: 'Delete Action',
  category: CATEGORY,
  description: 'Remove an action.',
  method: 'DELETE',
  route: '/actions/{id}',
  notFound: ACTION_NOT_FOUND,
  grants: { reti: 'd' },
  run: ({ deps, actor, params }) => deps.access.deleteAction(actor, params.id),
  answer: () => undefined,
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
  run: ({ deps, actor, params }, input) => deps.access.savePermissions(actor, params.actionId, input),
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
