import { declareFor } from '../access/action';
import { ServiceError } from '../shared/errors';
import { errorMessage } from '../shared/health';
import type { HealthService } from './service';

export type HealthDeps = { health: HealthService };
const action = declareFor<HealthDeps>();
const WHEN_OFF = 'The System Health page and monitors that call it get a refusal instead of an answer.';

/** A failed check answers 503 with what failed, in words a person can act on. */
const unhealthy = (error: unknown) =>
  new ServiceError('unavailable', errorMessage(error, 'Service unavailable'));

export const backendCheck = action({
  name: 'Backend Health Check',
  category: 'Health',
  description: 'Answers 200 while the app is healthy.',
  method: 'GET',
  route: '/health/check',
  public: true,
  whenOff: WHEN_OFF,
  async run({ deps }) {
    await deps.health.check().catch((e) => Promise.reject(unhealthy(e)));
    return { status: 'ok' };
  },
});

export const databaseCheck = action({
  name: 'Database Health Check',
  category: 'Health',
  description: 'Runs a query against the database.',
  method: 'GET',
  route: '/health/db',
  public: true,
  whenOff: WHEN_OFF,
  // Only platform staff see the server's version: to anyone else it would only say which flaws to try.
  run: async ({ deps, actor }) => ({
    message: await deps.health.database(actor?.role === 'reti').catch((e) => Promise.reject(unhealthy(e))),
  }),
});

export const HEALTH_ACTIONS = { backendCheck, databaseCheck };
