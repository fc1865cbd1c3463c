import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { HEALTH_ACTIONS } from './actions';
import { healthPages, nodePages } from './pages';
import type { HealthService } from './service';

export { HEALTH_ACTIONS };

/** Health: {API}/health/*, /node/*, and the System Health page. */
export function healthFeature(deps: {
  kit: ActionKit;
  health: HealthService;
  render: Renderer;
  apiBaseUrl: string;
}): Feature {
  const { kit, health, render, apiBaseUrl } = deps;
  const { api, bound } = mountActions(kit, HEALTH_ACTIONS, { health });
  return {
    api,
    root: nodePages({ apiBaseUrl }),
    pages: Router().use(healthPages({ render, apiBaseUrl, actions: bound })),
  };
}
