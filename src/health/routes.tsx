import { type Request, Router } from 'express';
import { HealthPage } from '../../views/health/HealthPage';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import {
  errorMessage,
  HEALTH_CHECKS,
  type HealthCheckId,
  type HealthResult,
  isHealthCheckId,
} from '../shared/health';
import type { HealthService } from './service';

const isStaff = (req: Request) => req.session?.user?.role_name === 'reti';

const unhealthy = (error: unknown) => new HttpError(503, errorMessage(error, 'Service unavailable'));

/** GET {API}/health/check and {API}/health/db. */
export function healthApi(deps: { health: HealthService }): Router {
  const router = Router();
  router.get('/health/check', async (_req, res) => {
    await deps.health.check().catch((e) => Promise.reject(unhealthy(e)));
    res.json({ status: 'ok' });
  });
  router.get('/health/db', async (req, res) => {
    const message = await deps.health.database(isStaff(req)).catch((e) => Promise.reject(unhealthy(e)));
    res.json({ message });
  });
  return router;
}

/** GET /node/ping and /node/config: the Node.js app itself, always on this origin. */
export function nodeApi(deps: { apiBaseUrl: string }): Router {
  const router = Router();
  router.get('/node/ping', (_req, res) => {
    res.json({ message: 'pong', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.get('/node/config', (_req, res) => {
    res.json({ API_BASE_URL: deps.apiBaseUrl });
  });
  return router;
}

/** /health: without JavaScript, ?check=… runs that check here and shows its result. */
export function healthPage(deps: { health: HealthService; render: Renderer; apiBaseUrl: string }): Router {
  const router = Router();
  const run: Record<HealthCheckId, (req: Request) => Promise<string | undefined>> = {
    backend: async () => {
      await deps.health.check();
      return undefined;
    },
    database: (req) => deps.health.database(isStaff(req)),
    node: async () => undefined,
    config: async () => JSON.stringify({ API_BASE_URL: deps.apiBaseUrl }, null, 2),
  };

  router.get('/health', async (req, res) => {
    const results: Partial<Record<HealthCheckId, HealthResult>> = {};
    const check = req.query.check;
    if (isHealthCheckId(check)) {
      const spec = HEALTH_CHECKS.find((c) => c.id === check)!;
      try {
        results[check] = { state: 'success', detail: await run[check](req) };
      } catch (error) {
        results[check] = { state: 'error', message: errorMessage(error, spec.fallbackError) };
      }
    }
    deps.render(req, res, <HealthPage results={results} />, {
      meta: {
        title: 'System Health',
        description: 'Check the Reti Immigration backend, database, Node.js app and configuration.',
      },
      cacheable: check === undefined && Object.keys(req.query).length === 0,
    });
  });
  return router;
}
