import { Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { node } from '../shared/paths';
import { HEALTH_ACTIONS } from './actions';
import { HEALTH_PAGES } from './pages';
import type { HealthService } from './service';

export { HEALTH_ACTIONS };

/**
 * GET /node/ping and /node/config: the Node.js app itself, always on this origin. No data and no person:
 * what any monitor may ask, outside the API and its matrix.
 */
function nodeRoutes(deps: { apiBaseUrl: string }): Router {
  const router = Router();
  router.get(node.ping, (_req, res) => {
    res.json({ message: 'pong', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.get(node.config, (_req, res) => {
    res.json({ API_BASE_URL: deps.apiBaseUrl });
  });
  return router;
}

/** Health: {API}/health/*, /node/*, and the System Health page. */
export function healthFeature(deps: { kit: ActionKit; health: HealthService; apiBaseUrl: string }): Feature {
  const { kit, health, apiBaseUrl } = deps;
  return {
    api: kit.api(Object.values(HEALTH_ACTIONS), { health }),
    root: nodeRoutes({ apiBaseUrl }),
    pages: kit.pages(HEALTH_PAGES),
  };
}
