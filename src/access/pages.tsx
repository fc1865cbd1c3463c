import { Router } from 'express';
import { z } from 'zod';
import { formValuesOf, NEW_ACTION } from '../../islands/ActionsTable';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { ACCESS_ACTIONS } from './actions';
import { showActions, showRoles } from './forms';
import type { BoundActions } from './kit';
import type { AccessService } from './service';

const NOT_FOUND = 'Action not found.';

/** ?new opens the Add Action form, ?edit=, ?toggle= and ?delete= name the action to edit or confirm. */
const actionsQuery = z
  .object({
    new: z.string().optional(),
    edit: z.string().optional(),
    toggle: z.string().optional(),
    delete: z.string().optional(),
  })
  .catch({});

type Deps = { access: AccessService; render: Renderer; actions: BoundActions<typeof ACCESS_ACTIONS> };

/** Role Management and Actions Management as pages, read through the declared actions. */
export function accessPages(deps: Deps): Router {
  const { actions } = deps;
  const router = Router();

  router.get(pages.reti.roles, async (req, res) => {
    const entries = await actions.listPermissions.call(req, res);
    const editing = typeof req.query.edit === 'string' ? req.query.edit : undefined;
    await showRoles(deps, req, res, { editing }, 200, entries);
  });

  router.get(pages.reti.actions, async (req, res) => {
    const query = actionsQuery.parse(req.query);
    const all = await actions.listActions.call(req, res);
    const named = query.edit ?? query.toggle ?? query.delete;
    const action = all.find((a) => a.id === named);
    const show = (state: Parameters<typeof showActions>[3], status = 200) =>
      showActions(deps, req, res, state, status, all);
    if (named !== undefined && !action) return show({ error: NOT_FOUND }, 404);
    if (action && query.edit !== undefined)
      return show({ form: { editing: action.id, values: formValuesOf(action) } });
    if (action && query.toggle !== undefined) return show({ confirmToggle: action.id });
    if (action) return show({ confirmDelete: action.id });
    show(query.new === undefined ? {} : { form: { values: NEW_ACTION } });
  });

  return router;
}
