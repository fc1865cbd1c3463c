import type { HealthCheckId, HealthResult } from '../../src/shared/health';
import { Island } from '../components/Island';
import HealthChecks from '../../islands/HealthChecks';

/** /health: the four check panels; without JavaScript each button runs its check on the server. */
export function HealthPage({ results }: { results: Partial<Record<HealthCheckId, HealthResult>> }) {
  return (
    <section className="section">
      <h1>System Health</h1>
      <p className="lead">Check each part of the platform from this browser.</p>
      <Island of={HealthChecks} props={{ results }} />
    </section>
  );
}
