import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener } from 'node:http';
import { DefaultQueryExecutor } from 'kysely';

/** The SQL statements one request sent, in order. */
export type QueryLog = { statements: string[] };

const current = new AsyncLocalStorage<QueryLog>();
let patched = false;

/**
 * Every statement the app sends goes through a Kysely executor (transactions get executors of the same
 * class): counted there, for the request whose async context sent it. A background job running meanwhile
 * is in no request's context, so it never counts.
 */
function observeExecutors() {
  if (patched) return;
  patched = true;
  const proto = DefaultQueryExecutor.prototype as unknown as {
    executeQuery(query: { sql: string }, ...rest: unknown[]): Promise<unknown>;
  };
  const execute = proto.executeQuery;
  proto.executeQuery = function (this: unknown, query, ...rest) {
    current.getStore()?.statements.push(query.sql);
    return execute.call(this, query, ...rest);
  };
}

/**
 * The app as a request listener that counts each request's SQL statements: `last()` is the log of the
 * latest request answered (hand it to supertest, `request.agent(counted.listener)`).
 */
export function countingQueries(app: RequestListener) {
  observeExecutors();
  let latest: QueryLog = { statements: [] };
  const listener: RequestListener = (req, res) => {
    const log: QueryLog = { statements: [] };
    latest = log;
    current.run(log, () => app(req, res));
  };
  return { listener, last: () => latest };
}
