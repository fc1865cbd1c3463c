/** Socket errors on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away or refusing us: shutdown, crash, starting up, too many clients. */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says when a connection broke, could not be made in time, or a query got no answer in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];
/** SQLSTATE of a statement the server cancelled, here because it ran past statement_timeout. */
const QUERY_CANCELED = '57014';

/** The connection itself failed: whatever client saw this must not be used again. */
export function isConnectionFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_STATES.has(code))) return true;
  // Class 08: connection exceptions.
  if (typeof code === 'string' && code.startsWith('08')) return true;
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.some((m) => message.startsWith(m));
}

/** The database cannot answer right now (down, unreachable, too slow): worth trying again, not a bug. */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  isConnectionFailure(error) || (error as { code?: unknown })?.code === QUERY_CANCELED;
