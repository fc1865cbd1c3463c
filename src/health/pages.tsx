import { Router } from 'express';
import { HealthPage } from '../../views/health/HealthPage';
import type { BoundActions } from '../access/kit';
import type { Renderer } from '../http/render';
import {
  errorMessage,
  HEALTH_CHECKS,
  type HealthCheckId,
  type HealthResult,
  isHealthCheckId,
} from '../shared/health';
import { node, pages } from '../shared/paths';
import type { HEALTH_ACTIONS } from './actions';

/** GET /node/ping and /node/config: the Node.js app itself, always on this origin. */
export function nodePages(deps: { apiBaseUrl: string }): Router {
  const router = Router();
  router.get(node.ping, (_req, res) => {
    res.json({ message: 'pong', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.get(node.config, (_req, res) => {
    res.json({ API_BASE_URL: deps.apiBaseUrl });
  });
  return router;
}

type Deps = { render: Renderer; apiBaseUrl: string; actions: BoundActions<typeof HEALTH_ACTIONS> };

/** /health: without JavaScript, ?check=… runs that check here (through its action) and shows its result. */
export function healthPages({ render, apiBaseUrl, actions }: Deps): Router {
  const router = Router();

  router.get(pages.health, async (req, res) => {
    const run: Record<HealthCheckId, () => Promise<string | undefined>> = {
      backend: async () => void (await actions.backendCheck.call(req, res)),
      database: async () => (await actions.databaseCheck.call(req, res)).message,
      node: async () => undefined,
      config: async () => JSON.stringify({ API_BASE_URL: apiBaseUrl }, null, 2),
    };
    const results: Partial<Record<HealthCheckId, HealthResult>> = {};
    const check = req.query.check;
    if (isHealthCheckId(check)) {
      const spec = HEALTH_CHECKS.find((c) => c.id === check)!;
      try {
        results[check] = { state: 'success', detail: await run[check]() };
      } catch (error) {
        results[check] = { state: 'error', message: errorMessage(error, spec.fallbackError) };
      }
    }
    render(req, res, <HealthPage results={results} />, {
      meta: {
        title: 'System Health',
        description: 'Check the Reti Immigration backend, database, Node.js app and configuration.',
      },
      cacheable: check === undefined && Object.keys(req.query).length === 0,
    });
  });
  return router;
}
