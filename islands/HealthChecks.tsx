import { island } from './runtime/island';
import { type FormEvent, useState } from 'react';
import { loadConfig, request } from '../src/shared/api-client';
import {
  errorMessage,
  HEALTH_CHECKS,
  type HealthCheckId,
  type HealthCheckSpec,
  type HealthResult,
} from '../src/shared/health';

type PanelState = { state: 'idle' } | { state: 'loading' } | HealthResult;

/** Runs each check from the browser, exactly as a screen calls the server (SPEC §7). */
const RUN: Record<HealthCheckId, () => Promise<string | undefined>> = {
  backend: async () => {
    await request('/health/check');
    return undefined;
  },
  database: async () => (await request<{ message: string }>('/health/db')).message,
  node: async () => {
    await request('/node/ping');
    return undefined;
  },
  config: async () => JSON.stringify(await loadConfig(), null, 2),
};

function HealthChecks({ results = {} }: { results?: Partial<Record<HealthCheckId, HealthResult>> }) {
  const [panels, setPanels] = useState<Partial<Record<HealthCheckId, PanelState>>>(results);

  async function run(event: FormEvent, check: HealthCheckSpec) {
    event.preventDefault();
    setPanels((p) => ({ ...p, [check.id]: { state: 'loading' } }));
    let next: HealthResult;
    try {
      next = { state: 'success', detail: await RUN[check.id]() };
    } catch (error) {
      next = { state: 'error', message: errorMessage(error, check.fallbackError) };
    }
    setPanels((p) => ({ ...p, [check.id]: next }));
  }

  return (
    <div className="health-grid">
      {HEALTH_CHECKS.map((check) => (
        <HealthPanel key={check.id} check={check} state={panels[check.id] ?? { state: 'idle' }} onRun={run} />
      ))}
    </div>
  );
}

function HealthPanel(props: {
  check: HealthCheckSpec;
  state: PanelState;
  onRun: (event: FormEvent, check: HealthCheckSpec) => void;
}) {
  const { check, state } = props;
  return (
    <section className="card health-panel" aria-labelledby={`health-${check.id}`}>
      <h2 id={`health-${check.id}`}>{check.title}</h2>
      <form method="get" action="/health" onSubmit={(e) => props.onRun(e, check)}>
        <button
          className="btn btn-primary"
          name="check"
          value={check.id}
          disabled={state.state === 'loading'}
        >
          {check.button}
        </button>
      </form>
      <div aria-live="polite">
        {state.state === 'loading' && <p className="muted">{check.loading}</p>}
        {state.state === 'success' && (
          <div className="alert alert-success">
            <p>
              <strong>{check.success[0]}</strong>
            </p>
            {check.success.slice(1).map((line) => (
              <p key={line}>{line}</p>
            ))}
            {state.detail && <pre className="health-detail">{state.detail}</pre>}
          </div>
        )}
        {state.state === 'error' && (
          <div className="alert alert-error" role="alert">
            <p>
              <strong>Connection Error:</strong>
            </p>
            <p>{state.message}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export default island('HealthChecks', HealthChecks);
