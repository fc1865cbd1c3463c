// HTTP throughput with autocannon: one target at a time, identical settings for the baseline and the app.
import fs from 'node:fs';
import autocannon from 'autocannon';

export const LOAD_SETTINGS = { connections: 10, pipelining: 1, warmUpSeconds: 1, durationSeconds: 5 };

export type Throughput = {
  requestsPerSecond: number;
  /** CPU time the server process spent per request; undefined where /proc is not available. */
  cpuMicrosPerRequest?: number;
  latencyP99Ms: number;
  /** Responses that were not 2xx, plus connection errors: any of these makes the figure suspect. */
  failures: number;
  statusCounts: string;
};

/** Loads `url` (served by process `pid`) after a warm-up, and reports what the measured window achieved. */
export async function measureThroughput(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
): Promise<Throughput> {
  // Warm-up: lets V8 optimise the hot paths and fills connection pools before anything is counted.
  await run(url, headers, LOAD_SETTINGS.warmUpSeconds);
  const cpuBefore = cpuTicks(pid);
  const result = await run(url, headers, LOAD_SETTINGS.durationSeconds);
  const cpuAfter = cpuTicks(pid);
  const counts = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
    .join(' ');
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / CLOCK_TICKS_PER_SECOND / result.requests.total
        : undefined,
    latencyP99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
    statusCounts: counts,
  };
}

function run(url: string, headers: Record<string, string>, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    headers,
    connections: LOAD_SETTINGS.connections,
    pipelining: LOAD_SETTINGS.pipelining,
    duration: seconds,
  });
}

// Linux reports process CPU in clock ticks of 1/100 s (USER_HZ) on every common platform.
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * User + system CPU ticks of a process, from /proc (Linux). Unlike req/s, CPU per request barely moves
 * when other work competes for the cores, so it shows the app's own cost on a busy machine.
 */
function cpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}
