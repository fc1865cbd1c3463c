import { z } from 'zod';
import HealthChecks from '../../../islands/HealthChecks';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import {
  errorMessage,
  HEALTH_CHECKS,
  type HealthCheckId,
  type HealthResult,
  isHealthCheckId,
} from '../../shared/health';
import { pages } from '../../shared/paths';
import { backendCheck, databaseCheck } from '../actions';

type Results = Partial<Record<HealthCheckId, HealthResult>>;

const configText = (apiBaseUrl: string) => JSON.stringify({ API_BASE_URL: apiBaseUrl }, null, 2);

/** /health: the four check panels; without JavaScript each button runs its check on the server. */
function HealthPage({ results }: { results: Results }) {
  const { apiBaseUrl } = useRenderContext();
  // The configuration check shows what this page was rendered with: the same as /node/config.
  if (results.config?.state === 'success')
    results = { ...results, config: { ...results.config, detail: configText(apiBaseUrl) } };
  return (
    <section className="section">
      <h1>System Health</h1>
      <p className="lead">Check each part of the platform from this browser.</p>
      <Island of={HealthChecks} props={{ results }} />
    </section>
  );
}

/** ?check= names the check to run here; anything else runs none. */
const healthQuery = z.object({ check: z.unknown().optional() }).catch({});

/** /health: without JavaScript, ?check=… runs that check here (through its action) and shows its result. */
export const healthPage = page({
  path: pages.health,
  reads: [backendCheck, databaseCheck],
  query: healthQuery,
  async load({ read, query }): Promise<Results> {
    const check = query.check;
    if (!isHealthCheckId(check)) return {};
    const run: Record<HealthCheckId, () => Promise<string | undefined>> = {
      backend: async () => void (await read(backendCheck)),
      database: async () => (await read(databaseCheck)).message,
      node: async () => undefined,
      // Filled in by the view, from the render context.
      config: async () => undefined,
    };
    const spec = HEALTH_CHECKS.find((c) => c.id === check)!;
    try {
      return { [check]: { state: 'success', detail: await run[check]() } };
    } catch (error) {
      return { [check]: { state: 'error', message: errorMessage(error, spec.fallbackError) } };
    }
  },
  render: (results, { req }) => ({
    view: <HealthPage results={results} />,
    meta: {
      title: 'System Health',
      description: 'Check the Reti Immigration backend, database, Node.js app and configuration.',
    },
    cacheable: req.query.check === undefined && Object.keys(req.query).length === 0,
  }),
});
