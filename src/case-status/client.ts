import { z } from 'zod';

/**
 * USCIS's Case Status API ("Torch"), as USCIS documents it for developers, in this one place:
 *
 * - OAuth 2.0 client credentials: POST {base}/oauth/accesstoken, form-encoded grant_type=client_credentials,
 *   client_id and client_secret; it answers {access_token, expires_in, …}, expires_in in seconds (a string,
 *   "1800": tokens last 30 minutes). https://developer.uscis.gov/get-started/sandbox,
 *   https://developer.uscis.gov/article/how-get-access-tokens-client-credentials
 * - GET {base}/case-status/{receiptNumber} with Authorization: Bearer: {case_status: {receiptNumber,
 *   formType, submittedDate, modifiedDate, current_case_status_text_en, current_case_status_desc_en,
 *   current_case_status_text_es, current_case_status_desc_es, hist_case_status}, message}; receipts of the
 *   IOE prefix have no submittedDate or modifiedDate. https://developer.uscis.gov/api/case-status
 * - Errors: 400 or 422 a receipt number USCIS cannot read, 401 an invalid or expired token, 404 a receipt
 *   it does not know, 429 "Spike Arrest Violation" or the daily quota spent, 503 the sandbox outside its
 *   hours (weekdays 7 AM to 8 PM Eastern).
 * - Limits: the sandbox 5 requests a second and 1,000 a day; production 10 a second and a daily quota
 *   that resets at midnight GMT. https://developer.uscis.gov/article/case-status-api-production
 *
 * The base is USCIS_API_BASE_URL: the sandbox (https://api-int.uscis.gov) unless set; USCIS gives the
 * production base with production access.
 */
const TOKEN_PATH = '/oauth/accesstoken';
const statusPath = (receiptNumber: string) => `/case-status/${encodeURIComponent(receiptNumber)}`;

/** How long one request to USCIS may take. */
const TIMEOUT_MS = 10_000;
/** A token is renewed this long before USCIS says it expires, so that none is sent as it runs out. */
const TOKEN_MARGIN_MS = 60_000;

const text = z.string().nullish();

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

const statusAnswer = z.object({
  case_status: z.object({
    formType: text,
    modifiedDate: text,
    current_case_status_text_en: z.string().min(1),
    current_case_status_desc_en: text,
    current_case_status_text_es: text,
    current_case_status_desc_es: text,
  }),
});

/** A receipt's status as USCIS gave it, in English and Spanish. */
export type UscisStatus = {
  textEn: string;
  descriptionEn: string | null;
  textEs: string | null;
  descriptionEs: string | null;
  formType: string | null;
  /** When USCIS last changed the case (YYYY-MM-DD), when it says. */
  modifiedDate: string | null;
};

/** What USCIS answered about one receipt number. */
export type Lookup =
  | { outcome: 'ok'; status: UscisStatus }
  | { outcome: 'not-found' }
  | { outcome: 'invalid' }
  /** Seconds to wait, when USCIS said (Retry-After). */
  | { outcome: 'rate-limited'; retryAfterSeconds: number | null }
  /** Why, for the log: never the credentials or the token. */
  | { outcome: 'unavailable'; reason: string };

type UscisSettings = { clientId: string; clientSecret: string; baseUrl: string };

/** A request that ended without an answer to map (the token refused, a timeout). */
class Failed extends Error {
  constructor(readonly lookup: Lookup) {
    super('USCIS answered no status');
  }
}

/** Retry-After: seconds, or an HTTP date. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** USCIS's dates ("09-05-2023 14:28:46", or "2023-09-05") as YYYY-MM-DD; anything else is dropped. */
function dateOf(value: string | null | undefined): string | null {
  const us = value?.match(/^(\d{2})-(\d{2})-(\d{4})\b/);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return value?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;
}

/** USCIS's descriptions may come wrapped in HTML paragraphs: kept as plain text. */
const plain = (value: string | null | undefined) =>
  value
    ? value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || null
    : null;

function statusOf(body: unknown): UscisStatus {
  const parsed = statusAnswer.safeParse(body);
  if (!parsed.success)
    throw new Failed({ outcome: 'unavailable', reason: 'an answer without a case status' });
  const s = parsed.data.case_status;
  return {
    textEn: s.current_case_status_text_en.trim(),
    descriptionEn: plain(s.current_case_status_desc_en),
    textEs: plain(s.current_case_status_text_es),
    descriptionEs: plain(s.current_case_status_desc_es),
    formType: s.formType?.trim() || null,
    modifiedDate: dateOf(s.modifiedDate),
  };
}

/** The answer to a status request (its 401 is handled before). */
async function lookupOf(response: Response): Promise<Lookup> {
  if (response.ok) return { outcome: 'ok', status: statusOf(await response.json().catch(() => null)) };
  await response.body?.cancel();
  if (response.status === 404) return { outcome: 'not-found' };
  if (response.status === 400 || response.status === 422) return { outcome: 'invalid' };
  if (response.status === 429) return { outcome: 'rate-limited', retryAfterSeconds: retryAfterOf(response) };
  return { outcome: 'unavailable', reason: `USCIS answered ${response.status}` };
}

/** A fetch that failed (refused, timed out) as the lookup it makes. */
function failureOf(error: unknown): Lookup {
  if (error instanceof Failed) return error.lookup;
  const name = error instanceof Error ? error.name : '';
  return {
    outcome: 'unavailable',
    reason: name === 'TimeoutError' ? 'USCIS did not answer in time' : 'USCIS could not be reached',
  };
}

/**
 * The Case Status API's client: one token at a time, kept until shortly before it expires and asked for
 * once however many lookups wait for it; a 401 gets a new token and one more try.
 */
export function createUscisClient(settings: UscisSettings) {
  let token: { value: string; renewAt: number } | undefined;
  let asking: Promise<string> | undefined;

  async function newToken(): Promise<string> {
    const response = await fetch(`${settings.baseUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status === 429)
        throw new Failed({ outcome: 'rate-limited', retryAfterSeconds: retryAfterOf(response) });
      throw new Failed({ outcome: 'unavailable', reason: `USCIS refused a token (${response.status})` });
    }
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new Failed({ outcome: 'unavailable', reason: 'USCIS gave no token' });
    const lifeMs = parsed.data.expires_in * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: Date.now() + Math.max(lifeMs / 2, lifeMs - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  function tokenNow(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    asking ??= newToken().finally(() => (asking = undefined));
    return asking;
  }

  /** Forgets a token USCIS refused, unless another lookup has already replaced it. */
  function forget(value: string) {
    if (token?.value === value) token = undefined;
  }

  const ask = (receiptNumber: string, bearer: string) =>
    fetch(`${settings.baseUrl}${statusPath(receiptNumber)}`, {
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  return {
    /** USCIS's status of one receipt number, or why there is none. */
    async lookup(receiptNumber: string): Promise<Lookup> {
      try {
        const first = await tokenNow();
        let response = await ask(receiptNumber, first);
        if (response.status === 401) {
          await response.body?.cancel();
          forget(first);
          response = await ask(receiptNumber, await tokenNow());
        }
        return await lookupOf(response);
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}

export type UscisClient = ReturnType<typeof createUscisClient>;
