import type { ServiceStatus } from '../shared/admin';

/** Each check answers within this, so a service that hangs never holds the dashboard up. */
export const CHECK_TIMEOUT_MS = 2000;
/** An email waiting longer than this says the mail server may be unreachable. */
const BACKLOG_MINUTES = 15;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A firm's emails still waiting in the outbox and when the oldest was queued; those whose last try failed,
 * the latest failure (when, and why in fixed words); and when its last email was sent.
 */
export type OutboxBacklog = {
  pending: number;
  oldest: Date | null;
  failing: number;
  lastFailure: { at: Date; reason: string } | null;
  lastSent: Date | null;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** How long ago, in words: "just now", "5 minutes ago", "3 hours ago", "4 days ago". */
function ageInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

class TimedOut extends Error {}

/** The work's answer, or a TimedOut error once `ms` have passed. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number) => `${ms / 1000} seconds`;

/** The database: a real round trip (SELECT 1) and how long it took. */
export async function databaseStatus(
  ping: () => Promise<void>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<ServiceStatus> {
  const base = { key: 'database', label: 'Database' } as const;
  const started = performance.now();
  try {
    await withTimeout(ping(), timeoutMs);
    const ms = Math.max(1, Math.round(performance.now() - started));
    return { ...base, tone: 'success', state: 'Online', detail: `Answered in ${ms} ms.` };
  } catch (error) {
    const detail =
      error instanceof TimedOut ? `Did not answer within ${seconds(timeoutMs)}.` : 'Could not be reached.';
    return { ...base, tone: 'danger', state: 'Down', detail };
  }
}

export type LlmConfig = { baseUrl: string; apiKey?: string; model?: string };

/** Why a request got no answer, briefly: a timeout, or the network's error code. */
function unreachable(error: unknown, timeoutMs: number): string {
  if ((error as Error)?.name === 'TimeoutError') return `Did not answer within ${seconds(timeoutMs)}.`;
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' ? `Could not be reached (${code}).` : 'Could not be reached.';
}

/** The model IDs of an OpenAI-style GET /models answer ({ data: [{ id }] }), when it is one. */
function modelIds(body: unknown): string[] | undefined {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? data.map((m) => String((m as { id?: unknown })?.id)) : undefined;
}

/** The AI service: the configured OpenAI-compatible LLM answers GET {LLM_BASE_URL}/models, or "Not configured". */
export async function llmStatus(
  llm: LlmConfig | undefined,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<ServiceStatus> {
  const base = { key: 'ai', label: 'AI Service' } as const;
  if (!llm)
    return {
      ...base,
      tone: 'neutral',
      state: 'Not configured',
      detail: 'No AI service is set up (LLM_BASE_URL is not set).',
    };
  const started = performance.now();
  try {
    const response = await fetch(`${llm.baseUrl}/models`, {
      headers: {
        Accept: 'application/json',
        ...(llm.apiKey ? { Authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      const key = response.status === 401 || response.status === 403 ? ' Check LLM_API_KEY.' : '';
      return {
        ...base,
        tone: 'danger',
        state: 'Down',
        detail: `Answered with HTTP ${response.status}.${key}`,
      };
    }
    const ids = modelIds(await response.json().catch(() => undefined));
    const ms = Math.max(1, Math.round(performance.now() - started));
    if (llm.model && ids && !ids.includes(llm.model))
      return {
        ...base,
        tone: 'warning',
        state: 'Model missing',
        detail: `Answers, but does not offer the model ${llm.model} (LLM_MODEL).`,
      };
    const model = llm.model ? ` Model: ${llm.model}.` : '';
    return { ...base, tone: 'success', state: 'Online', detail: `Answered in ${ms} ms.${model}` };
  } catch (error) {
    return { ...base, tone: 'danger', state: 'Down', detail: unreachable(error, timeoutMs) };
  }
}

/**
 * The email service: whether a mail server is set up (the firm's own, or the platform's SMTP_URL), and
 * the firm's outbox backlog: emails waiting long say the server is not taking them.
 */
export function emailStatus(
  server: 'firm' | 'platform' | null,
  backlog: OutboxBacklog,
  now: Date,
): ServiceStatus {
  const base = { key: 'email', label: 'Email Service' } as const;
  const waiting = plural(backlog.pending, 'email');
  if (!server) {
    const kept = backlog.pending ? ` ${waiting} waiting.` : '';
    return {
      ...base,
      tone: 'warning',
      state: 'Not configured',
      detail: `No mail server is set up, so emails are kept in the outbox and written to the server log.${kept}`,
    };
  }
  if (backlog.failing && backlog.lastFailure) return failingStatus(base, backlog, backlog.lastFailure, now);
  const through =
    server === 'firm'
      ? "Sent through the firm's own mail server."
      : "Sent through the platform's mail server.";
  if (!backlog.pending || !backlog.oldest)
    return { ...base, tone: 'success', state: 'Up to date', detail: `No emails waiting. ${through}` };
  const age = now.getTime() - backlog.oldest.getTime();
  const oldest = `${waiting} waiting, the oldest queued ${ageInWords(age)}`;
  if (age < BACKLOG_MINUTES * 60_000)
    return { ...base, tone: 'success', state: 'Sending', detail: `${oldest}. ${through}` };
  return {
    ...base,
    tone: 'warning',
    state: 'Backlog',
    detail: `${oldest}: the mail server may be unreachable.`,
  };
}

/**
 * Emails whose last try failed: "Not sending" while the latest try of the firm's emails failed, "Retrying"
 * once one was sent since; with how many, when the last failure was, and why.
 */
function failingStatus(
  base: Pick<ServiceStatus, 'key' | 'label'>,
  backlog: OutboxBacklog,
  failure: { at: Date; reason: string },
  now: Date,
): ServiceStatus {
  const count = backlog.failing;
  const failed = `${plural(count, 'email')} could not be sent`;
  const last = `the last try failed ${ageInWords(now.getTime() - failure.at.getTime())}: ${failure.reason}`;
  const at = failure.at.toISOString();
  if (backlog.lastSent && backlog.lastSent > failure.at)
    return {
      ...base,
      tone: 'warning',
      state: 'Retrying',
      detail: `${failed} and ${count === 1 ? 'is' : 'are'} tried again; ${last} Other emails were sent since.`,
      at,
    };
  return {
    ...base,
    tone: 'danger',
    state: 'Not sending',
    detail: `${failed}; ${last} ${count === 1 ? 'It stays' : 'They stay'} in the outbox and ${count === 1 ? 'is' : 'are'} tried again automatically.`,
    at,
  };
}

/** The backup: the age of the firm's last good backup, against a day and against its retention. */
export function backupStatus(
  latest: { finishedAt: Date } | undefined,
  retentionDays: number,
  now: Date,
): ServiceStatus {
  const base = { key: 'backup', label: 'Backup' } as const;
  if (!latest) return { ...base, tone: 'warning', state: 'None yet', detail: 'No backup has been made yet.' };
  const age = now.getTime() - latest.finishedAt.getTime();
  const at = latest.finishedAt.toISOString();
  const last = `Last backup ${ageInWords(age)}`;
  if (age < DAY_MS) return { ...base, tone: 'success', state: 'Fresh', detail: `${last}.`, at };
  if (age <= retentionDays * DAY_MS)
    return { ...base, tone: 'warning', state: 'Stale', detail: `${last}: more than a day old.`, at };
  return {
    ...base,
    tone: 'danger',
    state: 'Too old',
    detail: `${last}: older than the ${retentionDays}-day retention.`,
    at,
  };
}
