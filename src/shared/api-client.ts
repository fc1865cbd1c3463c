/**
 * The browser's way to the server (SPEC §7 "Request conventions"): JSON content type, cookies included,
 * /node/* on this origin and everything else under the API base URL from /node/config (fetched once).
 */

export const DEFAULT_API_BASE_URL = 'http://localhost:3000/api';

export type RuntimeConfig = { API_BASE_URL: string };

/** A non-OK answer: the message is the SPEC's, the server's own words ride along for the screen. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** A refused form's message for each field, keyed by field name. */
    readonly fields?: Record<string, string>,
  ) {
    super(`HTTP error! status: ${status}`);
  }
}

let config: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

/** Fetches /node/config; a second call while one is under way is refused. */
export async function loadConfig(): Promise<RuntimeConfig> {
  if (loading) throw new Error('Config already loading');
  loading = (async () => {
    const response = await fetch('/node/config', {
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
    config = (await response.json()) as RuntimeConfig | null;
    if (!config) throw new Error('Config is null after loading');
    return config;
  })();
  try {
    return await loading;
  } finally {
    loading = null;
  }
}

async function apiBaseUrl(): Promise<string> {
  const loaded = config ?? (loading ? await loading : await loadConfig());
  return loaded.API_BASE_URL || DEFAULT_API_BASE_URL;
}

/** The session's CSRF token, from the page's meta tag. */
export const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;

/** A path's full address: /node/* on this origin, the rest under the API base URL. */
export const apiUrl = async (path: string) =>
  path.startsWith('/node/') ? path : `${await apiBaseUrl()}${path}`;

export async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const url = await apiUrl(path);
  const token = csrfToken();
  const response = await fetch(url, {
    ...init,
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { 'X-CSRF-Token': token } : {}),
      ...init.headers,
    },
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!response.ok) {
    const body = isJson
      ? ((await response.json().catch(() => null)) as {
          error?: string;
          fields?: Record<string, string>;
        } | null)
      : null;
    const error = new HttpStatusError(response.status, body?.error, body?.fields);
    console.error(error.message, path);
    throw error;
  }
  if (!isJson) return { status: response.status, statusText: response.statusText } as T;
  return (await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', body: JSON.stringify(body) });
