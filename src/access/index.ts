import { Router } from 'express';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { ACCESS_ACTIONS } from './actions';
import { type ActionKit, mountActions } from './kit';
import { accessPages } from './pages';
import type { AccessService } from './service';

export { ACCESS_ACTIONS };

/** Access control: Role Management and Actions Management, and {API}/actions and /permissions. */
export function accessFeature(deps: { kit: ActionKit; access: AccessService; render: Renderer }): Feature {
  const { kit, access, render } = deps;
  const { api, forms, bound } = mountActions(kit, ACCESS_ACTIONS, { access, render });
  return {
    api,
    pages: Router().use(forms, accessPages({ access, render, actions: bound })),
    start: async () => void (await access.start()),
    stop: () => access.stop(),
  };
}
